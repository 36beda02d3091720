import Evaluation
import Filtering
import Findings
import Foundation
import Harness
import NumericKit
import Simulation
import TrackCore

/// The cells `tune` scores on: scenarios (with the seeds chosen for the set), each trial one cell, with
/// every cell's simulated fixes held in memory so that each evaluation only filters and scores.
public final class TuneSet: Sendable {
  /// `train` or `validate`.
  public let name: String
  public let scenarios: [Scenario]
  let engines: [ScenarioEngine]
  /// (scenario index, trial) per cell, scenario then trial.
  let cells: [(scenario: Int, trial: Int)]
  let observed: [[LocalFix]]
  /// The true distances at each cell's fixes, found once for every point scored on it.
  let known: [KnownDistances]
  /// Each scenario's truth side of scoring, prepared once.
  let contexts: [ScoringContext]

  /// Simulates every cell on up to `threads` threads, each scenario scored as its file says.
  /// - Throws: ``SpecError`` if a scenario cannot be built.
  public init(name: String, documents: [ScenarioDocument], threads: Int) throws {
    self.name = name
    scenarios = documents.map(\.scenario)
    let engines = try documents.map { try ScenarioEngine.reusing($0.engine, for: $0.scenario) }
    self.engines = engines
    let cells = engines.indices.flatMap { s in (0..<engines[s].scenario.trials).map { (scenario: s, trial: $0) } }
    self.cells = cells
    contexts = zip(engines, documents).map { ScoringContext(truth: $0.truth, settings: $1.scoring) }
    let observed = CellExecutor.map(count: cells.count, threads: threads) { i in
      engines[cells[i].scenario].observe(trial: cells[i].trial)
    }
    self.observed = observed
    known = CellExecutor.map(count: cells.count, threads: threads) { i in
      let truth = engines[cells[i].scenario].truth
      var known = KnownDistances(truth, fixes: observed[i], searchRadius: CrossTrackError().searchRadius)
      known.measureAll(against: truth)
      return known
    }
  }

  /// The same for scenarios made in code, scored with the default settings.
  public convenience init(name: String, scenarios: [Scenario], threads: Int) throws {
    try self.init(name: name, documents: scenarios.map { ScenarioDocument(scenario: $0) }, threads: threads)
  }

  /// The scenarios of a tune's two sets: training, a copy of each scenario per seed of `trainSeeds` (or
  /// its own seed); validation, a copy per seed of `validateSeeds`, or by default each scenario with its
  /// own seed, moved on by 1000003 (until unused) when it is also a training scenario, so validation
  /// never sees a training seed.
  /// - Throws: ``TuneInputError`` when a validation seed is one of the scenario's training seeds.
  public static func split<Contents: ScenarioFileContents>(
    train: [Contents], trainSeeds: [UInt64]?, validate: [Contents], validateSeeds: [UInt64]?
  ) throws(TuneInputError) -> (train: [Contents], validate: [Contents]) {
    let trainScenarios = seeded(train, seeds: trainSeeds)
    var used: [String: Set<UInt64>] = [:]
    for scenario in train.map(\.scenario) { used[scenario.name, default: []].formUnion(trainSeeds ?? [scenario.seed]) }
    guard let validateSeeds else {
      return (trainScenarios, validate.map { contents in
        var copy = contents
        if let seeds = used[contents.scenario.name] {
          copy.scenario.seed = contents.scenario.seed &+ 1_000_003
          while seeds.contains(copy.scenario.seed) { copy.scenario.seed &+= 1_000_003 }
        }
        return copy
      })
    }
    for scenario in validate.map(\.scenario) {
      if let seeds = used[scenario.name], let clash = validateSeeds.first(where: seeds.contains) {
        throw TuneInputError("seed \(clash) of \(scenario.name) is a training seed; expected seeds training never saw")
      }
    }
    return (trainScenarios, seeded(validate, seeds: validateSeeds))
  }

  /// Copies of `scenarios` for each of `seeds` (each copy's name says its seed when there are several),
  /// or the scenarios as they are.
  public static func seeded<Contents: ScenarioFileContents>(_ scenarios: [Contents], seeds: [UInt64]?) -> [Contents] {
    guard let seeds else { return scenarios }
    return scenarios.flatMap { contents in
      seeds.map { seed in
        var copy = contents
        copy.scenario.seed = seed
        if seeds.count > 1 { copy.scenario.name += " (seed \(seed))" }
        return copy
      }
    }
  }
}

/// How a strategy did on a tune set: the objective per scenario and in all, and every cell's scores.
public struct SetScore: Sendable {
  /// The objective on each scenario (a statistic over its trials).
  public var perScenario: [Objective.Value]
  /// The sum over the scenarios the objective is defined on for the strategy as given; `nil` when it is
  /// undefined on one of them for this strategy (`note` says why).
  public var total: Double?
  public var note: String?
  /// Each cell's scores, in the set's cell order.
  public var cells: [Scores]
}

