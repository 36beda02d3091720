import Foundation
import Testing
import TrackBenchCLI
import TrackCore

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The built `trackbench` beside this test bundle.
let trackbenchURL: URL? = {
  let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
    .compactMap { $0?.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("trackbench") }
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

struct Invocation {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `trackbench` with `arguments` in this process, its output and error captured by a scope of its
/// own (commands run side by side, as tests do), unless the call needs a process: standard input (an
/// `input`, or `-` among the arguments), an `environment`, a `directory`, or a working directory other
/// than the repository's root. Those run the built binary (``trackbenchProcess(_:input:environment:directory:)``).
func trackbench(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:], directory: URL? = nil) async throws -> Invocation {
  let atRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path == repositoryRoot.standardizedFileURL.path
  guard input == nil, environment.isEmpty, directory == nil, !arguments.contains("-"), atRoot else {
    return try trackbenchProcess(arguments, input: input, environment: environment, directory: directory)
  }
  let scope = CommandScope(capturing: true, seesRegistrations: false)  // as the binary: other suites register strategies
  let status = await CommandScope.$current.withValue(scope) { await TrackBenchCommand.execute(arguments) }
  return Invocation(
    status: status, stdout: String(decoding: scope.capturedOutput, as: UTF8.self),
    stderr: String(decoding: scope.capturedError, as: UTF8.self))
}

/// Runs the built `trackbench` in the repository root; `input` is its standard input (none: empty).
/// - Parameter directory: the working directory (default: the repository's root).
func trackbenchProcess(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:], directory: URL? = nil) throws -> Invocation {
  let process = Process()
  let executable = try #require(trackbenchURL, "trackbench is built beside the tests")
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory ?? repositoryRoot
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let stdin = Pipe()
  process.standardInput = stdin
  signal(SIGPIPE, SIG_IGN)  // a child that exits before reading its input must not take the tests down
  try process.run()
  // Standard input is written from another thread so a child that reads little cannot block the test.
  let writer = Thread {
    if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
    try? stdin.fileHandleForWriting.close()
  }
  writer.start()
  let stdout = out.fileHandleForReading.readDataToEndOfFile()
  let stderr = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Invocation(
    status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
    stderr: String(decoding: stderr, as: UTF8.self))
}

