import Evaluation
import Filtering
import Simulation
import TrackCore

/// One cell of a sweep: a trial of a scenario, on which every strategy of the scenario runs.
public struct SweepCell: Sendable, Hashable {
  /// Position in the sweep, from 0.
  public var index: Int
  /// Index of the scenario in the experiment.
  public var scenario: Int
  public var trial: Int
}

/// Runs an ``Experiment``: its sweep of cells executed in parallel into records, then aggregated.
///
/// A cell is one (scenario, trial): its fixes are simulated once and every strategy filters the same
/// fixes (common random numbers, so strategies are compared on identical input). The sweep's cells are
/// in a stable order, scenario then trial; a cell's record depends only on its (seed, trial), so any
/// thread count, shard or resume gives identical records, and the results are a pure function of them.
public struct ExperimentRunner: Sendable {
  public let experiment: Experiment
  public let engines: [ScenarioEngine]
  /// Every cell, in the sweep's order.
  public let cells: [SweepCell]
  /// Each scenario's truth side of scoring, prepared once.
  let contexts: [ScoringContext]
  /// Each scenario's strategies as text (what records and reports name them by).
  let names: [[StrategyKey]]
  /// Each scenario as loaded (every field) and its strategies: what the fingerprint hashes.
  private let sweepParts: [String]
  /// What a sweep file's header says of each scenario.
  private let scenarioInfos: [SweepHeader.ScenarioInfo]

  /// - Throws: ``SpecError`` if a scenario cannot be built (files are checked when loaded, so this is
  ///   for scenarios made in code).
  public init(_ experiment: Experiment) throws {
    self.experiment = experiment
    engines = try experiment.scenarios.indices.map { s in
      try ScenarioEngine.reusing(experiment.builtEngines.indices.contains(s) ? experiment.builtEngines[s] : nil, for: experiment.scenarios[s])
    }
    for (scenario, strategies) in zip(experiment.scenarios, experiment.strategies) {
      if let error = SampledRun.intervalError(strategies, scenario: scenario) { throw error }
    }
    var cells: [SweepCell] = []
    for (s, engine) in engines.enumerated() {
      for trial in 0..<engine.scenario.trials { cells.append(SweepCell(index: cells.count, scenario: s, trial: trial)) }
    }
    self.cells = cells
    contexts = zip(engines, experiment.scoring).map { ScoringContext(truth: $0.truth, settings: $1) }
    let names = experiment.strategies.map { $0.map(\.key) }
    self.names = names
    // A file's scenario identity holds its whole document, scoring included; a scenario made in code
    // has no file, so its scoring settings are added.
    sweepParts = experiment.scenarios.indices.flatMap { s in
      let scenario = experiment.scenarios[s]
      return [scenario.identity + (scenario.definition.isEmpty ? "\n\(experiment.scoring[s])" : ""), names[s].map(\.text).joined(separator: "\n")]
    } + (experiment.metrics.map { ["metrics: " + $0.map(\.rawValue).joined(separator: ",")] } ?? [])
    scenarioInfos = Self.scenarioInfos(engines)
  }

  /// What a sweep header says of each scenario, its cells following the previous scenario's.
  public static func scenarioInfos(_ engines: [ScenarioEngine]) -> [SweepHeader.ScenarioInfo] {
    var first = 0
    return engines.map { engine in
      defer { first += engine.scenario.trials }
      return SweepHeader.ScenarioInfo(
        name: engine.scenario.name, description: engine.scenario.description, seed: engine.scenario.seed,
        trials: engine.scenario.trials, fixesPerTrial: engine.fixCount, trueDistanceM: engine.truth.totalDistance,
        durationS: engine.truth.duration, firstCell: first,
        category: engine.scenario.category(distance: engine.truth.totalDistance, duration: engine.truth.duration),
        device: DeviceInfo(receiver: engine.scenario.receiverName ?? "its own receiver", reportsSpeed: engine.scenario.reportsSpeed), activity: engine.scenario.activity.rawValue)
    }
  }

