import Foundation
import Testing
import TrackIO

@Suite struct GPXReaderTests {
  /// The shared GPX recordings and their track points (all timed).
  static let counts = [
    "gpsbabel/mtk_logger_m241.gpx": 1199, "gpsbabel/vitovtt-sample.gpx": 1866, "runpandas/run.gpx": 1424,
    "runpandas/556160e9-d74c-440c-b0af-363efb753430.gpx": 856, "runpandas/ca16e15a-3479-4666-a255-80f6ec84c15f.gpx": 270,
  ]
  static let files = counts.keys.sorted()

  /// gpxpy's reading: one line per track point, `time lat lon` (time as UTC seconds, or `none`).
  static func gpxpyPoints(_ file: String) throws -> [(time: Double?, latitude: Double, longitude: Double)] {
    let script = """
      import sys, gpxpy
      gpx = gpxpy.parse(open(sys.argv[1], encoding='utf-8'))
      for track in gpx.tracks:
          for segment in track.segments:
              for p in segment.points:
                  t = 'none' if p.time is None else repr(p.time.timestamp())
                  print(t, repr(p.latitude), repr(p.longitude))
      """
    let result = try PythonTools.run(try PythonTools.pythonWithReferenceReaders(), ["-c", script, file])
    try #require(result.status == 0, "\(result.output)")
    return result.output.split(separator: "\n").map { line in
      let parts = line.split(separator: " ")
      return (Double(parts[0]), Double(parts[1])!, Double(parts[2])!)
    }
  }

  @Test(
    .enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real GPX recordings are not checked"),
    .enabled(if: PythonTools.python3 != nil, "python3 is not installed: the gpxpy comparison is skipped"),
    arguments: files)
  func agreesWithGPXPy(path: String) throws {
    let file = try #require(sharedRealData).appendingPathComponent(path).path
    let recording = try GPXReader().read(file)
    let reference = try Self.gpxpyPoints(file)
    let timed = reference.filter { $0.time != nil }
    #expect(reference.count == Self.counts[path] && recording.points.count + recording.skipped.values.reduce(0, +) == Self.counts[path])
    #expect(recording.points.count + (recording.skipped[.notAfterPrevious] ?? 0) == timed.count, "\(recording.skipped)")
    #expect(recording.skipped[.noTime, default: 0] == reference.count - timed.count)
    var largest = 0.0
    var k = 0
    for point in timed {
      guard k < recording.points.count, recording.points[k].time == point.time! else { continue }  // a repeated time we dropped
      largest = max(largest, abs(recording.points[k].latitude - point.latitude), abs(recording.points[k].longitude - point.longitude))
      k += 1
    }
    #expect(k == recording.points.count, "every point of ours matched gpxpy's in order")
    #expect(largest == 0, "positions parse to the same doubles as gpxpy's: \(largest)")
  }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent"))
  func extensionsAndDilution() throws {
    let mtk = try GPXReader().read(try #require(sharedRealData).appendingPathComponent("gpsbabel/mtk_logger_m241.gpx").path)
    let first = try #require(mtk.points.first)
    #expect(first.hdop != nil && first.satellites != nil && first.speed != nil && first.accuracySource == .hdop)
    #expect(mtk.hasDate)
  }

  @Test func readsWhatOurWriterWrites() throws {
    let gpx = """
      <?xml version="1.0"?><gpx version="1.1" xmlns:tb="urn:trackbench:gpx:1"><trk><trkseg>
      <trkpt lat="45.5" lon='7.25'><ele>300</ele><time>2026-01-01T07:00:00.500Z</time><extensions><tb:accuracy>4.5</tb:accuracy><tb:speed>3.2</tb:speed><tb:course>90</tb:course></extensions></trkpt>
      <!-- a comment with <trkpt lat="1" lon="1"> inside -->
      <trkpt lat="45.6" lon="7.3"><time>2026-01-01T08:00:01+01:00</time></trkpt></trkseg><trkseg>
      <trkpt lat="45.7" lon="7.4"><time>2026-01-01T07:00:02Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>2.5</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions></trkpt>
      <trkpt lat="95" lon="7.4"><time>2026-01-01T07:00:03Z</time></trkpt>
      <trkpt lat="45.8" lon="7.4"/>
      <trkpt lat="45.9" lon="7.5"><time>2026-01-01T07:00:02Z</time></trkpt>
      </trkseg></trk></gpx>
      """
    let recording = try GPXReader().read(bytes: Array(gpx.utf8))
    #expect(recording.points.count == 3)
    let first = recording.points[0]
    #expect(first.time == 1_767_250_800.5 && first.latitude == 45.5 && first.longitude == 7.25 && first.altitude == 300)
    #expect(first.horizontalAccuracy == 4.5 && first.accuracySource == .claimed && first.speed == 3.2 && first.course == 90)
    #expect(recording.points[1].time == 1_767_250_801, "+01:00 is an hour ahead of UTC")
    #expect(recording.points[2].speed == 2.5 && recording.points[2].accuracySource == .unknown)
    #expect(recording.segmentStarts == [2])
    #expect(recording.skipped == [.outOfRange: 1, .noTime: 1, .notAfterPrevious: 1])
  }

  @Test func chunkBoundariesDoNotMatter() throws {
    // A file larger than a chunk, with tags and text split at every possible place somewhere.
    var gpx = "<gpx><trk><trkseg>"
    for k in 0..<30_000 { gpx += "<trkpt lat=\"\(Double(k % 90) + 0.125)\" lon=\"-\(Double(k % 180) + 0.5)\"><time>2026-01-01T00:00:00Z</time><ele>\(k)</ele></trkpt>\n".replacingOccurrences(of: "00:00:00", with: String(format: "%02d:%02d:%02d", k / 3600, k / 60 % 60, k % 60)) }
    gpx += "</trkseg></trk></gpx>"
    #expect(gpx.utf8.count > 2 * (1 << 20))
    let recording = try GPXReader().read(bytes: Array(gpx.utf8))
    #expect(recording.points.count == 30_000)
    #expect(recording.points.enumerated().allSatisfy { k, p in p.altitude == Double(k) && p.latitude == Double(k % 90) + 0.125 })
  }

  @Test func hostileInputIsAnError() {
    for text in ["", "<gpx>", "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">", "not xml at all", "<gpx><trkpt lat=\"1\"", "<other/>",
      "<gpx><trk><trkseg><trkpt lat=\"nan\" lon=\"2\"><time>2026-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>"] {
      #expect(throws: RecordingError.self, "\(text)") { try GPXReader().read(bytes: Array(text.utf8)) }
    }
  }
}
