import Evaluation
import Filtering
import Simulation

/// What to run: scenarios × strategies × trials, and how each scenario's runs are scored. Cells run in a
/// stable order: scenario, then trial.
public struct Experiment: Sendable {
  public var scenarios: [Scenario]
  /// The strategies compared on each scenario (same order as `scenarios`).
  public var strategies: [[Strategy]]
  /// How each scenario's runs are scored (same order; a scenario file's `scoring:` block).
  public var scoring: [ScoringSettings]
  /// The metrics each run is scored on, when not all of them: each run then measures only the parts of
  /// it these read (``Metric/scores(_:context:known:only:)``), for a caller that needs a few (`transfer`'s
  /// criteria). `nil`: every metric, as results and reports need.
  public var metrics: [Metric]?
  /// The engines the loader built to check the scenarios' files (same order; none for scenarios made in
  /// code), reused by the runner where a scenario was not changed beyond its seed and trials.
  var builtEngines: [ScenarioEngine?] = []

  /// The same strategies on every scenario.
  /// - Parameters:
  ///   - trials: replaces every scenario's `trials` when given.
  ///   - seed: replaces every scenario's `seed` when given.
  ///   - scoring: each scenario's settings (default: the defaults).
  @_optimize(none)
  public init(scenarios: [Scenario], strategies: [Strategy], trials: Int? = nil, seed: UInt64? = nil, scoring: [ScoringSettings]? = nil) {
    self.init(scenarios: scenarios, strategiesPerScenario: scenarios.map { _ in strategies }, trials: trials, seed: seed, scoring: scoring)
  }

  /// Each scenario with its own strategies.
  @_optimize(none)
  public init(
    scenarios: [Scenario], strategiesPerScenario: [[Strategy]], trials: Int? = nil, seed: UInt64? = nil, scoring: [ScoringSettings]? = nil
  ) {
    precondition(scenarios.count == strategiesPerScenario.count, "one strategy list per scenario")
    precondition(scoring.map { $0.count == scenarios.count } ?? true, "one scoring per scenario")
    self.scenarios = scenarios.map { scenario in
      var scenario = scenario
      if let trials { scenario.trials = trials }
      if let seed { scenario.seed = seed }
      return scenario
    }
    self.strategies = strategiesPerScenario
    self.scoring = scoring ?? scenarios.map { _ in ScoringSettings() }
  }

  /// Scenario files with their strategies: `override` when given (the command line's), else each file's
  /// own `strategies`, else the whole catalogue with defaults; each scored as its file says.
  /// - Parameter allowingPrograms: whether a file's own strategies may run another program
  ///   (`process(cmd: …)`): a scenario file can come from anyone, so only when the user says so.
  /// - Throws: ``ScenarioFileError`` naming the file, line and entry of a strategy that runs a program
  ///   when `allowingPrograms` is false.
  @_optimize(none)
  public static func resolving(
    _ loaded: [(file: String, document: ScenarioDocument)], override: [Strategy]?, trials: Int? = nil, seed: UInt64? = nil,
    allowingPrograms: Bool = false
  ) throws(ScenarioFileError) -> Experiment {
    var lists: [[Strategy]] = []
    for (file, document) in loaded {
      if let override {
        lists.append(override)
        continue
      }
      guard !document.strategies.isEmpty else {
        lists.append(Strategy.defaults)
        continue
      }
      for placed in document.strategies where placed.strategy.runsProgram && !allowingPrograms {
        throw ScenarioFileError(
          file: file, line: placed.line, column: placed.column, field: placed.field, expected: ProgramPermission.expectation,
          found: "'\(placed.strategy.description)', which runs a program")
      }
      lists.append(document.strategies.map(\.strategy))
    }
    var experiment = Experiment(
      scenarios: loaded.map(\.document.scenario), strategiesPerScenario: lists, trials: trials, seed: seed, scoring: loaded.map(\.document.scoring))
    experiment.builtEngines = loaded.map(\.document.engine)
    return experiment
  }
}
