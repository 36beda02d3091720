import TrackCore
import Evaluation
import Findings
import Foundation
import NumericKit
import Testing

@Suite struct PairedChangeTests {
  /// Worked by hand: differences 0.5, 0.4, 0.6, 0.3 → mean 0.45, s = √(0.05 / 3) = 0.129099, n = 4,
  /// t(0.975, 3) = 3.182446305 (Student's t table), half width 3.182446305 · 0.129099 / 2 = 0.205426.
  /// Live pace's floor is 0.5 s/km: the interval [0.245, 0.655] excludes zero but not the floor, so the
  /// change is negligible; with a tolerance of 0 in the floor's place it is a regression, and the same
  /// numbers in metres of cross-track (floor 0.05 m) are one.
  @Test func aWorkedPairedIntervalAndItsVerdict() throws {
    let change = PairedChange(metric: .currentPaceErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3])
    let worsening = try #require(change.worsening), low = try #require(change.ci95Low), high = try #require(change.ci95High)
    #expect(abs(worsening - 0.45) < 1e-12)
    #expect(abs(low - (0.45 - 0.205426)) < 1e-5 && abs(high - (0.45 + 0.205426)) < 1e-5, "\(low) \(high)")
    #expect(change.pairs == 4 && change.verdict == .negligible && change.allowance == 0.5 && change.allowanceFrom == .floor)
    let exact = PairedChange(metric: .currentPaceErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3], tolerance: Tolerance(kind: .absolute, value: 0))
    #expect(exact.verdict == .regression && exact.allowance == 0 && exact.allowanceFrom == .tolerance)
    #expect(PairedChange(metric: .crossTrackErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3]).verdict == .regression)
    // The same change with a tolerance of 20 % of the old mean (2.5 → 0.5 allowed) is negligible too.
    let tolerated = PairedChange(metric: .currentPaceErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3], tolerance: Tolerance(kind: .relative, value: 0.2))
    #expect(abs(tolerated.allowance - 0.5) < 1e-12 && tolerated.verdict == .negligible)
    // Reversed, it is an improvement beyond a zero tolerance, negligible against the floor.
    #expect(PairedChange(metric: .currentPaceErrorRMS, old: [1.5, 2.4, 3.6, 4.3], new: [1, 2, 3, 4], tolerance: Tolerance(kind: .absolute, value: 0)).verdict == .improvement)
    #expect(PairedChange(metric: .currentPaceErrorRMS, old: [1.5, 2.4, 3.6, 4.3], new: [1, 2, 3, 4]).verdict == .negligible)
  }

  /// The one-sided p-value behind a regression, against Student's t with 3 degrees of freedom in closed
  /// form (F(t) = 1/2 + (u/(1 + u²) + atan u)/π, u = t/√3): t = (0.45 − 0.05) / (0.129099 / 2) for the
  /// cross-track floor. Below 0.025 exactly when the interval lies beyond the floor.
  @Test func thePValueIsStudentsUpperTail() throws {
    let change = PairedChange(metric: .crossTrackErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3])
    let t = (0.45 - 0.05) / ((0.05 / 3).squareRoot() / 2), u = t / 3.0.squareRoot()
    let expected = 0.5 - (u / (1 + u * u) + atan(u)) / Double.pi
    #expect(abs(try #require(change.pValue) - expected) < 1e-9, "\(change.pValue ?? -1) vs \(expected)")
    #expect(try #require(change.pValue) < 0.025 && change.verdict == .regression)
    let pace = PairedChange(metric: .currentPaceErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3])
    #expect(try #require(pace.pValue) > 0.025 && pace.verdict == .negligible)
    #expect(PairedChange(metric: .crossTrackErrorRMS, old: [1, 2], new: [1, 2]).pValue == nil)
    #expect(PairedChange(metric: .recordedDistance, old: [100, 200, 300], new: [110, 211, 309]).pValue == nil)
  }

  /// Holm's step-down at 5 %: sorted 0.005 ≤ 0.05/4 and 0.01 ≤ 0.05/3 are rejected, 0.03 > 0.05/2 stops
  /// it (0.04 is then kept whatever its own bound). One p-value alone is the uncorrected test.
  @Test func holmRejectsStepByStep() {
    #expect(BaselineCheck.Correction.holm([0.01, 0.04, 0.03, 0.005], rate: 0.05) == [true, false, false, true])
    #expect(BaselineCheck.Correction.holm([0.024]) == [true])
    #expect(BaselineCheck.Correction.holm([0.026]) == [false])
    #expect(BaselineCheck.Correction.holm([0.0001, 0.012, 0.5]) == [true, true, false])
    #expect(BaselineCheck.Correction.holm([]) == [])
  }

  /// Independent summaries of the same numbers overlap (old 2.5 ± 2.05, new 2.95 ± 2.18): only the
  /// pairing sees the change.
  @Test func pairingSeesWhatOverlappingIntervalsHide() throws {
    let old: [Double] = [1, 2, 3, 4], new: [Double] = [1.5, 2.4, 3.6, 4.3]
    let a = try #require(Statistics.meanConfidenceInterval(old)), b = try #require(Statistics.meanConfidenceInterval(new))
    #expect(a.overlaps(b))
    #expect(PairedChange(metric: .crossTrackErrorRMS, old: old.map { $0 }, new: new.map { $0 }).verdict == .regression)
  }

  /// A signed error's goal is zero: going from −3 % to +2 % is better, from +1 % to −2 % worse.
  @Test func signedErrorsAreJudgedByTheirSize() {
    let better = PairedChange(metric: .distanceErrorPercent, old: [-3, -3.1, -2.9, -3.05], new: [2, 2.1, 1.9, 2.05])
    #expect(better.verdict == .improvement)
    let worse = PairedChange(metric: .distanceErrorPercent, old: [1, 1.1, 0.9, 1.05], new: [-2, -2.1, -1.9, -2.05])
    #expect(worse.verdict == .regression)
  }

  @Test func identicalNotJudgedAndChanged() {
    #expect(PairedChange(metric: .crossTrackErrorRMS, old: [1, 2, nil], new: [1, 2, 5]).verdict == .identical)
    #expect(PairedChange(metric: .crossTrackErrorRMS, old: [1, nil], new: [2, 3]).verdict == .notJudged)
    // A metric without a goal is never a regression, only changed.
    #expect(PairedChange(metric: .recordedDistance, old: [100, 200, 300], new: [110, 211, 309]).verdict == .changed)
  }

  @Test func tolerancesParseByMetricName() throws {
    let parsed = try Tolerance.parse("distance_error_percent=5%, current_pace_error_rms_s_per_km=2")
    #expect(parsed[.distanceErrorPercent] == Tolerance(kind: .relative, value: 0.05))
    #expect(parsed[.currentPaceErrorRMS] == Tolerance(kind: .absolute, value: 2))
    #expect(throws: ToleranceError.self) { try Tolerance.parse("pace=5%") }
    #expect(throws: ToleranceError.self) { try Tolerance.parse("distance_error_percent=-1") }
  }
}