func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-cli-\(UUID())")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Suite(.serialized) struct CommandLineTests {
  /// `tune --format json`: the best point as text `run --strategies` accepts, validated on seeds training
  /// never saw, with the trace of evaluations.
  @Test func tuneGivesABestStrategyThatRunAccepts() async throws {
    let r = try await trackbench([
      "tune", "--strategy", "kalman", "--param", "q=0.001..5:log", "--objective", "abs(distance_error_percent)",
      "--train", "scenarios/budget-phone-5k.yaml", "--trials", "4", "--budget", "12", "--format", "json", "-q",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "trackbench.tune")
    let best = try #require(object["best"] as? [String: Any])
    let strategy = try #require(best["strategy"] as? String)
    #expect((object["evaluations"] as? [Any])?.count ?? 0 <= 12)
    let train = try #require(object["train"] as? [String: Any]), validate = try #require(object["validate"] as? [String: Any])
    #expect(train["seeds"] as? [Int] != validate["seeds"] as? [Int])
    let run = try await trackbench(["run", "scenarios/budget-phone-5k.yaml", "--trials", "2", "--strategies", strategy, "--format", "json", "-q"])
    #expect(run.status == 0 && run.stdout.contains(strategy), "\(run.stderr)")
    #expect((best["yaml"] as? String)?.hasPrefix("strategies:\n  - \"kalman(") == true)
  }

  /// `--pareto`: the front holds evaluated points none of which beats another on both objectives, sorted
  /// by the first, beside the defaults and the seed strategies.
  @Test func tuneParetoFrontIsNonDominated() async throws {
    let r = try await trackbench([
      "tune", "--strategy", "kalman", "--param", "q=0.001..10:log:6", "--method", "grid", "--train", "scenarios/park-loop.yaml",
      "--trials", "3", "--pareto", "abs(distance_error_percent), max(current_pace_error_rms_s_per_km, 0)", "--format", "json", "-q",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let pareto = try #require(object["pareto"] as? [String: Any])
    #expect(pareto["objectives"] as? [String] == ["abs(distance_error_percent)", "max(current_pace_error_rms_s_per_km, 0)"])
    let front = try #require(pareto["front"] as? [[String: Any]]).map { try #require($0["values"] as? [Double]) }
    #expect(!front.isEmpty && front.count <= 6)
    for (a, b) in zip(front, front.dropFirst()) { #expect(a[0] <= b[0] && a[1] >= b[1], "sorted, each trading one objective for the other") }
    let references = try #require(pareto["references"] as? [[String: Any]]).map { $0["strategy"] as? String }
    #expect(references == ["raw", "moonrunner(distance: 10, accuracy: 20, age: 10)", "run-average(n: 5)"])
    let bad = try await trackbench(["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--train", "scenarios/park-loop.yaml", "--pareto", "pace_lag_s", "-q"])
    #expect(bad.status == 2 && bad.stderr.hasPrefix("error: --pareto: expected two objectives"), "\(bad.stderr)")
  }

  @Test func tuneRefusesBadInputWithOneErrorLine() async throws {
    let base = ["tune", "--strategy", "kalman", "--train", "scenarios/park-loop.yaml", "--trials", "2", "-q"]
    for (extra, expected) in [
      (["--param", "q=0.1..1", "--objective", "abs(distance_eror)"], "error: --objective: column 5: expected a metric name, found 'distance_eror'; did you mean distance_error_percent?\nhint: metric names: distance_error_percent, distance_error_m"),
      (["--param", "qq=0.1..1"], "error: --param 'qq=0.1..1': kalman has no parameter 'qq'"),
      (["--param", "q=0.1..1", "--train-seeds", "5", "--validate-seeds", "5"], "error: --validate-seeds: seed 5 of park-loop is a training seed"),
    ] {
      let r = try await trackbench(base + extra)
      #expect(r.status == 2 && r.stderr.hasPrefix(expected) && r.stdout.isEmpty, "\(extra): \(r.stderr)")
    }
  }

  /// `--records` writes the sweep's header, then one JSON line per cell (scenario, then trial), beside an
  /// unchanged report.
  @Test func recordsAreOneLinePerCellBesideTheSameReport() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let records = folder.appendingPathComponent("records.jsonl").path
    let arguments = ["run", "scenarios/park-loop.yaml", "scenarios/standing-still.yaml", "--trials", "3", "--strategies", "raw,kalman", "--format", "json", "-q"]
    let plain = try await trackbench(arguments)
    let withRecords = try await trackbench(arguments + ["--records", records])
    #expect(plain.status == 0 && withRecords.status == 0, "\(withRecords.stderr)")
    #expect(plain.stdout == withRecords.stdout)
    let all = try String(contentsOfFile: records, encoding: .utf8).split(separator: "\n")
    #expect(all.count == 7)
    let header = try #require(try JSONSerialization.jsonObject(with: Data(all[0].utf8)) as? [String: Any])
    #expect(header["schema"] as? String == "trackbench.sweep" && header["cells"] as? Int == 6)
    let lines = all.dropFirst()
    for (i, line) in lines.enumerated() {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["cell"] as? Int == i && object["trial"] as? Int == i % 3)
      #expect(object["scenario"] as? String == (i < 3 ? "park-loop" : "standing-still"))
      let strategies = try #require(object["strategies"] as? [[String: Any]])
      #expect(strategies.count == 2 && strategies[0]["strategy"] as? String == "raw")
      #expect((strategies[1]["strategy"] as? String)?.hasPrefix("kalman(") == true)
      #expect((strategies.first?["scores"] as? [String: Any])?["distance_error_m"] is Double)
    }
    let clash = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "1", "--records", "-", "-q"])
    #expect(clash.status == 2 && clash.stderr.hasPrefix("error: --records:"), "\(clash.stderr)")
  }

  @Test func runsTheBundledSuiteAsATable() async throws {
    let r = try await trackbench(["run", "--trials", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    let suite = [
      "park-loop", "track-400m", "downtown-grid", "out-and-back", "woods-trail", "marathon-armband", "cold-start",
      "tunnel-dropouts", "city-ride", "walk-with-stops", "standing-still", "budget-phone-5k",
    ]
    // Two screens at 100 columns (#66, item 2): the verdict and each kind's answer in the first 40
    // lines, then one line per scenario; --detail has every table.
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 200, "\(lines.count) lines")
    #expect(lines.prefix(40).contains { $0.hasPrefix("  Ship ") } && lines.prefix(40).filter { $0.hasPrefix("  - phones that report") }.count >= 3)
    for name in suite { #expect(lines.contains { $0.hasPrefix("  \(name) ") }, "\(name) runs") }
    // Every short label is defined once in the whole output, and means one strategy (#66, item 2).
    var definitions: [String] = []
    var inLegend = false
    for line in lines {
      if line == "  Strategies:" || line == "Strategies in the tables:" { inLegend = true; continue }
      if line.isEmpty || !line.hasPrefix("  ") { inLegend = false; continue }
      if inLegend, let equals = line.range(of: " = ") { definitions.append(String(line[..<equals.lowerBound])) }
    }
    #expect(definitions.count > 10 && Set(definitions).count == definitions.count, "\(definitions.sorted())")
    // Parameters once: the pick's in the lead, the others' in the legends, nowhere else.
    let kalman = "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)"
    #expect(lines.filter { $0.contains(kalman) }.allSatisfy { $0.contains(" = ") } && lines.filter { $0.hasPrefix("  kalman(q: 0.5) = ") }.count == 1, "\(r.stdout)")
    // The hill's elevation estimators differ only in the gain: its headline table shows that column.
    let hill = try await trackbench(["run", "scenarios/hilly-trail.yaml", "--trials", "2"])
    #expect(hill.stdout.contains("  Headline metrics\n") && hill.stdout.contains("ascent %"), "\(hill.stdout)")
    let detail = try await trackbench(["run", "--trials", "2", "--detail"])
    for name in suite { #expect(detail.stdout.contains("\n\(name): "), "\(name)'s tables") }
    #expect(detail.stdout.split(separator: "\n").count > 2000 && detail.stdout.contains("*"))
  }

  @Test func writesJSONAtomicallyAndIdenticallyForAnyThreadCount() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = directory.appendingPathComponent("a.json").path, b = directory.appendingPathComponent("b.json").path
    let common = ["run", "scenarios", "--trials", "3", "--strategies", "raw,kalman(q: 0.3),run-average(4)", "--format", "json", "--seed", "9"]
    #expect(try await trackbench(common + ["--threads", "1", "--output", a]).status == 0)
    #expect(try await trackbench(common + ["--threads", "2", "--output", b]).status == 0)
    let textA = try String(contentsOfFile: a, encoding: .utf8)
    #expect(textA == (try String(contentsOfFile: b, encoding: .utf8)))
    #expect(textA.contains("\"strategy\" : \"kalman(q: 0.3, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)\""))
    #expect(textA.contains("\"seed\" : 9"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["a.json", "b.json"])
  }

  @Test func badScenarioExitsTwoNamingFileLineAndFieldAndWritesNothing() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenario = directory.appendingPathComponent("bad.yaml")
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("scenarios/park-loop.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "jitter_s: 0.05", with: "jitter_s: -0.05")
    try text.write(to: scenario, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("out.json").path
    let r = try await trackbench(["run", scenario.path, "--format", "json", "--output", output])
    #expect(r.status == 2)
    #expect(r.stderr.contains("bad.yaml:19:52:"), "\(r.stderr)")
    #expect(r.stderr.contains("receiver.jitter_s") && r.stderr.contains("expected"))
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(r.stdout.isEmpty)
  }

  @Test func badOptionsExitTwo() async throws {
    for arguments in [
      ["run", "--strategies", "kalman(q: -3)"], ["run", "/nonexistent.yaml"], ["throughput", "--strategy", "nope"],
    ] {
      let r = try await trackbench(arguments)
      #expect(r.status == 2, "\(arguments): \(r.status)")
      #expect(r.stderr.hasPrefix("error: "), "\(arguments): \(r.stderr)")
    }
  }

  @Test func generatesATrialInEachFormat() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["gpx", "csv", "json"] {
      let output = directory.appendingPathComponent("run.\(format)").path
      let r = try await trackbench(["generate", "scenarios/cold-start.yaml", "--trial", "2", "--format", format, "--output", output])
      #expect(r.status == 0, "\(r.stderr)")
      let text = try String(contentsOfFile: output, encoding: .utf8)
      #expect(text.contains(format == "csv" ? "truth," : "truth"))
    }
    let bad = try await trackbench(["generate", "scenarios/cold-start.yaml", "--format", "kml"])
    #expect(bad.status == 2 && bad.stderr.contains("--format"))
  }

  @Test func reportsASavedResultInEveryFormat() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let results = directory.appendingPathComponent("r.json").path
    #expect(try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw,kalman", "--format", "json", "--output", results]).status == 0)
    let markdown = try await trackbench(["report", results, "--format", "markdown"])
    #expect(markdown.status == 0 && markdown.stdout.hasPrefix("# TrackBench results") && markdown.stdout.contains("| `raw` |"))
    let csv = try await trackbench(["report", results, "--format", "csv"])
    #expect(csv.status == 0 && csv.stdout.hasPrefix("scenario,strategy,metric,unit,statistic,value"))
    let json = try await trackbench(["report", results, "--format", "json"])
    #expect(json.stdout == (try String(contentsOfFile: results, encoding: .utf8)), "json → json is the identity")
    let bad = directory.appendingPathComponent("bad.json").path
    try "{\"schema\": 3}".write(toFile: bad, atomically: true, encoding: .utf8)
    let failed = try await trackbench(["report", bad])
    #expect(failed.status == 2 && failed.stderr.contains("bad.json"))
  }

  @Test func comparesTwoParameterSets() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let old = directory.appendingPathComponent("old.json").path, new = directory.appendingPathComponent("new.json").path
    let common = ["run", "scenarios/budget-phone-5k.yaml", "--trials", "10", "--format", "json"]
    #expect(try await trackbench(common + ["--strategies", "raw,distance-filter(10)", "--output", old]).status == 0)
    #expect(try await trackbench(common + ["--strategies", "raw,distance-filter(5)", "--output", new]).status == 0)
    let table = try await trackbench(["compare", old, new])
    #expect(table.status == 0, "\(table.stderr)")
    // Same input, same raw: every raw cell is within noise; the 5 m filter keeps more zig-zag: worse distance.
    let rawLines = table.stdout.split(separator: "\n").filter { $0.hasPrefix("budget-phone-5k  raw ") }
    #expect(!rawLines.isEmpty && rawLines.allSatisfy { $0.hasSuffix("within noise") || $0.hasSuffix("not judged") })
    #expect(table.stdout.split(separator: "\n").contains {
      $0.contains("distance-filter(d: 10) → distance-filter(d: 5)") && $0.contains("distance_error_m") && $0.hasSuffix("worse")
    })
    #expect(!table.stdout.contains("\u{1B}"), "no colours when piped")
    let json = try await trackbench(["compare", old, new, "--format", "json", "--changed-only"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "trackbench.comparison")
    let cells = try #require(object["cells"] as? [[String: Any]])
    #expect(!cells.isEmpty && cells.allSatisfy { ["better", "worse", "changed", "added", "removed"].contains($0["verdict"] as? String ?? "") })
    let markdown = try await trackbench(["compare", old, new, "--format", "markdown"])
    #expect(markdown.status == 0 && markdown.stdout.hasPrefix("# TrackBench comparison"))
    let missing = try await trackbench(["compare", old, directory.appendingPathComponent("none.json").path])
    #expect(missing.status == 2 && missing.stderr.contains("none.json"))
  }

  @Test func writesAnHTMLReportWithMaps() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let html = directory.appendingPathComponent("r.html").path
    let r = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw,kalman", "--format", "html", "--output", html])
    #expect(r.status == 0, "\(r.stderr)")
    let text = try String(contentsOfFile: html, encoding: .utf8)
    #expect(text.contains("class=\"map\"") && text.contains("class=\"true-pace\""))
    #expect(!text.contains("<script") && !text.contains("src=\"http") && !text.contains("href=\"http"), "self-contained")
    // The same drawing from a results file saved with --tracks.
    let results = directory.appendingPathComponent("r.json").path
    #expect(try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw,kalman", "--format", "json", "--tracks", "--output", results]).status == 0)
    #expect(try await trackbench(["report", results, "--format", "html"]).stdout == text)
  }

  @Test func coloursAndProgressOnlyOnATerminal() async throws {
    let piped = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "4", "--strategies", "raw,kalman"])
    #expect(piped.status == 0 && !piped.stdout.contains("\u{1B}") && piped.stderr.isEmpty, "plain when piped")
    // util-linux `script` runs the command on a pseudo-terminal.
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), let binary = trackbenchURL?.path else {
      print("skipped: /usr/bin/script is needed to test terminal output")
      return
    }
    func onTerminal(_ environment: [String: String]) async throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = ["-qec", "\(binary) run scenarios/park-loop.yaml --trials 4 --strategies raw,kalman --threads 1", "/dev/null"]
      process.currentDirectoryURL = repositoryRoot
      var inherited = ProcessInfo.processInfo.environment
      inherited.removeValue(forKey: "CI")
      inherited.removeValue(forKey: "NO_COLOR")
      inherited["TERM"] = "xterm"
      process.environment = inherited.merging(environment) { _, new in new }
      let out = Pipe()
      process.standardOutput = out
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let terminal = try await onTerminal([:])
    #expect(terminal.contains("\u{1B}[1;32m") && terminal.contains("cells 1/4"), "colours and progress on a terminal")
    let ci = try await onTerminal(["CI": "true", "NO_COLOR": "1"])
    #expect(!ci.contains("\u{1B}[1;32m") && !ci.contains("cells "), "neither in CI nor with NO_COLOR")
  }

  @Test func listsStrategiesWithParameters() async throws {
    let r = try await trackbench(["strategies"])
    #expect(r.status == 0)
    for name in ["raw", "moonrunner", "distance-filter", "accuracy-gate", "run-average", "kalman"] {
      #expect(r.stdout.contains("\(name): "))
    }
    #expect(r.stdout.contains("q [m²/s³] default 0.5"))
  }

  @Test func throughputPrintsJSON() async throws {
    for kernel in ["kalman", "haversine-sum", "synthesis"] {
      let r = try await trackbench(["throughput", "--strategy", kernel, "--fixes", "5000", "--repetitions", "1", "--format", "json"])
      #expect(r.status == 0, "\(r.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
      #expect((object["fixes"] as? Int ?? 0) >= 5000)
      #expect((object["fixes_per_second"] as? Double ?? 0) > 0)
      #expect(object["strategy"] as? String != nil)
    }
  }
}

