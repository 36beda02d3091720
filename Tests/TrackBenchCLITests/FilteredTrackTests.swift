import Foundation
import Testing

/// What each strategy made of the fixes, written out: `replay --tracks DIR` and `generate --strategies`.
@Suite struct FilteredTrackTests {
  /// 120 s walking east at 1.5 m/s; the recording zig-zags ±3 m about the truth.
  func write(in folder: URL) async throws -> (recording: String, truth: String) {
    func gpx(_ offset: (Int) -> Double) -> String {
      let points = (0..<120).map { t in
        String(format: "<trkpt lat=\"%.9f\" lon=\"%.9f\"><time>2025-06-01T08:%02d:%02dZ</time></trkpt>", 45 + offset(t) / 111_132, 7 + 1.5 * Double(t) / 78_847, t / 60, t % 60)
      }
      return "<gpx version=\"1.1\"><trk><trkseg>\(points.joined())</trkseg></trk></gpx>"
    }
    let recording = folder.appendingPathComponent("walk.gpx"), truth = folder.appendingPathComponent("truth.gpx")
    try gpx { $0 % 2 == 0 ? 3 : -3 }.write(to: recording, atomically: true, encoding: .utf8)
    try gpx { _ in 0 }.write(to: truth, atomically: true, encoding: .utf8)
    return (recording.path, truth.path)
  }

  @Test func replayWritesATrackPerStrategyInUTC() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (recording, truth) = try await write(in: folder)
    let tracks = folder.appendingPathComponent("tracks")
    try FileManager.default.createDirectory(at: tracks, withIntermediateDirectories: true)
    let base = ["replay", recording, "--truth", truth, "--strategies", "raw,kalman,rts", "--tracks", tracks.path, "--format", "json", "--output", "/dev/null"]
    let r = try await trackbench(base)
    #expect(r.status == 0, "\(r.stderr)")
    let gpx = try String(contentsOf: tracks.appendingPathComponent("walk.gpx"), encoding: .utf8)
    let names = gpx.components(separatedBy: "<name>").dropFirst().map { $0.components(separatedBy: "</name>")[0] }
    #expect(names.count == 6 && names[1] == "observed" && names[2] == "truth" && names[3] == "raw" && names[4].hasPrefix("kalman("), "\(names)")
    #expect(gpx.contains("<time>2025-06-01T08:00:00.000Z</time>") && gpx.contains("2025-06-01T08:01:59.000Z"), "the recording's own UTC times")
    // The smoother pulls the zig-zag in: its points lie nearer the truth's line (latitude 45) than raw's.
    func spread(_ track: String) -> Double {
      let body = gpx.components(separatedBy: "<name>\(track)</name>")[1].components(separatedBy: "</trk>")[0]
      let latitudes = body.components(separatedBy: "lat=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
      return latitudes.map { abs($0 - 45) * 111_132 }.reduce(0, +) / Double(latitudes.count)
    }
    #expect(spread("raw") > 2.9 && spread("rts(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)") < 1.5)
    let csv = try await trackbench(base + ["--track-format", "csv"])
    #expect(csv.status == 0, "\(csv.stderr)")
    let rows = try String(contentsOf: tracks.appendingPathComponent("walk.csv"), encoding: .utf8).split(separator: "\n")
    #expect(rows.filter { $0.hasPrefix("observed,") }.count == 120 && rows.filter { $0.hasPrefix("raw,") }.count == 120, "\(rows.count) rows")
    #expect(rows.contains { $0.hasPrefix("\"kalman(q: 0.5") }, "a strategy's text, quoted")
    for (arguments, message) in [
      (["--tracks", folder.appendingPathComponent("nowhere").path], "--tracks: expected an existing directory"),
      (["--tracks", tracks.path, "--track-format", "nmea"], "'gpx', 'csv' or 'json'"),
      (["--tracks", tracks.path, "--output", tracks.appendingPathComponent("walk.gpx").path], "is also the file of --output"),
    ] {
      let bad = try await trackbench(["replay", recording, "--truth", truth, "--strategies", "raw"] + arguments)
      let errors = bad.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
      #expect(bad.status == 2 && errors.count == 1 && errors[0].contains(message), "\(bad.stderr)")
    }
  }

  @Test func generateAddsTheStrategiesTracks() async throws {
    let plain = try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx"])
    let with = try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--strategies", "raw,kalman"])
    #expect(plain.status == 0 && with.status == 0, "\(with.stderr)")
    #expect(plain.stdout.components(separatedBy: "<trk>").count == 3 && with.stdout.components(separatedBy: "<trk>").count == 5)
    #expect(with.stdout.hasPrefix(plain.stdout.components(separatedBy: "</gpx>")[0]), "the same observed and truth tracks first")
    let json = try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "json", "--strategies", "raw"])
    #expect(json.stdout.contains("\"strategies\" : [") && !plain.stdout.contains("strategies"))
    let nmea = try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "nmea", "--strategies", "raw"])
    #expect(nmea.status == 2 && nmea.stderr.contains("--strategies: expected --format gpx, csv or json"), "\(nmea.stderr)")
  }
}
