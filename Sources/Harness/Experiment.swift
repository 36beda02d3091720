import Filtering
import Simulation

/// What to run: scenarios × strategies × trials. Cells run in a stable order: scenario, then trial.
public struct Experiment: Sendable {
  public var scenarios: [Scenario]
  /// The strategies compared on each scenario (same order as `scenarios`).
  public var strategies: [[Strategy]]

  /// The same strategies on every scenario.
  /// - Parameters:
  ///   - trials: replaces every scenario's `trials` when given.
  ///   - seed: replaces every scenario's `seed` when given.
  public init(scenarios: [Scenario], strategies: [Strategy], trials: Int? = nil, seed: UInt64? = nil) {
    self.init(scenarios: scenarios, strategiesPerScenario: scenarios.map { _ in strategies }, trials: trials, seed: seed)
  }

  /// Each scenario with its own strategies.
  public init(scenarios: [Scenario], strategiesPerScenario: [[Strategy]], trials: Int? = nil, seed: UInt64? = nil) {
    precondition(scenarios.count == strategiesPerScenario.count, "one strategy list per scenario")
    self.scenarios = scenarios.map { scenario in
      var scenario = scenario
      if let trials { scenario.trials = trials }
      if let seed { scenario.seed = seed }
      return scenario
    }
    self.strategies = strategiesPerScenario
  }

  /// Scenario files with their strategies: `override` when given (the command line's), else each file's
  /// own `strategies`, else the whole catalogue with defaults.
  /// - Parameter allowingPrograms: whether a file's own strategies may run another program
  ///   (`process(cmd: …)`): a scenario file can come from anyone, so only when the user says so.
  /// - Throws: ``ScenarioFileError`` naming the file, line and entry of a strategy that does not parse,
  ///   or that runs a program when `allowingPrograms` is false.
  public static func resolving(
    _ loaded: [(file: String, scenario: Scenario)], override: [Strategy]?, trials: Int? = nil, seed: UInt64? = nil,
    allowingPrograms: Bool = false
  ) throws(ScenarioFileError) -> Experiment {
    var lists: [[Strategy]] = []
    for (file, scenario) in loaded {
      if let override {
        lists.append(override)
        continue
      }
      guard !scenario.strategies.isEmpty else {
        lists.append(Strategy.defaults)
        continue
      }
      var list: [Strategy] = []
      for (i, text) in scenario.strategies.enumerated() {
        let field = "strategies[\(i)]"
        let strategy: Strategy
        do {
          strategy = try Strategy(parsing: text)
        } catch {
          let place = ScenarioLoader.location(of: field, inFile: file)
          throw ScenarioFileError(
            file: file, line: place?.line, column: place?.column, field: field,
            expected: "a strategy or pipeline (trackbench strategies lists them)", found: "\(error)")
        }
        if strategy.runsProgram, !allowingPrograms {
          let place = ScenarioLoader.location(of: field, inFile: file)
          throw ScenarioFileError(
            file: file, line: place?.line, column: place?.column, field: field,
            expected: ProgramPermission.expectation,
            found: "'\(strategy.description)', which runs a program")
        }
        list.append(strategy)
      }
      lists.append(list)
    }
    return Experiment(scenarios: loaded.map(\.scenario), strategiesPerScenario: lists, trials: trials, seed: seed)
  }
}
