import Evaluation
import Findings
import Testing

/// The speed gate's judgement on constructed figures: a rate below its band or a count above its band
/// fails, an improvement passes and is said, a kernel on one side only fails.
@Suite struct SpeedCheckTests {
  @Test func ratesAreJudgedBelowTheBand() {
    let check = SpeedCheck(
      figure: .fixesPerSecond, band: 0.5,
      recorded: [("kalman", 80e6), ("raw", 400e6), ("ema", 300e6)],
      now: [("kalman", 39e6), ("raw", 210e6), ("ema", 460e6)])
    #expect(check.kernels.map(\.verdict) == [.regression, .withinBand, .improvement])
    #expect(check.kernels[0].ratio == 39e6 / 80e6)
    #expect(check.regressions == 1 && check.improvements == 1 && !check.passed)
  }

  @Test func countsAreJudgedAboveTheBand() {
    let check = SpeedCheck(
      figure: .instructionsPerFix, band: 0.01,
      recorded: [("kalman", 373.24), ("raw", 34.03)],
      now: [("kalman", 373.24 * 1.009), ("raw", 34.03 * 1.011)])
    #expect(check.kernels.map(\.verdict) == [.withinBand, .regression])
    let faster = SpeedCheck(figure: .instructionsPerFix, band: 0.01, recorded: [("raw", 34)], now: [("raw", 30)])
    #expect(faster.kernels.map(\.verdict) == [.improvement] && faster.passed)
  }

  @Test func aKernelOnOneSideOnlyFails() {
    let check = SpeedCheck(figure: .instructionsPerFix, band: 0.01, recorded: [("raw", 34), ("ema", 57)], now: [("raw", 34), ("new-filter", 80)])
    #expect(check.kernels.map(\.name) == ["raw", "ema", "new-filter"])
    #expect(check.kernels.map(\.verdict) == [.withinBand, .missing, .missing])
    #expect(!check.passed && check.regressions == 0)
  }
}
