import Evaluation
import Foundation
import NumericKit
import Testing
import TrackCore

/// A straight 2.5 km eastward run at 4 m/s (625 s).
let longStraight = TruthTrack(
  frame: straightTruth.frame,
  path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 2500)]),
  knotTimes: [0, 625], knotDistances: [0, 2500])

/// One point a second on `truth`, east positions scaled by `stretch` (the app shows `stretch` times the distance).
func fixes(on truth: TruthTrack, stretch: Double = 1, age: Double = 0) -> [LocalFix] {
  (0...Int(truth.duration)).map { t in
    let p = truth.point(at: Double(t))
    return LocalFix(time: Double(t), east: p.east * stretch, north: p.north, horizontalAccuracy: 3, age: age)
  }
}

@Suite struct SplitTests {
  @Test func perfectSplitsHaveNoError() throws {
    let run = RecordedRun(observedCount: 626, recorded: fixes(on: longStraight))
    #expect(SplitPaceError.errors(RecordedDistance(run.recorded), against: longStraight, splitLength: 1000).count == 2)
    #expect(abs(try #require(SplitPaceError(.rms).evaluate(run, against: longStraight))) < 1e-9)
  }

  @Test func twoPerCentTooMuchDistanceMakesEverySplitEarly() throws {
    // The app runs at 4.08 m/s: each km is announced after 1000/4.08 = 245.098 s instead of 250 s.
    let run = RecordedRun(observedCount: 626, recorded: fixes(on: longStraight, stretch: 1.02))
    let expected = 1000 / 4.08 - 250
    let errors = SplitPaceError.errors(RecordedDistance(run.recorded), against: longStraight, splitLength: 1000)
    #expect(errors.count == 2 && errors.allSatisfy { abs($0 - expected) < 1e-9 })
    #expect(abs(try #require(SplitPaceError(.rms).evaluate(run, against: longStraight)) - abs(expected)) < 1e-9)
    #expect(abs(try #require(SplitPaceError(.worst).evaluate(run, against: longStraight)) - abs(expected)) < 1e-9)
    // One mile in 2.5 km; its pace error per km is the same 4.902 s/km.
    let miles = SplitPaceError.errors(RecordedDistance(run.recorded), against: longStraight, splitLength: 1609.344)
    #expect(miles.count == 1 && abs(miles[0] - expected) < 1e-9)
  }

  @Test func aMarkTheAppNeverReachesIsNotScored() throws {
    let run = RecordedRun(observedCount: 626, recorded: fixes(on: longStraight, stretch: 0.7))  // shows 1750 m
    #expect(SplitPaceError.errors(RecordedDistance(run.recorded), against: longStraight, splitLength: 1000).count == 1)
    let short = RecordedRun(observedCount: 626, recorded: fixes(on: longStraight, stretch: 0.3))  // shows 750 m
    #expect(SplitPaceError(.rms).evaluate(short, against: longStraight) == nil)
  }

  @Test func cuePaceEveryMinute() throws {
    let run = RecordedRun(observedCount: 626, recorded: fixes(on: longStraight, stretch: 1.02))
    let rms = try #require(IntervalPaceError(interval: 60).evaluate(run, against: longStraight))
    #expect(abs(rms - abs(1000 / 4.08 - 250)) < 1e-9)
    #expect(IntervalPaceError(interval: 700).evaluate(run, against: longStraight) == nil, "shorter than one interval")
  }
}

