import Evaluation
import Foundation
import NumericKit
import Testing

@Suite struct PairedChangeTests {
  /// Worked by hand: differences 0.5, 0.4, 0.6, 0.3 → mean 0.45, s = √(0.05 / 3) = 0.129099, n = 4,
  /// t(0.975, 3) = 3.182446305 (Student's t table), half width 3.182446305 · 0.129099 / 2 = 0.205426.
  @Test func aWorkedPairedIntervalAndItsVerdict() throws {
    let change = PairedChange(metric: .currentPaceErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3])
    let worsening = try #require(change.worsening), low = try #require(change.ci95Low), high = try #require(change.ci95High)
    #expect(abs(worsening - 0.45) < 1e-12)
    #expect(abs(low - (0.45 - 0.205426)) < 1e-5 && abs(high - (0.45 + 0.205426)) < 1e-5, "\(low) \(high)")
    #expect(change.pairs == 4 && change.verdict == .regression)
    // The same change with a tolerance of 20 % of the old mean (2.5 → 0.5 allowed) is within it.
    let tolerated = PairedChange(metric: .currentPaceErrorRMS, old: [1, 2, 3, 4], new: [1.5, 2.4, 3.6, 4.3], tolerance: Tolerance(kind: .relative, value: 0.2))
    #expect(abs(tolerated.allowance - 0.5) < 1e-12 && tolerated.verdict == .withinNoise)
    // Reversed, it is an improvement.
    #expect(PairedChange(metric: .currentPaceErrorRMS, old: [1.5, 2.4, 3.6, 4.3], new: [1, 2, 3, 4]).verdict == .improvement)
  }

  /// Independent summaries of the same numbers overlap (old 2.5 ± 2.05, new 2.95 ± 2.18): only the
  /// pairing sees the change.
  @Test func pairingSeesWhatOverlappingIntervalsHide() throws {
    let old: [Double] = [1, 2, 3, 4], new: [Double] = [1.5, 2.4, 3.6, 4.3]
    let a = try #require(Statistics.meanConfidenceInterval(old)), b = try #require(Statistics.meanConfidenceInterval(new))
    #expect(a.overlaps(b))
    #expect(PairedChange(metric: .currentPaceErrorRMS, old: old.map { $0 }, new: new.map { $0 }).verdict == .regression)
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
        StrategyScores(strategy: "s\(k)", scores: Scores(metrics: [.crossTrackErrorRMS], values: [value]))
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

  func record(_ cell: Int, named names: [String], _ values: [Double]) -> CellRecord {
    CellRecord(
      sweep: "s", cell: cell, scenario: "loop", trial: cell, strategies: zip(names, values).map { name, value in
        StrategyScores(strategy: name, scores: Scores(metrics: [.crossTrackErrorRMS], values: [value]))
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
