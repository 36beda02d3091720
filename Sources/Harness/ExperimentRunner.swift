import Evaluation
import Filtering
import Simulation
import TrackCore

/// Runs an ``Experiment`` in parallel and aggregates the scores.
///
/// A cell is one (scenario, trial): its fixes are simulated once and every strategy filters the same
/// fixes (common random numbers, so strategies are compared on identical input). Cells run on up to
/// `threads` tasks at once; each cell's scores depend only on its (seed, trial), and results are
/// gathered by cell index, so any thread count gives identical results.
public struct ExperimentRunner: Sendable {
  public let experiment: Experiment
  public let engines: [ScenarioEngine]

  /// - Throws: ``SpecError`` if a scenario cannot be built (files are checked when loaded, so this is
  ///   for scenarios made in code).
  public init(_ experiment: Experiment) throws {
    self.experiment = experiment
    engines = try experiment.scenarios.map { try ScenarioEngine($0) }
  }

  /// Per-cell scores: [strategy][metric], in `Metric.simulated` order, and the drawing of the cell when
  /// one was asked for.
  typealias CellScores = (scores: [[Double?]], illustration: ScenarioIllustration?)

  /// Runs every cell on up to `threads` concurrent tasks and summarises per scenario × strategy × metric.
  /// - Parameters:
  ///   - illustrate: also draw each scenario's trial 0 (recorded tracks, live pace, pins) for HTML.
  ///   - progress: called on the calling task after each cell with (cells done, cells in all).
  public func run(
    threads: Int, illustrate: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) async -> ExperimentResult {
    let cells = engines.indices.flatMap { s in (0..<engines[s].scenario.trials).map { (scenario: s, trial: $0) } }
    var scores = [CellScores?](repeating: nil, count: cells.count)
    let width = max(1, threads)
    await withTaskGroup(of: (Int, CellScores).self) { group in
      var next = 0
      var done = 0
      func submit() {
        let index = next
        let cell = cells[index]
        let engine = engines[cell.scenario]
        let strategies = experiment.strategies[cell.scenario]
        let drawn = illustrate && cell.trial == 0
        group.addTask {
          (index, ExperimentRunner.score(engine: engine, trial: cell.trial, strategies: strategies, illustrate: drawn))
        }
        next += 1
      }
      while next < min(width, cells.count) { submit() }
      while let (index, result) = await group.next() {
        scores[index] = result
        done += 1
        progress?(done, cells.count)
        if next < cells.count { submit() }
      }
    }
    var scenarioResults: [ScenarioResult] = []
    var cursor = 0
    for (s, engine) in engines.enumerated() {
      let trials = engine.scenario.trials
      let block = scores[cursor..<(cursor + trials)].map { $0! }
      cursor += trials
      let strategies = experiment.strategies[s].enumerated().map { k, strategy in
        StrategyResult(
          strategy: strategy.description,
          metrics: Metric.simulated.enumerated().map { m, metric in
            MetricSummary(metric: metric, values: block.map { $0.scores[k][m] })
          })
      }
      scenarioResults.append(ScenarioResult(
        name: engine.scenario.name, description: engine.scenario.description, seed: engine.scenario.seed,
        trials: trials, fixesPerTrial: engine.fixCount, trueDistanceM: engine.truth.totalDistance,
        durationS: engine.truth.duration, strategies: strategies, illustration: block.first?.illustration))
    }
    return ExperimentResult(scenarios: scenarioResults)
  }

  /// Simulates one trial and scores every strategy on it.
  static func score(engine: ScenarioEngine, trial: Int, strategies: [Strategy], illustrate: Bool) -> CellScores {
    var observed: [LocalFix] = []
    var buffer = ObservationBuffer()
    engine.observe(trial: trial, into: &observed, buffer: &buffer)
    var recorded: [LocalFix] = []
    let settings = engine.scenario.scoring.settings
    var runs: [(strategy: String, run: RecordedRun)] = []
    let scores = strategies.map { strategy in
      observed.withUnsafeBufferPointer { strategy.run(over: $0, into: &recorded) }
      let run = RecordedRun(observedCount: observed.count, recorded: recorded)
      if illustrate { runs.append((strategy.description, run)) }
      return Metric.scores(run, against: engine.truth, settings: settings)
    }
    let illustration = illustrate ? ScenarioIllustration(trial: trial, truth: engine.truth, runs: runs, settings: settings) : nil
    return (scores, illustration)
  }
}

extension ScoringSpec {
  /// The metrics' settings this scenario block gives.
  public var settings: ScoringSettings {
    ScoringSettings(
      paceWindow: paceWindowS, announceEvery: announceEveryS, goodFixRadius: goodFixM,
      badges: BadgeRules(distances: checkpointsM, history: history.map { PastRunRecord(distance: $0.distanceM, duration: $0.durationS) }))
  }
}
