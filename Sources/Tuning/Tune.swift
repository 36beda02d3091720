import Evaluation
import Filtering
import Findings
import Foundation
import Harness
import NumericKit
import TrackCore

/// How tune checks what it would recommend (#66): by the accuracy gate, the judgement CI applies, so
/// that tune recommends only a point `check` passes.
public enum TuneGating {
  /// Not checked.
  case none
  /// The gate's rules against the defaults on the validation cells (every metric paired per trial, each
  /// metric's floor, Holm's correction): no baseline file needed.
  case validation
  /// As `check --baseline FILE --candidate TUNED=POINT` judges the point: `check` is that judgement.
  case baseline(String, check: (Strategy) throws -> BaselineCheck)
}

/// Tunes a strategy's parameters on training scenarios and reports them on validation scenarios.
public struct Tuner {
  /// Most points the gate judges, best on training first, before tune says that none passes.
  public static let gateCandidates = 5

  /// Most points one search may score: a grid's size, or `--budget`.
  public static let maximumPoints = 1_000_000

  public var space: TuneSpace
  public var objectiveText: String
  public var evaluator: TuneEvaluator
  public var train: TuneSet
  public var validate: TuneSet

  /// Two further objectives whose Pareto front over the evaluated points is reported, with their texts.
  public var pareto: [(text: String, objective: Objective)]

  public init(
    space: TuneSpace, objectiveText: String, objective: Objective, pareto: [(text: String, objective: Objective)] = [],
    train: TuneSet, validate: TuneSet, threads: Int
  ) {
    self.space = space
    self.objectiveText = objectiveText
    self.pareto = pareto
    self.evaluator = TuneEvaluator(objective: objective, also: pareto.map(\.objective), threads: threads)
    self.train = train
    self.validate = validate
  }

