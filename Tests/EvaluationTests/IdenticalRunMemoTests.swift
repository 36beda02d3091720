import Evaluation
import Foundation
import Testing
import TrackCore

@Suite struct IdenticalRunMemoTests {
  static func run(_ easts: [Double], observed: Int = 3) -> RecordedRun {
    RecordedRun(observedCount: observed, recorded: easts.enumerated().map { LocalFix(time: Double($0.offset), east: $0.element, north: 0, horizontalAccuracy: 5) })
  }

  @Test func anIdenticalRunTakesTheEarlierValueAndNothingElseDoes() {
    var memo = IdenticalRunMemo<Int>()
    var computed = 0
    func value(_ run: RecordedRun) -> Int { memo.value(for: run) { computed += 1; return computed } }
    #expect(value(Self.run([1, 2, 3])) == 1)
    #expect(value(Self.run([1, 2, 3])) == 1)
    #expect(value(Self.run([1, 2, 4])) == 2)
    #expect(value(Self.run([1, 2])) == 3)
    #expect(value(Self.run([1, 2, 3], observed: 4)) == 4)
    // Equal as numbers, different bytes: −0 is not taken for +0.
    #expect(value(Self.run([0, 2, 3])) == 5)
    #expect(value(Self.run([-0.0, 2, 3])) == 6)
    #expect(value(Self.run([], observed: 0)) == 7)
    #expect(value(Self.run([], observed: 0)) == 7)
    #expect(value(Self.run([1, 2, 4])) == 2)
    #expect(computed == 7)
  }
}

/// Runs that share what some metrics read take the earlier run's values of those metrics.
@Suite struct RunSharingTests {
  static let truth = ElevationMetricTests.hill

  /// One point a second along the hill with a wandering position, a Doppler speed and its claim, and an
  /// altitude with its claim and a barometer; `vary` changes what is under test.
  static func run(_ vary: (inout LocalFix, Double) -> Void = { _, _ in }) -> RecordedRun {
    var hint = 0
    let fixes = stride(from: 0.0, through: 560, by: 1).map { t -> LocalFix in
      let (along, trueSpeed) = truth.distanceAndSpeed(at: t, hint: &hint)
      var fix = LocalFix(
        time: t, east: along + 2 * sin(0.7 * t), north: 1.5 * cos(0.3 * t), horizontalAccuracy: 4,
        speed: max(0, trueSpeed + 0.2 * sin(t)), course: 90, altitude: truth.elevation(atDistance: along) + 2 * sin(t / 7),
        verticalAccuracy: 5, pressure: Float(1000 - t / 100), speedAccuracy: 0.3)
      vary(&fix, t)
      return fix
    }
    return RecordedRun(observedCount: fixes.count, recorded: fixes)
  }
  static let base = run()
  static let otherAltitude = run { fix, t in fix.altitude += 3 * cos(t / 5); fix.verticalAccuracy = 6; fix.pressure += 0.5 }
  static let otherSpeedClaim = run { fix, t in fix.speedAccuracy = 0.6 + 0.1 * sin(t) }
  /// A smoother that keeps each fix and its speed: every position and claim moved, marks set.
  static let otherTrack = run { fix, t in
    fix.east += 1.5 * cos(t / 3); fix.north -= 0.5; fix.horizontalAccuracy = 6; fix.course = 95
    if t == 200 { fix.marks.insert(.segmentStart) }
  }
  static let otherSpeed = run { fix, t in if (100...140).contains(t) { fix.speed += 0.5 } }

  @Test func aBuiltInMetricReadsWhatItSharesOnlyThroughThePartsItDeclares() throws {
    let context = ScoringContext(truth: Self.truth)
    let base = Metric.scores(Self.base, context: context)
    #expect(base.metrics.count > 30)
    let variants: [(RecordedRun, (RunMeasures.Parts) -> Bool, Metric)] = [
      (Self.otherAltitude, { $0.contains(.vertical) }, .ascentError),
      (Self.otherSpeedClaim, { !$0.isDisjoint(with: .speedWindows) }, .bestTwoSecondBar),
      (Self.otherTrack, { !$0.isSubset(of: [.livePace, .speedWindows]) }, .crossTrackErrorRMS),
    ]
    for (changed, reading, moved) in variants {
      let scores = Metric.scores(changed, context: context)
      // A metric declaring no part reads the run itself and is always measured again.
      for metric in base.metrics where !metric.descriptor.reads.isEmpty && !reading(metric.descriptor.reads) {
        #expect(scores[metric]?.bitPattern == base[metric]?.bitPattern, "\(metric) moved with what it does not declare")
      }
      // The change does reach the metrics that declare it, so the check above can fail.
      let before = try #require(base[moved]), after = try #require(scores[moved])
      #expect(before != after, "\(moved)")
    }
    // The live pace and the speed windows move with the speeds.
    let faster = Metric.scores(Self.otherSpeed, context: context)
    #expect(faster[.currentPaceErrorRMS] != base[.currentPaceErrorRMS])
    #expect(faster[.bestTenSecondSpeedError] != base[.bestTenSecondSpeedError])
  }

  @Test func aRunSharingPartsWithAnEarlierOneIsScoredOnTheRest() {
    let context = ScoringContext(truth: Self.truth)
    var known = KnownDistances(Self.truth, fixes: Self.base.recorded)
    var memo = IdenticalRunMemo<Scores>()
    var computed = 0
    var rescored: [[Metric]] = []
    func scores(_ run: RecordedRun) -> Scores {
      memo.scores(for: run, rescoring: { rescored.append($0); return Metric.scores(run, context: context, known: &known, only: $0) }) {
        computed += 1
        return Metric.scores(run, context: context, known: &known)
      }
    }
    let laterAltitude = Self.run { fix, t in if t == 560 { fix.altitude += 1 } }
    // A point without a speed: the live pace reads the distance there, so the moved track shares nothing.
    let noSpeed = Self.run { fix, t in
      fix.east += 1.5 * cos(t / 3)
      if t == 300 { fix.speed = -1 }
    }
    // The track moved and the speed accuracy changed: the live pace alone is shared.
    let otherTrackAndClaim = Self.run { fix, t in fix.east -= 1; fix.speedAccuracy = 0.5 }
    let runs = [Self.base, Self.otherAltitude, Self.otherSpeedClaim, Self.otherTrack, laterAltitude, Self.otherAltitude, noSpeed, otherTrackAndClaim]
    for run in runs {
      #expect(scores(run) == Metric.scores(run, context: context), "the same scores as measured afresh")
    }
    // The base and the run without a speed are measured whole, the others only on what they do not
    // share (and the metrics reading the run itself); the repeat is taken whole.
    #expect(computed == 2)
    func rescoring(_ stale: (RunMeasures.Parts) -> Bool) -> [Metric] {
      Metric.simulated(against: Self.truth).filter { $0.descriptor.reads.isEmpty || stale($0.descriptor.reads) }
    }
    let vertical = rescoring { $0.contains(.vertical) }
    #expect(vertical.count < 20)
    let sharingSpeeds = rescoring { !$0.isSubset(of: [.livePace, .speedWindows]) }
    #expect(rescored == [vertical, rescoring { !$0.isDisjoint(with: .speedWindows) }, sharingSpeeds, vertical, rescoring { !$0.isSubset(of: .livePace) }])
    #expect(sharingSpeeds.count == Metric.simulated(against: Self.truth).count - 11, "all but the live pace's four and the speed windows' seven")
  }
}
