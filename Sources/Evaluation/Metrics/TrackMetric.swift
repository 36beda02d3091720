import TrackCore

/// What a strategy recorded on one trial, next to how many fixes it was given.
public struct RecordedRun: Sendable {
  /// Fixes the phone reported (the strategy's input).
  public var observedCount: Int
  /// What the strategy recorded, in time order.
  public var recorded: [LocalFix]
  /// What the run cost the device (a simulated run); `nil` where it is not known (a replayed recording).
  public var energy: RunEnergy?

  public init(observedCount: Int, recorded: [LocalFix], energy: RunEnergy? = nil) {
    self.observedCount = observedCount
    self.recorded = recorded
    self.energy = energy
  }
}

/// The energy a run cost: its receiver's timeline priced by the device's power table (docs/energy.md).
public struct RunEnergy: Sendable, Hashable {
  /// Joules over the run.
  public var joules: Double
  /// The run's length, seconds.
  public var seconds: Double

  public init(joules: Double, seconds: Double) { self.joules = joules; self.seconds = seconds }
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