  /// Searches with `method` (`budget`: most distinct training evaluations for random and Nelder-Mead),
  /// then validates the best point.
  /// - Parameter progress: called after each training evaluation with (evaluations, budget, best so far).
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed (the search stops at it).
  /// - Parameter gating: how the recommendation is checked (``TuneGating``).
  public func run(
    method: TuneMethod, budget: Int?, seed: UInt64, gating: TuneGating = .none, progress: ((Int, Int, Double?) -> Void)? = nil
  ) throws -> TuneReport {
    let trainLeftOut = try evaluator.include(train, reference: space.base)
    let validateLeftOut = try evaluator.include(validate, reference: space.base)
    var trace: [TuneReport.Evaluation] = []
    var seen = Set<String>()
    var best: (point: [Double], value: Double)?
    let limit = points(method: method, budget: budget)

    // The searches call back synchronously (GSL's minimiser among them): a failure ends the search as
    // +∞ at every later point and is thrown once it returns.
    var failure: (any Error)?
    /// Scores `point` on the training set: the objective, or +∞ where undefined (for the minimiser).
    func evaluate(_ point: [Double]) -> Double {
      guard failure == nil else { return .infinity }
      let strategy = space.strategy(at: point)
      let score: SetScore
      do { score = try evaluator.score(strategy, on: train) } catch {
        failure = error
        return .infinity
      }
      if seen.insert(strategy.description).inserted {
        trace.append(
          TuneReport.Evaluation(
            strategy: strategy.description, parameters: named(point), objective: score.total, note: score.note))
        if let total = score.total, best == nil || total < best!.value { best = (point, total) }
        progress?(trace.count, limit, best?.value)
      }
      return score.total ?? .infinity
    }

    TuneSearch.run(
      method, axes: space.tuned, start: space.startPoint, limit: limit, seed: seed, evaluated: { failure == nil ? trace.count : limit }, evaluate: evaluate)
    if let failure { throw failure }

    let chosen = best?.point ?? space.startPoint
    let bestStrategy = space.strategy(at: chosen)
    let defaultsTrain = try evaluator.score(space.base, on: train).total
    let defaultsValidate = try evaluator.score(space.base, on: validate).total
    let bestTrain = try evaluator.score(bestStrategy, on: train).total
    let bestValidate = try evaluator.score(bestStrategy, on: validate).total
    let paired = try evaluator.pairedDifferences(bestStrategy, space.base, on: validate)
    let interval = Statistics.meanConfidenceInterval(paired.differences)

    var warning: String?
    if let dt = defaultsTrain, let bt = bestTrain, let dv = defaultsValidate, let bv = bestValidate {
      let trainGain = dt - bt, validateGain = dv - bv
      if trainGain > 0, validateGain < trainGain / 2 {
        warning = "over-fitting: the validation gain (\(NumberFormat.short(validateGain))) is less than half the training gain (\(NumberFormat.short(trainGain)))"
      }
    }

    // Sensitivity: the objective along each axis through the best point (7 points, the searched scale).
    let sensitivity = try space.tuned.indices.map { k throws -> TuneReport.Sensitivity in
      var values = (0..<7).map { space.tuned[k].value(Double($0) / 6) }
      if !values.contains(chosen[k]) { values.append(chosen[k]) }
      values = Array(Set(values)).sorted()
      return TuneReport.Sensitivity(
        parameter: space.tuned[k].label,
        points: try values.map { x throws in
          var point = chosen
          point[k] = x
          return TuneReport.AxisPoint(value: x, objective: try evaluator.score(space.strategy(at: point), on: train).total)
        })
    }

    func summary(_ set: TuneSet, _ leftOut: [(scenario: String, reason: String)]) -> TuneReport.SetSummary {
      TuneReport.SetSummary(
        scenarios: set.scenarios.map(\.name), seeds: set.scenarios.map(\.seed), cells: set.cells.count,
        leftOut: leftOut.map { TuneReport.LeftOut(scenario: $0.scenario, reason: $0.reason) })
    }
    func point(_ strategy: Strategy, _ values: [Double], _ t: Double?, _ v: Double?) throws -> TuneReport.Point {
      TuneReport.Point(
        strategy: strategy.description, parameters: named(values), trainObjective: t, validateObjective: v,
        validateWorstDecile: try evaluator.worstDecile(strategy, on: validate), yaml: Self.scenarioStrategies([strategy.description]))
    }
    // Pareto front of the evaluated points on two objectives (training set), with the defaults and the
    // seed strategies placed on the same axes.
    var front: TuneReport.Pareto?
    if pareto.count == 2 {
      func place(_ strategy: Strategy, _ values: [Double]?) throws -> TuneReport.ParetoPoint {
        TuneReport.ParetoPoint(
          strategy: strategy.description, parameters: values.map(named) ?? [:],
          values: try pareto.map { try evaluator.total($0.objective, of: strategy, reference: space.base, on: train) })
      }
      var seen = Set<String>()
      let points = try trace.compactMap { entry throws -> TuneReport.ParetoPoint? in
        guard seen.insert(entry.strategy).inserted, let strategy = try? Strategy(parsing: entry.strategy) else { return nil }
        return try place(strategy, space.tuned.map { entry.parameters[$0.label] ?? 0 })
      }.filter { $0.values.allSatisfy { $0 != nil } }
      let nonDominated = points.filter { p in
        !points.contains { q in
          let a = p.values.map { $0! }, b = q.values.map { $0! }
          return b[0] <= a[0] && b[1] <= a[1] && (b[0] < a[0] || b[1] < a[1])
        }
      }.sorted { $0.values[0]! < $1.values[0]! }
      let references = try ["raw", "moonrunner", "run-average"].compactMap { try? Strategy(parsing: $0) }.map { try place($0, nil) }
      front = TuneReport.Pareto(
        objectives: pareto.map(\.text), front: nonDominated, defaults: try place(space.base, nil), references: references)
    }

    // The recommendation: the best points on training that beat the defaults there, each judged by the
    // gate in turn until one passes.
    var gate: TuneReport.Gate?
    let judge: ((Strategy) throws -> BaselineCheck)?
    let baselineFile: String?
    switch gating {
    case .none: judge = nil; baselineFile = nil
    case .validation: judge = { try evaluator.gate($0, against: space.base, on: validate) }; baselineFile = nil
    case .baseline(let file, let check): judge = check; baselineFile = file
    }
    if let judge {
      let objectiveMetrics = Set(evaluator.objective.metrics)
      let better = trace.enumerated().filter { _, entry in entry.objective.map { x in defaultsTrain.map { x < $0 } ?? true } ?? false }
        .sorted { ($0.element.objective!, $0.offset) < ($1.element.objective!, $1.offset) }.map(\.element)
      var judged: [TuneReport.GatePoint] = []
      var recommended: TuneReport.Point?
      var first: BaselineCheck?
      for entry in better.prefix(Self.gateCandidates) {
        let strategy = try Strategy(parsing: entry.strategy)
        let check: BaselineCheck
        do { check = try judge(strategy) } catch let error as BaselineSetupError {
          // A point the baseline cannot judge (it records that very strategy beside the tuned one) is
          // no recommendation: the next one is judged.
          judged.append(
            TuneReport.GatePoint(
              strategy: entry.strategy, parameters: entry.parameters, trainObjective: entry.objective, passed: false, regressions: 0, regressionsOnObjective: 0, blocking: [],
              note: error.message))
          continue
        }
        // What `check --objective` says of it: only the objective's metrics can fail.
        let onObjective = check.judged(only: objectiveMetrics, objective: objectiveText)
        if first == nil { first = onObjective }
        let failing = check.cells.filter { $0.change.verdict == .regression }
        let blocking = failing.sorted { ($0.change.worsening ?? 0) > ($1.change.worsening ?? 0) }.prefix(5).map { cell in
          TuneReport.Blocker(
            scenario: cell.scenario, metric: cell.change.metric.rawValue, unit: cell.unit, worsening: cell.change.worsening, allowance: cell.change.allowance,
            inObjective: objectiveMetrics.contains(cell.change.metric))
        }
        judged.append(
          TuneReport.GatePoint(
            strategy: entry.strategy, parameters: entry.parameters, trainObjective: entry.objective, passed: check.passed, regressions: check.regressions,
            regressionsOnObjective: onObjective.regressions, blocking: Array(blocking)))
        if check.passed {
          let values = space.tuned.map { entry.parameters[$0.label] ?? 0 }
          recommended = try point(strategy, values, entry.objective, try evaluator.score(strategy, on: validate).total)
          break
        }
      }
      let passesOnObjective = recommended == nil ? first.map(\.passed) : nil
      var improvement: TuneReport.Paired?
      if let recommended {
        let paired = try evaluator.pairedDifferences(try Strategy(parsing: recommended.strategy), space.base, on: validate)
        let interval = Statistics.meanConfidenceInterval(paired.differences)
        improvement = TuneReport.Paired(
          cells: paired.differences.count, skipped: paired.skipped, mean: Statistics.mean(paired.differences),
          ci95Low: interval?.lowerBound, ci95High: interval?.upperBound)
      }
      gate = TuneReport.Gate(
        baseline: baselineFile, points: judged, recommended: recommended, improvement: improvement, passesOnObjective: passesOnObjective)
    }

    return TuneReport(
      strategy: space.base.description, objective: objectiveText, method: method,
      parameters: space.tuned.map {
        TuneReport.Axis(
          name: $0.label, unit: $0.parameter.unit, minimum: $0.minimum, maximum: $0.maximum, scale: $0.scale, integer: $0.parameter.isInteger)
      },
      train: summary(train, trainLeftOut), validate: summary(validate, validateLeftOut),
      defaults: try point(space.base, space.startPoint, defaultsTrain, defaultsValidate),
      best: try point(bestStrategy, chosen, bestTrain, bestValidate),
      validationImprovement: TuneReport.Paired(
        cells: paired.differences.count, skipped: paired.skipped, mean: Statistics.mean(paired.differences),
        ci95Low: interval?.lowerBound, ci95High: interval?.upperBound),
      warning: warning, sensitivity: sensitivity, pareto: front, evaluations: trace, gate: gate)

    func named(_ point: [Double]) -> [String: Double] {
      Dictionary(uniqueKeysWithValues: space.named(point).map { ($0.label, $0.value) })
    }
  }
}

