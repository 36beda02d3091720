import TrackCore

/// Percentage of the phone's fixes that the strategy recorded: 100·m/n. A battery and storage proxy
/// (fewer points kept, less written and sent). `nil` when the phone reported nothing.
public struct FixRetention: TrackMetric, Hashable {
  public init() {}
  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    run.observedCount > 0 ? 100 * Double(run.recorded.count) / Double(run.observedCount) : nil
  }
}

extension MetricDescriptor {
  public static let fixesKept = MetricDescriptor(
    key: "fixes_kept_percent",
    words: "Fixes kept",
    heading: "kept %",
    unit: "%",
    goal: .none,
    group: .track,
    undefinedReason: "no fixes reported",
    floor: 1,
    computation: .run { FixRetention().evaluate($0.run, against: $0.truth) }).reading([])
}
