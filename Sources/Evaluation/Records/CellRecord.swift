import TrackCore
/// What one cell of a sweep gave: every strategy's scores on one simulated trial of one scenario.
///
/// The unit everything after execution reads: results are aggregated from records, shards and journals
/// hold records, paired comparisons pair them. A cell's strategies all filtered the same fixes.
public struct CellRecord: Sendable, Hashable, Codable {
  /// The sweep's fingerprint (``SweepHeader/sweep``).
  public var sweep: String
  /// The cell's position in its sweep (scenario, then trial), from 0.
  public var cell: Int
  /// The scenario's name.
  public var scenario: String
  public var trial: Int
  /// Each strategy's scores, in the sweep's order.
  public var strategies: [StrategyScores]
  /// The cell drawn for the HTML report (recorded tracks, live pace, pins), when asked for.
  public var illustration: ScenarioIllustration?

  public init(
    sweep: String, cell: Int, scenario: String, trial: Int, strategies: [StrategyScores], illustration: ScenarioIllustration? = nil
  ) {
    self.sweep = sweep; self.cell = cell; self.scenario = scenario; self.trial = trial; self.strategies = strategies
    self.illustration = illustration
  }
}

/// One strategy's scores on one cell.
public struct StrategyScores: Sendable, Hashable, Codable {
  /// The strategy's key (stored as its text, e.g. `kalman(q: 0.5, r_scale: 1)`).
  public var strategy: StrategyKey
  public var scores: Scores

  public init(strategy: StrategyKey, scores: Scores) {
    self.strategy = strategy; self.scores = scores
  }
}

extension ScenarioResult {
  /// Aggregates a scenario's records (any order; one per trial) into its result: per strategy and metric,
  /// the summary over trials in trial order. A pure function of the records.
  /// - Precondition: the records share one strategy list.
  public init(
    name: String, description: String, seed: UInt64, fixesPerTrial: Int, trueDistanceM: Double, durationS: Double,
    records: [CellRecord], category: String? = nil, device: DeviceInfo? = nil
  ) {
    let ordered = records.sorted { $0.trial < $1.trial }
    let strategies = (ordered.first?.strategies ?? []).enumerated().map { k, first in
      StrategyResult(
        strategy: first.strategy,
        metrics: first.scores.metrics.map { metric in
          MetricSummary(metric: metric, values: ordered.map { $0.strategies[k].scores[metric] })
        })
    }
    self.init(
      name: name, description: description, seed: seed, trials: ordered.count, fixesPerTrial: fixesPerTrial,
      trueDistanceM: trueDistanceM, durationS: durationS, strategies: strategies, illustration: ordered.first?.illustration)
    self.category = category
    self.device = device
  }
}