@Suite struct CompareFailOnTests {
  /// `compare --fail-on worse` exits 1 when a filter change made cells worse (kalman swapped for raw),
  /// after writing the comparison; 0 for an unchanged rerun; 2 for a bad value.
  @Test func failsOnWorseCellsOnly() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let kalman = folder.appendingPathComponent("kalman.json").path, raw = folder.appendingPathComponent("raw.json").path
    let run = ["run", "scenarios/budget-phone-5k.yaml", "--trials", "8", "--format", "json", "-q"]
    #expect(try await trackbench(run + ["--strategies", "kalman", "--output", kalman]).status == 0)
    #expect(try await trackbench(run + ["--strategies", "raw", "--output", raw]).status == 0)
    let same = try await trackbench(["compare", kalman, kalman, "--fail-on", "worse", "--color", "never"])
    #expect(same.status == 0 && !same.stdout.isEmpty, "\(same.stderr)")
    let worse = try await trackbench(["compare", kalman, raw, "--fail-on", "worse", "--color", "never"])
    #expect(worse.status == 1 && worse.stdout.contains("kalman") && worse.stderr.hasPrefix("failed: "), "\(worse.stderr)")
    #expect(worse.stderr.contains("worse beyond the 95 % intervals"))
    let bad = try await trackbench(["compare", kalman, raw, "--fail-on", "better"])
    #expect(bad.status == 2 && bad.stderr.hasPrefix("error:"))
  }
}

