import NumericKit
import TrackCore

/// One metric of one strategy on one scenario, summarised over the trials (Monte Carlo).
public struct MetricSummary: Sendable, Hashable, Codable {
  public var metric: Metric
  public var unit: String
  /// Trials that gave the metric a value.
  public var trials: Int
  public var mean: Double?
  /// The mean of the size |x| over trials, for a signed error (goal zero): what a runner lives with on
  /// each run, where the mean lets errors of both signs cancel. Absent for other metrics.
  public var meanAbsolute: Double?
  public var median: Double?
  /// 90th and 95th percentiles over trials (GSL's interpolated quantile).
  public var p90: Double?
  public var p95: Double?
  /// Smallest, first quartile, third quartile and largest value over trials: the box plot.
  public var minimum: Double?
  public var q1: Double?
  public var q3: Double?
  public var maximum: Double?
  /// 95 % confidence interval for the mean over trials (Student's t), when at least two trials have a value.
  public var ci95Low: Double?
  public var ci95High: Double?
  /// Why some or all trials have no value; absent when every trial has one.
  public var note: String?

  /// Summarises per-trial values (`nil` = no value on that trial) with GSL statistics.
  public init(metric: Metric, values: [Double?]) {
    self.metric = metric
    unit = metric.unit
    let defined = values.compactMap { $0 }
    trials = defined.count
    if let summary = Statistics.summary(of: defined) {
      mean = summary.mean
      if metric.goal == .zero { meanAbsolute = Statistics.mean(defined.map { Swift.abs($0) }) }
      median = summary.median
      p90 = summary.p90
      p95 = summary.p95
      minimum = summary.minimum
      q1 = summary.lowerQuartile
      q3 = summary.upperQuartile
      maximum = summary.maximum
    }
    if let interval = Statistics.meanConfidenceInterval(defined) {
      ci95Low = interval.lowerBound
      ci95High = interval.upperBound
    }
    let missing = values.count - defined.count
    note = missing > 0 ? "no value on \(missing) of \(values.count) trials: \(metric.undefinedReason)" : nil
  }
}

/// How one strategy scored on one scenario.
public struct StrategyResult: Sendable, Hashable, Codable {
  /// The strategy's key (stored as its text, e.g. `kalman(q: 0.5, r_scale: 1)`).
  public var strategy: StrategyKey
  /// One summary per metric, in `Metric` order: every ``Metric/simulated`` metric for a scenario, those a
  /// replayed recording's truth allows for a recording.
  public var metrics: [MetricSummary]

  public init(strategy: StrategyKey, metrics: [MetricSummary]) {
    self.strategy = strategy
    self.metrics = metrics
  }

  public func summary(_ metric: Metric) -> MetricSummary? { metrics.first { $0.metric == metric } }
}

/// A replayed recording, as its results state it.
public struct RecordingInfo: Sendable, Hashable, Codable {
  /// The file, as given.
  public var file: String
  /// `none`, `static` (a fixed point) or `reference` (another receiver's recording).
  public var truth: String
  /// The distance the device stored, metres.
  public var deviceDistanceM: Double?
  /// Laps of a repeated loop found in the raw fixes.
  public var laps: Int
  /// Fixes of the file left out: outside the reference's span, or skipped by the reader.
  public var fixesLeftOut: Int

  public init(file: String, truth: String, deviceDistanceM: Double?, laps: Int, fixesLeftOut: Int) {
    self.file = file; self.truth = truth; self.deviceDistanceM = deviceDistanceM; self.laps = laps; self.fixesLeftOut = fixesLeftOut
  }
}

/// The phone a scenario simulates, as its verdict groups scenarios: the receiver (a population or a
/// preset, by name) and whether its fixes carry a speed (a Doppler speed, which becomes the live pace,
/// against none: the pace then comes from positions). Real phones differ there (docs/realism.md).
public struct DeviceInfo: Sendable, Hashable, Codable {
  /// "population phones-open-sky", "preset phone-urban", or "its own receiver".
  public var receiver: String
  public var reportsSpeed: Bool

  public init(receiver: String, reportsSpeed: Bool) { self.receiver = receiver; self.reportsSpeed = reportsSpeed }

  /// "phones that report speed" or "phones that report no speed".
  public var kind: String { reportsSpeed ? "phones that report speed" : "phones that report no speed" }
}

/// Every strategy's scores on one scenario.
public struct ScenarioResult: Sendable, Hashable, Codable {
  public var name: String
  public var description: String
  public var seed: UInt64
  public var trials: Int
  public var fixesPerTrial: Int
  /// True distance of the run, metres.
  public var trueDistanceM: Double
  /// Duration of the run, seconds.
  public var durationS: Double
  public var strategies: [StrategyResult]
  /// One trial drawn for the HTML report, when the run was asked for it (`--tracks`, `--format html`).
  public var illustration: ScenarioIllustration?
  /// For a replayed recording in place of a scenario: what it was (absent for scenarios).
  public var recording: RecordingInfo?
  /// The class of run (open sky, urban, trail, track, long run) for the verdict's best per class;
  /// absent for recordings and older results.
  public var category: String?
  /// The phone it simulates; absent for recordings and older results.
  public var device: DeviceInfo?
  /// The scenario's activity (running, walking, cycling); absent for recordings and older results.
  public var activity: String?

