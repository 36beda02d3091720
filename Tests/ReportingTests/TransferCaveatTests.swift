import Evaluation
import Findings
import Foundation
import Reporting
import Testing
import TrackCore

/// Every criterion `transfer` ranks is accounted for (issue #64): one the simulation ranks no better
/// than chance carries a caveat, and gain, when no recording could rank it, says why it is absent.
@Suite struct TransferCaveatTests {
  func report(criteria: [String]) -> TransferReport {
    TransferReport(
      receiver: "a population", outOfSample: true, trials: 4, seed: 1, windowS: 120, resamples: 10, strategies: ["raw", "kalman"],
      criteria: criteria, recordings: [])
  }

  @Test func aCriterionNoBetterThanChanceSaysSo() throws {
    var summary = CriterionSummary(criterion: "abs(distance_error_percent)", recordings: [])
    #expect(summary.noBetterThanChance, "no recording ranked it: no agreement shown")
    summary.tauSimulated = [-0.5, -0.2, 0.4]
    #expect(summary.noBetterThanChance)
    summary.tauSimulated = [-0.1, 0.3, 0.6]
    #expect(!summary.noBetterThanChance)

    let text = try TransferFormat.table.render(report(criteria: ["abs(distance_error_percent)"]), width: 10_000)
    #expect(text.contains("Caveat: on distance the simulated ranking agrees with the real ones no better than chance"), "\(text)")
    #expect(text.contains("Gain is not ranked: no recording has heights on both sides"))
    let withGain = try TransferFormat.table.render(report(criteria: ["abs(distance_error_percent)", "abs(ascent_error_percent)"]), width: 10_000)
    #expect(!withGain.contains("Gain is not ranked") && withGain.contains("Caveat: on gain"))
  }
}

/// The verdict's `--transfer` line carries the same caveat where the check's ranking is no better than
/// chance on the verdict's objective.
@Suite struct VerdictTransferCaveatTests {
  func verdict(tau: [Double]) -> ShipVerdict {
    var records: [CellRecord] = []
    for t in 0..<3 {
      let strategies = [("raw", 2.0), ("kalman", 1.0)].map { name, x in
        StrategyScores(strategy: StrategyKey(stringLiteral: name), scores: Scores(metrics: [.crossTrackErrorRMS], values: [x + 0.01 * Double(t)]))
      }
      records.append(CellRecord(sweep: "v", cell: t, scenario: "walk", trial: t, strategies: strategies))
    }
    let info = SweepHeader.ScenarioInfo(
      name: "walk", description: "", seed: 1, trials: 3, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: 0, category: "open sky")
    let result = SweepHeader(sweep: "v", cells: records.count, scenarios: [info]).aggregate(records)
    var verdict = ShipVerdict(result: result, objective: try! Objective(parsing: "cross_track_error_rms_m"), objectiveText: "cross_track_error_rms_m", records: records)
    verdict.transfer = TransferEvidence(
      file: "t.json", criterion: "cross_track_error_rms_m", outOfSample: true, strategy: "kalman", recordings: 2, ranks: [1, 2], ranked: [14, 14],
      transfers: 2, indistinguishable: 0, meanRegret: 0.1, tauSimulated: tau, tauRealVsReal: [0.5, 0.6, 0.7], note: nil)
    return verdict
  }

  @Test func aChanceRankingIsNoEvidence() throws {
    let chance = try #require(VerdictText.checked(verdict(tau: [-0.4, -0.1, 0.2])))
    #expect(chance.contains("Caveat: here the simulated ranking agrees with the real ones no better than chance"))
    let agreeing = try #require(VerdictText.checked(verdict(tau: [0.4, 0.6, 0.8])))
    #expect(!agreeing.contains("Caveat"))
  }
}
