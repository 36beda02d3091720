import Foundation
import Testing

/// Nothing is sized by an input's claims before they are checked: a clock that jumps, an endless
/// stream, a stream that is not the format, a recording claiming a huge run, an objective nested
/// without end. Each ends as one `error:` line and exit 2, quickly and in little memory (the rules of
/// ``HostileInputTests/expectRefused(_:files:input:environment:mentioning:sourceLocation:)``).
@Suite(.serialized) struct BoundedInputTests {
  let hostile = HostileInputTests()

  /// A CSV track whose clock jumps by `jump` seconds after its fourth point.
  static func jumping(_ jump: Double) -> Data {
    var rows = ["time_s,latitude_deg,longitude_deg,horizontal_accuracy_m"]
    for i in 0..<8 {
      let t = Double(i) + (i >= 4 ? jump : 0)
      rows.append("\(t),\(45 + Double(i) * 1e-5),\(7 + Double(i) * 1e-5),5")
    }
    return Data((rows.joined(separator: "\n") + "\n").utf8)
  }

  /// A CSV track with a point every `step` seconds for `count` points: no gap over an hour when `step`
  /// is 1800, so eight days of it is one part over 7 days.
  static func steady(step: Double, count: Int) -> Data {
    var rows = ["time_s,latitude_deg,longitude_deg,horizontal_accuracy_m"]
    for i in 0..<count { rows.append("\(Double(i) * step),\(45 + Double(i % 50) * 1e-5),7,5") }
    return Data((rows.joined(separator: "\n") + "\n").utf8)
  }

  /// A clock that jumps (a GPS week rollover, a wrong clock: 20 to 317 years) splits a recording into
  /// parts at the jump, each within the bounds, and every command stays quick: no second of the jump
  /// is walked. Only one part over 7 days is refused, naming its points.
  @Test(arguments: [1e9, 6.2e8, 1e10])
  func aClockThatJumpsSplitsTheRecordingIntoParts(jump: Double) async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let jumping = folder.appendingPathComponent("jump.csv"), good = folder.appendingPathComponent("good.csv")
    try Self.jumping(jump).write(to: jumping)
    try Self.jumping(0).write(to: good)
    let started = Date()
    for command in [
      ["replay", jumping.path], ["replay", jumping.path, "--static-at", "45,7"], ["replay", good.path, "--truth", jumping.path],
    ] {
      let r = try await trackbench(command + ["--strategies", "raw,kalman", "-q", "--detail"])
      #expect(r.status == 0, "\(command): \(r.stderr)")
      if command.count == 2 { #expect(r.stdout.contains("2 parts"), "\(r.stdout.prefix(300))") }
    }
    #expect(Date().timeIntervalSince(started) < 30)
    try await hostile.expectRefused(["replay", "{dir}/long.csv"], files: ["long.csv": Self.steady(step: 1800, count: 8 * 48 + 1)], mentioning: "points 1 to 385")
  }

  /// A gap inside the allowed span is work per recorded second, not per second of the gap.
  @Test func aLongGapWithinTheSpanIsQuick() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("gap.csv")
    try Self.jumping(6 * 86_400).write(to: file)
    let started = Date()
    let r = try await trackbench(["calibrate", file.path, "--static-at", "45,7"])
    #expect(r.status == 2 && r.stderr.contains("at least 30 epochs"), "\(r.stderr)")
    let replay = try await trackbench(["replay", file.path, "--truth", file.path, "--strategies", "raw,kalman", "--format", "json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(Date().timeIntervalSince(started) < 60)
  }

  @Test(arguments: ["gpx", "nmea", "csv", "tcx", "gnsslogger"])
  func anEndlessStreamStopsWithAnError(format: String) async throws {
    // A device is not a file to read: refused before a byte is read.
    for device in ["/dev/zero", "/dev/urandom"] {
      try await hostile.expectRefused(["replay", device, "--input-format", format], mentioning: "a character device")
    }
    // Standard input, the one stream a command reads, is read 64 MB at most without a point.
    try await hostile.expectRefused(["replay", "-", "--input-format", format], input: Data(count: 65 << 20), mentioning: "64 MB")
  }

  @Test func aStreamThatIsNotFITIsRefusedAtItsHeader() async throws {
    try await hostile.expectRefused(["replay", "-", "--input-format", "fit"], input: Data(count: 8 << 20), mentioning: "header")
  }

  @Test func anObjectiveNestedWithoutEndIsAnError() async throws {
    let deep = String(repeating: "(", count: 400) + "distance_error_percent" + String(repeating: ")", count: 400)
    let calls = String(repeating: "abs(", count: 400) + "distance_error_percent" + String(repeating: ")", count: 400)
    let signs = String(repeating: "-", count: 5000) + "distance_error_percent"
    for objective in [deep, calls, signs] {
      try await hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "raw", "--objective=" + objective], mentioning: "--objective")
      try await hostile.expectRefused(["merge", "{dir}/small.yaml", "--objective=" + objective], mentioning: "--objective")
      try await hostile.expectRefused(["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--objective=" + objective, "--train", "{dir}/small.yaml"])
    }
  }

  /// Southern and western coordinates and negative objectives are values, not options.
  @Test func valuesStartingWithAMinusSign() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("track.csv")
    try Self.jumping(0).write(to: file)
    let r = try await trackbench(["replay", file.path, "--static-at", "-33.86,151.21", "--strategies", "raw", "--format", "json"])
    #expect(r.status == 0 && r.stdout.contains("-33.86"), "\(r.stderr)")
    let run = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", "raw,kalman", "--objective", "-fixes_kept_percent", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func aSpeedRecordingIsCheckedBeforeItSizesWork() async throws {
    func recording(fixes: String, rate: String, repetitions: String = "1") -> Data {
      Data("""
        {"schema": "trackbench.throughput", "schema_version": 1, "fixes": \(fixes), "repetitions": \(repetitions),
         "kernels": [{"strategy": "raw", "fixes_per_second": \(rate), "fixes": 1000, "repetitions": 1, "median_seconds": 1, "build": "release"}]}
        """.utf8)
    }
    for (file, mentioning) in [
      (recording(fixes: "1000000000000", rate: "5"), "fixes"), (recording(fixes: "1e12", rate: "5"), "fixes"),
      (recording(fixes: "10000000", rate: "5", repetitions: "1000"), "repetitions"), (recording(fixes: "1000", rate: "0"), "above 0"),
      (recording(fixes: "1000", rate: "-3"), "above 0"), (recording(fixes: "1000", rate: "\"fast\""), "fixes_per_second"),
    ] {
      try await hostile.expectRefused(["check", "--throughput", "{dir}/speed.json", "-q"], files: ["speed.json": file], mentioning: mentioning)
    }
  }

  /// A replay that would not fit in memory is refused with its estimate before any strategy runs.
  @Test func aReplayTooLargeForMemoryIsRefusedWithItsEstimate() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("run.gpx").path
    #expect(try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", recording]).status == 0)
    let refused = try await trackbench(["replay", recording, "--strategies", "raw"], environment: ["TRACKBENCH_MEMORY_LIMIT_MB": "32.2"])
    #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.stderr)")
    #expect(refused.stderr.contains("TRACKBENCH_MEMORY_LIMIT_MB raises it") && refused.stderr.contains("an estimated 32 MB"), "\(refused.stderr)")
    let allowed = try await trackbench(["replay", recording, "--strategies", "raw"], environment: ["TRACKBENCH_MEMORY_LIMIT_MB": "64"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
  }
}
