import Findings
import Foundation
import Reporting
import Testing

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
