import Foundation
import Testing
import TrackCore
import TrackIO

@Suite struct TCXReaderTests {
  static let file = "runpandas/2020-12-04T19_09_21-300_Running.tcx"

  @Test(
    .enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real TCX recording is not checked"),
    .enabled(if: gpsbabel != nil, "gpsbabel is not installed (make test installs it): the GPSBabel comparison is skipped"))
  func agreesWithGPSBabel() throws {
    let path = try #require(sharedRealData).appendingPathComponent(Self.file).path
    let recording = try TCXReader().read(path)
    // 1,353 trackpoints, 1,281 with a position (the data README); 10 laps summing to 9,625.374022 m.
    #expect(recording.points.count == 1281)
    #expect(recording.skipped == [.noFix: 72])
    #expect(abs(try #require(recording.deviceDistance) - 9625.374022) < 1e-6)
    let reference = try gpsbabelPoints("gtrnctr", path)
    #expect(reference.count == recording.points.count)
    var largest = 0.0
    for (ours, theirs) in zip(recording.points, reference) {
      #expect(ours.time == theirs.time)
      largest = max(largest, abs(ours.latitude - theirs.latitude), abs(ours.longitude - theirs.longitude))
    }
    #expect(largest < 1e-9, "positions agree with GPSBabel's to \(largest)°")
    #expect(recording.points.allSatisfy { $0.accuracySource == .unknown && $0.horizontalAccuracy == nil }, "TCX claims no accuracy")
    #expect(recording.points.contains { ($0.speed ?? 0) > 0 }, "ActivityExtension speed")
  }

  @Test func withoutLapsTheLastCumulativeDistance() throws {
    let tcx = """
      <TrainingCenterDatabase><Activities><Activity><Lap><Track>
      <Trackpoint><Time>2026-01-01T07:00:00Z</Time><Position><LatitudeDegrees>45</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position><DistanceMeters>0</DistanceMeters></Trackpoint>
      <Trackpoint><Time>2026-01-01T07:00:05Z</Time><DistanceMeters>12.5</DistanceMeters></Trackpoint>
      <Trackpoint><Time>2026-01-01T07:00:10Z</Time><Position><LatitudeDegrees>45.0002</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position><DistanceMeters>22.25</DistanceMeters></Trackpoint>
      </Track></Lap></Activity></Activities></TrainingCenterDatabase>
      """
    let recording = try TCXReader().read(bytes: Array(tcx.utf8))
    #expect(recording.points.count == 2 && recording.deviceDistance == 22.25 && recording.skipped == [.noFix: 1])
  }

  @Test func hostileInputIsAnError() {
    for text in ["", "<gpx/>", "<TrainingCenterDatabase>", "<TrainingCenterDatabase><Trackpoint><Time>x</Time></Trackpoint></TrainingCenterDatabase>"] {
      #expect(throws: RecordingError.self, "\(text)") { try TCXReader().read(bytes: Array(text.utf8)) }
    }
  }

  /// The TCX writer's output reads back through our reader and GPSBabel's, points and distance intact.
  @Test(.enabled(if: gpsbabel != nil, "gpsbabel is not installed (make test installs it): the GPSBabel check is skipped"))
  func writtenTCXReadsBack() throws {
    let run = try generated("city-ride")
    let text = try TCXWriter().write(run)
    let recording = try TCXReader().read(bytes: Array(text.utf8))
    #expect(recording.points.count == run.observed.count)
    let raw = zip(run.observed, run.observed.dropFirst()).reduce(0.0) { $0 + Geodesy.haversine($1.0.latitude, $1.0.longitude, $1.1.latitude, $1.1.longitude) }
    #expect(abs(try #require(recording.deviceDistance) - raw) < 0.01, "the lap's distance is the raw length")
    #expect(zip(run.observed, recording.points).allSatisfy { abs(($0.speed ?? -1) - ($1.speed ?? -1)) < 0.0005 })
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-\(UUID()).tcx")
    defer { try? FileManager.default.removeItem(at: file) }
    try text.write(to: file, atomically: true, encoding: .utf8)
    let babel = try gpsbabelPoints("gtrnctr", file.path)
    #expect(babel.count == run.observed.count)
    #expect(zip(babel, recording.points).allSatisfy { abs($0.latitude - $1.latitude) < 1e-9 && abs($0.time - $1.time) < 0.001 })
  }
}
