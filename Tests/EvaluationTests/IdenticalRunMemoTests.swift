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

/// Runs that differ only in the side channels few metrics read take the earlier run's other scores.
@Suite struct ChannelReuseTests {
  static let truth = ElevationMetricTests.hill

  /// One point a second along the hill with a wandering position, a Doppler speed and its claim, and an
  /// altitude with its claim and a barometer; `vary` changes the channels under test.
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

  @Test func aBuiltInMetricReadsTheChannelsOnlyThroughThePartsItDeclares() throws {
    let context = ScoringContext(truth: Self.truth)
    let base = Metric.scores(Self.base, context: context)
    let variants = [(Self.otherAltitude, RunMeasures.Parts.vertical, Metric.ascentError), (Self.otherSpeedClaim, .efforts, .bestTwoSecondBar)]
    #expect(base.metrics.count > 30)
    for (changed, part, moved) in variants {
      let scores = Metric.scores(changed, context: context)
      // A metric declaring no part reads the run itself and is always measured again.
      for metric in base.metrics where !metric.descriptor.reads.isEmpty && !metric.descriptor.reads.contains(part) {
        #expect(scores[metric]?.bitPattern == base[metric]?.bitPattern, "\(metric) moved with a channel it does not declare")
      }
      // The channel does reach the metrics that declare it, so the check above can fail.
      let before = try #require(base[moved]), after = try #require(scores[moved])
      #expect(before != after, "\(moved)")
    }
  }

  @Test func aRunDifferingOnlyInAChannelIsScoredOnTheMetricsReadingIt() {
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
    let moved = Self.run { fix, t in if t == 300 { fix.east = fix.east.nextUp } }
    let laterAltitude = Self.run { fix, t in if t == 560 { fix.altitude += 1 } }
    for run in [Self.base, Self.otherAltitude, Self.otherSpeedClaim, moved, laterAltitude, Self.otherAltitude] {
      #expect(scores(run) == Metric.scores(run, context: context), "the same scores as measured afresh")
    }
    // The base and the moved run are measured whole; the three channel variants only on the metrics
    // reading the channel and those reading the run itself; the repeat is taken whole.
    #expect(computed == 2)
    #expect(rescored.count == 3)
    func reading(_ part: RunMeasures.Parts) -> [Metric] {
      Metric.simulated(against: Self.truth).filter { $0.descriptor.reads.isEmpty || $0.descriptor.reads.contains(part) }
    }
    #expect(reading(.vertical).count < 20)
    #expect(rescored.first == reading(.vertical))
    #expect(rescored.dropFirst().first == reading(.efforts))
  }
}