extension Tuner {
  /// Points the search scores: grid, every combination; random, the budget (50); Nelder-Mead, at most
  /// the budget (100).
  public func points(method: TuneMethod, budget: Int?) -> Int {
    switch method {
    case .grid: return Int(min(space.gridSize, Double(Int.max / 2)))
    case .random: return budget ?? 50
    case .nelderMead: return budget ?? 100
    }
  }

  /// What the search's training evaluations depend on: the strategy, the axes, the objectives, the
  /// method, its budget and (random search) seed, and the training scenarios as loaded (every field, seeds and trials
  /// included). Shards of tunes with different fingerprints are never merged; validation options may
  /// differ, since the merge validates itself.
  public func fingerprint(method: TuneMethod, budget: Int?, seed: UInt64) -> String {
    let axes = space.tuned.map { "\($0.label) \($0.minimum) \($0.maximum) \($0.scale) \($0.gridPoints)" }
    return Fingerprint.of(
      ["\(SweepHeader.currentSchema) \(SweepHeader.currentSchemaVersion) tune", space.base.description, objectiveText]
        + pareto.map(\.text) + axes + ["\(method.rawValue) \(points(method: method, budget: budget))" + (method == .random ? " \(seed)" : "")]
        + train.scenarios.map(\.identity))
  }