@Suite struct LivePaceTests {
  /// 4 m/s and 2 m/s alternating every 60 s for 900 s on a long straight.
  static let changing: TruthTrack = {
    var times = [0.0], distances = [0.0]
    for k in 1...15 {
      times.append(Double(k) * 60)
      distances.append(distances.last! + (k % 2 == 1 ? 240 : 120))
    }
    let path = Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: distances.last!)])
    return TruthTrack(frame: straightTruth.frame, path: path, knotTimes: times, knotDistances: distances)
  }()

  @Test func aSpeedSevenSecondsLateLagsSevenSeconds() throws {
    let truth = Self.changing
    let points = (0...900).map { t -> LocalFix in
      let p = truth.point(at: Double(t))
      return LocalFix(time: Double(t), east: p.east, north: p.north, horizontalAccuracy: 3, speed: truth.speed(at: Double(t) - 7 + 0.5))
    }
    #expect(try #require(PaceLag().evaluate(RecordedRun(observedCount: 901, recorded: points), against: truth)) == 7)
  }

  @Test func aTwentySecondWindowLagsTenSeconds() throws {
    let run = RecordedRun(observedCount: 901, recorded: fixes(on: Self.changing))
    let lag = try #require(PaceLag().evaluate(run, against: Self.changing))
    #expect((9...11).contains(lag), "lag \(lag) s")
    let short = try #require(PaceLag(window: 10).evaluate(run, against: Self.changing))
    #expect((4...6).contains(short), "10 s window: lag \(short) s")
  }

  @Test func aSteadyRunHasNoLag() {
    #expect(PaceLag().evaluate(RecordedRun(observedCount: 626, recorded: fixes(on: longStraight)), against: longStraight) == nil)
  }

  @Test func jitterAndPercentileOfAlternatingSpeeds() throws {
    // The strategy's own speed alternates 4 and 5 m/s: paces 250 and 200 s/km against a true 250.
    let points = fixes(on: longStraight).enumerated().map { i, f -> LocalFix in
      var f = f; f.speed = i % 2 == 0 ? 4 : 5; return f
    }
    let run = RecordedRun(observedCount: points.count, recorded: points)
    #expect(abs(try #require(CurrentPaceError(.jitter).evaluate(run, against: longStraight)) - 50) < 1e-9)
    #expect(abs(try #require(CurrentPaceError(.p95).evaluate(run, against: longStraight)) - 50) < 1e-9)
    #expect(abs(try #require(CurrentPaceError(.rms).evaluate(run, against: longStraight)) - 50 / 2.0.squareRoot()) < 0.5)
  }

  /// The live pace counts the points that become known each second once (``LivePace``): the numbers of
  /// the definition's search at every second, with jittered times, delays that arrive out of order (a
  /// later point known before an earlier one), gaps, points with and without a speed, and delays past
  /// the run's end.
  @Test func livePaceEqualsTheSearchAtEverySecond() {
    let truth = Self.changing
    var state: UInt64 = 77
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    for (spacing, ageScale) in [(1.0, 0.0), (1.0, 2.5), (0.37, 4), (3.3, 1), (1.0, 900)] {
      var points: [LocalFix] = []
      var t = next()
      while t < truth.duration {
        let p = truth.point(at: t)
        let gap = next() < 0.05 ? 30 * next() : 0
        points.append(LocalFix(
          time: t, east: p.east + next() * 4 - 2, north: p.north, horizontalAccuracy: 3,
          speed: next() < 0.5 ? truth.speed(at: t) + next() - 0.5 : -1, age: ageScale * next()))
        t += spacing * (0.6 + 0.8 * next()) + gap
      }
      let run = RecordedRun(observedCount: points.count, recorded: points)
      let distance = RecordedDistance(points)
      let context = ScoringContext(truth: truth, settings: ScoringSettings(paceWindow: 20))
      let pace = LivePace(run, context: context, distance: distance)
      // The definition: at each second, the latest point whose `time + age` (and every earlier one's) is past.
      var shown: [Double] = [], scoredTimes: [Double] = [], appPace: [Double] = [], truePace: [Double] = []
      var known = -1, hint = -1
      for i in 0..<context.trueSpeed.count {
        let second = 20 + Double(i)
        while known + 1 < points.count && points[known + 1].time + points[known + 1].age <= second { known += 1 }
        var speed = 0.0, instant = false
        if known >= 0 && points[known].time > second - 20 {
          if points[known].speed >= 0 {
            (speed, instant) = (points[known].speed, true)
          } else {
            speed = (distance.cumulative[known] - distance.distance(at: second - 20, hint: &hint)) / (points[known].time - (second - 20))
          }
        }
        shown.append(speed)
        if (instant ? context.trueSpeed[i] : context.windowSpeed[i]) >= LivePace.minimumTrueSpeed {
          scoredTimes.append(second)
          appPace.append(LivePace.pace(speed))
          truePace.append(instant ? context.truePace[i] : context.windowPace[i])
        }
      }
      #expect(pace.appSpeed == shown && pace.scoredTimes == scoredTimes, "spacing \(spacing), ages \(ageScale)")
      #expect(pace.appPace == appPace && pace.truePace == truePace, "spacing \(spacing), ages \(ageScale)")
      #expect(shown.contains { $0 > 0 } || ageScale > 100, "spacing \(spacing), ages \(ageScale)")
    }
  }

  @Test func crossCorrelationEqualsGSLPerLag() throws {
    let a = (0..<200).map { (i: Int) -> Double in sin(Double(i) / 7) + 0.3 * cos(Double(i * i) / 50) }
    let b = (0..<200).map { (i: Int) -> Double in sin(Double(i - 5) / 7) }
    let fast = Statistics.crossCorrelation(a, b, lags: -20...20)
    for k in -20...20 {
      let x = k >= 0 ? a[k..<200] : a[0..<(200 + k)]
      let y = k >= 0 ? b[0..<(200 - k)] : b[(-k)..<200]
      let reference = try #require(Statistics.correlation(x, y))
      #expect(abs(try #require(fast[k + 20]) - reference) < 1e-9)
    }
  }

  /// Neighbouring lags are summed together (sharing loads) but each in its own fixed order, so a lag's
  /// correlation is the same to the bit whether asked alone or with others, at any length (whole blocks
  /// of 8 or not, odd and even lag counts).
  @Test func aLagsCorrelationDoesNotDependOnItsNeighbours() throws {
    for n in [7, 64, 203, 1001] {
      let a = (0..<n).map { (i: Int) -> Double in sin(Double(i) / 7) + 0.3 * cos(Double(i * i) / 50) }
      let b = (0..<n).map { (i: Int) -> Double in sin(Double(i - 5) / 7) + 0.01 * Double(i % 13) }
      let ranges: [ClosedRange<Int>] = [-9...9, -8...8, -3...0, 0...5, 1...1, -30...29]
      for lags in ranges {
        let together = Statistics.crossCorrelation(a, b, lags: lags)
        for (offset, k) in lags.enumerated() {
          #expect(together[offset] == Statistics.crossCorrelation(a, b, lags: k...k)[0], "n \(n), lag \(k) in \(lags)")
        }
      }
    }
  }
}

