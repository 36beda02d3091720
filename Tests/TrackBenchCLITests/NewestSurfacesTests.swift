import Foundation
import Testing

/// #62: the surfaces added last (init, export, process names, statistics manifests, baseline paths, the
/// terminal) held to the hostile corpus's rules, one test per class of fault.
@Suite(.serialized) struct NewestSurfacesTests {
  let hostile = HostileInputTests()

  /// The files and folders under `directory`, relative, sorted (hidden ones included).
  static func tree(_ directory: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String { paths.append(path) }
    return paths.sorted()
  }

  /// `init` into a folder whose outermost missing part is one character (Foundation's path helper trapped
  /// there), into `-`, and into nested folders: each a whole suite, exit 0.
  @Test func initMakesShortAndNestedFolders() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for target in ["a", "-", "b/c/d", "e/"] {
      let r = try trackbenchProcess(["init", target], directory: folder)
      #expect(r.status == 0, "init \(target): \(r.status) \(r.stderr)")
      let made = folder.appendingPathComponent(target)
      #expect(FileManager.default.fileExists(atPath: made.appendingPathComponent(".github/workflows/trackbench.yml").path), "init \(target)")
      #expect(FileManager.default.fileExists(atPath: made.appendingPathComponent("baselines").path), "init \(target)")
    }
    #expect(!Self.tree(folder).contains { $0.contains(".tb-") }, "no staging folder left")
  }

  /// Every bad folder: one `error:` line, exit 2, and nothing made anywhere (the empty path never means
  /// the file system's root; a name too long, a path too long, a file in the way; an existing file).
  @Test func initRefusesBadFoldersAndMakesNothing() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("x".utf8).write(to: folder.appendingPathComponent("f"))
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("taken/scenarios"), withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: folder.appendingPathComponent("taken/scenarios/park-loop.yaml"))
    let before = Self.tree(folder)
    let cases: [(String, String)] = [
      ("", "empty"), ("newdir/" + String(repeating: "x", count: 300), "255 bytes"),
      ("newdir/" + Array(repeating: String(repeating: "y", count: 200), count: 25).joined(separator: "/"), "at most"),
      ("f/suite", "'f' is a file"), ("f", "'f' is a file"), ("taken", "exists"), ("bad\u{1B}name", "control characters"),
      ("/dev/null/suite", "'/dev/null' is a character device"),
    ]
    for (target, mention) in cases {
      let r = try trackbenchProcess(["init", target], directory: folder)
      #expect(r.status == 2, "init \(target.prefix(40)): \(r.status)")
      let lines = r.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].hasPrefix("error: init: ") && r.stderr.contains(mention), "init \(target.prefix(40)): \(r.stderr)")
      #expect(lines.first.map { $0.count < 300 } ?? false, "the reason is not cut: \(r.stderr)")
      #expect(Self.tree(folder) == before, "init \(target.prefix(40)) made nothing")
    }
    #expect(try String(contentsOf: folder.appendingPathComponent("taken/scenarios/park-loop.yaml"), encoding: .utf8) == "mine")
  }

  /// Two `init` of one folder at once: one makes the whole suite, the other fails and leaves it whole.
  @Test func twoInitsAtOnceMakeOneSuite() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let single = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: single) }
    #expect(try trackbenchProcess(["init", "suite"], directory: single).status == 0)
    let executable = try #require(trackbenchURL)
    for round in 0..<4 {
      let target = "suite\(round)"
      let processes = (0..<2).map { _ in
        let process = Process()
        process.executableURL = executable
        process.arguments = ["init", target]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
      }
      for process in processes { try process.run() }
      for process in processes { process.waitUntilExit() }
      let statuses = processes.map(\.terminationStatus)
      #expect(statuses.sorted() == [0, 2], "round \(round): \(statuses)")
      #expect(Self.tree(folder.appendingPathComponent(target)) == Self.tree(single.appendingPathComponent("suite")), "round \(round): one whole suite")
    }
    #expect(!Self.tree(folder).contains { $0.contains(".tb-") })
  }

  /// Text from a file reaches the terminal escaped: a results file's scenario name with a title-setting
  /// escape and a carriage return, a history's label; the renderer's own colours stay.
  @Test func escapesFromFilesNeverReachTheTerminal() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("small.yaml")
    try HostileInputTests.goodScenario.write(to: scenario, atomically: true, encoding: .utf8)
    let run = try await trackbench(["run", scenario.path, "--trials", "1", "--strategies", "raw,kalman", "--format", "json", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
    let hostileName = "small\\u001b]0;pwned\\u0007\\r\\u009b2J"
    let results = folder.appendingPathComponent("r.json")
    try run.stdout.replacingOccurrences(of: "\"small\"", with: "\"\(hostileName)\"").write(to: results, atomically: true, encoding: .utf8)
    for format in ["table", "markdown", "csv"] {
      let r = try await trackbench(["report", results.path, "--format", format])
      #expect(r.status == 0, "\(format): \(r.stderr)")
      #expect(r.stdout.contains("small\\u{1b}]0;pwned"), "\(format): the name shown, escaped")
      #expect(!r.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\r" || $0 == "\u{9B}" }, "\(format): no raw control")
    }
    let coloured = try await trackbench(["report", results.path, "--format", "table", "--color", "always"])
    #expect(coloured.stdout.contains("\u{1B}[1;32m"), "the table's own colours stay")
    #expect(!coloured.stdout.contains("\u{1B}]"), "the file's escape does not")
    // A history whose label carries an escape.
    let history = folder.appendingPathComponent("h.jsonl")
    let baseline = folder.appendingPathComponent("b.jsonl")
    #expect(try await trackbench(["baseline", "record", scenario.path, "--trials", "1", "--strategies", "raw", "--output", baseline.path, "-q"]).status == 0)
    let check = try await trackbench(["check", "--baseline", baseline.path, "--history", history.path, "--label", "pr\u{1B}]0;x\u{7}1", "-q", "--format", "markdown"])
    #expect(check.status == 0, "\(check.stderr)")
    let shown = try await trackbench(["report", "--history", history.path])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("pr\\u{1b}]0;x\\u{7}1"), "\(shown.stdout)")
    #expect(!shown.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
  }

  /// A process's name is its own: never a catalogue strategy's, one program per name in a list, and
  /// every argument of `process(…)` at most once; in a scenario file the field is named.
  @Test func processNamesAreUnambiguous() async throws {
    let run = ["run", "{dir}/small.yaml", "--trials", "1", "-q", "--strategies"]
    try await hostile.expectRefused(run + ["raw,process(name: kalman, cmd: \"cat\")"], mentioning: "name 'kalman' is a built-in")
    try await hostile.expectRefused(run + ["raw,process(name: raw, cmd: \"cat\")"], mentioning: "name 'raw' is a built-in")
    try await hostile.expectRefused(run + ["process(name: a, cmd: \"cat\"),process(name: a, cmd: \"tac\")"], mentioning: "name 'a' is given to two programs")
    try await hostile.expectRefused(run + ["process(name: a, name: b, cmd: \"cat\")"], mentioning: "name is given twice")
    try await hostile.expectRefused(run + ["process(cmd: \"cat\", cmd: \"tac\")"], mentioning: "cmd is given twice")
    try await hostile.expectRefused(run + ["process(cmd: \"cat\", format: binary, format: jsonl)"], mentioning: "format is given twice")
    let scenario = HostileInputTests.goodScenario.replacingOccurrences(of: "name: small", with: "name: twice")
      + "strategies: ['process(name: a, cmd: \"cat\")', 'process(name: a, cmd: \"tac\")']\n"
    try await hostile.expectRefused(["run", "{dir}/twice.yaml", "--allow-process"], files: ["twice.yaml": Data(scenario.utf8)], mentioning: "strategies[1]")
  }

  /// A statistics manifest's row without a figure, and a list too long to fit, are refused naming the field.
  @Test func statisticsManifestsAreBounded() async throws {
    let row = "  - { source: s, seconds: 600, speed_mps: 3, stops: false, values: {} }\n"
    try await hostile.expectRefused(
      ["calibrate", "--population", "{dir}/p.yaml"], files: ["p.yaml": Data(("name: p\nstatistics:\n" + row + row).utf8)], mentioning: "values")
    let full = "  - { source: s, seconds: 600, speed_mps: 3, stops: false, values: { error_sd_east_m: 3 } }\n"
    try await hostile.expectRefused(
      ["calibrate", "--population", "{dir}/p.yaml"], files: ["p.yaml": Data(("name: p\nstatistics:\n" + String(repeating: full, count: 101)).utf8)],
      mentioning: "at most 100 entries")
  }

  /// `export` reads its options strictly: a date the calendar lacks, two tracks, a misspelt track.
  @Test func exportRefusesWhatItCannotMean() async throws {
    let export = ["export", "{dir}/small.yaml", "--for", "xcode"]
    for day in ["2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-04-31T07:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T07:00:60Z", "2026-1-01T07:00:00Z"] {
      try await hostile.expectRefused(export + ["--start", day], mentioning: "--start")
    }
    try await hostile.expectRefused(export + ["--track", "raw,kalman"], mentioning: "--track: expected one track")
    try await hostile.expectRefused(export + ["--track", "kalmn"], mentioning: "did you mean kalman?")
    try await hostile.expectRefused(export + ["--track", "truht"], mentioning: "did you mean truth?")
    try await hostile.expectRefused(export + ["--track", "kalmn(q: 1)"], mentioning: "--track:")
    let leap = try await trackbench(["export", "scenarios/park-loop.yaml", "--for", "xcode", "--start", "2024-02-29T23:59:59Z"])
    #expect(leap.status == 0 && leap.stdout.contains("2024-02-29T23:59:59") && leap.stdout.contains("2024-03-01T00:00:00"), "\(leap.stderr)")
  }

  /// A baseline's header is checked field by field: numbers out of range as written, paths empty or with
  /// a NUL, a scenario path that is gone named with the baseline and the field.
  @Test func baselinePathsAndNumbersNameTheirField() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("small.yaml")
    try HostileInputTests.goodScenario.write(to: scenario, atomically: true, encoding: .utf8)
    let baseline = folder.appendingPathComponent("b.jsonl")
    #expect(try await trackbench(["baseline", "record", scenario.path, "--trials", "1", "--strategies", "raw", "--output", baseline.path, "-q"]).status == 0)
    let text = try String(contentsOf: baseline, encoding: .utf8)
    let stored = "\"scenario_paths\":[\"\(scenario.path)\"]"
    let edits: [(String, String, String)] = [
      (stored, "\"scenario_paths\":[\"\(scenario.path)\\u0000x\"]", "scenario_paths[0]"),
      (stored, "\"scenario_paths\":[\"\"]", "scenario_paths[0]"),
      (stored, "\"scenario_paths\":[\"gone.yaml\"]", "b.jsonl:1: scenario_paths[0]"),
      ("\"trials\":1", "\"trials\":1e308", "trials: expected a whole number of trials from 1 to 100000, or none, found '1e308'"),
      ("\"trials\":1", "\"trials\":-0.0", "trials: expected a whole number of trials from 1 to 100000, or none, found '-0.0'"),
      ("\"trials\":1", "\"trials\":0", "trials:"),
    ]
    for (old, new, mention) in edits {
      #expect(text.contains(old), "the recorded header holds \(old)")
      try await hostile.expectRefused(
        ["check", "--baseline", "{dir}/b.jsonl"], files: ["b.jsonl": Data(text.replacingOccurrences(of: old, with: new).utf8)], mentioning: mention)
    }
  }

  /// Messages that said the wrong thing: an overflowing objective, two hint lines, a memory limit that
  /// was ignored, a preset compared twice.
  @Test func messagesSayWhatHappened() async throws {
    let objective = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "1", "--strategies", "raw,kalman", "--objective", "1e308*1e308*distance_error_percent", "-q"])
    #expect(!objective.stdout.contains("(a division by zero)"), "\(objective.stdout)")
    let candidate = try await trackbench(["check", "--baseline", "baselines/standard-suite.jsonl", "--candidate", "kalman=kalmn(q: 1)"])
    #expect(candidate.status == 2 && candidate.stderr.split(separator: "\n").filter { $0.hasPrefix("hint:") }.count == 1, "\(candidate.stderr)")
    for limit in ["-1", "nan", "1e999", "0", "lots"] {
      try await hostile.expectRefused(
        ["run", "{dir}/small.yaml", "--trials", "1"], environment: ["TRACKBENCH_MEMORY_LIMIT_MB": limit], mentioning: "TRACKBENCH_MEMORY_LIMIT_MB")
    }
    try await hostile.expectRefused(["realism", "--preset", "phone-urban,phone-urban", "--against", "{dir}/a.csv", "--static-at", "45,7"], files: ["a.csv": SurfaceHardeningTests.recording()], mentioning: "given twice")
  }
}