  /// The search's points in order, as strategies (grid and random search only: their points are known
  /// before any is scored).
  func strategies(method: TuneMethod, budget: Int?, seed: UInt64) -> [Strategy] {
    precondition(method != .nelderMead, "a Nelder-Mead search is sequential")
    var found: [Strategy] = []
    let total = points(method: method, budget: budget)
    TuneSearch.run(method, axes: space.tuned, start: space.startPoint, limit: total, seed: seed, evaluated: { found.count }) { point in
      found.append(space.strategy(at: point))
      return .infinity
    }
    return found
  }

  /// A shard of a grid or random search as a sweep (``SweepFile``): its cells are the training cells,
  /// scenario then trial as in `run`, and each cell's record holds every search point's scores, a
  /// strategy each in search order. The shard scores the training cells `shard` holds, every point on
  /// each, so shards share the work evenly however the points fall; `tune --merge` (or
  /// `SweepFile.merge`) joins them, and `trackbench merge` renders them as a table of every point.
  /// - Parameter progress: called after each point with (points done, points in all).
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed.
  public func evaluate(
    shard: SweepHeader.Shard, method: TuneMethod, budget: Int?, seed: UInt64, progress: ((Int, Int) -> Void)? = nil
  ) throws -> (header: SweepHeader, records: [CellRecord]) {
    let points = strategies(method: method, budget: budget, seed: seed)
    let held = train.cells.indices.filter { shard.holds($0) }
    var byPoint: [[Scores]] = []
    for (p, strategy) in points.enumerated() {
      byPoint.append(try evaluator.scores(strategy, on: train, cells: held))
      progress?(p + 1, points.count)
    }
    let sweep = fingerprint(method: method, budget: budget, seed: seed)
    let names = points.map(\.key)
    let records = held.enumerated().map { k, i in
      CellRecord(
        sweep: sweep, cell: i, scenario: train.scenarios[train.cells[i].scenario].name, trial: train.cells[i].trial,
        strategies: names.indices.map { StrategyScores(strategy: names[$0], scores: byPoint[$0][k]) })
    }
    let header = SweepHeader(sweep: sweep, cells: train.cells.count, scenarios: ExperimentRunner.scenarioInfos(train.engines), shard: shard)
    return (header, records)
  }