/// `compare` of two records files judges by a paired test on the same fixes: a small change of kalman's
/// q that the two intervals cannot separate is found; an unchanged rerun is within noise everywhere;
/// scenarios simulated with another seed fall back to intervals.
@Suite struct ComparePairedTests {
  @Test func recordsOnBothSidesArePaired() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    func record(_ strategies: String, seed: String? = nil) async throws -> (records: String, results: String) {
      let records = folder.appendingPathComponent("\(strategies)-\(seed ?? "own").jsonl").path
      let results = folder.appendingPathComponent("\(strategies)-\(seed ?? "own").json").path
      let r = try await trackbench(
        ["run", "scenarios/park-loop.yaml", "--trials", "6", "--strategies", strategies, "--format", "json", "-q", "--records", records, "--output", results]
          + (seed.map { ["--seed", $0] } ?? []))
      #expect(r.status == 0, "\(r.stderr)")
      return (records, results)
    }
    let before = try await record("kalman(q: 0.5)"), after = try await record("kalman(q: 0.7)")
    func cells(_ r: Invocation) async throws -> [[String: Any]] {
      try #require((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["cells"] as? [[String: Any]])
    }
    let paired = try await trackbench(["compare", before.records, after.records, "--format", "json"])
    #expect(paired.status == 0, "\(paired.stderr)")
    let pairedCells = try await cells(paired)
    #expect(pairedCells.allSatisfy { $0["paired"] is [String: Any] || $0["verdict"] as? String == "not_judged" })
    let intervals = try await cells(try await trackbench(["compare", before.results, after.results, "--format", "json"]))
    #expect(intervals.allSatisfy { $0["paired"] == nil })
    // The same cells, the same means; the paired test judges more of them (tighter on the same fixes).
    #expect(pairedCells.count == intervals.count)
    let judged = { (cells: [[String: Any]]) in
      cells.filter { ["better", "worse", "watch", "negligible", "changed"].contains($0["verdict"] as? String ?? "") }.count
    }
    #expect(judged(pairedCells) > judged(intervals), "paired \(judged(pairedCells)), intervals \(judged(intervals))")
    let table = try await trackbench(["compare", before.records, after.records, "--fail-on", "worse", "--color", "never"])
    #expect(table.stdout.contains("a paired test of the per-trial differences"))
    if table.status == 1 { #expect(table.stderr.contains("worse by a paired test")) }

    // An unchanged rerun: every judged cell within noise (identical to the bit).
    let same = try await cells(try await trackbench(["compare", before.records, before.records, "--format", "json"]))
    #expect(same.allSatisfy { ["within_noise", "not_judged"].contains($0["verdict"] as? String ?? "") })
    // Another seed: other fixes, so no pairing.
    let reseeded = try await record("kalman(q: 0.7)", seed: "99")
    let unpaired = try await cells(try await trackbench(["compare", before.records, reseeded.records, "--format", "json"]))
    #expect(unpaired.allSatisfy { $0["paired"] == nil })
  }
}

