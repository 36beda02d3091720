import Foundation
import Testing

/// The hostile-input corpus: every class of bad input, several members each. Each must end with status
/// 2, exactly one `error:` line on standard error (argument errors may add one `hint:` line), nothing on
/// standard output, and nothing written or left behind in the output's directory.
@Suite(.serialized) struct HostileInputTests {
  /// A scenario in a temporary directory, named as its file.
  static let goodScenario = """
    name: small
    trials: 2
    route:
      origin: { latitude: 45, longitude: 7 }
      out_and_back: { length_m: 400 }
    noise:
      - white: { sigma_m: 1 }

    """

  /// Runs `arguments` (with `{dir}` replaced by a fresh directory holding `small.yaml` and any `files`)
  /// and checks the rules above.
  func expectRefused(
    _ arguments: [String], files: [String: Data] = [:], input: Data? = nil, environment: [String: String] = [:],
    mentioning: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.goodScenario.write(to: directory.appendingPathComponent("small.yaml"), atomically: true, encoding: .utf8)
    for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let resolved = arguments.map { $0.replacingOccurrences(of: "{dir}", with: directory.path) }
    let r = try await trackbench(resolved, input: input, environment: environment)
    let label = resolved.joined(separator: " ").prefix(200)
    #expect(r.status == 2, "\(label): status \(r.status), \(r.stderr)", sourceLocation: sourceLocation)
    let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count >= 1 && lines.first!.hasPrefix("error: "), "\(label): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(lines.filter { $0.hasPrefix("error:") }.count == 1, "\(label): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("hint: ") }, "\(label): \(r.stderr)", sourceLocation: sourceLocation)
    #expect(!r.stderr.contains("\0") && !r.stderr.contains("\u{1}"), "\(label): control characters are escaped", sourceLocation: sourceLocation)
    #expect(r.stdout.isEmpty, "\(label): nothing on standard output", sourceLocation: sourceLocation)
    if let mentioning { #expect(r.stderr.contains(mentioning), "\(label): \(r.stderr)", sourceLocation: sourceLocation) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before, "\(label): nothing written", sourceLocation: sourceLocation)
  }

  @Test func badOutputs() async throws {
    let run = ["run", "{dir}/small.yaml", "--trials", "1", "--strategies", "raw", "--format", "json"]
    try await expectRefused(run + ["--output", "{dir}/missing/out.json"], mentioning: "no directory")
    try await expectRefused(run + ["--output", "{dir}"], mentioning: "is a directory")
    try await expectRefused(run + ["--output", ""], mentioning: "--output")
    try await expectRefused(run + ["--output", "{dir}/small.yaml"], mentioning: "also an input")
    try await expectRefused(run + ["--output", "{dir}/./small.yaml"], mentioning: "also an input")
    try await expectRefused(["report", "{dir}/r.json", "--output", "{dir}/r.json"], files: ["r.json": Data("{}".utf8)], mentioning: "also an input")
    // A tune's report never replaces a scenario it trains or validates on; a timing never its input fixes.
    let tune = ["tune", "--strategy", "kalman", "--param", "q=0.1..1:2", "--method", "grid", "--trials", "1", "-q"]
    try await expectRefused(tune + ["--train", "{dir}/small.yaml", "--output", "{dir}/small.yaml"], mentioning: "also an input")
    try await expectRefused(tune + ["--train", "{dir}/small.yaml", "--validate", "{dir}/small.yaml", "--output", "{dir}/./small.yaml"], mentioning: "also an input")
    try await expectRefused(["throughput", "--strategy", "raw", "--input-fixes", "{dir}/in.bin", "--output", "{dir}/in.bin"], files: ["in.bin": Data(count: 64)], mentioning: "also an input")
    try await expectRefused(run + ["--output", "/dev/full"], mentioning: "No space left on device")
    try await expectRefused(["generate", "{dir}/small.yaml", "--output", "/dev/full"], mentioning: "No space left on device")
    try await expectRefused(["throughput", "--strategy", "raw", "--fixes", "1000", "--repetitions", "1", "--export-fixes", "{dir}/e.bin", "--output-fixes", "{dir}/missing/y.bin"], mentioning: "--output-fixes")
  }

  @Test func badNumbers() async throws {
    for arguments in [
      ["run", "--trials", "-1"], ["run", "--trials", "1e9"], ["run", "--trials", "0"], ["run", "--trials", "100001"],
      ["run", "--seed=-1"], ["run", "--seed", "18446744073709551616"], ["run", "--threads", "0"], ["run", "--threads", "99999"],
      ["generate", "{dir}/small.yaml", "--trial", "-3"], ["throughput", "--strategy", "raw", "--fixes", "50000000"],
      ["throughput", "--strategy", "raw", "--repetitions", "0"], ["run", "--bogus"], ["generate"], ["run", "--format", "xml"],
    ] {
      try await expectRefused(arguments)
    }
  }

  @Test func badScenarios() async throws {
    let cases: [(String, String)] = [
      ("name: small\nname: again\n", "more than once"),
      ("name: small\n\0route: x\n", "small.yaml"),
      ("name: small\nroute:\n\t origin: 1\n", "small.yaml"),
      (Self.goodScenario + "activity: swimming\n", "one of running, walking, cycling"),
      (Self.goodScenario + "generator: dice\n", "one of"),
      (Self.goodScenario.replacingOccurrences(of: "out_and_back: { length_m: 400 }", with: "waypoints_deg: [[45, 7], [-45, -173]]"), "waypoints_deg[1]"),
      (Self.goodScenario.replacingOccurrences(of: "name: small", with: "name: other"), "the file's name"),
      (Self.goodScenario.replacingOccurrences(of: "out_and_back: { length_m: 400 }", with: "out_and_back: { length_m: 175000 }")
        + "pace:\n  fatigue: { start_per_km: \"5:00\", drift_s_per_km_per_km: 120 }\n", "estimated"),
      (Self.goodScenario + "pace:\n  steady: { per_km: \"5:00\" }\n  stops: [" + (1...300).map { "{ at_m: \($0), seconds: 86400 }" }.joined(separator: ", ") + "]\n", "estimated"),
      (Self.goodScenario.replacingOccurrences(of: "white: { sigma_m: 1 }", with: "white: { sigma_m: .nan }"), "sigma_m"),
      (String(repeating: "#", count: 1_100_000), "at most"),
      (Self.goodScenario.replacingOccurrences(of: "out_and_back: { length_m: 400 }", with: "out_and_back: { length_m: 400 }\n  smoothing: curvy"), "one of none, spline"),
      (Self.goodScenario.replacingOccurrences(of: "out_and_back: { length_m: 400 }", with: "waypoints_deg: [[45, 7], [45, 7]]"), "route.waypoints_deg[1]"),
      (Self.goodScenario.replacingOccurrences(of: "out_and_back: { length_m: 400 }", with: "loop: { waypoints_m: [[0, 0], [0.000002, 0], [0, 0.000002]] }\n  smoothing: spline"), "longer than 0 m"),
      (Self.goodScenario.replacingOccurrences(of: "out_and_back: { length_m: 400 }", with: "loop: { waypoints_m: [[0, 0], [900000, 0], [0, 900000]], laps: 1000 }\n  smoothing: spline"), "at most"),
      (Self.goodScenario + "receiver: { rate_hz: 1 }\nnoise:\n  - urban_canyon: { side: up }\n", "small.yaml"),
      ("[", "small.yaml"),
      ("name: small\nroute: &a [*a]\n", "small.yaml"),
    ]
    for (text, mention) in cases {
      try await expectRefused(["run", "{dir}/small.yaml", "--output", "{dir}/out.json"], files: ["small.yaml": Data(text.utf8)], mentioning: mention)
    }
    try await expectRefused(["run", "-"], input: Data("name: x\nroute: 3\n".utf8), mentioning: "-:")
    try await expectRefused(["generate", "{dir}"], mentioning: "expected a scenario file")
  }

  @Test func badResultsFiles() async throws {
    let valid = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "--format", "json", "--tracks"])
    #expect(valid.status == 0)
    let text = valid.stdout
    let cases: [(String, String)] = [
      (text.replacingOccurrences(of: "\"schema_version\" : 1", with: "\"schema_version\" : 999"), "newest this trackbench reads"),
      (text.replacingOccurrences(of: "\"schema\" : \"trackbench.results\"", with: "\"schema\" : \"other\""), "schema"),
      (text.replacingOccurrences(of: "\"duration_s\" : 300", with: "\"duration_s\" : 1e308"), "duration_s"),
      (text.replacingOccurrences(of: "\"duration_s\" : 300", with: "\"duration_s\" : 1e999"), "results"),
      (text.replacingOccurrences(of: "\"duration_s\" : 300", with: "\"duration_s\" : \"long\""), "duration_s"),
      (String(text.prefix(text.count / 2)), "results"),
      ("not json", "results"),
      ("", "results"),
      ("[1, 2]", "results"),
      ("{\"schema\": \"trackbench.results\", \"schema_version\": 1, \"scenarios\": [{\"name\": 3}]}", "scenarios[0]"),
    ]
    #expect(cases[0].0 != text && cases[2].0 != text, "the replacements apply")
    for (content, mention) in cases {
      for format in ["table", "html", "csv"] {
        try await expectRefused(["report", "{dir}/r.json", "--format", format, "--output", "{dir}/out"], files: ["r.json": Data(content.utf8)], mentioning: mention)
      }
      try await expectRefused(["compare", "{dir}/r.json", "-", "--format", "csv"], files: ["r.json": Data(content.utf8)], input: Data(text.utf8), mentioning: mention)
    }
    try await expectRefused(["report", "{dir}"], mentioning: "directory")
    try await expectRefused(["compare", "-", "-"], mentioning: "both")
  }

  /// A verdict read back from a file is validated like the rest: a score past 1e300 (the first in the
  /// file, best per class) is refused naming it.
  @Test func badVerdicts() async throws {
    let valid = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", "raw,kalman", "--format", "json"])
    #expect(valid.status == 0)
    let text = valid.stdout
    let score = try #require(text.range(of: "\"score\" : "))
    let end = try #require(text[score.upperBound...].firstIndex { $0 == "," || $0 == "\n" })
    let hostile = text.replacingCharacters(in: score.upperBound..<end, with: "1e308")
    #expect(hostile != text)
    for format in ["table", "markdown", "html"] {
      try await expectRefused(["report", "{dir}/r.json", "--format", format], files: ["r.json": Data(hostile.utf8)], mentioning: "verdict.best_per_category[0].score")
    }
  }

  @Test func badIllustrations() async throws {
    let valid = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "--format", "json", "--tracks"])
    var object = try #require(try JSONSerialization.jsonObject(with: Data(valid.stdout.utf8)) as? [String: Any])
    var scenarios = try #require(object["scenarios"] as? [[String: Any]])
    let illustration = try #require(scenarios[0]["illustration"] as? [String: Any])
    for (key, value) in [("true_pace", [[0.0, -1.0]]), ("true_pace", [[1.0]]), ("truth", [[1.0, 2.0, 3.0]]), ("checkpoints", [[Double]](repeating: [1], count: 1))] {
      var broken = illustration
      broken[key] = value
      scenarios[0]["illustration"] = broken
      object["scenarios"] = scenarios
      let data = try JSONSerialization.data(withJSONObject: object)
      try await expectRefused(["report", "{dir}/r.json", "--format", "html"], files: ["r.json": data], mentioning: key)
    }
  }

  @Test func badStrategyTexts() async throws {
    for text in ["raw\u{1}", "kalman(q:)", "kalman(q: 0.5, q: 0.6)", "kalman(", "|", "", ",", "raw,,kalman", "kalman(q: nan)",
      "kalman(q: inf)", "kalman(q: 1e999)", String(repeating: "raw|", count: 20_000) + "nope", "kalman((q: 1))", "raw)"] {
      try await expectRefused(["run", "{dir}/small.yaml", "--strategies", text])
    }
    try await expectRefused(["run", "{dir}/small.yaml", "--strategies", "raw\u{1}"], mentioning: "raw\\u{1}")
  }

  @Test func standardOutputFullDeviceAndClosedPipe() async throws {
    let dash = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "--format", "json", "--output", "-"])
    let plain = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "--format", "json"])
    #expect(dash.status == 0 && !dash.stdout.isEmpty && dash.stdout == plain.stdout)
    let binary = try #require(trackbenchURL).path
    func shell(_ command: String) async throws -> (status: Int32, stderr: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", command]
      process.currentDirectoryURL = repositoryRoot
      let err = Pipe()
      process.standardError = err
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let data = err.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
    let full = try await shell("'\(binary)' generate scenarios/park-loop.yaml > /dev/full")
    #expect(full.status == 2 && full.stderr.hasPrefix("error: standard output: cannot write") && full.stderr.split(separator: "\n").count == 1, "\(full)")
    for ignoring in ["", "trap '' PIPE; "] {
      // The reader closes after one byte: trackbench ends quietly, as if by SIGPIPE (status 141), no trap.
      let closed = try await shell("\(ignoring)'\(binary)' generate scenarios/park-loop.yaml | head -c1 >/dev/null; echo $? >&2")
      let status = closed.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(status == "0", "the pipeline's status is head's: \(closed.stderr)")
      let direct = try await shell("\(ignoring)'\(binary)' generate scenarios/park-loop.yaml | head -c1 >/dev/null; exit 0")
      #expect(!direct.stderr.contains("crash") && !direct.stderr.contains("error:"), "\(direct.stderr)")
    }
  }

  @Test func outputDestinations() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A symbolic link to a device is written through, not replaced.
    let link = directory.appendingPathComponent("null-link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    let common = ["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "--format", "csv", "--output"]
    #expect(try await trackbench(common + [link]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null")
    // A link to a regular file: the file is replaced, the link kept.
    let target = directory.appendingPathComponent("target.csv").path
    try "old".write(toFile: target, atomically: true, encoding: .utf8)
    let fileLink = directory.appendingPathComponent("file-link").path
    try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: target)
    #expect(try await trackbench(common + [fileLink]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fileLink) == target)
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("scenario,strategy"))
    // A 255-byte file name (the longest a Linux file system takes) is written.
    let long = directory.appendingPathComponent(String(repeating: "x", count: 250) + ".json").path
    #expect(try await trackbench(common + [long]).status == 0)
    #expect(FileManager.default.fileExists(atPath: long))
    // One character, relative to the working directory.
    let relative = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "1", "--strategies", "raw", "--output", "y"], environment: [:])
    #expect(relative.status == 0)
    try? FileManager.default.removeItem(at: repositoryRoot.appendingPathComponent("y"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
  }

  @Test func aSignalWhileWritingLeavesNoTemporaryFile() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let binary = try #require(trackbenchURL)
    let output = directory.appendingPathComponent("report.html").path
    // Signals land at different moments of the run and of the write; none may leave a temporary file.
    for (k, signalNumber) in [SIGTERM, SIGINT, SIGTERM, SIGINT, SIGTERM, SIGHUP].enumerated() {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["run", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "2", "--format", "html", "--threads", "1", "--output", output]
      process.currentDirectoryURL = repositoryRoot
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(useconds_t(150_000 * (k + 1)))
      kill(process.processIdentifier, signalNumber)
      process.waitUntilExit()
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(names.allSatisfy { $0 == "report.html" }, "after signal \(signalNumber) at \(k): \(names)")
    }
  }
}

