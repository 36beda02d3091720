import Foundation
import Testing
import TrackCore

@Suite struct PathTests {
  @Test func lineAndArcLengths() {
    let path = Path(segments: [
      .line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 100),
      .arc(center: PlanarPoint(east: 100, north: 10), radius: 10, startAngle: -.pi / 2, sweep: .pi / 2),
    ])
    #expect(abs(path.length - (100 + 5 * .pi)) < 1e-12)
    let end = path.point(at: path.length)
    #expect(abs(end.east - 110) < 1e-9 && abs(end.north - 10) < 1e-9)
    #expect(abs(path.heading(at: 50) - 90) < 1e-9)
    #expect(path.isTurn(at: 101) && !path.isTurn(at: 99))
  }

  @Test func distanceToSegments() {
    let arc = PathSegment.arc(center: PlanarPoint(east: 0, north: 0), radius: 10, startAngle: 0, sweep: .pi / 2)
    #expect(abs(arc.distance(from: PlanarPoint(east: 0, north: 13)) - 3) < 1e-12)
    // Outside the arc's sweep: nearest is an end point.
    #expect(abs(arc.distance(from: PlanarPoint(east: 0, north: -10)) - (200.0).squareRoot()) < 1e-9)
    let rightTurn = PathSegment.arc(center: PlanarPoint(east: 0, north: 0), radius: 10, startAngle: .pi / 2, sweep: -.pi / 2)
    #expect(abs(rightTurn.distance(from: PlanarPoint(east: 7, north: 7)) - abs(98.0.squareRoot() - 10)) < 1e-9)
  }

  /// East for `length` metres, a half-turn left of `radius`, and back west as far.
  static func hairpin(length: Double, radius: Double) -> Path {
    Path(segments: [
      .line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: length),
      .arc(center: PlanarPoint(east: length, north: radius), radius: radius, startAngle: -.pi / 2, sweep: .pi),
      .line(start: PlanarPoint(east: length, north: 2 * radius), directionEast: -1, directionNorth: 0, length: length),
    ])
  }

  @Test func truthSamplesAreDenseEnoughForAnExactLength() {
    let path = Self.hairpin(length: 200, radius: 3)
    let truth = TruthTrack(
      frame: LocalFrame(origin: GeodeticPosition(latitude: 10, longitude: 10)), path: path,
      knotTimes: [0, path.length / 3], knotDistances: [0, path.length])
    let samples = truth.samples(rateHz: 10)
    var length = 0.0
    for i in 1..<samples.count {
      length += PlanarPoint(east: samples[i - 1].east, north: samples[i - 1].north)
        .distance(to: PlanarPoint(east: samples[i].east, north: samples[i].north))
    }
    #expect(abs(length - path.length) / path.length < 1e-4)
    #expect(samples.last!.time == truth.duration)
  }

  /// A search carried from call to call (forward, then back, then past the ends, with zero-length
  /// segments among the starts) finds what a fresh search finds.
  @Test func aHintedSearchEqualsAFreshOne() {
    var segments: [PathSegment] = []
    var east = 0.0
    for i in 0..<40 {
      segments.append(.line(start: PlanarPoint(east: east, north: 0), directionEast: 1, directionNorth: 0, length: i % 7 == 3 ? 0 : 5 + Double(i % 4)))
      east += i % 7 == 3 ? 0 : 5 + Double(i % 4)
    }
    let path = Path(segments: segments)
    var hint = Path.SearchHint()
    var index = Int.max
    let along = Array(stride(from: -20.0, through: path.length + 20, by: 1.7)) + Array(stride(from: path.length, through: -5, by: -13.1)) + [3]
    for s in along {
      let p = PlanarPoint(east: s, north: 2 + s.truncatingRemainder(dividingBy: 3))
      let fresh = path.distance(from: p, alongRange: (s - 10)...(s + 10))
      let hinted = path.distance(from: p, alongRange: (s - 10)...(s + 10), hint: &hint)
      #expect(fresh == hinted || (fresh.isNaN && hinted.isNaN), "at \(s)")
      #expect(path.segmentIndex(at: s, hint: &index) == path.segmentIndex(at: s), "at \(s)")
    }
    #expect(path.segmentIndex(at: .nan, hint: &index) == path.segmentIndex(at: .nan))
  }

  /// The true speed with the knot search carried from call to call (forward, at knots, back, before the
  /// start, past the end, not a number) is bit for bit the speed a fresh search finds.
  @Test func aHintedSpeedEqualsAFreshOne() {
    let path = Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 500)])
    let truth = TruthTrack(
      frame: LocalFrame(origin: GeodeticPosition(latitude: 10, longitude: 10)), path: path,
      knotTimes: [0, 10, 10.5, 30, 60, 61, 90], knotDistances: [0, 30, 30, 80, 200, 203, 500])
    let times = Array(stride(from: -3.0, through: 95, by: 0.25)) + [10, 10.5, 61, 30, 29.999, 0, 90, 45, 100, 12, .nan, 7]
    var hint = 0
    for time in times {
      let hinted = truth.speed(at: time, hint: &hint), fresh = truth.speed(at: time)
      #expect(hinted.bitPattern == fresh.bitPattern, "at \(time) s: \(hinted) against \(fresh)")
    }
    var outOfRange = 99
    #expect(truth.speed(at: 20, hint: &outOfRange) == truth.speed(at: 20))
  }

  /// A run's true distances looked up in a trial's (where a fix keeps a trial fix's time) are the numbers
  /// found afresh: kept fixes, moved fixes, fixes past the end, a run out of order.
  @Test func knownDistancesAreTheSameNumbers() {
    let path = Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 500)])
    let truth = TruthTrack(
      frame: LocalFrame(origin: GeodeticPosition(latitude: 10, longitude: 10)), path: path,
      knotTimes: [0, 10, 10.5, 30, 60, 61], knotDistances: [0, 30, 30, 80, 200, 203])
    let trial = stride(from: -1.0, through: 70, by: 0.7).map { LocalFix(time: $0, east: 0, north: 0, horizontalAccuracy: 5) }
    var known = KnownDistances(truth, fixes: trial)
    let kept = trial.enumerated().filter { $0.offset % 3 != 1 }.map(\.element)
    let moved = trial.enumerated().map { i, fix in var f = fix; if i % 4 == 0 { f.time += 0.25 }; return f }
    for run in [trial, kept, moved, Array(trial.reversed()), [], Array(trial.prefix(1))] {
      #expect(known.measure(run, against: truth).along == truth.distances(at: run))
    }
  }

  /// A run's distances along and from the path measured through a trial's (``KnownDistances/measure(_:against:)``)
  /// are the numbers found afresh, for fixes kept where the trial put them, moved, shifted in time, in
  /// another order, measured before (remembered from an earlier run) or all at once; a fix at −0 where the
  /// trial's was at 0 is measured afresh.
  @Test func knownOffPathDistancesAreTheSameNumbers() {
    let path = Self.hairpin(length: 100, radius: 20)
    let truth = TruthTrack(
      frame: LocalFrame(origin: GeodeticPosition(latitude: 10, longitude: 10)), path: path,
      knotTimes: [0, 30, 31, 80], knotDistances: [0, 90, 90, path.length])
    let trial = stride(from: 0.0, through: 85, by: 0.9).enumerated().map { i, t in
      LocalFix(time: t, east: 2.5 * t + Double(i % 5) - 2, north: Double(i % 7) - 3 + (t > 40 ? 40 : 0), horizontalAccuracy: 5)
    }
    let kept = trial.enumerated().filter { $0.offset % 3 != 1 }.map(\.element)
    let moved = trial.enumerated().map { i, fix in var f = fix; if i % 4 == 0 { f.east += 0.5 }; return f }
    let shifted = trial.enumerated().map { i, fix in var f = fix; if i % 5 == 0 { f.time += 0.25 }; return f }
    var signed = Array(trial.prefix(3))
    signed[0].north = 0
    var negative = signed
    negative[0].north = -0.0
    func fresh(_ run: [LocalFix]) -> (along: [Double], offPath: [Double]) {
      let along = truth.distances(at: run)
      return (along, zip(run, along).map { fix, s in
        path.distance(from: PlanarPoint(east: fix.east, north: fix.north), alongRange: (s - 15)...(s + 15))
      })
    }
    var known = KnownDistances(truth, fixes: trial, searchRadius: 15)
    for run in [kept, trial, moved, shifted, Array(trial.reversed()), [], Array(trial.prefix(1)), kept] {
      let measured = known.measure(run, against: truth), expected = fresh(run)
      #expect(measured.along == expected.along && measured.offPath == expected.offPath)
    }
    var whole = KnownDistances(truth, fixes: trial, searchRadius: 15)
    whole.measureAll(against: truth)
    let measured = whole.measure(moved, against: truth)
    #expect(measured.along == fresh(moved).along && measured.offPath == fresh(moved).offPath)
    var zero = KnownDistances(truth, fixes: signed, searchRadius: 15)
    #expect(zero.measure(negative, against: truth).offPath.map(\.bitPattern) == fresh(negative).offPath.map(\.bitPattern))
  }
}
