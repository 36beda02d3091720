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

  @Test(arguments: [1e9, 6.2e8, 1e10])
  func aClockThatJumpsIsRefusedNamingThePoint(jump: Double) throws {
    let files = ["jump.csv": Self.jumping(jump), "good.csv": Self.jumping(0)]
    for command in [
      ["replay", "{dir}/jump.csv"], ["replay", "{dir}/jump.csv", "--static-at", "45,7"], ["replay", "{dir}/good.csv", "--truth", "{dir}/jump.csv"],
      ["calibrate", "{dir}/jump.csv", "--static-at", "45,7"], ["calibrate", "{dir}/good.csv", "--truth", "{dir}/jump.csv"],
      ["realism", "scenarios/standing-still.yaml", "--against", "{dir}/jump.csv", "--static-at", "45,7"],
    ] {
      try hostile.expectRefused(command, files: files, mentioning: "point 5")
    }
  }

  /// A gap inside the allowed span is work per recorded second, not per second of the gap.
  @Test func aLongGapWithinTheSpanIsQuick() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("gap.csv")
    try Self.jumping(6 * 86_400).write(to: file)
    let started = Date()
    let r = try trackbench(["calibrate", file.path, "--static-at", "45,7"])
    #expect(r.status == 2 && r.stderr.contains("at least 30 epochs"), "\(r.stderr)")
    let replay = try trackbench(["replay", file.path, "--truth", file.path, "--strategies", "raw,kalman", "--format", "json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(Date().timeIntervalSince(started) < 60)
  }

  @Test(arguments: ["gpx", "nmea", "csv", "tcx", "gnsslogger"])
  func anEndlessStreamStopsWithAnError(format: String) throws {
    // A device is not a file to read: refused before a byte is read.
    for device in ["/dev/zero", "/dev/urandom"] {
      try hostile.expectRefused(["replay", device, "--input-format", format], mentioning: "a character device")
    }
    // Standard input, the one stream a command reads, is read 64 MB at most without a point.
    try hostile.expectRefused(["replay", "-", "--input-format", format], input: Data(count: 65 << 20), mentioning: "64 MB")
  }

  @Test func aStreamThatIsNotFITIsRefusedAtItsHeader() throws {
    try hostile.expectRefused(["replay", "-", "--input-format", "fit"], input: Data(count: 8 << 20), mentioning: "header")
  }

  @Test func anObjectiveNestedWithoutEndIsAnError() throws {
    let deep = String(repeating: "(", count: 400) + "distance_error_percent" + String(repeating: ")", count: 400)
    let calls = String(repeating: "abs(", count: 400) + "distance_error_percent" + String(repeating: ")", count: 400)
    let signs = String(repeating: "-", count: 5000) + "distance_error_percent"
    for objective in [deep, calls, signs] {
      try hostile.expectRefused(["run", "{dir}/small.yaml", "--strategies", "raw", "--objective=" + objective], mentioning: "--objective")
      try hostile.expectRefused(["merge", "{dir}/small.yaml", "--objective=" + objective], mentioning: "--objective")
      try hostile.expectRefused(["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--objective=" + objective, "--train", "{dir}/small.yaml"])
    }
  }

  /// Southern and western coordinates and negative objectives are values, not options.
  @Test func valuesStartingWithAMinusSign() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("track.csv")
    try Self.jumping(0).write(to: file)
    let r = try trackbench(["replay", file.path, "--static-at", "-33.86,151.21", "--strategies", "raw", "--format", "json"])
    #expect(r.status == 0 && r.stdout.contains("-33.86"), "\(r.stderr)")
    let run = try trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "--strategies", "raw,kalman", "--objective", "-fixes_kept_percent", "-q"])
    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func aSpeedRecordingIsCheckedBeforeItSizesWork() throws {
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
      try hostile.expectRefused(["check", "--throughput", "{dir}/speed.json", "-q"], files: ["speed.json": file], mentioning: mentioning)
    }
  }

  /// A replay that would not fit in memory is refused with its estimate before any strategy runs.
  @Test func aReplayTooLargeForMemoryIsRefusedWithItsEstimate() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("run.gpx").path
    #expect(try trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", recording]).status == 0)
    let refused = try trackbench(["replay", recording, "--strategies", "raw"], environment: ["TRACKBENCH_MEMORY_LIMIT_MB": "32.2"])
    #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.stderr)")
    #expect(refused.stderr.contains("TRACKBENCH_MEMORY_LIMIT_MB raises it") && refused.stderr.contains("an estimated 32 MB"), "\(refused.stderr)")
    let allowed = try trackbench(["replay", recording, "--strategies", "raw"], environment: ["TRACKBENCH_MEMORY_LIMIT_MB": "64"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
  }
}
