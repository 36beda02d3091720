import Foundation
import Synchronization
import Testing

/// The newest surfaces held to the hostile corpus's rules (``HostileInputTests/expectRefused(_:files:input:environment:mentioning:sourceLocation:)``),
/// each class of fault with its members: every path a command reads is a regular file, checked before a
/// byte is read; no output replaces an input or another output, or a file the user did not ask to replace.
@Suite(.serialized) struct SurfaceHardeningTests {
  let hostile = HostileInputTests()

  /// A CSV recording of `count` points, a metre apart.
  static func recording(_ count: Int = 60) -> Data {
    let rows = ["time_s,latitude_deg,longitude_deg,horizontal_accuracy_m"] + (0..<count).map { "\($0),\(45 + Double($0) * 1e-5),\(7 + Double($0) * 1e-5),5" }
    return Data((rows.joined(separator: "\n") + "\n").utf8)
  }

  /// A FIFO no one writes, and a watchdog that opens it for writing after `seconds`, so a command that
  /// waits on it ends (and fails the test on time) instead of hanging the suite.
  final class UnwrittenFIFO: Sendable {
    let path: String
    private let done = Atomic<Bool>(false)

    init(in directory: URL, seconds: Double = 20) throws {
      path = directory.appendingPathComponent("fifo").path
      #expect(mkfifo(path, 0o600) == 0)
      Thread { [self] in
        let deadline = Date().addingTimeInterval(seconds)
        while !done.load(ordering: .relaxed) {
          if Date() > deadline {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
          }
          usleep(100_000)
        }
      }.start()
    }

    func finish() { done.store(true, ordering: .relaxed) }
  }

