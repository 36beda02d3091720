import NumericKit

/// A number to minimise, computed from metric values: what ranks strategies in the verdict, what `tune`
/// optimises, what `transfer` checks.
///
/// Grammar (`docs/tune.md`): numbers, metric names (`distance_error_percent`), `+ - * /`, unary minus,
/// parentheses, `abs(x)`, `min(x, y, …)`, `max(x, y, …)`, and `mean(x)`, `median(x)`, `p90(x)`, `p95(x)`
/// for a statistic over trials.
///
/// **Per trial, then over trials.** Metric names, numbers, arithmetic, `abs`, `min` and `max` are
/// evaluated on each trial (one run); a statistic then takes them over the trials. An expression
/// without a statistic is the **mean over trials of its value on each trial**: `abs(distance_error_percent)`
/// is the mean of |error| (what a runner lives with on each run), so a strategy whose runs read −100 %
/// and +100 % scores 100, not 0. The bias, |mean over trials|, is `abs(mean(distance_error_percent))`.
/// Where an expression mixes a statistic with per-trial parts (`abs(mean(x)) + y`), each per-trial part
/// is its mean over trials. A strategy without a value on some trial (e.g. no kilometre split shown)
/// has none on the scenario: a failure on one run is never averaged away. Over a set of scenarios the
/// objective is the sum of its value on each scenario.
public indirect enum Objective: Sendable, Hashable {
  case number(Double)
  /// A metric's value on one trial.
  case metric(Metric)
  /// A statistic over trials of a per-trial expression (one without a statistic inside).
  case statistic(Statistic, Objective)
  case negated(Objective)
  case sum(Objective, Objective)
  case difference(Objective, Objective)
  case product(Objective, Objective)
  case quotient(Objective, Objective)
  case absolute(Objective)
  case minimum([Objective])
  case maximum([Objective])

  /// Which statistic over trials.
  public enum Statistic: String, Sendable, Hashable, CaseIterable {
    case mean, median, p90, p95

    /// The statistic of `values` (at least one): their mean, or GSL's interpolated quantile.
    public func of(_ values: [Double]) -> Double {
      if let q = quantile { return Statistics.quantile(values, q) ?? .nan }
      return values.reduce(0, +) / Double(values.count)
    }

    /// The quantile a percentile statistic stands for; `nil` for the mean.
    public var quantile: Double? {
      switch self {
      case .mean: return nil
      case .median: return 0.5
      case .p90: return 0.9
      case .p95: return 0.95
      }
    }
  }

  /// The value, or why there is none.
  public enum Value: Sendable, Hashable {
    case value(Double)
    /// A metric the objective reads has no value on some trial (the metric's own reason applies).
    case missing(Metric)
    /// The arithmetic left the finite numbers (a division by zero, or a result beyond ±1.8e308).
    case notFinite
    /// Summaries over trials cannot give it (a statistic of a per-trial expression other than a sum of
    /// metrics and their sizes): it needs the per-trial records.
    case needsTrials
  }

  /// The metrics `objectives` read together, in order of first use (a tune's objective and its Pareto
  /// axes, a transfer's criteria).
  public static func metrics(of objectives: [Objective]) -> [Metric] {
    var found: [Metric] = []
    for objective in objectives { found += objective.metrics.filter { !found.contains($0) } }
    return found
  }

  /// The metrics the objective reads, in order of first use.
  public var metrics: [Metric] {
    var found: [Metric] = []
    func visit(_ node: Objective) {
      switch node {
      case .number: break
      case .metric(let metric): if !found.contains(metric) { found.append(metric) }
      case .statistic(_, let a), .negated(let a), .absolute(let a): visit(a)
      case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b): visit(a); visit(b)
      case .minimum(let list), .maximum(let list): list.forEach(visit)
      }
    }
    visit(self)
    return found
  }

  /// Whether a statistic over trials appears anywhere in the expression.
  var hasStatistic: Bool {
    switch self {
    case .number, .metric: return false
    case .statistic: return true
    case .negated(let a), .absolute(let a): return a.hasStatistic
    case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b): return a.hasStatistic || b.hasStatistic
    case .minimum(let list), .maximum(let list): return list.contains { $0.hasStatistic }
    }
  }

  /// The expression with every per-trial part that is not inside a statistic wrapped in its mean over
  /// trials, at the outermost place it can be: `abs(x) + y` → `mean(abs(x) + y)`;
  /// `abs(mean(x)) + y` → `abs(mean(x)) + mean(y)`. Numbers stay as they are.
  func overTrials() -> Objective {
    if case .number = self { return self }
    if !hasStatistic { return .statistic(.mean, self) }
    switch self {
    case .number, .metric, .statistic: return self
    case .negated(let a): return .negated(a.overTrials())
    case .absolute(let a): return .absolute(a.overTrials())
    case .sum(let a, let b): return .sum(a.overTrials(), b.overTrials())
    case .difference(let a, let b): return .difference(a.overTrials(), b.overTrials())
    case .product(let a, let b): return .product(a.overTrials(), b.overTrials())
    case .quotient(let a, let b): return .quotient(a.overTrials(), b.overTrials())
    case .minimum(let list): return .minimum(list.map { $0.overTrials() })
    case .maximum(let list): return .maximum(list.map { $0.overTrials() })
    }
  }

  private enum Failure: Error { case missing(Metric), needsTrials }

  /// The arithmetic of a node over already evaluated operands.
  private func arithmetic(_ go: (Objective) -> Result<Double, Failure>) -> Result<Double, Failure> {
    switch self {
    case .number(let x): return .success(x)
    case .metric, .statistic: preconditionFailure("leaves are evaluated by the caller")
    case .negated(let a): return go(a).map { -$0 }
    case .absolute(let a): return go(a).map { Swift.abs($0) }
    case .sum(let a, let b): return go(a).flatMap { x in go(b).map { x + $0 } }
    case .difference(let a, let b): return go(a).flatMap { x in go(b).map { x - $0 } }
    case .product(let a, let b): return go(a).flatMap { x in go(b).map { x * $0 } }
    case .quotient(let a, let b): return go(a).flatMap { x in go(b).map { x / $0 } }
    case .minimum(let list), .maximum(let list):
      var values: [Double] = []
      for item in list {
        switch go(item) {
        case .success(let x): values.append(x)
        case .failure(let e): return .failure(e)
        }
      }
      if case .minimum = self { return .success(values.min()!) }
      return .success(values.max()!)
    }
  }

  /// The value on one trial of a per-trial expression (a statistic inside is the value itself: a
  /// statistic of one value is that value).
  private func trialResult(_ value: (Metric) -> Double?) -> Result<Double, Failure> {
    switch self {
    case .metric(let metric): return value(metric).map { .success($0) } ?? .failure(.missing(metric))
    case .statistic(_, let a): return a.trialResult(value)
    default: return arithmetic { $0.trialResult(value) }
    }
  }

  private static func finish(_ result: Result<Double, Failure>) -> Value {
    switch result {
    case .success(let x): return x.isFinite ? .value(x) : .notFinite
    case .failure(.missing(let metric)): return .missing(metric)
    case .failure(.needsTrials): return .needsTrials
    }
  }

  /// The statistics over trials the objective takes, in order (a per-trial part outside any statistic
  /// counts as its mean): what ``combine(_:)`` joins. The verdict's bootstrap computes each part's
  /// per-trial values once and redraws only the statistics.
  public var parts: [(statistic: Statistic, perTrial: Objective)] {
    var found: [(Statistic, Objective)] = []
    func visit(_ node: Objective) {
      if case .number = node { return }
      guard node.hasStatistic else { found.append((.mean, node)); return }
      switch node {
      case .number, .metric: break
      case .statistic(let s, let inner): found.append((s, inner))
      case .negated(let a), .absolute(let a): visit(a)
      case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b): visit(a); visit(b)
      case .minimum(let list), .maximum(let list): list.forEach(visit)
      }
    }
    visit(self)
    return found
  }

  /// The value of a per-trial expression on one trial, `nil` when a metric it reads has none.
  public func onTrial(_ value: (Metric) -> Double?) -> Double? {
    if case .success(let x) = trialResult(value) { return x }
    return nil
  }

  /// The objective from the values of its ``parts``, in their order.
  public func combine(_ statistics: [Double]) -> Value {
    var next = 0
    func go(_ node: Objective) -> Double {
      if case .number(let x) = node { return x }
      guard node.hasStatistic else { next += 1; return statistics[next - 1] }
      switch node {
      case .number(let x): return x
      case .metric: preconditionFailure("a metric outside a statistic is a part of its own")
      case .statistic: next += 1; return statistics[next - 1]
      case .negated(let a): return -go(a)
      case .absolute(let a): return Swift.abs(go(a))
      case .sum(let a, let b): let x = go(a); return x + go(b)
      case .difference(let a, let b): let x = go(a); return x - go(b)
      case .product(let a, let b): let x = go(a); return x * go(b)
      case .quotient(let a, let b): let x = go(a); return x / go(b)
      case .minimum(let list): return list.map(go).min()!
      case .maximum(let list): return list.map(go).max()!
      }
    }
    let x = go(self)
    return x.isFinite ? .value(x) : .notFinite
  }

  /// The objective over `trials` trials, `value(metric, trial)` giving a metric on a trial (`nil`: none;
  /// then the objective has none either).
  /// - Complexity: O(trials × size of the expression), plus a sort per percentile statistic.
  public func evaluate(trials: Int, _ value: (Metric, Int) -> Double?) -> Value {
    var statistics: [Double] = []
    var perTrial: [Double] = []
    for (statistic, inner) in parts {
      guard trials > 0 else { return .missing(inner.metrics.first ?? .distanceErrorPercent) }
      perTrial.removeAll(keepingCapacity: true)
      for t in 0..<trials {
        switch inner.trialResult({ value($0, t) }) {
        case .success(let x): perTrial.append(x)
        case .failure(let e): return Self.finish(.failure(e))
        }
      }
      statistics.append(statistic.of(perTrial))
    }
    return combine(statistics)
  }

  /// The objective over a strategy's trials on one scenario.
  public func evaluate(_ trials: [Scores]) -> Value { evaluate(trials: trials.count) { metric, t in trials[t][metric] } }

  /// The objective on one trial's scores.
  public func evaluate(_ scores: Scores) -> Value { evaluate(trials: 1) { metric, _ in scores[metric] } }

  /// The objective from one strategy's summaries over trials on one scenario (a results file): exact for
  /// a statistic of a bare metric and for the mean of a sum of metrics and their sizes (the default
  /// objective), from each summary's mean, mean size and quantiles; ``Value/needsTrials`` otherwise. A
  /// metric without a value on some trial (the summary's `note`) gives ``Value/missing(_:)``.
  public func evaluate(_ result: StrategyResult) -> Value {
    func summary(_ metric: Metric) -> Result<MetricSummary, Failure> {
      guard let s = result.summary(metric), s.note == nil, s.mean != nil else { return .failure(.missing(metric)) }
      return .success(s)
    }
    /// `Σ coefficient × term + constant` for a sum of metrics (`size` false) and their sizes (true).
    func linear(_ node: Objective) -> (terms: [(Metric, Bool, Double)], constant: Double)? {
      switch node {
      case .number(let x): return ([], x)
      case .metric(let m): return ([(m, false, 1)], 0)
      case .absolute(.metric(let m)): return ([(m, true, 1)], 0)
      case .absolute(.number(let x)): return ([], Swift.abs(x))
      case .negated(let a): return linear(a).map { ($0.terms.map { ($0.0, $0.1, -$0.2) }, -$0.constant) }
      case .sum(let a, let b), .difference(let a, let b):
        guard let x = linear(a), var y = linear(b) else { return nil }
        if case .difference = node { y = (y.terms.map { ($0.0, $0.1, -$0.2) }, -y.constant) }
        return (x.terms + y.terms, x.constant + y.constant)
      case .product(let a, let b):
        guard let x = linear(a), let y = linear(b) else { return nil }
        if x.terms.isEmpty { return (y.terms.map { ($0.0, $0.1, $0.2 * x.constant) }, y.constant * x.constant) }
        if y.terms.isEmpty { return (x.terms.map { ($0.0, $0.1, $0.2 * y.constant) }, x.constant * y.constant) }
        return nil
      case .quotient(let a, let b):
        guard let x = linear(a), let y = linear(b), y.terms.isEmpty else { return nil }
        return (x.terms.map { ($0.0, $0.1, $0.2 / y.constant) }, x.constant / y.constant)
      default: return nil
      }
    }
    /// The mean over trials of a metric (`size`: of its size).
    func mean(_ metric: Metric, size: Bool) -> Result<Double, Failure> {
      summary(metric).flatMap { s in
        guard size else { return .success(s.mean!) }
        if let m = s.meanAbsolute { return .success(m) }
        if let low = s.minimum, low >= 0 { return .success(s.mean!) }
        if let high = s.maximum, high <= 0 { return .success(-s.mean!) }
        return .failure(.needsTrials)
      }
    }
    func go(_ node: Objective) -> Result<Double, Failure> {
      switch node {
      case .metric: return go(.statistic(.mean, node))
      case .statistic(let statistic, let inner):
        if let q = statistic.quantile {
          guard case .metric(let m) = inner else { return .failure(.needsTrials) }
          return summary(m).flatMap { s in
            let x = q == 0.5 ? s.median : q == 0.9 ? s.p90 : s.p95
            return x.map { .success($0) } ?? .failure(.missing(m))
          }
        }
        // Every metric of a per-trial part is checked first, so a missing one is said before a shape
        // the summaries cannot give.
        for metric in inner.metrics { if case .failure(let e) = summary(metric) { return .failure(e) } }
        guard let form = linear(inner) else { return .failure(.needsTrials) }
        var total = form.constant
        for (metric, size, coefficient) in form.terms {
          switch mean(metric, size: size) {
          case .success(let x): total += coefficient * x
          case .failure(let e): return .failure(e)
          }
        }
        return .success(total)
      default: return node.arithmetic(go)
      }
    }
    return Self.finish(go(overTrials()))
  }
}

extension Objective.Value {
  /// The number, when there is one.
  public var number: Double? {
    if case .value(let x) = self { return x }
    return nil
  }

  /// Why there is no number, in words.
  public var reason: String? {
    switch self {
    case .value: return nil
    case .missing(let metric): return "\(metric.rawValue) has no value on some trial (\(metric.undefinedReason))"
    case .notFinite: return "the arithmetic is not finite (a division by zero, or a result beyond ±1.8e308)"
    case .needsTrials: return "the objective is a statistic of a per-trial expression that summaries cannot give: re-rank the per-trial records"
    }
  }
}