  /// Executes every cell and aggregates the records: ``execute(_:threads:illustrate:progress:sink:)``
  /// then ``aggregate(_:)``.
  /// - Parameters:
  ///   - illustrate: also draw each scenario's trial 0 (recorded tracks, live pace, pins) for HTML.
  ///   - progress: called on the calling thread after each cell with (cells done, cells in all).
  ///   - records: receives every record, in the sweep's order, before aggregation.
  /// - Throws: the first cell's ``ProcessFailure`` (a process strategy that failed), or what `records` throws.
  public func run(
    threads: Int, illustrate: Bool = false, progress: ((Int, Int) -> Void)? = nil,
    records: (([CellRecord]) throws -> Void)? = nil
  ) throws -> ExperimentResult {
    var all: [CellRecord] = []
    all.reserveCapacity(cells.count)
    if let failure = execute(cells, threads: threads, illustrate: illustrate, progress: progress, sink: { all.append($0) }) { throw failure }
    all.sort { $0.cell < $1.cell }
    try records?(all)
    return aggregate(all)
  }

  /// Why a sweep run with a shard and a journal stopped: a process strategy failed, or the journal could
  /// not be opened, resumed or appended to (the message names `--journal` or `--resume`).
  public enum SweepRunFailure: Error, CustomStringConvertible {
    case process(ProcessFailure)
    case journal(String)
    public var description: String {
      switch self {
      case .process(let failure): return "\(failure)"
      case .journal(let message): return message
      }
    }
  }

