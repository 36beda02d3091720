import TrackCore

/// What a strategy recorded on one trial, next to how many fixes it was given.
public struct RecordedRun: Sendable {
  /// Fixes the phone reported (the strategy's input).
  public var observedCount: Int
  /// What the strategy recorded, in time order.
  public var recorded: [LocalFix]

  public init(observedCount: Int, recorded: [LocalFix]) {
    self.observedCount = observedCount
    self.recorded = recorded
  }
}

/// A number that scores one recorded run against the truth.
public protocol TrackMetric: Sendable {
  /// The score, or `nil` where the metric has no value (e.g. pace error while standing still); never
  /// NaN or infinite.
  func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double?
}

/// Which way a metric is better, for marking the best strategy in a table.
public enum MetricGoal: String, Sendable, Codable {
  /// Smaller is better.
  case minimize
  /// Signed: closer to zero is better.
  case zero
  /// Informational: no best.
  case none
}
