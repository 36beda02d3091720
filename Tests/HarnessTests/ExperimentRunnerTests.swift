import Evaluation
import Filtering
import Foundation
import Harness
import Simulation
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let scenarioDirectory = repositoryRoot.appendingPathComponent("scenarios").path

@Suite struct ExperimentRunnerTests {
  /// What real receivers show: raw fixes of a recent phone in open sky sum to within about 1.5 % of the
  /// truth (watches and phones: −1.2 … +1.4 % against footpods and wheels), while a budget receiver's
  /// zig-zag overshoots by about 6 %, which a Kalman filter removes.
  @Test func rawIsCloseInOpenSkyAndAFilterHelpsABudgetPhone() async throws {
    let scenarios = try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml", scenarioDirectory + "/budget-phone-5k.yaml"])
    let strategies = try ["raw", "kalman"].map { try Strategy(parsing: $0) }
    let result = try ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: 20)).run(threads: 2)
    let park = result.scenarios[0], budget = result.scenarios[1]
    let parkRaw = try #require(park.strategies[0].summary(.distanceErrorPercent)?.mean)
    #expect(abs(parkRaw) < 1.5, "park-loop raw distance error \(parkRaw) %")
    let raw = budget.strategies[0], kalman = budget.strategies[1]
    let rawDistance = try #require(raw.summary(.distanceErrorPercent)?.mean)
    let kalmanDistance = try #require(kalman.summary(.distanceErrorPercent)?.mean)
    #expect(rawDistance > 4 && rawDistance < 9, "budget phone raw distance error \(rawDistance) %")
    #expect(abs(kalmanDistance) < abs(rawDistance), "distance error: kalman \(kalmanDistance) %, raw \(rawDistance) %")
    // Splits: raw's zig-zag makes every kilometre come early; the filter's do not.
    let rawSplits = try #require(raw.summary(.kilometreSplitErrorRMS)?.mean)
    let kalmanSplits = try #require(kalman.summary(.kilometreSplitErrorRMS)?.mean)
    #expect(kalmanSplits < rawSplits, "km split pace error: kalman \(kalmanSplits), raw \(rawSplits) s/km")
  }

  /// On scenarios covering the suite's kinds of run; the whole suite with TRACKBENCH_LONG_TESTS=1.
  @Test func threadCountDoesNotChangeResults() async throws {
    let long = ProcessInfo.processInfo.environment["TRACKBENCH_LONG_TESTS"] == "1"
    let names = ["park-loop", "downtown-grid", "tunnel-dropouts", "cold-start", "standing-still"]
    let scenarios = try ScenarioDiscovery.load(paths: long ? [scenarioDirectory] : names.map { scenarioDirectory + "/\($0).yaml" })
    let experiment = Experiment(scenarios: scenarios, strategies: Strategy.builtInDefaults, trials: long ? 4 : 3)
    let one = try ExperimentRunner(experiment).run(threads: 1)
    let two = try ExperimentRunner(experiment).run(threads: 2)
    let many = try ExperimentRunner(experiment).run(threads: 7)
    #expect(one == two && two == many)
  }

  @Test func overridesApply() throws {
    let scenarios = try ScenarioDiscovery.load(paths: [scenarioDirectory])
    let experiment = Experiment(scenarios: scenarios, strategies: [], trials: 3, seed: 5)
    #expect(experiment.scenarios.allSatisfy { $0.trials == 3 && $0.seed == 5 })
  }

  @Test func discoveryErrors() {
    #expect(throws: ScenarioFileError.self) { try ScenarioDiscovery.load(paths: ["/nonexistent"]) }
    #expect(throws: ScenarioFileError.self) {
      try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml", scenarioDirectory + "/park-loop.yaml"])
    }
  }
}