@Suite struct TimeMetricTests {
  @Test func firstGoodFixAfterAColdStart() throws {
    let points = fixes(on: longStraight, age: 2).map { f -> LocalFix in var f = f; if f.time < 30 { f.north = 50 }; return f }
    let run = RecordedRun(observedCount: points.count, recorded: points)
    #expect(try #require(TimeToGoodFix().evaluate(run, against: longStraight)) == 32)
    #expect(TimeToGoodFix(radius: 1).evaluate(RecordedRun(observedCount: 1, recorded: [points[0]]), against: longStraight) == nil)
  }

  /// 400 m, a 60 s stop, 400 m.
  static let withStop = TruthTrack(
    frame: straightTruth.frame,
    path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 800)]),
    knotTimes: [0, 100, 160, 260], knotDistances: [0, 400, 400, 800])

  @Test func wanderWhileStoppedCountsAsMoving() throws {
    let truth = Self.withStop
    #expect(truth.time(atDistance: 400) == 100 && truth.time(atDistance: 600) == 210 && truth.time(atDistance: 801) == nil)
    let still = fixes(on: truth)
    #expect(try #require(MovingTimeError().evaluate(RecordedRun(observedCount: 261, recorded: still), against: truth)) == 0)
    let wander = still.map { f -> LocalFix in var f = f; if f.time > 100 && f.time < 160 { f.north = f.time.truncatingRemainder(dividingBy: 2) == 0 ? 1.5 : -1.5 }; return f }
    // Steps of 3 m in 1 s: moving from t = 101 through the step into t = 160.
    #expect(try #require(MovingTimeError().evaluate(RecordedRun(observedCount: 261, recorded: wander), against: truth)) == 60)
    let idle = wander.map { f -> LocalFix in var f = f; if f.time > 100 && f.time <= 160 { f.marks.insert(.idle) }; return f }
    #expect(try #require(MovingTimeError().evaluate(RecordedRun(observedCount: 261, recorded: idle), against: truth)) == 0)
  }
}