  public init(
    name: String, description: String, seed: UInt64, trials: Int, fixesPerTrial: Int,
    trueDistanceM: Double, durationS: Double, strategies: [StrategyResult], illustration: ScenarioIllustration? = nil
  ) {
    self.illustration = illustration
    self.name = name; self.description = description; self.seed = seed; self.trials = trials
    self.fixesPerTrial = fixesPerTrial; self.trueDistanceM = trueDistanceM; self.durationS = durationS
    self.strategies = strategies
  }

  /// The metrics some strategy has a summary for, in `Metric` order: every ``Metric/simulated`` one for
  /// a scenario, fewer for a replayed recording.
  public var metrics: [Metric] {
    let present = Set(strategies.flatMap { $0.metrics.map(\.metric) })
    return Metric.allCases.filter { present.contains($0) }
  }

  /// The report sections with at least one of ``metrics``, each with all its metrics (n/a where a
  /// strategy has none): a scenario shows the simulated sections, a replayed recording those its truth
  /// allows.
  /// A recording's tables keep only the metrics some strategy has a value for (a recording without a
  /// truth has no error against one: no column of n/a).
  public var sections: [(group: MetricGroup, metrics: [Metric])] {
    let present = Set(metrics)
    return MetricGroup.allCases.compactMap { group in
      guard group.metrics.contains(where: present.contains) else { return nil }
      guard recording != nil else { return (group, group.metrics) }
      let valued = group.metrics.filter { metric in strategies.contains { $0.summary(metric)?.mean != nil } }
      return valued.isEmpty ? nil : (group, valued)
    }
  }

  /// Index of the best strategy on `metric` by its mean (closest to zero for signed metrics), or `nil`
  /// when the metric has no goal or no strategy has a value. Ties go to the first listed.
  public func bestStrategyIndex(for metric: Metric) -> Int? {
    let key: (Double) -> Double
    switch metric.goal {
    case .none: return nil
    case .minimize: key = { $0 }
    case .zero: key = { abs($0) }
    }
    var best: (index: Int, value: Double)?
    for (i, strategy) in strategies.enumerated() {
      guard let mean = strategy.summary(metric)?.mean else { continue }
      if best == nil || key(mean) < best!.value { best = (i, key(mean)) }
    }
    return best?.index
  }
}

extension ScenarioResult {
  /// Strategies (indices) on `metric` whose 95 % interval reaches as good as the best's: not
  /// significantly worse than the best. Goodness is the value for `minimize` metrics and the distance from
  /// zero for signed ones; a strategy counts when the best end of its interval is no worse than the worst
  /// end of the best's. Strategies with fewer than two valued trials are left out; the best is included.
  public func notSignificantlyWorse(for metric: Metric) -> [Int] {
    guard let best = bestStrategyIndex(for: metric), let bestSpan = goodness(best, metric) else { return [] }
    return strategies.indices.filter { i in
      guard let span = goodness(i, metric) else { return i == best }
      return span.lowerBound <= bestSpan.upperBound
    }
  }

  /// The 95 % interval of a strategy's mean mapped to goodness (smaller is better).
  private func goodness(_ index: Int, _ metric: Metric) -> ClosedRange<Double>? {
    guard let summary = strategies[index].summary(metric), let low = summary.ci95Low, let high = summary.ci95High else { return nil }
    switch metric.goal {
    case .none: return nil
    case .minimize: return low...high
    case .zero:
      let nearest = low <= 0 && high >= 0 ? 0 : min(abs(low), abs(high))
      return nearest...max(abs(low), abs(high))
    }
  }
}

/// The results of one experiment: the JSON contract (`docs/results-schema.md`).
///
/// Holds no wall-clock fields, so the same inputs give byte-identical files.
public struct ExperimentResult: Sendable, Hashable, Codable {
  /// Always `trackbench.results`.
  public var schema: String
  /// Bumped on any incompatible change.
  public var schemaVersion: Int
  public var scenarios: [ScenarioResult]
  /// Which strategy to ship, by the objective the run was given (every report opens with it).
  public var verdict: ShipVerdict?

  public static let currentSchema = "trackbench.results"
  public static let currentSchemaVersion = 1

  public init(scenarios: [ScenarioResult]) {
    schema = ExperimentResult.currentSchema
    schemaVersion = ExperimentResult.currentSchemaVersion
    self.scenarios = scenarios
  }
}