/// What a well-behaved user gets: standard input as a file, colours on request.
@Suite(.serialized) struct ConventionTests {
  @Test func standardInputWhereverAFileIsRead() async throws {
    let scenario = try Data(contentsOf: repositoryRoot.appendingPathComponent("scenarios/standing-still.yaml"))
    let fromFile = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw", "--format", "json"])
    let fromInput = try await trackbench(["run", "-", "--trials", "2", "--strategies", "raw", "--format", "json"], input: scenario)
    #expect(fromInput.status == 0 && fromInput.stdout == fromFile.stdout, "\(fromInput.stderr)")
    let generated = try await trackbench(["generate", "-", "--format", "csv"], input: scenario)
    let generatedFromFile = try await trackbench(["generate", "scenarios/standing-still.yaml", "--format", "csv"])
    #expect(generated.status == 0 && generated.stdout == generatedFromFile.stdout)
    let report = try await trackbench(["report", "-", "--format", "csv"], input: Data(fromFile.stdout.utf8))
    #expect(report.status == 0 && report.stdout.hasPrefix("scenario,strategy,metric"), "\(report.stderr)")
    let compared = try await trackbench(["compare", "-", "-"], input: Data(fromFile.stdout.utf8))
    #expect(compared.status == 2)
  }

  @Test func colourChoices() async throws {
    let common = ["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw,kalman"]
    #expect(try await trackbench(common + ["--color", "always"]).stdout.contains("\u{1B}["), "always, even piped")
    let never = try await trackbench(common + ["--color", "never"]), auto = try await trackbench(common)
    #expect(!never.stdout.contains("\u{1B}["))
    #expect(!auto.stdout.contains("\u{1B}["), "auto: none when piped")
    #expect(try await trackbench(common + ["--color", "sometimes"]).status == 2)
  }

