import Filtering
import Testing
import TrackCore

/// Every catalogue strategy, with defaults and with a few other settings.
let lawStrategies: [Strategy] = Strategy.defaults + [
  "distance-filter(0)", "distance-filter(25)", "accuracy-gate(4)", "run-average(1)", "run-average(10)",
  "kalman(q: 0.01)", "kalman(q: 50, r_scale: 0.2)", "moonrunner(distance: 5, accuracy: 8, age: 1)",
].map { try! Strategy(parsing: $0) }

@Suite struct StrategyLawTests {
  @Test(arguments: lawStrategies)
  func obeysTheLaws(strategy: Strategy) {
    checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative)
    #expect(strategy.run(over: LawInputs.input) == LawInputs.input.withUnsafeBufferPointer { buffer in
      var out: [LocalFix] = []
      strategy.run(over: buffer, into: &out)
      return out
    })
  }

  @Test(arguments: lawStrategies)
  func noiseFreeInputGivesTheTrueDistanceUpToItsOwnSamplingLoss(strategy: Strategy) {
    let input = LawInputs.straight
    let trueDistance = input.pathLength
    let recorded = strategy.run(over: input).pathLength
    let bound = strategy.noiseFreeDistanceLoss(spacing: 3)
    #expect(recorded <= trueDistance + 1e-6, "\(strategy): never more than the truth")
    #expect(recorded >= trueDistance - bound - 1e-6, "\(strategy): lost \(trueDistance - recorded) m, bound \(bound) m")
  }

  @Test func distanceFilterLossBoundIsTight() {
    // 10 m on 3 m steps: the last delivered fix is within 10 m of the end, and is > 0 m from it here.
    let lost = LawInputs.straight.pathLength - (try! Strategy(parsing: "distance-filter(10)")).run(over: LawInputs.straight).pathLength
    #expect(lost > 0 && lost < 10)
  }
}