@Suite struct BaselineCheckTests {
  func record(_ cell: Int, _ values: [Double]) -> CellRecord {
    CellRecord(
      sweep: "s", cell: cell, scenario: "loop", trial: cell, strategies: values.enumerated().map { k, value in
        StrategyScores(strategy: StrategyKey(stored: "s\(k)"), scores: Scores(metrics: [.crossTrackErrorRMS], values: [value]))
      }, illustration: nil)
  }

  /// An improvement is reported and passes; a regression fails naming its strategy.
  @Test func improvementsPassRegressionsFail() {
    let scenarios = [SweepHeader.ScenarioInfo(name: "loop", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0)]
    let before = (0..<4).map { record($0, [2 + 0.1 * Double($0), 3 + 0.1 * Double($0)]) }
    let better = (0..<4).map { record($0, [1.5 + 0.1 * Double($0), 3 + 0.1 * Double($0)]) }
    let improved = BaselineCheck(baseline: before, current: better, scenarios: scenarios, tolerances: [:])
    #expect(improved.passed && improved.improvements == 1 && improved.identical == 1 && improved.cells.count == 2)
    let worse = (0..<4).map { record($0, [2 + 0.1 * Double($0), 3.5 + 0.11 * Double($0)]) }
    let regressed = BaselineCheck(baseline: before, current: worse, scenarios: scenarios, tolerances: [:])
    #expect(!regressed.passed && regressed.regressions == 1 && regressed.cells.first { $0.change.verdict == .regression }?.strategy == "s1")
    // Within a tolerance of 0.6 m it passes.
    #expect(BaselineCheck(baseline: before, current: worse, scenarios: scenarios, tolerances: [.crossTrackErrorRMS: Tolerance(kind: .absolute, value: 0.6)]).passed)
  }

