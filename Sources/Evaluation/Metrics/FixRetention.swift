import TrackCore

/// Percentage of the phone's fixes that the strategy recorded: 100·m/n. A battery and storage proxy
/// (fewer points kept, less written and sent). `nil` when the phone reported nothing.
public struct FixRetention: TrackMetric, Hashable {
  public init() {}
  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    run.observedCount > 0 ? 100 * Double(run.recorded.count) / Double(run.observedCount) : nil
  }
}
