import Evaluation
import Testing
import TrackCore

/// A straight 1 km eastward run at 4 m/s (250 s).
let straightTruth = TruthTrack(
  frame: LocalFrame(origin: GeodeticPosition(latitude: 45, longitude: 7)),
  path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 1000)]),
  knotTimes: [0, 250], knotDistances: [0, 1000])

func perfectFixes(offsetNorth: Double = 0) -> [LocalFix] {
  (0...250).map { LocalFix(time: Double($0), east: 4 * Double($0), north: offsetNorth, horizontalAccuracy: 3) }
}

@Suite struct MetricTests {
  @Test func perfectRecordingScoresZero() throws {
    let run = RecordedRun(observedCount: 251, recorded: perfectFixes())
    #expect(abs(try #require(DistanceError(.percent).evaluate(run, against: straightTruth))) < 1e-9)
    #expect(abs(try #require(DistanceError(.meters).evaluate(run, against: straightTruth))) < 1e-9)
    #expect(abs(try #require(CurrentPaceError().evaluate(run, against: straightTruth))) < 1e-9)
    #expect(abs(try #require(CrossTrackError().evaluate(run, against: straightTruth))) < 1e-12)
    #expect(FixRetention().evaluate(run, against: straightTruth) == 100)
  }

  @Test func zigZagAddsDistance() throws {
    // Alternate ±1.5 m north: every 4 m step becomes 5 m: +25 %.
    let fixes = perfectFixes().enumerated().map { i, f in
      var f = f; f.north = i % 2 == 0 ? 1.5 : -1.5; return f
    }
    let run = RecordedRun(observedCount: fixes.count, recorded: fixes)
    #expect(abs(try #require(DistanceError(.percent).evaluate(run, against: straightTruth)) - 25) < 1e-9)
    #expect(abs(try #require(DistanceError(.meters).evaluate(run, against: straightTruth)) - 250) < 1e-9)
    #expect(abs(try #require(CrossTrackError().evaluate(run, against: straightTruth)) - 1.5) < 1e-12)
  }

  @Test func crossTrackOfAnOffsetLine() throws {
    let run = RecordedRun(observedCount: 251, recorded: perfectFixes(offsetNorth: 2))
    #expect(abs(try #require(CrossTrackError().evaluate(run, against: straightTruth)) - 2) < 1e-12)
  }

  @Test func halfTheFixesKept() {
    let fixes = perfectFixes().enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    #expect(FixRetention().evaluate(RecordedRun(observedCount: 252, recorded: fixes), against: straightTruth) == 50)
  }

  @Test func constantLagShowsInPaceOnlyAfterAChange() throws {
    // Truth: 4 m/s for 125 s, then 2 m/s. The app reports every point 10 s late (age 10).
    let truth = TruthTrack(
      frame: straightTruth.frame, path: straightTruth.path, knotTimes: [0, 125, 375], knotDistances: [0, 500, 1000])
    let fixes = (0...375).map { t -> LocalFix in
      let p = truth.point(at: Double(t))
      return LocalFix(time: Double(t), east: p.east, north: p.north, horizontalAccuracy: 3, age: 10)
    }
    // Before t = 125 + the window, the app's window (shifted 10 s) sees the same 4 m/s: error only while
    // the windows straddle the change, for 10 of the seconds where the speed changes.
    let lagged = try #require(CurrentPaceError().evaluate(RecordedRun(observedCount: 376, recorded: fixes), against: truth))
    let prompt = fixes.map { f -> LocalFix in var f = f; f.age = 0; return f }
    let exact = try #require(CurrentPaceError().evaluate(RecordedRun(observedCount: 376, recorded: prompt), against: truth))
    #expect(exact < 1e-9)
    #expect(lagged > 10)
  }

  @Test func nothingRecordedMeansAPaceCapErrorAndNoCrossTrack() throws {
    let run = RecordedRun(observedCount: 251, recorded: [])
    #expect(CrossTrackError().evaluate(run, against: straightTruth) == nil)
    // The app shows no pace (capped at 30:00 /km) while the runner does 4:10 /km.
    let pace = try #require(CurrentPaceError().evaluate(run, against: straightTruth))
    #expect(abs(pace - (1800 - 250)) < 1e-9)
    #expect(try #require(DistanceError(.percent).evaluate(run, against: straightTruth)) == -100)
  }

  @Test func standingStillHasNoRelativeErrorNorPace() {
    let still = TruthTrack(
      frame: straightTruth.frame, path: Path(segments: [], anchor: PlanarPoint(east: 0, north: 0)),
      knotTimes: [0, 100], knotDistances: [0, 0])
    let fixes = (0...100).map { LocalFix(time: Double($0), east: Double($0 % 3), north: 0, horizontalAccuracy: 5) }
    let run = RecordedRun(observedCount: fixes.count, recorded: fixes)
    #expect(DistanceError(.percent).evaluate(run, against: still) == nil)
    #expect(DistanceError(.meters).evaluate(run, against: still)! > 0)
    #expect(CurrentPaceError().evaluate(run, against: still) == nil)
    let scores = Metric.scores(run, against: still)
    #expect(scores.count == Metric.allCases.count)
    #expect(scores.allSatisfy { $0.map(\.isFinite) ?? true })
  }
}

@Suite struct AggregationTests {
  @Test func summaryUsesDefinedTrialsAndSaysWhyOthersAreMissing() throws {
    let s = MetricSummary(metric: .currentPaceErrorRMS, values: [3, nil, 1, 2])
    #expect(s.trials == 3 && s.mean == 2 && s.median == 2)
    #expect(try #require(s.note).contains("1 of 4"))
    let none = MetricSummary(metric: .distanceErrorPercent, values: [nil, nil])
    #expect(none.mean == nil && none.trials == 0)
    #expect(MetricSummary(metric: .fixesKept, values: [1, 2]).note == nil)
  }

  @Test func bestIsClosestToZeroForSignedMetrics() {
    func strategy(_ name: String, _ value: Double) -> StrategyResult {
      StrategyResult(strategy: name, metrics: [MetricSummary(metric: .distanceErrorPercent, values: [value])])
    }
    let scenario = ScenarioResult(
      name: "s", description: "", seed: 1, trials: 1, fixesPerTrial: 1, trueDistanceM: 1, durationS: 1,
      strategies: [strategy("a", 5), strategy("b", -1), strategy("c", 3)])
    #expect(scenario.bestStrategyIndex(for: .distanceErrorPercent) == 1)
    #expect(scenario.bestStrategyIndex(for: .fixesKept) == nil)
  }
}