  /// Every path any command reads, given as a FIFO nobody writes: refused at once, naming the FIFO.
  @Test func everyPathACommandReadsIsARegularFile() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = try UnwrittenFIFO(in: folder)
    defer { fifo.finish() }
    let f = fifo.path
    let files: [String: Data] = [
      "a.csv": Self.recording(),
      "recording.manifest.yaml": Data("name: recording\nrecordings:\n  - { file: \(f), truth: a.csv }\n  - { file: a.csv, truth: a.csv }\n".utf8),
      "truth.manifest.yaml": Data("name: truth\nrecordings:\n  - { file: a.csv, truth: \(f) }\n  - { file: a.csv, truth: a.csv }\n".utf8),
      "replay.yaml": Data("recordings:\n  - { file: \(f) }\n".utf8),
      "motion.yaml": Data("name: motion\ntrials: 1\nmotion: { recording: \(f) }\n".utf8),
      "route.yaml": Data("name: route\ntrials: 1\nroute: { gpx: \(f) }\n".utf8),
      "population.yaml": Data((HostileInputTests.goodScenario.replacingOccurrences(of: "name: small", with: "name: population") + "receiver: { population: \(f) }\n").utf8),
    ]
    let commands: [[String]] = [
      ["run", f], ["generate", f], ["report", f], ["compare", f, f], ["merge", f], ["replay", f], ["replay", "{dir}/a.csv", "--truth", f],
      ["replay", "--manifest", f], ["replay", "--manifest", "{dir}/replay.yaml"], ["calibrate", f, "--static-at", "45,7"], ["calibrate", "{dir}/a.csv", "--truth", f],
      ["transfer", f], ["transfer", "{dir}/recording.manifest.yaml"], ["transfer", "{dir}/truth.manifest.yaml"],
      ["report", "--history", f], ["check", "--baseline", f], ["check", "--throughput", f], ["run", "{dir}/small.yaml", "--transfer", f],
      ["realism", "{dir}/small.yaml", "--against", f, "--static-at", "45,7"], ["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--train", f],
      ["run", "{dir}/motion.yaml"], ["run", "{dir}/route.yaml"], ["run", "{dir}/population.yaml"], ["calibrate", "--population", f],
      ["throughput", "--strategy", "raw", "--input-fixes", f],
    ]
    for command in commands {
      let started = Date()
      try await hostile.expectRefused(command, files: files, mentioning: "FIFO")
      #expect(Date().timeIntervalSince(started) < 15, "\(command): refused at once, not after waiting on the FIFO")
    }
  }

  /// No output replaces a file the command read, however it was reached (named on the command line, or
  /// found in a baseline, a manifest or a scenario), nor another output, nor a track file already there.
  @Test func noOutputReplacesAnInputOrAnotherOutput() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("small.yaml")
    try HostileInputTests.goodScenario.write(to: scenario, atomically: true, encoding: .utf8)
    let baseline = folder.appendingPathComponent("base.jsonl").path
    let recorded = try await trackbench(["baseline", "record", scenario.path, "--strategies", "raw", "--trials", "2", "--output", baseline, "-q"])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let baselineData = try Data(contentsOf: URL(fileURLWithPath: baseline))
    // The baseline's own scenario is an input of check, though the command line names only the baseline.
    for option in ["--junit", "--output"] {
      try await hostile.expectRefused(["check", "--baseline", baseline, option, scenario.path, "-q"], mentioning: "also an input")
    }
    #expect(try String(contentsOf: scenario, encoding: .utf8) == HostileInputTests.goodScenario)
    #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == baselineData)
    // A recording a replay manifest lists.
    let files = ["a.csv": Self.recording(), "m.yaml": Data("recordings:\n  - { file: a.csv, truth: a.csv }\n".utf8)]
    try await hostile.expectRefused(["replay", "--manifest", "{dir}/m.yaml", "--strategies", "raw", "--output", "{dir}/a.csv"], files: files, mentioning: "also an input")
    try await hostile.expectRefused(["replay", "--manifest", "{dir}/m.yaml", "--strategies", "raw", "--records", "{dir}/./a.csv"], files: files, mentioning: "also an input")
    // The track files are outputs like the others, and replace nothing without --force.
    let replay = ["replay", "{dir}/a.csv", "--truth", "{dir}/a.csv", "--strategies", "raw", "--tracks", "{dir}"]
    try await hostile.expectRefused(replay + ["--records", "{dir}/a.gpx"], files: files, mentioning: "--records")
    try await hostile.expectRefused(replay + ["--output", "{dir}/a.gpx", "--force"], files: files, mentioning: "--output")
    try await hostile.expectRefused(replay, files: files.merging(["a.gpx": Data("mine".utf8)]) { $1 }, mentioning: "a.gpx' exists")
    try await hostile.expectRefused(replay + ["--track-format", "csv", "--force"], files: files.merging(["a.csv": Self.recording()]) { $1 }, mentioning: "also an input")
    let tracks = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tracks) }
    let recording = folder.appendingPathComponent("a.csv")
    try Self.recording().write(to: recording)
    let arguments = ["replay", recording.path, "--truth", recording.path, "--strategies", "raw", "--tracks", tracks.path, "--output", "/dev/null"]
    let first = try await trackbench(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    let written = tracks.appendingPathComponent("a.gpx")
    try Data("mine".utf8).write(to: written)
    #expect(try await trackbench(arguments).status == 2)
    #expect(try Data(contentsOf: written) == Data("mine".utf8), "kept without --force")
    #expect(try await trackbench(arguments + ["--force"]).status == 0)
    #expect(try String(contentsOf: written, encoding: .utf8).contains("<gpx"), "replaced with --force")
  }

  /// Parameters that must be ordered are checked wherever a strategy is given: its text, and every
  /// point tune could try (refused before any work, naming the parameters).
  @Test func rulesBetweenParametersAreChecked() async throws {
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "adaptive-interval(min_s: 10, max_s: 1)"], mentioning: "min_s (10) must be at most max_s (1)")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "raw,opentracks(distance: 300, gap: 100)"], mentioning: "distance (300) must be at most gap (100)")
    let tune = ["tune", "--train", "{dir}/small.yaml", "--trials", "1", "-q"]
    try await hostile.expectRefused(tune + ["--strategy", "adaptive-interval", "--param", "min_s=1..20"], mentioning: "min_s = 20 above max_s = 10")
    try await hostile.expectRefused(tune + ["--strategy", "adaptive-interval(min_s: 30)", "--param", "max_s=2..20"], mentioning: "min_s (30) must be at most max_s")
  }

  /// Every field of a protocol answer holds its own kind of value: a sampling program answering
  /// `"off": "yes"` (or a number for `wake_on_motion`, a string for `batch_s`) fails naming the field.
  @Test func aProgramsAnswerIsTypeChecked() async throws {
    for (answer, field) in [
      (#"{"next": t + 5, "off": "yes"}"#, #""off" is a string; expected true or false"#),
      (#"{"next": t + 5, "wake_on_motion": 1}"#, #""wake_on_motion" is a number; expected true or false"#),
      (#"{"next": t + 5, "batch_s": "2"}"#, #""batch_s" is a string; expected a number"#),
      (#"{"next": True}"#, #""next" is true; expected a number"#),
      (#"{"next": t + 5, "source": {"gnss": 1}}"#, #""source" is an object; expected a string"#),
    ] {
      let program = """
        import json, sys
        for line in sys.stdin:
            m = json.loads(line)
            if m.get("type") == "run": continue
            if m.get("type") == "end":
                print(json.dumps({"type": "end", "run": m["run"]}), flush=True); continue
            t = m["t"]
            print(json.dumps(\(answer)), flush=True)
        """
      let strategy = "process(cmd: \"python3 {dir}/policy.py\", role: sampling)"
      try await hostile.expectRefused(
        ["run", "{dir}/small.yaml", "--trials", "1", "--strategies", strategy], files: ["policy.py": Data(program.utf8)], mentioning: field)
    }
  }

  /// Options accepted that mean nothing are refused: a provider no recording has, a strategy twice,
  /// empty or repeated weights, hexadecimal numbers, a grid too large to search.
  @Test func optionsThatMeanNothingAreRefused() async throws {
    let files = ["a.csv": Self.recording()]
    try await hostile.expectRefused(["replay", "{dir}/a.csv", "--provider", "GPS"], files: files, mentioning: "--provider GPS: expected GnssLogger logs")
    try await hostile.expectRefused(["replay", "{dir}/a.csv", "--provider", "XYZ"], files: files, mentioning: "--provider")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "raw,raw"], mentioning: "'raw' is 'raw' again")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "kalman,kalman(q: 0.5)"], mentioning: "expected each strategy once")
    for weights in ["", "small=1,small=2", "small=1,,", "small=0x1"] {
      for command in [["run", "{dir}/small.yaml", "--strategies", "raw,kalman"], ["merge", "{dir}/small.yaml"]] {
        try await hostile.expectRefused(command + ["--weights", weights], mentioning: "--weights")
      }
    }
    try await hostile.expectRefused(["replay", "{dir}/a.csv", "--assume-accuracy", "0x10"], files: files, mentioning: "expected a decimal number, found '0x10'")
    try await hostile.expectRefused(["transfer", "transfer/drives.manifest.yaml", "--window-s", "0x10"], mentioning: "--window-s")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "kalman(q: 0x1p-2)"], mentioning: "q expects")
    try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "kalman(q: inf)"], mentioning: "q expects")
    try await hostile.expectRefused(["replay", "{dir}/a.csv", "--static-at", "0x2D,7"], files: files, mentioning: "--static-at")
    let started = Date()
    try await hostile.expectRefused(
      ["tune", "--train", "{dir}/small.yaml", "--strategy", "kalman", "--method", "grid", "--param", "q=0.1..1:1000", "--param", "r_scale=0.1..1:1000", "--param", "gate=1..5:1000"],
      mentioning: "1000 × 1000 × 1000 = 1000000000 points; expected at most 1000000")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  /// Every value `--help` lists for an option is accepted by the command: it runs, or fails for a reason
  /// that is not that option (run on small inputs made here; transfer, which needs real recordings, is
  /// left out).
  @Test func everyValueHelpListsIsAccepted() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dir = folder.path
    try HostileInputTests.goodScenario.write(toFile: "\(dir)/small.yaml", atomically: true, encoding: .utf8)
    try Self.recording(120).write(to: folder.appendingPathComponent("a.csv"))
    for setup in [
      ["run", "\(dir)/small.yaml", "--trials", "1", "--strategies", "raw,kalman", "-q", "--format", "json", "--output", "\(dir)/r.json"],
      ["run", "\(dir)/small.yaml", "--trials", "1", "--strategies", "raw,kalman", "-q", "--shard", "1/1", "--output", "\(dir)/s.jsonl"],
      ["baseline", "record", "\(dir)/small.yaml", "--trials", "1", "--strategies", "raw,kalman", "-q", "--output", "\(dir)/b.jsonl"],
    ] {
      let r = try await trackbench(setup)
      #expect(r.status == 0, "\(setup): \(r.stderr)")
    }
    let commands: [[String]] = [
      ["run", "\(dir)/small.yaml", "--trials", "1", "--strategies", "raw,kalman", "-q"], ["report", "\(dir)/r.json"], ["compare", "\(dir)/r.json", "\(dir)/r.json"],
      ["generate", "\(dir)/small.yaml"], ["strategies"], ["throughput", "--strategy", "raw", "--fixes", "1000", "--repetitions", "1"],
      ["calibrate", "\(dir)/a.csv", "--static-at", "mean"], ["realism", "\(dir)/small.yaml", "--against", "\(dir)/a.csv", "--static-at", "mean"],
      ["replay", "\(dir)/a.csv", "--strategies", "raw,kalman"], ["merge", "\(dir)/s.jsonl"], ["check", "--baseline", "\(dir)/b.jsonl", "-q"],
      ["tune", "--train", "\(dir)/small.yaml", "--strategy", "kalman", "--param", "q=0.1..1:2", "--method", "grid", "--trials", "1", "-q"],
      ["baseline", "record", "\(dir)/small.yaml", "--trials", "1", "--strategies", "raw", "-q", "--output", "/dev/null"],
    ]
    let listed = try NSRegularExpression(pattern: #"--([a-z0-9-]+) <[^>]+>((?:(?!  --).)*?)\(values: ([^;)]+)"#)
    var tried = 0
    for command in commands {
      let words = command.prefix { !$0.hasPrefix("/") && !$0.hasPrefix("--") }
      let help = try await trackbench(Array(words) + ["--help"]).stdout
      let text = help.replacingOccurrences(of: "\n", with: " ")
      for match in listed.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let option = "--" + String(text[Range(match.range(at: 1), in: text)!])
        let values = text[Range(match.range(at: 3), in: text)!].split(separator: ",").map { $0.split(separator: " ").joined() }.filter { !$0.isEmpty }
        #expect(!values.isEmpty, "\(option)")
        for value in values {
          var arguments = command + [option, value]
          if option == "--format" || option == "--track-format" { arguments += ["--output", "/dev/null"] }
          if option == "--track-format" { arguments += ["--tracks", dir, "--force"] }
          // A provider is chosen in GnssLogger logs only (the CSV is then refused as no such log, not for the provider).
          if option == "--provider" { arguments += ["--input-format", "gnsslogger"] }
          let r = try await trackbench(arguments)
          tried += 1
          #expect(r.status == 0 || !r.stderr.contains(option), "\(arguments.joined(separator: " ")): \(r.stderr)")
        }
      }
    }
    #expect(tried > 40, "\(tried) values tried")
  }

  /// A truth is whole: a motion recording's row that is not a position (nan, inf, 1e400, 91.5, text) is
  /// refused naming its line, as a time going back is.
  @Test func aTruthsBadRowIsRefusedNamingIt() async throws {
    for value in ["nan", "inf", "1e400", "91.5", "abc"] {
      var rows = ["time_s,latitude_deg,longitude_deg"] + (0..<100).map { "\($0),\(45 + Double($0) * 1e-5),\(7 + Double($0) * 1e-5)" }
      rows[6] = "5,\(value),7"
      let files = [
        "bad.csv": Data((rows.joined(separator: "\n") + "\n").utf8),
        "motion.yaml": Data("name: motion\ntrials: 1\nmotion: { recording: bad.csv }\n".utf8),
      ]
      try await hostile.expectRefused(["run", "{dir}/motion.yaml", "--strategies", "raw"], files: files, mentioning: "the first at line 7")
    }
  }

  /// What sizes work is estimated before the work: a recorded motion and a history are refused with the
  /// estimate and the limit (here lowered with TRACKBENCH_MEMORY_LIMIT_MB) before they are expanded or read.
  @Test func memoryIsEstimatedBeforeTheWork() async throws {
    let rows = ["time_s,latitude_deg,longitude_deg"] + (0..<20_000).map { "\($0),\(45 + sin(Double($0) / 100) * 1e-3),\(7 + cos(Double($0) / 100) * 1e-3)" }
    let files = [
      "walk.csv": Data((rows.joined(separator: "\n") + "\n").utf8),
      "motion.yaml": Data("name: motion\ntrials: 1\nmotion: { recording: walk.csv }\n".utf8),
    ]
    try await hostile.expectRefused(
      ["run", "{dir}/motion.yaml", "--strategies", "raw"], files: files, environment: ["TRACKBENCH_MEMORY_LIMIT_MB": "20"],
      mentioning: "20000 points over")
    let history = Data(String(repeating: "{}\n", count: 200_000).utf8)
    try await hostile.expectRefused(
      ["report", "--history", "{dir}/h.jsonl"], files: ["h.jsonl": history], environment: ["TRACKBENCH_MEMORY_LIMIT_MB": "64"], mentioning: "an estimated")
  }

  /// A history line is what `check --history` writes: a time that is not one, or a key written twice,
  /// is refused by report and by check before it appends.
  @Test func aHistoryLineIsCheckedWhole() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("small.yaml").path
    try HostileInputTests.goodScenario.write(toFile: scenario, atomically: true, encoding: .utf8)
    let baseline = folder.appendingPathComponent("base.jsonl").path, history = folder.appendingPathComponent("h.jsonl").path
    #expect(try await trackbench(["baseline", "record", scenario, "--strategies", "raw,kalman", "--trials", "2", "--output", baseline, "-q"]).status == 0)
    #expect(try await trackbench(["check", "--baseline", baseline, "--history", history, "-q"]).status == 0)
    let line = try String(contentsOfFile: history, encoding: .utf8)
    let time = try #require(line.range(of: #""time":"[^"]*""#, options: .regularExpression))
    for (edited, mention) in [
      (line.replacingCharacters(in: time, with: #""time":"yesterday""#), "field time: expected an ISO 8601 UTC time"),
      ("{\"label\":\"again\"," + line.dropFirst(), "label: expected each key once"),
    ] {
      try edited.write(toFile: history, atomically: true, encoding: .utf8)
      let report = try await trackbench(["report", "--history", history])
      #expect(report.status == 2 && report.stderr.contains(mention) && report.stderr.contains("h.jsonl:1: "), "\(report.stderr)")
      let check = try await trackbench(["check", "--baseline", baseline, "--history", history, "-q"])
      #expect(check.status == 2 && check.stderr.contains(mention), "\(check.stderr)")
      #expect(try String(contentsOfFile: history, encoding: .utf8) == edited, "nothing appended")
    }
  }

  /// A journal is resumed only when it claims what this run would write: one edited to name another
  /// scenario keeps the fingerprint but is refused.
  @Test func anEditedJournalIsNotResumed() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("small.yaml").path
    try HostileInputTests.goodScenario.write(toFile: scenario, atomically: true, encoding: .utf8)
    let journal = folder.appendingPathComponent("j.jsonl").path
    let run = ["run", scenario, "--strategies", "raw", "--trials", "2", "-q", "--output", "/dev/null", "--journal", journal]
    #expect(try await trackbench(run).status == 0)
    let text = try String(contentsOfFile: journal, encoding: .utf8)
    let header = try #require(text.split(separator: "\n").first)
    try (header.replacingOccurrences(of: #""name":"small""#, with: #""name":"other""#) + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
    let resumed = try await trackbench(run + ["--resume"])
    #expect(resumed.status == 2 && resumed.stderr.contains("its header claims scenario 1 is 'other'"), "\(resumed.stderr)")
    try (String(header) + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
    #expect(try await trackbench(run + ["--resume"]).status == 0, "the header as written resumes")
  }

  /// Errors quote at most the offending token of a file that is not what was expected, never its lines.
  @Test func errorsQuoteATokenNotTheFile() async throws {
    let secret = (0..<20).map { "user\($0):x:\($0):\($0):someone:/home/user\($0):/bin/bash" }.joined(separator: "\n") + "\n"
    let files = ["passwd": Data(secret.utf8), "passwd.yaml": Data(secret.utf8)]
    for command in [["run", "{dir}/passwd.yaml"], ["replay", "{dir}/passwd", "--input-format", "csv"], ["generate", "{dir}/passwd.yaml"]] {
      let folder = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: folder) }
      for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
      let r = try await trackbench(command.map { $0.replacingOccurrences(of: "{dir}", with: folder.path) })
      #expect(r.status == 2, "\(command)")
      #expect(!r.stderr.contains("/bin/bas") && !r.stderr.contains("user0:x") && !r.stderr.contains("user1:"), "\(command): \(r.stderr)")
      #expect(r.stderr.count < 300, "\(command): \(r.stderr.count) characters")
    }
  }
}
