import Testing
import NumericKit

@testable import Evaluation

/// The transfer check's judgement of one criterion and its summary, on constructed values.
@Suite struct TransferReportTests {
  let names = ["a", "b", "c", "d"]

  func random() -> RandomSource { RandomSource(seed: 7) }

  @Test func thePickItsRealRankRegretAndAgreement() throws {
    let c = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, real: [1, 2, 3, 4], simulated: [2, 1, 3, 4], windows: [], resamples: 100, random: random()))
    #expect(c.pick == "b" && c.pickRealRank == 2 && c.realBest == "a" && c.regret == 1)
    #expect(abs((c.kendallTau ?? 0) - 4.0 / 6) < 1e-12, "5 concordant, 1 discordant of 6 pairs")
    #expect(c.transfers, "2nd of 4 is in the top 3")
    #expect(c.regretInterval == nil && c.indistinguishableFromBest == nil, "no windows, no bootstrap")
  }

  @Test func strategiesWithoutAValueOnEitherSideAreLeftOut() throws {
    let c = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, real: [1, nil, 3, 4], simulated: [2, 1, nil, 4], windows: [], resamples: 0, random: random()))
    #expect(c.strategies == ["a", "d"] && c.pick == "a" && c.regret == 0)
    #expect(CriterionTransfer.judge(criterion: "x", strategies: names, real: [1, nil, nil, nil], simulated: [1, 2, 3, 4], windows: [], resamples: 0, random: random()) == nil)
  }

  /// A pick worse than the best in every window is told apart; one whose windows scatter around the
  /// best's is not.
  @Test func theBootstrapTellsAConsistentDifferenceFromNoise() throws {
    let steady = (0..<12).map { w -> [Double?] in [1, 1.5 + 0.01 * Double(w % 3), 5, 6] }
    let c = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, real: [1, 1.5, 5, 6], simulated: [9, 1, 5, 6], windows: steady, resamples: 500, random: random()))
    #expect(c.pick == "b" && c.indistinguishableFromBest == ["a"], "\(String(describing: c.indistinguishableFromBest))")
    let interval = try #require(c.regretInterval)
    #expect(interval[0] > 0 && interval[0] <= 0.5 && interval[1] >= 0.5, "\(interval)")
    let noisy = (0..<12).map { w -> [Double?] in [1, w % 2 == 0 ? 4 : -2, 5, 6] }
    let n = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, real: [1, 1.5, 5, 6], simulated: [9, 1, 5, 6], windows: noisy, resamples: 500, random: random()))
    #expect(n.indistinguishableFromBest?.contains("b") == true && n.transfers)
  }

  @Test func theSummaryHoldsRealAgainstRealAgreement() throws {
    func recording(_ real: [Double], _ simulated: [Double]) throws -> RecordingTransfer {
      let c = try #require(CriterionTransfer.judge(criterion: "x", strategies: names, real: real, simulated: simulated, windows: [], resamples: 0, random: random()))
      return RecordingTransfer(file: "f", truth: "t", receiver: "r", durationS: 60, fixes: 60, windows: 0, criteria: [c])
    }
    let report = TransferReport(
      receiver: "r", outOfSample: true, trials: 1, seed: 1, windowS: 120, resamples: 0, strategies: names, criteria: ["x"],
      recordings: [try recording([1, 2, 3, 4], [1, 2, 3, 4]), try recording([4, 3, 2, 1], [1, 2, 3, 4])])
    let summary = try #require(report.summary.first)
    #expect(summary.recordings == 2 && summary.tauRealVsReal == [-1, -1, -1])
    #expect(summary.tauSimulated == [-1, 0, 1] && summary.transferred == 1, "\(summary)")
    #expect(try report.json().contains("\"schema\" : \"trackbench-transfer\""))
  }
}
