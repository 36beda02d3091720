import Evaluation
import Foundation
import Testing
import TrackCore

/// The lap metrics worked by hand on lane 1 at 4 m/s.
@Suite struct LapMetricTests {
  /// Three laps of path, run for `metres` of them at 4 m/s.
  static func truth(metres: Double) -> TruthTrack {
    let r = StandardTrack.radius(lane: 1), straight = StandardTrack.straight
    let lap: [PathSegment] = [
      .line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: straight),
      .arc(center: PlanarPoint(east: straight, north: r), radius: r, startAngle: -.pi / 2, sweep: .pi),
      .line(start: PlanarPoint(east: straight, north: 2 * r), directionEast: -1, directionNorth: 0, length: straight),
      .arc(center: PlanarPoint(east: 0, north: r), radius: r, startAngle: .pi / 2, sweep: .pi),
    ]
    return TruthTrack(
      frame: straightTruth.frame, path: Path(segments: lap + lap + lap), knotTimes: [0, metres / 4], knotDistances: [0, metres],
      trackLap: StandardTrack.lapLength(lane: 1))
  }

  /// One point a second `outwards` metres to the runner's right of the true position.
  func recorded(on truth: TruthTrack, outwards: Double = 0) -> [LocalFix] {
    (0...Int(truth.duration)).map { t in
      var hint = 0
      let (p, de, dn) = truth.path.pointAndDirection(at: truth.distance(at: Double(t)), hint: &hint)
      return LocalFix(time: Double(t), east: p.east + dn * outwards, north: p.north - de * outwards, horizontalAccuracy: 3)
    }
  }

  func scores(_ points: [LocalFix], _ truth: TruthTrack) -> [Metric: Double] {
    var out: [Metric: Double] = [:]
    for (metric, value) in Metric.scores(RecordedRun(observedCount: points.count, recorded: points), against: truth).named { if let value { out[metric] = value } }
    return out
  }

  @Test func exactPositionsLoseOnlyTheChordsOfTheBends() throws {
    // Two laps and 20 m: counted from the distance, two laps; each lap short by the chords across its
    // bends (58 one-second chords of 4 m on a 36.8 m radius, r θ³ / 24 each: 0.11 m).
    let truth = Self.truth(metres: 820)
    let s = scores(recorded(on: truth), truth)
    #expect(s[.lapCountError] == 0)
    let rms = try #require(s[.lapDistanceErrorRMS])
    #expect(rms > 0.09 && rms < 0.14, "\(rms)")
    #expect(abs(try #require(s[.laneDrift])) < 1e-9)
  }

  @Test func oneLaneOutAddsTwoPiTimesTheLaneWidthPerLap() throws {
    let truth = Self.truth(metres: 820)
    let s = scores(recorded(on: truth, outwards: StandardTrack.laneWidth), truth)
    #expect(abs(try #require(s[.laneDrift]) - StandardTrack.laneWidth) < 1e-9)
    let perLap = 2 * Double.pi * StandardTrack.laneWidth  // 7.67 m, less the chords
    #expect(abs(try #require(s[.lapDistanceErrorRMS]) - perLap) < 0.3)
  }

  @Test func aDistanceThatRunsLongCountsALapTooManyAndMarksAreCountedAsTheyAre() throws {
    // 2.95 laps three lanes out: the distance runs 23 m a lap long, past the third lap's 1200 m.
    let truth = Self.truth(metres: 1180)
    var points = recorded(on: truth, outwards: 3 * StandardTrack.laneWidth)
    #expect(scores(points, truth)[.lapCountError] == 1)
    // A lap counter's marks are taken as they are: the start and two laps.
    for t in [0, 101, 201] { points[t].marks.insert(.lap) }
    #expect(scores(points, truth)[.lapCountError] == 0)
    points[250].marks.insert(.lap)
    #expect(scores(points, truth)[.lapCountError] == 1)
  }

  @Test func onlyTracksAreScoredOnLaps() {
    #expect(!Metric.simulated(against: straightTruth).contains { $0.group == .laps })
    #expect(Metric.simulated(against: Self.truth(metres: 800)).contains(.lapCountError))
  }
}
