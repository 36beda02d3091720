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
  @Test func everyPathACommandReadsIsARegularFile() throws {
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
      try hostile.expectRefused(command, files: files, mentioning: "FIFO")
      #expect(Date().timeIntervalSince(started) < 15, "\(command): refused at once, not after waiting on the FIFO")
    }
  }

  /// No output replaces a file the command read, however it was reached (named on the command line, or
  /// found in a baseline, a manifest or a scenario), nor another output, nor a track file already there.
  @Test func noOutputReplacesAnInputOrAnotherOutput() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("small.yaml")
    try HostileInputTests.goodScenario.write(to: scenario, atomically: true, encoding: .utf8)
    let baseline = folder.appendingPathComponent("base.jsonl").path
    let recorded = try trackbench(["baseline", "record", scenario.path, "--strategies", "raw", "--trials", "2", "--output", baseline, "-q"])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let baselineData = try Data(contentsOf: URL(fileURLWithPath: baseline))
    // The baseline's own scenario is an input of check, though the command line names only the baseline.
    for option in ["--junit", "--output"] {
      try hostile.expectRefused(["check", "--baseline", baseline, option, scenario.path, "-q"], mentioning: "also an input")
    }
    #expect(try String(contentsOf: scenario, encoding: .utf8) == HostileInputTests.goodScenario)
    #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == baselineData)
    // A recording a replay manifest lists.
    let files = ["a.csv": Self.recording(), "m.yaml": Data("recordings:\n  - { file: a.csv, truth: a.csv }\n".utf8)]
    try hostile.expectRefused(["replay", "--manifest", "{dir}/m.yaml", "--strategies", "raw", "--output", "{dir}/a.csv"], files: files, mentioning: "also an input")
    try hostile.expectRefused(["replay", "--manifest", "{dir}/m.yaml", "--strategies", "raw", "--records", "{dir}/./a.csv"], files: files, mentioning: "also an input")
    // The track files are outputs like the others, and replace nothing without --force.
    let replay = ["replay", "{dir}/a.csv", "--truth", "{dir}/a.csv", "--strategies", "raw", "--tracks", "{dir}"]
    try hostile.expectRefused(replay + ["--records", "{dir}/a.gpx"], files: files, mentioning: "--records")
    try hostile.expectRefused(replay + ["--output", "{dir}/a.gpx", "--force"], files: files, mentioning: "--output")
    try hostile.expectRefused(replay, files: files.merging(["a.gpx": Data("mine".utf8)]) { $1 }, mentioning: "a.gpx' exists")
    try hostile.expectRefused(replay + ["--track-format", "csv", "--force"], files: files.merging(["a.csv": Self.recording()]) { $1 }, mentioning: "also an input")
    let tracks = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tracks) }
    let recording = folder.appendingPathComponent("a.csv")
    try Self.recording().write(to: recording)
    let arguments = ["replay", recording.path, "--truth", recording.path, "--strategies", "raw", "--tracks", tracks.path, "--output", "/dev/null"]
    let first = try trackbench(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    let written = tracks.appendingPathComponent("a.gpx")
    try Data("mine".utf8).write(to: written)
    #expect(try trackbench(arguments).status == 2)
    #expect(try Data(contentsOf: written) == Data("mine".utf8), "kept without --force")
    #expect(try trackbench(arguments + ["--force"]).status == 0)
    #expect(try String(contentsOf: written, encoding: .utf8).contains("<gpx"), "replaced with --force")
  }

  /// Parameters that must be ordered are checked wherever a strategy is given: its text, and every
  /// point tune could try (refused before any work, naming the parameters).
  @Test func rulesBetweenParametersAreChecked() throws {
    try hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "adaptive-interval(min_s: 10, max_s: 1)"], mentioning: "min_s (10) must be at most max_s (1)")
    try hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "raw,opentracks(distance: 300, gap: 100)"], mentioning: "distance (300) must be at most gap (100)")
    let tune = ["tune", "--train", "{dir}/small.yaml", "--trials", "1", "-q"]
    try hostile.expectRefused(tune + ["--strategy", "adaptive-interval", "--param", "min_s=1..20"], mentioning: "min_s = 20 above max_s = 10")
    try hostile.expectRefused(tune + ["--strategy", "adaptive-interval(min_s: 30)", "--param", "max_s=2..20"], mentioning: "min_s (30) must be at most max_s")
  }
}