  /// Given an objective (`check --objective`), only its metrics fail the check: a regression on another
  /// is a trade-off, counted and listed, and the check passes; each side is its own family (#66).
  @Test func anObjectiveMakesTheOtherMetricsTradeOffs() {
    let scenarios = [SweepHeader.ScenarioInfo(name: "loop", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0)]
    func record(_ cell: Int, track: Double, distance: Double) -> CellRecord {
      CellRecord(
        sweep: "s", cell: cell, scenario: "loop", trial: cell,
        strategies: [StrategyScores(strategy: "s0", scores: Scores(metrics: [.crossTrackErrorRMS, .distanceErrorPercent], values: [track, distance]))])
    }
    let before = (0..<4).map { record($0, track: 2 + 0.1 * Double($0), distance: 1 + 0.01 * Double($0)) }
    // Cross-track 1 m worse (floor 0.5 m), distance error better by 0.5 points.
    let after = (0..<4).map { record($0, track: 3 + 0.11 * Double($0), distance: 0.5 + 0.01 * Double($0)) }
    let plain = BaselineCheck(baseline: before, current: after, scenarios: scenarios, tolerances: [:])
    #expect(!plain.passed && plain.regressions == 1 && plain.tradeOffs == nil && plain.objective == nil)
    let judged = plain.judged(only: [.distanceErrorPercent], objective: "abs(distance_error_percent)")
    #expect(judged.passed && judged.regressions == 0 && judged.tradeOffs == 1 && judged.objective == "abs(distance_error_percent)")
    #expect(judged.cells.first { $0.change.metric == .crossTrackErrorRMS }?.change.verdict == .tradeOff)
    #expect(judged.improvements == 1 && judged.correction?.cells == 1, "the objective's cells are their own family")
    // The objective naming the worse metric fails as before; judging twice is judging once.
    let strict = judged.judged(only: [.crossTrackErrorRMS, .distanceErrorPercent], objective: "both")
    #expect(!strict.passed && strict.regressions == 1 && strict.tradeOffs == 0)
  }

