import Foundation
import Testing
import TrackCore
import TrackIO

/// A logger's file of many days is read as parts cut at its gaps; only a part that alone spans more
/// than 7 days is refused, naming it.
@Suite struct MultiDayRecordingTests {
  /// GPX of `sessions`, each (start as seconds since 1970, points, seconds apart), one track.
  static func gpx(_ sessions: [(start: Double, points: Int, step: Double)]) throws -> String {
    var out = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"logger\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
    let formatter = ISO8601DateFormatter()
    var k = 0
    for session in sessions {
      for i in 0..<session.points {
        let time = formatter.string(from: Date(timeIntervalSince1970: session.start + Double(i) * session.step))
        out += "<trkpt lat=\"\(52 + 0.0001 * Double(k % 500))\" lon=\"4.0\"><time>\(time)</time></trkpt>\n"
        k += 1
      }
    }
    return out + "</trkseg></trk></gpx>\n"
  }

  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("multi-day-\(UUID()).gpx").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func manyDaysAreReadAsParts() throws {
    // 40 daily hour-long walks (a Takeout-like export), then a session three years later (a clock jump).
    let day = 86_400.0, start = 1_767_250_800.0
    var sessions = (0..<40).map { (start: start + Double($0) * day, points: 60, step: 60.0) }
    sessions.append((start: start + 3 * 365 * day, points: 30, step: 1.0))
    let path = try Self.write(try Self.gpx(sessions))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recording = try RecordingFormat.gpx.read(path)
    #expect(recording.points.count == 40 * 60 + 30)
    #expect(recording.segmentStarts == (1...40).map { $0 * 60 }, "a part at each gap over an hour")
  }

  @Test func aSinglePartOverSevenDaysIsRefusedNamingIt() throws {
    // Two hours, then eight days with a point every 30 minutes: no gap over an hour in it.
    let start = 1_767_250_800.0
    let path = try Self.write(try Self.gpx([(start, 120, 60), (start + 2 * 86_400, 8 * 48 + 1, 1800)]))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect {
      _ = try RecordingFormat.gpx.read(path)
    } throws: { error in
      let text = "\(error)"
      return text.contains("points 121 to 505") && text.contains("expected parts spanning at most 7 days each") && text.contains("8.0 days")
    }
  }
}