/// Scores strategies on tune sets, caching every (strategy text, cell) so a point is never scored twice.
public final class TuneEvaluator {
  public let objective: Objective
  public let threads: Int
  private var cache: [CacheKey: [Scores]] = [:]

  /// A cached evaluation: one strategy on one set.
  private struct CacheKey: Hashable { var set: String; var strategy: StrategyKey }
  /// Scenarios counted in each set's total: those where the strategy as given has a value.
  private var included: [String: [Bool]] = [:]
  /// Distinct strategies scored on each set.
  public private(set) var evaluations: [String: Int] = [:]

  /// The metrics every cell keeps: the objective's and the other objectives' (a Pareto front's).
  private let metrics: [Metric]

  /// - Parameter also: further objectives scored on the same cells (a Pareto front's axes).
  public init(objective: Objective, also: [Objective] = [], threads: Int) {
    self.objective = objective
    self.threads = threads
    metrics = Objective.metrics(of: [objective] + also)
  }

  /// Fixes which scenarios of `set` count: those where `reference` (the strategy as given) has an
  /// objective value. Returns the ones left out with the reason.
  @discardableResult
  public func include(_ set: TuneSet, reference: Strategy) throws -> [(scenario: String, reason: String)] {
    let values = perScenario(try scores(reference, on: set), on: set)
    included[set.name] = values.map { $0.number != nil }
    return zip(set.scenarios, values).compactMap { scenario, value in value.reason.map { (scenario.name, $0) } }
  }

  /// Every cell's scores for `strategy` (cached by its key), its cells run by the ``CellExecutor``.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed on a cell.
  public func scores(_ strategy: Strategy, on set: TuneSet) throws -> [Scores] {
    let key = CacheKey(set: set.name, strategy: strategy.key)
    if let known = cache[key] { return known }
    let cells = try scores(strategy, on: set, cells: Array(set.cells.indices))
    cache[key] = cells
    evaluations[set.name, default: 0] += 1
    return cells
  }

  /// Every metric's scores of `strategy` on every cell of `set` (what the accuracy gate judges), the
  /// reference's cached.
  private var everyMetric: [CacheKey: [Scores]] = [:]

  /// `candidate` judged against `reference` on the cells of `set` by the accuracy gate's rules, as
  /// `check --candidate` judges a candidate against a recorded strategy: every metric paired per trial,
  /// each metric's floor, Holm's correction over the cells.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed on a cell.
  public func gate(_ candidate: Strategy, against reference: Strategy, on set: TuneSet) throws -> BaselineCheck {
    func scored(_ strategy: Strategy) throws -> [Scores] {
      let key = CacheKey(set: set.name, strategy: strategy.key)
      if let known = everyMetric[key] { return known }
      let cells = try scores(strategy, on: set, cells: Array(set.cells.indices), everyMetric: true)
      if strategy.key == reference.key { everyMetric[key] = cells }
      return cells
    }
    let old = try scored(reference), new = try scored(candidate)
    func records(_ key: StrategyKey, _ scores: [Scores]) -> [CellRecord] {
      set.cells.indices.map { i in
        CellRecord(sweep: "tune", cell: i, scenario: set.scenarios[set.cells[i].scenario].name, trial: set.cells[i].trial, strategies: [StrategyScores(strategy: key, scores: scores[i])])
      }
    }
    var first = 0
    let infos = set.scenarios.map { scenario in
      defer { first += scenario.trials }
      return SweepHeader.ScenarioInfo(
        name: scenario.name, description: "", seed: scenario.seed, trials: scenario.trials, fixesPerTrial: 0, trueDistanceM: 0, durationS: 0, firstCell: first)
    }
    let substitutions = Dictionary(uniqueKeysWithValues: set.scenarios.map { ($0.name, [reference.key: candidate.key]) })
    return BaselineCheck(
      baseline: records(reference.key, old), current: records(candidate.key, new), scenarios: infos, tolerances: [:],
      substitutions: candidate.key == reference.key ? [:] : substitutions)
  }

  /// The scores of `strategy` on the cells `held` of `set` (a shard's part), in that order; not cached.
  /// - Parameter everyMetric: every metric scored, not only the objectives'.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed on a cell.
  public func scores(_ strategy: Strategy, on set: TuneSet, cells held: [Int], everyMetric: Bool = false) throws -> [Scores] {
    for scenario in set.scenarios {
      if let error = SampledRun.intervalError([strategy], scenario: scenario) { throw TuneInputError("\(error)") }
    }
    let metrics = self.metrics
    var computed = [Scores?](repeating: nil, count: held.count)
    let failure = CellExecutor.run(count: held.count, threads: threads, work: { k in
      let i = held[k], cell = set.cells[i]
      let filterRun = FilterRun.Context(scenario: set.scenarios[cell.scenario].name, trial: cell.trial, frame: set.engines[cell.scenario].truth.frame)
      return FilterRun.collectingFailure(filterRun) { () -> RecordedRun in
        var recorded: [LocalFix] = []
        let energy = SampledRun.run(strategy, observed: set.observed[i], engine: set.engines[cell.scenario], trial: cell.trial, into: &recorded)
        return RecordedRun(observedCount: set.observed[i].count, recorded: recorded, energy: energy)
      }.map { run in
        var known = set.known[i]  // measured whole, so only read: no copy
        return everyMetric
          ? Metric.scores(run, context: set.contexts[cell.scenario], known: &known)
          : Metric.scores(run, context: set.contexts[cell.scenario], known: &known, only: metrics)
      }
    }, sink: { computed[$0] = $1 })
    if let failure { throw failure }
    return computed.map { $0! }
  }