  @Test func versionAndHelpExitZero() async throws {
    let version = try await trackbench(["--version"])
    #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3)
    let help = try await trackbench(["run", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--color") && help.stdout.contains("--quiet"))
    let completion = try await trackbench(["--generate-completion-script", "bash"])
    #expect(completion.status == 0 && completion.stdout.contains("'table'$'\\n''markdown'"))
  }

  @Test func tablesFitColumns() async throws {
    let narrow = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw,kalman(q: 0.5),kalman(q: 2)"], environment: ["COLUMNS": "100"])
    #expect(narrow.stdout.contains("  kalman(q: 2) = kalman(q: 2, r_scale: 1"))
    let wide = try await trackbench(["run", "scenarios/standing-still.yaml", "--trials", "2", "--strategies", "raw,kalman(q: 0.5),kalman(q: 2)"], environment: ["COLUMNS": "300"])
    #expect(!wide.stdout.contains("Strategies:") && wide.stdout.contains("  kalman(q: 2, r_scale: 1"))
  }
}

/// `calibrate` and `realism`: bad input is one error line and exit 2; a good run prints YAML a scenario
/// takes.
@Suite struct CalibrationCommandTests {
  @Test func badInputIsOneErrorLine() async throws {
    let cases: [([String], String)] = [
      (["calibrate", "missing.nmea", "--static-at", "mean"], "missing.nmea: expected a regular file"),
      (["calibrate", "scenarios/park-loop.yaml"], "expected --static-at LAT,LON (or 'mean') or --truth REF"),
      (["calibrate", "scenarios/park-loop.yaml", "--static-at", "91,0", "--input-format", "csv"], "--static-at: expected LAT,LON"),
      (["realism", "--against", "x.gpx", "--static-at", "mean"], "expected --preset NAMES, --population NAMES or scenario files"),
      (["realism", "--preset", "phone-x", "--against", "x.gpx", "--static-at", "mean"], "--preset: expected one of phone-open-sky"),
    ]
    for (arguments, message) in cases {
      let r = try await trackbench(arguments)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains(message), "\(arguments): \(r.stderr)")
      #expect(r.stderr.split(separator: "\n").count == 1 && r.stdout.isEmpty)
    }
  }

  @Test(.enabled(if: longChecks, "a fit of a recording (about 2.5 min in a debug build): TRACKBENCH_LONG_TESTS=1 (make test-long)"))
  func calibrationWritesYAMLAScenarioTakes() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("still.csv").path
    #expect(try await trackbench(["generate", "scenarios/standing-still.yaml", "--format", "csv", "--output", track]).status == 0)
    let yaml = directory.appendingPathComponent("receiver.yaml").path
    let r = try await trackbench(["calibrate", track, "--static-at", "mean", "--output", yaml])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("false_distance_m_per_min"), "the comparison goes to standard output")
    // The YAML replaces the receiver and noise of a scenario, which then loads and runs.
    let scenario = try String(contentsOf: repositoryRoot.appendingPathComponent("scenarios/standing-still.yaml"), encoding: .utf8)
    let body = scenario.components(separatedBy: "\nreceiver:")[0].replacingOccurrences(of: "name: standing-still", with: "name: fitted")
    let fitted = directory.appendingPathComponent("fitted.yaml")
    try (body + "\n" + String(contentsOfFile: yaml, encoding: .utf8)).write(to: fitted, atomically: true, encoding: .utf8)
    let run = try await trackbench(["run", fitted.path, "--trials", "2", "--strategies", "raw"])
    #expect(run.status == 0, "\(run.stderr)")
  }
}

