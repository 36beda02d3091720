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
    #expect(scores.metrics == Metric.simulated(against: still))
    #expect(scores.named.allSatisfy { $0.value.map(\.isFinite) ?? true })
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
      StrategyResult(strategy: StrategyKey(stored: name), metrics: [MetricSummary(metric: .distanceErrorPercent, values: [value])])
    }
    let scenario = ScenarioResult(
      name: "s", description: "", seed: 1, trials: 1, fixesPerTrial: 1, trueDistanceM: 1, durationS: 1,
      strategies: [strategy("a", 5), strategy("b", -1), strategy("c", 3)])
    #expect(scenario.bestStrategyIndex(for: .distanceErrorPercent) == 1)
    #expect(scenario.bestStrategyIndex(for: .fixesKept) == nil)
  }
}

@Suite struct DistanceDecompositionTests {
  /// A 200 × 100 m rectangle with 10 m corners, run at 4 m/s.
  static let square: TruthTrack = {
    let r = 10.0, w = 200.0, h = 100.0
    let segments: [PathSegment] = [
      .line(start: PlanarPoint(east: r, north: 0), directionEast: 1, directionNorth: 0, length: w - 2 * r),
      .arc(center: PlanarPoint(east: w - r, north: r), radius: r, startAngle: -.pi / 2, sweep: .pi / 2),
      .line(start: PlanarPoint(east: w, north: r), directionEast: 0, directionNorth: 1, length: h - 2 * r),
      .arc(center: PlanarPoint(east: w - r, north: h - r), radius: r, startAngle: 0, sweep: .pi / 2),
      .line(start: PlanarPoint(east: w - r, north: h), directionEast: -1, directionNorth: 0, length: w - 2 * r),
      .arc(center: PlanarPoint(east: r, north: h - r), radius: r, startAngle: .pi / 2, sweep: .pi / 2),
      .line(start: PlanarPoint(east: 0, north: h - r), directionEast: 0, directionNorth: -1, length: h - 2 * r),
      .arc(center: PlanarPoint(east: r, north: r), radius: r, startAngle: .pi, sweep: .pi / 2),
    ]
    let path = Path(segments: segments)
    return TruthTrack(frame: straightTruth.frame, path: path, knotTimes: [0, path.length / 4], knotDistances: [0, path.length])
  }()

  func sampled(every seconds: Double) -> [LocalFix] {
    let truth = Self.square
    return stride(from: 0.0, through: truth.duration, by: seconds).map { t in
      let p = truth.point(at: t)
      return LocalFix(time: t, east: p.east, north: p.north, horizontalAccuracy: 3)
    }
  }

  @Test func samplingTheTruthLosesOnlyOnCorners() throws {
    // 3 s steps (12 m) cut each 15.7 m arc; the straights are run exactly, but a chord that spans the
    // end of a straight and the start of an arc shares its loss between them in proportion.
    let run = RecordedRun(observedCount: 0, recorded: sampled(every: 3))
    let (corner, straight) = DistanceDecomposition.parts(run, against: Self.square)
    let total = try #require(DistanceError(.meters).evaluate(run, against: Self.square))
    #expect(corner < -0.5, "corners cut: \(corner) m")
    #expect(straight <= 0 && abs(straight) < abs(corner) / 2, "straights nearly exact: \(straight) m vs \(corner) m")
    #expect(abs(corner + straight - total) < 1e-9)
  }

  @Test func zigZagOnAStraightIsStraightExcess() throws {
    let fixes = perfectFixes().enumerated().map { i, f in
      var f = f; f.north = i % 2 == 0 ? 1.5 : -1.5; return f
    }
    let (corner, straight) = DistanceDecomposition.parts(RecordedRun(observedCount: 0, recorded: fixes), against: straightTruth)
    #expect(corner == 0 && abs(straight - 250) < 1e-9)
  }

  @Test func partsSumToTheTotalOnNoisyRuns() throws {
    for seed in 0..<20 {
      var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
      func noise() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Double(state >> 11) / Double(1 << 53) - 0.5) * 8
      }
      let fixes = sampled(every: 1).map { f -> LocalFix in var f = f; f.east += noise(); f.north += noise(); return f }
      let run = RecordedRun(observedCount: fixes.count, recorded: fixes)
      let (corner, straight) = DistanceDecomposition.parts(run, against: Self.square)
      let total = try #require(DistanceError(.meters).evaluate(run, against: Self.square))
      #expect(abs(corner + straight - total) < 1e-9)
    }
  }
}

@Suite struct CrossTrackStatisticsTests {
  @Test func percentileAndMaximumOfKnownOffsets() throws {
    // Offsets 0, 1, …, 250 m north of the straight: p95 interpolates at index 237.5 → 237.5 m.
    let fixes = perfectFixes().enumerated().map { i, f -> LocalFix in var f = f; f.north = Double(i); return f }
    let run = RecordedRun(observedCount: fixes.count, recorded: fixes)
    #expect(abs(try #require(CrossTrackError(.p95).evaluate(run, against: straightTruth)) - 237.5) < 1e-9)
    #expect(try #require(CrossTrackError(.maximum).evaluate(run, against: straightTruth)) == 250)
    let rms = try #require(CrossTrackError(.rms).evaluate(run, against: straightTruth))
    #expect(abs(rms - (fixes.indices.reduce(0.0) { $0 + Double($1 * $1) } / 251).squareRoot()) < 1e-9)
  }
}
