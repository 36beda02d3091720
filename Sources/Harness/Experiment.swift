import Filtering
import Simulation

/// What to run: scenarios × strategies × trials. Cells run in a stable order: scenario, then trial.
public struct Experiment: Sendable {
  public var scenarios: [Scenario]
  public var strategies: [Strategy]

  /// - Parameters:
  ///   - trials: replaces every scenario's `trials` when given.
  ///   - seed: replaces every scenario's `seed` when given.
  public init(scenarios: [Scenario], strategies: [Strategy], trials: Int? = nil, seed: UInt64? = nil) {
    self.scenarios = scenarios.map { scenario in
      var scenario = scenario
      if let trials { scenario.trials = trials }
      if let seed { scenario.seed = seed }
      return scenario
    }
    self.strategies = strategies
  }
}