@Suite struct CheckpointTests {
  @Test func pinsOfATwoPerCentLongTrack() throws {
    // Shown distance 4.08·t: 1 km first reached at t = 246 (1003.68 m, 3.68 m past the true checkpoint,
    // 4 s early); 2 km at t = 491 (2003.28 m, 9 s early).
    let run = RecordedRun(observedCount: 626, recorded: fixes(on: longStraight, stretch: 1.02))
    let position = try #require(CheckpointError(.position, checkpoints: [1000, 2000, 5000]).evaluate(run, against: longStraight))
    let time = try #require(CheckpointError(.time, checkpoints: [1000, 2000, 5000]).evaluate(run, against: longStraight))
    #expect(abs(position - ((3.68 * 3.68 + 3.28 * 3.28) / 2).squareRoot()) < 1e-9)
    #expect(abs(time - ((16.0 + 81.0) / 2).squareRoot()) < 1e-9)
    #expect(CheckpointError(.time, checkpoints: [5000]).evaluate(run, against: longStraight) == nil, "the run passes no checkpoint")
  }

  @Test func badgeLevelsFollowTheTutorialsRules() {
    // The earning run: 5100 m in 1800 s, 2.8333 m/s. Silver beyond 2.975 m/s, gold beyond 3.1167 m/s.
    let rules = BadgeRules(distances: [1000, 5000], history: [PastRunRecord(distance: 5100, duration: 1800)])
    #expect(rules.level(badge: 5000, distance: 4990, duration: 1500) == .none)
    #expect(rules.level(badge: 5000, distance: 5000, duration: 1500) == .none, "earned only beyond the distance")
    #expect(rules.level(badge: 5000, distance: 5050, duration: 1700) == .earned)  // 2.971 m/s
    #expect(rules.level(badge: 5000, distance: 5050, duration: 1690) == .silver)  // 2.988 m/s
    #expect(rules.level(badge: 5000, distance: 5050, duration: 1620) == .gold)  // 3.117 m/s
    #expect(rules.level(badge: 1000, distance: 5050, duration: 1000) == .gold, "the 5100 m run earned the 1 km badge too")
    #expect(BadgeRules(distances: [5000]).level(badge: 5000, distance: 9000, duration: 100) == .earned, "no earlier run")
  }

  @Test func wrongDecisionsAgainstTheTruth() {
    let rules = BadgeRules(distances: [1000, 2000, 2600], history: [PastRunRecord(distance: 2700, duration: 700)])
    // Truth 2500 m in 625 s (4 m/s, +3.4 % on the 3.857 m/s earning run): 1 km and 2 km earned, 2.6 km not.
    #expect(BadgeDecisionErrors.wrong(recordedDistance: 2500, against: longStraight, rules: rules) == 0)
    // 2565 m: 4.104 m/s, +6.4 % → silver on 1 km and 2 km: two wrong; 2.6 km still not reached.
    #expect(BadgeDecisionErrors.wrong(recordedDistance: 2565, against: longStraight, rules: rules) == 2)
    // 2601 m: past 2.6 km too, at +7.9 %: silver there as well, three wrong.
    #expect(BadgeDecisionErrors.wrong(recordedDistance: 2601, against: longStraight, rules: rules) == 3)
  }
}

@Suite struct NoNaNTests {
  @Test func oneFixAndNothingRecordedGiveValuesOrReasons() {
    for recorded in [[], [LocalFix(time: 3, east: 1, north: 1, horizontalAccuracy: 5)]] {
      for truth in [longStraight, ElevationMetricTests.hill] {
        let scores = Metric.scores(RecordedRun(observedCount: 1, recorded: recorded), against: truth)
        #expect(scores.metrics == Metric.simulated(against: truth))
        #expect(scores.named.allSatisfy { $0.value.map(\.isFinite) ?? true })
      }
    }
  }

