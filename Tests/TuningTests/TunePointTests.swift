import Evaluation
import Filtering
import Harness
import Testing
import Tuning

/// A point of a tune is checked as a run's strategies are: a sampling policy asking for fixes faster
/// than the receiver makes them is refused naming the parameter (SampledRunTests for run's check).
@Suite struct TunePointTests {
  @Test func aPointBelowTheReceiversIntervalIsRefused() throws {
    var scenario = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/standing-still.yaml"]).first)
    scenario.receiver.rateHz = 0.5
    scenario.trials = 1
    let set = try TuneSet(name: "train", scenarios: [scenario], threads: 1)
    let evaluator = TuneEvaluator(objective: try Objective(parsing: "energy_joules"), threads: 1)
    let refused = #expect(throws: TuneInputError.self) { _ = try evaluator.scores(try Strategy(parsing: "adaptive-interval(min_s: 1.5)"), on: set) }
    #expect(refused?.message.contains("min_s: expected an interval of at least the receiver's 2 s") == true, "\(String(describing: refused))")
  }
}