@Suite struct ThroughputAllTests {
  /// `throughput --all --format json` lists every built-in strategy, the plain kalman, haversine-sum,
  /// synthesis and the four readers, each with a positive rate.
  @Test func listsEveryKernel() async throws {
    let r = try await trackbench(["throughput", "--all", "--fixes", "2000", "--repetitions", "1", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "trackbench.throughput")
    let kernels = try #require(object["kernels"] as? [[String: Any]])
    let names = kernels.compactMap { $0["strategy"] as? String }
    for expected in ["raw", "kalman(q: 0.5, r_scale: 1, doppler: 0, doppler_sigma: 0.5, gate: 0)", "rts(", "haversine-sum", "synthesis", "nmea-read", "csv-read", "gpx-read", "tcx-read"] {
      #expect(names.contains { $0.hasPrefix(expected) }, "\(expected)")
    }
    #expect(kernels.allSatisfy { ($0["fixes_per_second"] as? Double ?? 0) > 0 })
    let both = try await trackbench(["throughput", "--all", "--strategy", "raw"])
    #expect(both.status == 2 && both.stderr.hasPrefix("error: --all"))
    let neither = try await trackbench(["throughput"])
    #expect(neither.status == 2)
  }
}

/// The verdict through the CLI: first in every report, ranked by the objective given (checked against
/// the summaries in the same JSON), weights by scenario name, one error line for bad options.
@Suite struct VerdictCLITests {
  let run = ["run", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "4", "--strategies", "raw,kalman,run-average(n: 5)", "-q"]