  /// Takes the training scores of merged shards (every training cell's record, in cell order) instead of
  /// scoring those points again.
  /// - Throws: ``TuneInputError`` when the records are not those of this tune's training set.
  public func preload(_ header: SweepHeader, _ records: [CellRecord], method: TuneMethod, budget: Int?, seed: UInt64) throws {
    let sweep = fingerprint(method: method, budget: budget, seed: seed)
    guard header.sweep == sweep, records.count == train.cells.count else {
      throw TuneInputError(
        "expected a shard of tune \(sweep) (\(train.cells.count) training cells: these arguments), found sweep \(header.sweep) (\(header.cells) cells): another strategy, parameters, objective, method, budget, seed, trials or training scenarios")
    }
    let names = records.first?.strategies.map(\.strategy) ?? []
    for (p, name) in names.enumerated() {
      try evaluator.preload(records.map { $0.strategies[p].scores }, for: name, on: train)
    }
  }
}

/// The searches of `tune`, apart from what they search: each visits points of the axes, calling
/// `evaluate` (the objective, +∞ where undefined), which keeps the best itself.
public enum TuneSearch {
  /// - Parameters:
  ///   - start: where Nelder-Mead starts (real values, one per axis).
  ///   - limit: grid: unused (every point); random: the number of points; Nelder-Mead: stops once
  ///     `evaluated()` (distinct points scored so far) reaches it.
  public static func run(
    _ method: TuneMethod, axes: [TunedParameter], start: [Double], limit: Int, seed: UInt64,
    evaluated: () -> Int, evaluate: ([Double]) -> Double
  ) {
    func point(_ units: [Double]) -> [Double] { zip(axes, units).map { $0.value($1) } }
    switch method {
    case .grid:
      // Every combination in the order of nested loops (the last axis fastest), one point at a time.
      var index = [Int](repeating: 0, count: axes.count)
      while true {
        _ = evaluate(point(zip(axes, index).map { Double($1) / Double($0.gridPoints - 1) }))
        var axis = axes.count - 1
        while axis >= 0 {
          index[axis] += 1
          if index[axis] < axes[axis].gridPoints { break }
          index[axis] = 0
          axis -= 1
        }
        if axis < 0 { break }
      }
    case .random:
      let random = RandomSource(generator: .mt19937, seed: seed)
      let n = max(1, limit)
      let strata = axes.map { _ in permutation(n, random) }
      for i in 0..<n {
        _ = evaluate(point(strata.map { (Double($0[i]) + random.uniform()) / Double(n) }))
      }
    case .nelderMead:
      // z ∈ ℝ ↦ u = 1 / (1 + e^(−z)) ∈ (0, 1): the simplex moves freely and every point is in range.
      func units(_ z: [Double]) -> [Double] { z.map { 1 / (1 + exp(-$0)) } }
      var from = zip(axes, start).map { p, x in
        let u = min(0.98, max(0.02, p.unit(x)))
        return log(u / (1 - u))
      }
      var previous = Double.infinity
      for _ in 0..<4 {
        guard evaluated() < limit else { break }
        let result = Minimizer.nelderMead(
          start: from, steps: from.map { _ in 1.0 }, tolerance: 1e-3, maxIterations: 10 * limit,
          shouldStop: { evaluated() >= limit }
        ) { z in evaluate(point(units(z))) }
        // Restart from where it ended (a fresh simplex escapes a collapsed one) while that still helps.
        guard result.value < previous - 1e-9 * max(1, abs(previous)) else { break }
        previous = result.value
        from = result.point
      }
    }
  }

  /// 0..<n in a random order (Fisher-Yates with the GSL generator).
  static func permutation(_ n: Int, _ random: RandomSource) -> [Int] {
    var order = Array(0..<n)
    for i in stride(from: n - 1, to: 0, by: -1) {
      let j = min(i, Int(random.uniform() * Double(i + 1)))
      order.swapAt(i, j)
    }
    return order
  }
}

/// Short numbers for messages: four significant digits.
enum NumberFormat {
  static func short(_ x: Double) -> String { String(format: "%.4g", x) }
}

extension Tuner {
  /// A scenario file's `strategies:` list holding `strategies` as YAML double-quoted scalars (a
  /// `process(cmd: "…")` text keeps its quotes and backslashes: they are escaped).
  public static func scenarioStrategies(_ strategies: [String]) -> String {
    "strategies:\n" + strategies.map { text in
      "  - \"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"\n"
    }.joined()
  }
}