/// `calibrate --population`: a manifest of recordings becomes a population a scenario draws from; a bad
/// manifest is one error line, sized only after its size is checked.
@Suite struct PopulationCalibrationTests {
  /// A standing receiver's CSV: `count` fixes 1 s apart wandering about (51.5, −0.1).
  func standingCSV(_ path: String, count: Int, spread: Double) async throws {
    var lines = ["time,latitude,longitude"]
    for i in 0..<count {
      let e = spread * sin(Double(i) / 7), n = spread * cos(Double(i) / 11)
      let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(1_600_000_000 + i)))
      lines.append("\(time),\(51.5 + n / 111_000),\(-0.1 + e / 69_000)")
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func aManifestBecomesAPopulationAScenarioDrawsFrom() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await standingCSV(directory.appendingPathComponent("a.csv").path, count: 32, spread: 1)
    try await standingCSV(directory.appendingPathComponent("b.csv").path, count: 32, spread: 3)
    let manifest = directory.appendingPathComponent("two.manifest.yaml").path
    try "name: two\nrecordings:\n  - { file: a.csv, static_at: mean }\n  - { file: b.csv, static_at: mean }\n"
      .write(toFile: manifest, atomically: true, encoding: .utf8)
    let population = directory.appendingPathComponent("two.yaml").path
    let r = try await trackbench(["calibrate", "--population", manifest, "--output", population])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("a.csv (standing at mean) left out") && r.stdout.contains("leave-one-recording-out"))
    let scenario = directory.appendingPathComponent("drawn.yaml")
    try """
      name: drawn
      activity: walking
      route: { origin: { latitude: 51.5, longitude: -0.1 }, waypoints_m: [[0, 0]] }
      pace: { standing: { seconds: 120 } }
      receiver: { population: two.yaml }
      """.write(to: scenario, atomically: true, encoding: .utf8)
    let run = try await trackbench(["run", scenario.path, "--trials", "3", "--strategies", "raw"])
    #expect(run.status == 0, "\(run.stderr)")
    // realism places each recording in the population's simulated devices, one table per recording.
    let a = directory.appendingPathComponent("a.csv").path, b = directory.appendingPathComponent("b.csv").path
    let placed = try await trackbench(["realism", "--population", population, "--against", a, "--against", b, "--static-at", "mean"])
    #expect(placed.status == 0, "\(placed.stderr)")
    #expect(placed.stdout.contains("a.csv placed in population \(population)") && placed.stdout.contains("b.csv placed in population"))
    #expect(placed.stdout.contains("statistics inside the 5-95 % band: "))
    // Outside the repository (no scenarios/ folder to fall back on) it runs just the same.
    let elsewhere = try await trackbench(["realism", "--population", population, "--against", a, "--static-at", "mean"], directory: directory)
    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
  }

  @Test func aBadManifestIsOneErrorLine() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func manifest(_ name: String, _ text: String) async throws -> String {
      let path = directory.appendingPathComponent(name).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    // Larger than any manifest, and sparse: refused by its size, never read (it would take 2 GB).
    let huge = directory.appendingPathComponent("huge.yaml").path
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: huge))
    try handle.truncate(atOffset: 2 << 30)
    try handle.close()
    let cases: [([String], String)] = await [
      (["calibrate", "--population", huge], "expected a regular population manifest file of at most 1048576 bytes, found 2147483648 bytes"),
      (["calibrate", "--population", "/dev/zero"], "expected a regular population manifest file"),
      (["calibrate", "--population", try manifest("one.yaml", "name: one\nrecordings:\n  - { file: a.csv, static_at: mean }\n")],
       "recordings: expected a list of at least 2 recordings"),
      (["calibrate", "--population", try manifest("both.yaml", "name: both\nrecordings:\n  - { file: a.csv, static_at: mean, truth: b.csv }\n  - { file: b.csv, static_at: mean }\n")],
       "expected one truth"),
      (["calibrate", "--population", try manifest("zero.yaml", "name: zero\nrecordings:\n  - { file: /dev/zero, static_at: mean }\n  - { file: /dev/urandom, static_at: mean }\n")],
       "/dev/zero"),
      (["calibrate", "x.csv", "--population", try manifest("ok.yaml", "name: ok\nrecordings: []\n")], "--population: expected the recordings"),
      (["calibrate", "--population", try manifest("south.yaml", "name: south\nrecordings:\n  - { file: a.csv, static_at: \"-33.86,151.21\" }\n  - { file: b.csv, static_at: \"-91,0\" }\n")],
       "south.yaml:4:31: recordings[1].static_at: expected LAT,LON"),
      (["calibrate", "--population", "ok.yaml", "--rate", "2"], "found --rate"),
      (["calibrate", "--population", "ok.yaml", "--format", "json"], "found --format json"),
      (["realism", "--population", "no-such-population", "--against", "a.csv", "--static-at", "mean"], "--population: expected a bundled population"),
      (["realism", "--population", "phones-open-sky", "--format", "markdown", "--against", "a.csv", "--static-at", "mean"], "expected table with --population"),
      (["realism", "--population", try manifest("bad.yaml", "name: bad\nsources: [x]\nparameters: { error.offset_m: { median: 0 } }\n"), "--against", "a.csv", "--static-at", "mean"],
       "parameters.error.offset_m"),
    ]
    for (arguments, message) in cases {
      let r = try await trackbench(arguments)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains(message), "\(arguments): \(r.stderr)")
      // One error line; an argument error may add its hint line.
      let lines = r.stderr.split(separator: "\n")
      #expect(lines.count == 1 || (lines.count == 2 && lines[1].hasPrefix("hint: ")), "\(arguments): \(r.stderr)")
      #expect(r.stdout.isEmpty, "\(arguments)")
    }
  }
}