  /// The records of the cells `shard` holds (every cell without one), in cell order: the cells already in
  /// `journal`'s file are kept (a torn last line is cut off and redone) when `resume`, the others run and
  /// each is appended to the journal as it finishes (flushed to disk), so a run killed half way can
  /// be finished. Only cells that finished before a failure reach the journal: a resume redoes the
  /// failed one.
  /// - Parameters:
  ///   - header: what the journal starts with (``header(illustrate:shard:)``).
  ///   - journal: the journal's path and whether to resume from it; nil for none.
  /// - Throws: ``SweepRunFailure``.
  public func records(
    shard: SweepHeader.Shard?, journal: (path: String, resume: Bool)?, header: SweepHeader, threads: Int, illustrate: Bool,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(SweepRunFailure) -> [CellRecord] {
    var done: [CellRecord] = []
    var writer: Journal?
    if let journal {
      let names = self.names
      do throws(Journal.OpenError) {
        (done, writer) = try Journal.opened(at: journal.path, header: header, resume: journal.resume) { names[cells[$0].scenario] }
      } catch { throw .journal("\(error.stage == .resuming ? "--resume" : "--journal"): \(error)") }
    }
    let finished = Set(done.map(\.cell))
    let todo = cells.filter { (shard?.holds($0.index) ?? true) && !finished.contains($0.index) }
    var all = done
    var journalFailure: (any Error)?
    let failure = execute(todo, threads: threads, illustrate: illustrate, progress: progress) { record in
      all.append(record)
      if journalFailure == nil {
        do { try writer?.append(record) } catch { journalFailure = error }
      }
    }
    if let failure { throw .process(failure) }
    if let journalFailure { throw .journal("--journal: \(journalFailure)") }
    all.sort { $0.cell < $1.cell }
    return all
  }

  /// Runs `cells` on up to `threads` threads (``CellExecutor``), handing each cell's record to `sink` on
  /// the calling thread as it finishes (completion order; `record.cell` says which).
  /// - Returns: the failure of a process strategy, if a cell met one; `sink` then saw only the records
  ///   finished before it.
  @discardableResult
  public func execute(
    _ cells: [SweepCell], threads: Int, illustrate: Bool = false, progress: ((Int, Int) -> Void)? = nil,
    sink: (CellRecord) -> Void
  ) -> ProcessFailure? {
    let sweep = fingerprint(illustrate: illustrate)
    let (engines, contexts, strategies, names, metrics) = (self.engines, self.contexts, experiment.strategies, self.names, experiment.metrics)
    var done = 0
    return CellExecutor.run(count: cells.count, threads: threads, work: { i in
      let cell = cells[i]
      return ExperimentRunner.record(
        cell, sweep: sweep, engine: engines[cell.scenario], context: contexts[cell.scenario], strategies: strategies[cell.scenario],
        names: names[cell.scenario], metrics: metrics, illustrate: illustrate && cell.trial == 0)
    }) { _, record in
      sink(record)
      done += 1
      progress?(done, cells.count)
    }
  }

  /// The results of the sweep's records (any order, one per cell): per scenario × strategy × metric, the
  /// summary over trials. A pure function of the records and the scenarios (``SweepHeader/aggregate(_:)``).
  /// - Precondition: every cell has its record.
  public func aggregate(_ records: [CellRecord]) -> ExperimentResult { header(illustrate: false).aggregate(records) }

  /// The sweep's fingerprint: the scenarios as loaded (every field), the strategies, whether trial 0 is
  /// drawn, and the records' schema. Records of sweeps with different fingerprints are never merged.
  public func fingerprint(illustrate: Bool) -> String {
    Fingerprint.of(["\(SweepHeader.currentSchema) \(SweepHeader.currentSchemaVersion)", "illustrate: \(illustrate)"] + sweepParts)
  }

  /// What a shard file or journal of this sweep starts with.
  public func header(illustrate: Bool, shard: SweepHeader.Shard? = nil) -> SweepHeader {
    SweepHeader(sweep: fingerprint(illustrate: illustrate), cells: cells.count, scenarios: scenarioInfos, shard: shard)
  }

  /// Simulates one cell's trial and scores every strategy on it; a process strategy's failure instead.
  /// - Parameters:
  ///   - names: the strategies' keys.
  ///   - metrics: the metrics to score (``Experiment/metrics``); `nil` for all.
  static func record(
    _ cell: SweepCell, sweep: String, engine: ScenarioEngine, context: ScoringContext, strategies: [Strategy], names: [StrategyKey],
    metrics: [Metric]? = nil, illustrate: Bool
  ) -> Result<CellRecord, ProcessFailure> {
    var observed: [LocalFix] = []
    var buffer = ObservationBuffer()
    engine.observe(trial: cell.trial, into: &observed, buffer: &buffer)
    var recorded: [LocalFix] = []
    let settings = context.settings
    var runs: [(strategy: String, run: RecordedRun)] = []
    let run = FilterRun.Context(scenario: engine.scenario.name, trial: cell.trial, frame: engine.truth.frame)
    var memo = IdenticalRunMemo<Scores>()
    var known = KnownDistances(engine.truth, fixes: observed, searchRadius: CrossTrackError().searchRadius)
    let outcome = FilterRun.collectingFailure(run) {
      zip(strategies, names).map { strategy, name in
        let energy = SampledRun.run(strategy, observed: observed, engine: engine, trial: cell.trial, into: &recorded)
        let run = RecordedRun(observedCount: observed.count, recorded: recorded, energy: energy)
        if illustrate { runs.append((name.text, run)) }
        let scores = memo.scores(for: run, rescoring: { Metric.scores(run, context: context, known: &known, only: $0) }) {
          if let metrics { return Metric.scores(run, context: context, known: &known, only: metrics) }
          return Metric.scores(run, context: context, known: &known)
        }
        return StrategyScores(strategy: name, scores: scores)
      }
    }
    return outcome.map { scores in
      let illustration =
        illustrate ? ScenarioIllustration(trial: cell.trial, truth: engine.truth, runs: runs, settings: settings) : nil
      return CellRecord(sweep: sweep, cell: cell.index, scenario: engine.scenario.name, trial: cell.trial, strategies: scores, illustration: illustration)
    }
  }
}