  /// One check is one family: among twenty strategies, one worse by a hair beyond the floor (uncorrected
  /// p about 0.01) is only to watch, one clearly worse still fails; alone, the hair fails.
  @Test func aRegressionThatFailsOnlyUncorrectedIsToWatch() {
    let trials = 6
    let scenarios = [SweepHeader.ScenarioInfo(name: "loop", description: "", seed: 1, trials: trials, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0)]
    let noise = [0.0, 0.03, -0.02, 0.01, -0.03, 0.02]
    func values(_ trial: Int, _ shift: [Double]) -> [Double] { shift.enumerated().map { k, s in 1 + 0.1 * Double(k) + Double(trial) * 0.01 + s + (s == 0 ? 0 : noise[trial]) } }
    var shifts = [Double](repeating: 0, count: 20)
    shifts[3] = 0.05 + 0.045  // the hair: interval just beyond the 0.05 m floor
    shifts[7] = 1  // clearly worse
    let before = (0..<trials).map { record($0, values($0, [Double](repeating: 0, count: 20))) }
    let after = (0..<trials).map { record($0, values($0, shifts)) }
    // Other strategies change within noise, so that the family holds twenty tests.
    let jittered = after.enumerated().map { t, record in
      var record = record
      for k in record.strategies.indices where shifts[k] == 0 {
        record.strategies[k].scores = Scores(metrics: [.crossTrackErrorRMS], values: [record.strategies[k].scores[.crossTrackErrorRMS]! + noise[(t + k) % trials] * 0.1])
      }
      return record
    }
    let check = BaselineCheck(baseline: before, current: jittered, scenarios: scenarios, tolerances: [:])
    let verdicts = Dictionary(uniqueKeysWithValues: check.cells.map { ($0.strategy, $0.change) })
    #expect(verdicts["s3"]?.verdict == .watch && (verdicts["s3"]?.pValue ?? 1) < 0.025, "\(String(describing: verdicts["s3"]))")
    #expect(verdicts["s7"]?.verdict == .regression)
    #expect(!check.passed && check.regressions == 1 && check.watch == 1 && check.correction?.cells == 20)
    // The hair alone: a family of one, the uncorrected test.
    let alone = BaselineCheck(baseline: before.map { only($0, "s3") }, current: jittered.map { only($0, "s3") }, scenarios: scenarios, tolerances: [:])
    #expect(alone.regressions == 1 && alone.watch == 0 && !alone.passed)
  }

  func only(_ record: CellRecord, _ strategy: String) -> CellRecord {
    var record = record
    record.strategies = record.strategies.filter { $0.strategy.text == strategy }
    return record
  }

  func record(_ cell: Int, named names: [String], _ values: [Double]) -> CellRecord {
    CellRecord(
      sweep: "s", cell: cell, scenario: "loop", trial: cell, strategies: zip(names, values).map { name, value in
        StrategyScores(strategy: StrategyKey(stored: name), scores: Scores(metrics: [.crossTrackErrorRMS], values: [value]))
      }, illustration: nil)
  }

  /// Strategies pair by name, never by position: a reordered rerun is identical, a strategy on one side
  /// only is listed as added or removed, and a candidate is judged against the strategy it replaces.
  @Test func strategiesPairByNameNotPosition() {
    let scenarios = [SweepHeader.ScenarioInfo(name: "loop", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0)]
    let before = (0..<4).map { record($0, named: ["a", "b", "c"], [2 + 0.1 * Double($0), 5 + 0.2 * Double($0), 1]) }
    let reordered = (0..<4).map { record($0, named: ["b", "a", "d"], [5 + 0.2 * Double($0), 2 + 0.1 * Double($0), 9]) }
    let check = BaselineCheck(baseline: before, current: reordered, scenarios: scenarios, tolerances: [:])
    #expect(check.passed && check.identical == 2 && check.cells.count == 2, "\(check.cells.map { ($0.baselineStrategy, $0.strategy, $0.change.verdict) })")
    #expect(check.cells.allSatisfy { $0.baselineStrategy == $0.strategy })
    #expect(check.added == [BaselineCheck.Unpaired(scenario: "loop", strategy: "d")])
    #expect(check.removed == [BaselineCheck.Unpaired(scenario: "loop", strategy: "c")])
    // d as a candidate for c: worse (9 against 1), so a regression naming both.
    let candidate = BaselineCheck(baseline: before, current: reordered, scenarios: scenarios, tolerances: [:], substitutions: ["loop": ["c": "d"]])
    #expect(!candidate.passed && candidate.regressions == 1 && candidate.added.isEmpty && candidate.removed.isEmpty)
    #expect(candidate.substitutions == [BaselineCheck.Substitution(scenario: "loop", baselineStrategy: "c", strategy: "d")])
    let regression = candidate.cells.first { $0.change.verdict == .regression }
    #expect(regression?.baselineStrategy == "c" && regression?.strategy == "d")
  }
}
