import Evaluation
import Foundation
import Testing
import TrackCore

/// The elevation metrics worked by hand on a 2 km climb and descent with a 60 s stop at the top.
@Suite struct ElevationMetricTests {
  /// 2 km east at 4 m/s, 1 km up 40 m then down 20 m, standing 60 s at 1000 m (250-310 s).
  static let hill = TruthTrack(
    frame: straightTruth.frame,
    path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 2000)]),
    knotTimes: [0, 250, 310, 560], knotDistances: [0, 1000, 1000, 2000],
    elevation: ElevationProfile(distances: [0, 1000, 2000], rises: [0, 40, 20]))

  /// One point every 10 s at the true position, altitude = truth + `error(t)`.
  func recorded(_ error: (Double) -> Double) -> [LocalFix] {
    stride(from: 0.0, through: 560, by: 10).map { t in
      let along = Self.hill.distance(at: t)
      return LocalFix(time: t, east: along, north: 0, horizontalAccuracy: 3, altitude: Self.hill.elevation(atDistance: along) + error(t), verticalAccuracy: 5)
    }
  }

  func scores(_ fixes: [LocalFix], truth: TruthTrack = hill) -> [Metric: Double] {
    var out: [Metric: Double] = [:]
    for (metric, value) in Metric.scores(RecordedRun(observedCount: fixes.count, recorded: fixes), against: truth).named { if let value { out[metric] = value } }
    return out
  }

  @Test func aPerfectAltitudeScoresZero() throws {
    let s = scores(recorded { _ in 0 })
    for metric in [Metric.ascentError, .ascentErrorPercent, .descentError, .altitudeErrorRMS, .kilometreAscentErrorRMS, .standingAscent] {
      #expect(abs(try #require(s[metric], "\(metric)")) < 1e-9, "\(metric)")
    }
  }

  @Test func wobbleWhileStandingIsCountedAsGain() throws {
    // +3 m at 260 s and 280 s and 300 s, 0 otherwise: three 3 m rises and three falls, all while standing.
    let s = scores(recorded { t in [260.0, 280, 300].contains(t) ? 3 : 0 })
    #expect(abs(try #require(s[.ascentError]) - 9) < 1e-9)
    #expect(abs(try #require(s[.ascentErrorPercent]) - 22.5) < 1e-9)  // 9 of 40 m
    #expect(abs(try #require(s[.descentError]) - 9) < 1e-9)
    #expect(abs(try #require(s[.standingAscent]) - 9) < 1e-9)
    // 3 of 57 points off by 3 m.
    let altitudeRMS = try #require(s[.altitudeErrorRMS])
    #expect(abs(altitudeRMS - (27.0 / 57).squareRoot()) < 1e-9)
    // All of it in the second kilometre (the truth reaches 1000 m at 250 s): errors 0 and 9 m.
    let kilometreRMS = try #require(s[.kilometreAscentErrorRMS])
    #expect(abs(kilometreRMS - (81.0 / 2).squareRoot()) < 1e-9)
  }

  @Test func aConstantOffsetCostsRMSButNoGain() throws {
    let s = scores(recorded { _ in 12 })
    #expect(abs(try #require(s[.ascentError])) < 1e-9)
    #expect(abs(try #require(s[.altitudeErrorRMS]) - 12) < 1e-9)
  }

  @Test func aFlatTruthOrARunWithoutAltitudeHasNoElevationMetrics() {
    let flat = scores(fixes(on: longStraight), truth: longStraight)
    #expect(!flat.keys.contains { $0.group == .elevation })
    #expect(!Metric.simulated(against: longStraight).contains { $0.group == .elevation })
    var noAltitude = recorded { _ in 0 }
    for i in noAltitude.indices { noAltitude[i].verticalAccuracy = -1 }
    #expect(!scores(noAltitude).keys.contains { $0.group == .elevation })
  }
}