  /// Takes `cells` as the scores of `strategy` on `set` (from tune shards).
  /// - Throws: ``TuneInputError`` when there is not one per cell of the set or a metric is missing.
  public func preload(_ cells: [Scores], for strategy: StrategyKey, on set: TuneSet) throws {
    guard cells.count == set.cells.count else {
      throw TuneInputError("\(strategy): expected scores for the \(set.cells.count) \(set.name) cells, found \(cells.count)")
    }
    if let missing = metrics.first(where: { metric in !cells.allSatisfy { $0.scored(metric) } }) {
      throw TuneInputError("\(strategy): expected every cell scored on \(missing.rawValue), found cells without it")
    }
    let key = CacheKey(set: set.name, strategy: strategy)
    if cache[key] == nil { evaluations[set.name, default: 0] += 1 }
    cache[key] = cells
  }

  private func perScenario(_ cells: [Scores], on set: TuneSet, objective: Objective? = nil) -> [Objective.Value] {
    let objective = objective ?? self.objective
    var byScenario = [[Scores]](repeating: [], count: set.scenarios.count)
    for (i, cell) in set.cells.enumerated() { byScenario[cell.scenario].append(cells[i]) }
    return byScenario.map { objective.evaluate($0) }
  }

  /// Another objective (given at ``init(objective:also:threads:)``) of `strategy` on `set`, summed over
  /// the scenarios where it has a value for `reference` (the strategy as given); `nil` when it has none on
  /// one of them for `strategy`.
  public func total(_ other: Objective, of strategy: Strategy, reference: Strategy, on set: TuneSet) throws -> Double? {
    let counted = perScenario(try scores(reference, on: set), on: set, objective: other).map { $0.number != nil }
    var total = 0.0
    for (s, value) in perScenario(try scores(strategy, on: set), on: set, objective: other).enumerated() where counted[s] {
      guard let x = value.number else { return nil }
      total += x
    }
    return total
  }

  /// The objective of `strategy` on `set`.
  /// - Precondition: ``include(_:reference:)`` was called for the set.
  public func score(_ strategy: Strategy, on set: TuneSet) throws -> SetScore {
    let cells = try scores(strategy, on: set)
    let values = perScenario(cells, on: set)
    let counted = included[set.name] ?? values.map { _ in true }
    var total = 0.0
    for (s, value) in values.enumerated() where counted[s] {
      guard let x = value.number else {
        let note = "undefined on \(set.scenarios[s].name): \(value.reason ?? "")"
        return SetScore(perScenario: values, total: nil, note: note, cells: cells)
      }
      total += x
    }
    return SetScore(perScenario: values, total: total, note: nil, cells: cells)
  }

  /// The worst decile of `strategy` on `set`: on each counted scenario, the mean of the objective on
  /// one trial over the tenth of its trials (at least one) where it is largest, summed over the
  /// scenarios as the objective is; `nil` when a scenario has no trial with a value.
  public func worstDecile(_ strategy: Strategy, on set: TuneSet) throws -> Double? {
    let cells = try scores(strategy, on: set)
    let counted = included[set.name] ?? set.scenarios.map { _ in true }
    var byScenario = [[Double]](repeating: [], count: set.scenarios.count)
    for (i, cell) in set.cells.enumerated() where counted[cell.scenario] {
      if let x = objective.evaluate(cells[i]).number { byScenario[cell.scenario].append(x) }
    }
    var total = 0.0
    for (s, values) in byScenario.enumerated() where counted[s] {
      guard !values.isEmpty else { return nil }
      let worst = values.sorted(by: >).prefix(max(1, values.count / 10))
      total += worst.reduce(0, +) / Double(worst.count)
    }
    return total
  }

  /// Per-cell paired differences `candidate − reference` of the objective on one trial's scores, on the
  /// counted scenarios' cells where both have a value; and how many cells had none.
  public func pairedDifferences(_ candidate: Strategy, _ reference: Strategy, on set: TuneSet) throws -> (differences: [Double], skipped: Int) {
    let a = try scores(candidate, on: set), b = try scores(reference, on: set)
    let counted = included[set.name] ?? set.scenarios.map { _ in true }
    var differences: [Double] = []
    var skipped = 0
    for (i, cell) in set.cells.enumerated() where counted[cell.scenario] {
      if let x = objective.evaluate(a[i]).number, let y = objective.evaluate(b[i]).number { differences.append(x - y) } else { skipped += 1 }
    }
    return (differences, skipped)
  }
}