  @Test func rankedByTheObjectiveGiven() async throws {
    let r = try await trackbench(run + ["--objective", "pace_lag_s + cross_track_error_rms_m", "--weights", "park-loop=2", "--format", "json"])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let verdict = try #require(object["verdict"] as? [String: Any])
    #expect(verdict["objective"] as? String == "pace_lag_s + cross_track_error_rms_m" && verdict["resamples"] as? Int == 1000)
    // The score by hand from the summaries: Σ weight × (mean pace lag + mean cross-track RMS).
    var expected: [String: Double] = [:]
    for scenario in try #require(object["scenarios"] as? [[String: Any]]) {
      let weight = scenario["name"] as? String == "park-loop" ? 2.0 : 1.0
      for strategy in try #require(scenario["strategies"] as? [[String: Any]]) {
        let metrics = try #require(strategy["metrics"] as? [[String: Any]])
        func mean(_ name: String) -> Double? { metrics.first { $0["metric"] as? String == name }?["mean"] as? Double }
        guard let lag = mean("pace_lag_s"), let line = mean("cross_track_error_rms_m") else { continue }
        expected[strategy["strategy"] as! String, default: 0] += weight * (lag + line)
      }
    }
    let ranking = try #require(verdict["ranking"] as? [[String: Any]])
    let scored = ranking.filter { $0["score"] is Double }
    #expect(scored.map { $0["strategy"] as! String } == expected.sorted { $0.value < $1.value }.map(\.key))
    for entry in scored { #expect(abs((entry["score"] as! Double) - expected[entry["strategy"] as! String]!) < 1e-9) }
    #expect(scored.dropFirst().allSatisfy { $0["ci95_low"] is Double && $0["ci95_high"] is Double })
    // Winner stability: shares of the ranked scenarios' trials (the track's 4: the park has no lag) that sum to one.
    let winners = try #require(verdict["winners"] as? [[String: Any]])
    #expect(winners.allSatisfy { $0["trials"] as? Int == 4 * (verdict["scenarios_ranked"] as? [String] ?? []).count })
    let shares: [Double] = winners.compactMap { (winner: [String: Any]) -> Double? in winner["share"] as? Double }
    #expect(abs(shares.reduce(0, +) - 1) < 1e-12)
    // The terminal names them as its table does (short labels on a narrow terminal), on one line.
    let table = try await trackbench(run + ["--objective", "pace_lag_s + cross_track_error_rms_m", "--color", "never"], environment: ["COLUMNS": "100"])
    #expect(table.stdout.contains("Winner stability: Best on a single trial"), "\(table.stdout.prefix(2000))")
  }