  @Test func sharedScoringEqualsEachMetricAlone() {
    // A zig-zag with Doppler speeds and their claims (bars), and one lap rounded on a press.
    let points = fixes(on: LivePaceTests.changing, stretch: 1.01).enumerated().map { i, f -> LocalFix in
      var f = f; f.north = Double(i % 3); f.speed = 3 + 0.2 * Double(i % 2); f.speedAccuracy = 0.3
      if i == 100 { f.distanceAdjustment = 5 }
      return f
    }
    let run = RecordedRun(observedCount: points.count + 5, recorded: points, energy: RunEnergy(joules: 123.4, seconds: 600))
    let settings = ScoringSettings(paceWindow: 15, announceEvery: 120, badges: BadgeRules(distances: [1000, 2000]))
    let shared = Metric.scores(run, against: LivePaceTests.changing, settings: settings)
    // Each metric's own type, computing everything it needs by itself.
    let alone: [Metric: any TrackMetric] = [
      .distanceErrorPercent: DistanceError(.percent), .distanceErrorMeters: DistanceError(.meters),
      .cornerLoss: DistanceDecomposition(.cornerLoss), .straightExcess: DistanceDecomposition(.straightExcess),
      .currentPaceErrorRMS: CurrentPaceError(.rms, window: 15), .currentPaceErrorP95: CurrentPaceError(.p95, window: 15),
      .currentPaceJitter: CurrentPaceError(.jitter, window: 15), .paceLag: PaceLag(window: 15, maximumLag: 60),
      .intervalPaceErrorRMS: IntervalPaceError(interval: 120),
      .kilometreSplitErrorRMS: SplitPaceError(.rms, splitLength: 1000), .kilometreSplitErrorWorst: SplitPaceError(.worst, splitLength: 1000),
      .mileSplitErrorRMS: SplitPaceError(.rms, splitLength: 1609.344), .mileSplitErrorWorst: SplitPaceError(.worst, splitLength: 1609.344),
      .crossTrackErrorRMS: CrossTrackError(.rms), .crossTrackErrorP95: CrossTrackError(.p95), .crossTrackErrorMax: CrossTrackError(.maximum),
      .claimCoverage: ClaimHonesty(.coverage), .claimNormalisedError: ClaimHonesty(.normalisedError), .claimMedian: ClaimHonesty(.medianClaim),
      .fixesKept: FixRetention(), .timeToGoodFix: TimeToGoodFix(radius: 10), .movingTimeError: MovingTimeError(),
      .checkpointPositionError: CheckpointError(.position, checkpoints: [1000, 2000]),
      .checkpointTimeError: CheckpointError(.time, checkpoints: [1000, 2000]),
      .badgeDecisionsWrong: BadgeDecisionErrors(rules: settings.badges),
      .energyJoules: EnergyUse(.joules), .energyMilliwattHours: EnergyUse(.milliwattHours), .meanPower: EnergyUse(.meanMilliwatts),
      .bestKilometreError: BestEffortError(.kilometre), .bestMileError: BestEffortError(.mile),
      .bestFiveKilometreError: BestEffortError(.fiveKilometres), .maximumSpeedError: BestEffortError(.maximumSpeed),
      .bestTwoSecondSpeedError: BestEffortError(.twoSeconds), .bestTenSecondSpeedError: BestEffortError(.tenSeconds),
      .bestTwoSecondBar: BestEffortBar(.twoSeconds, .halfWidth), .bestTwoSecondInsideBar: BestEffortBar(.twoSeconds, .inside),
      .bestTenSecondBar: BestEffortBar(.tenSeconds, .halfWidth), .bestTenSecondInsideBar: BestEffortBar(.tenSeconds, .inside),
    ]
    // The elevation metrics have no type of their own (one VerticalMeasures): ElevationMetricTests.
    #expect(Set(alone.keys) == Set(Metric.simulated(against: LivePaceTests.changing)), "every built-in run metric is checked")
    for (metric, value) in shared.named {
      #expect(value == alone[metric]?.evaluate(run, against: LivePaceTests.changing), "\(metric.rawValue)")
    }
  }
}