/// `replay`: a recording in place of a scenario, in every report format; bad input is one error line.
@Suite struct ReplayCommandTests {
  @Test func aGeneratedRecordingReplaysInEveryFormat() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = directory.appendingPathComponent("loop.gpx").path
    #expect(try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", track]).status == 0)
    for format in ["table", "markdown", "csv", "html", "json"] {
      let r = try await trackbench(["replay", track, "--strategies", "raw,kalman", "--format", format])
      #expect(r.status == 0, "\(format): \(r.stderr)")
      #expect(r.stdout.contains("recorded_distance") || r.stdout.contains("distance m") || r.stdout.contains("Recorded distance"), "\(format)")
    }
    // The generated GPX holds the truth as a second track, which goes back in time: the reader keeps
    // the phone's fixes and says what it skipped.
    let json = try await trackbench(["replay", track, "--strategies", "raw", "--format", "json"])
    #expect(json.stderr.hasPrefix("warning: ") && json.stderr.contains("time not after the previous point"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let scenario = try #require((object["scenarios"] as? [[String: Any]])?.first)
    #expect((scenario["recording"] as? [String: Any])?["laps"] as? Int == 4, "park-loop's four laps are found")
    // Read back by `report`, as any results file.
    let saved = directory.appendingPathComponent("replay.json")
    try json.stdout.write(to: saved, atomically: true, encoding: .utf8)
    #expect(try await trackbench(["report", saved.path, "--format", "markdown"]).status == 0)
  }

  @Test func badInputIsOneErrorLine() async throws {
    let cases: [([String], String)] = [
      (["replay"], "error: "),
      (["replay", "missing.gpx"], "missing.gpx: expected a regular file"),
      (["replay", "scenarios/park-loop.yaml", "--input-format", "nmea"], "scenarios/park-loop.yaml: expected NMEA 0183 sentences"),
      (["replay", "scenarios/park-loop.yaml", "--assume-accuracy", "0"], "--assume-accuracy: expected metres from 0.1 to 1000"),
      (["replay", "scenarios/park-loop.yaml", "--strategies", "kalman(q: -1)"], "--strategies: "),
    ]
    for (arguments, message) in cases {
      let r = try await trackbench(arguments)
      #expect(r.status == 2, "\(arguments)")
      #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains(message), "\(arguments): \(r.stderr)")
      #expect(r.stdout.isEmpty)
    }
  }
}
