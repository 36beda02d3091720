import Testing
import NumericKit

import Findings
import Evaluation

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

  /// The pick is what the verdict ships, from what the verdict ranks: a live strategy, filter or sampling
  /// policy (#64: one candidate set), ranked strictly among them; a smoother that beats everything is
  /// judged in a section of its own, never "the pick".
  @Test func thePickIsALiveStrategyJudgedStrictly() throws {
    let names = ["smooth", "a", "b", "c", "d", "e", "duty"]
    let kinds: [StrategyKind] = [.smoother, .live, .live, .live, .live, .live, .sampling]
    let c = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, kinds: kinds, real: [0, 1, 2, 3, 4, 5, 6], simulated: [0, 9, 8, 7, 1, 6, 7], windows: [],
      resamples: 0, random: random()))
    #expect(c.pick == "d" && c.pickRealRank == 4 && c.ranked == 6 && c.realBest == "a" && c.regret == 3)
    #expect(!c.transfers, "4th of the live strategies is outside the real top 3")
    #expect(c.sections.isEmpty, "one smoother: nothing to rank within the smoothers")
    #expect(c.realRank(of: "smooth") == nil && c.realRank(of: "a") == 1 && c.realRank(of: "duty") == 6)
    // A sampling policy the simulation ranks first is the pick, as the verdict would ship it.
    let sampled = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, kinds: kinds, real: [0, 3, 2, 4, 5, 6, 1], simulated: [0, 9, 8, 7, 5, 6, 2], windows: [],
      resamples: 0, random: random()))
    #expect(sampled.pick == "duty" && sampled.pickRealRank == 1 && sampled.transfers)
  }

  /// A recording whose windows cannot tell any strategy from its best says so, and the headline does
  /// not count it as evidence either way.
  @Test func theHeadlineSaysThePickItsRanksAndWhetherThatIsEnough() throws {
    let uncertain = (0..<12).map { w -> [Double?] in w % 2 == 0 ? [1, 21, -19, 22] : [1, -19, 23, -18] }
    let told = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, real: [1, 2, 3, 4], simulated: [4, 3, 2, 1], windows: uncertain, resamples: 200, random: random()))
    #expect(told.pick == "d" && told.pickRealRank == 4 && !told.transfers)
    #expect(told.distinguishable == 0 && told.pickIndistinguishable == true)
    let good = try #require(CriterionTransfer.judge(
      criterion: "x", strategies: names, real: [1, 2, 3, 4], simulated: [1, 2, 3, 4], windows: [], resamples: 0, random: random()))
    let report = TransferReport(
      receiver: "r", outOfSample: true, trials: 1, seed: 1, windowS: 120, resamples: 0, strategies: names, criteria: ["x"],
      recordings: [
        RecordingTransfer(file: "one", truth: "t", receiver: "r", durationS: 60, fixes: 60, windows: 12, criteria: [told]),
        RecordingTransfer(file: "two", truth: "t", receiver: "r", durationS: 60, fixes: 60, windows: 0, criteria: [good]),
      ])
    #expect(report.headline[0] == "The simulation ships, per recording, the best of the live strategies by x: a, d.")
    #expect(report.headline[1] == "Its real rank and regret: one 4 of 4 (+3); two 1 of 4 (+0).")
    #expect(report.headline[2].hasPrefix("In the real top 3 on 1 of 2 recordings: good enough"), "\(report.headline[2])")
    #expect(report.headline[2].contains("1 recording tells no strategy from its best"))
    #expect(report.summary[0].transferred == 1 && report.summary[0].indistinguishable == 1 && report.summary[0].tellingNothing == 1)
  }
}
