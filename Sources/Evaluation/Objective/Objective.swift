
/// A number to minimise, computed from metric values: what `tune` optimises and, later, what ranks
/// strategies in a report.
///
/// Grammar (`docs/tune.md`): numbers, metric names (`distance_error_percent`), `+ - * /`, unary minus,
/// parentheses, `abs(x)`, `min(x, y, …)`, `max(x, y, …)`, and `mean(name)`, `median(name)`, `p90(name)`,
/// `p95(name)` for a statistic over trials (over a population's trials, each its own device, `p90` of a
/// lower-is-better metric is where the worst decile of devices begins). A bare name is the mean over trials. Over a set of scenarios the
/// objective is the sum of its value on each scenario.
public indirect enum Objective: Sendable, Hashable {
  case number(Double)
  case metric(Metric, Statistic)
  case negated(Objective)
  case sum(Objective, Objective)
  case difference(Objective, Objective)
  case product(Objective, Objective)
  case quotient(Objective, Objective)
  case absolute(Objective)
  case minimum([Objective])
  case maximum([Objective])

  /// Which statistic over trials a metric name stands for.
  public enum Statistic: String, Sendable, Hashable, CaseIterable {
    case mean, median, p90, p95

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
    /// A metric the objective reads has no value (the metric's own reason applies).
    case missing(Metric)
    /// The arithmetic left the finite numbers (a division by zero).
    case notFinite
  }

  /// The metrics the objective reads, in order of first use.
  public var metrics: [Metric] {
    var found: [Metric] = []
    func visit(_ node: Objective) {
      switch node {
      case .number: break
      case .metric(let metric, _): if !found.contains(metric) { found.append(metric) }
      case .negated(let a), .absolute(let a): visit(a)
      case .sum(let a, let b), .difference(let a, let b), .product(let a, let b), .quotient(let a, let b): visit(a); visit(b)
      case .minimum(let list), .maximum(let list): list.forEach(visit)
      }
    }
    visit(self)
    return found
  }

  /// Evaluates with `lookup` giving each metric's statistic (or `nil` when it has no value).
  public func evaluate(_ lookup: (Metric, Statistic) -> Double?) -> Value {
    func go(_ node: Objective) -> Result<Double, ValueError> {
      switch node {
      case .number(let x): return .success(x)
      case .metric(let metric, let statistic):
        guard let x = lookup(metric, statistic) else { return .failure(.missing(metric)) }
        return .success(x)
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
        if case .minimum = node { return .success(values.min()!) }
        return .success(values.max()!)
      }
    }
    switch go(self) {
    case .success(let x): return x.isFinite ? .value(x) : .notFinite
    case .failure(.missing(let metric)): return .missing(metric)
    }
  }

  private enum ValueError: Error { case missing(Metric) }

  /// The objective on one strategy's results on one scenario (a statistic over its trials).
  public func evaluate(_ result: StrategyResult) -> Value {
    evaluate { metric, statistic in
      guard let summary = result.summary(metric) else { return nil }
      switch statistic {
      case .mean: return summary.mean
      case .median: return summary.median
      case .p90: return summary.p90
      case .p95: return summary.p95
      }
    }
  }

  /// The objective on one trial's scores: every statistic of a single value is the value.
  public func evaluate(_ scores: Scores) -> Value { evaluate { metric, _ in scores[metric] } }
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
    case .missing(let metric): return "\(metric.rawValue) has no value (\(metric.undefinedReason))"
    case .notFinite: return "the arithmetic is not finite (a division by zero)"
    }
  }
}