  @Test func everyReportOpensWithIt() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let records = folder.appendingPathComponent("records.jsonl").path, results = folder.appendingPathComponent("results.json").path
    let markdown = try await trackbench(run + ["--format", "markdown", "--records", records])
    #expect(markdown.stdout.hasPrefix("# TrackBench results\n\n## Verdict: which filter to ship\n\n**Ship `"), "\(markdown.stdout.prefix(200))")
    let table = try await trackbench(run + ["--color", "never", "--format", "json", "--output", results])
    #expect(table.status == 0)
    // report: a results file keeps its verdict unless asked; a new objective has no intervals; a records file has them.
    let kept = try await trackbench(["report", results, "--format", "markdown"])
    #expect(kept.stdout.contains("paired 95 % interval (bootstrap over trials, 1000 resamples"))
    let reranked = try await trackbench(["report", results, "--format", "markdown", "--objective", "pace_lag_s"])
    #expect(reranked.stdout.contains("Ranked by `pace_lag_s`") && reranked.stdout.contains("no intervals"))
    let fromRecords = try await trackbench(["report", records, "--format", "markdown", "--objective", "pace_lag_s"])
    #expect(fromRecords.status == 0 && fromRecords.stdout.contains("1000 resamples"), "\(fromRecords.stderr)")
    let terminal = try await trackbench(["report", results, "--color", "never"])
    #expect(terminal.stdout.hasPrefix("Verdict: which filter to ship\n"))
  }

  @Test func badOptionsAreOneErrorLine() async throws {
    let weights = try await trackbench(run + ["--weights", "nowhere=2"])
    #expect(weights.status == 2 && weights.stderr.hasPrefix("error: --weights: 'nowhere=2': no scenario named nowhere") && weights.stdout.isEmpty, "\(weights.stderr)")
    let objective = try await trackbench(run + ["--objective", "pace_lag_s +"])
    #expect(objective.status == 2 && objective.stderr.hasPrefix("error: --objective: column") && objective.stdout.isEmpty, "\(objective.stderr)")
    let maps = try await trackbench(run + ["--format", "html", "--map-strategies", "kalman(q: -1"])
    #expect(maps.status == 2 && maps.stderr.hasPrefix("error: --map-strategies") && maps.stdout.isEmpty, "\(maps.stderr)")
  }
}
