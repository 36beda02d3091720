/// The metrics each view leads with, declared side by side in one place, so that a metric that belongs in
/// front is placed in every view at once. The views differ on purpose, each saying why; a metric a team
/// registers is shown by the table beside these (its group is `yours`).
public enum Headlines {
  /// A results table without `--detail` (after the objective's own metrics): what a runner sees first of
  /// a simulated run (distance, live pace, splits, the line's shape, battery) and of a recording without
  /// truth (its distance, against the device's, pace jitter, error, distance while standing).
  public static let table: [Metric] = [
    .distanceErrorPercent, .currentPaceErrorRMS, .kilometreSplitErrorRMS, .crossTrackErrorRMS, .meanPower,
    .recordedDistance, .distanceVsDevice, .livePaceJitter, .horizontalErrorMedian, .falseDistancePerMinute,
  ]

  /// A check history's trends: the accuracy the gate guards (distance, live pace, splits, the line's
  /// shape, checkpoints). A history of none of them (a replay's) draws every metric it has.
  public static let history: [Metric] = [
    .distanceErrorPercent, .currentPaceErrorRMS, .kilometreSplitErrorRMS, .crossTrackErrorRMS, .checkpointPositionError,
  ]

  /// What the verdict's trade-off sentences and its Pareto plot compare the ranked strategies on:
  /// distance, live pace and its lag, the line's shape, splits, the fastest kilometre, the lap count (on
  /// a track), elevation gain (where a scenario has terrain), auto-pause latency (where the runner
  /// stops), battery.
  public static let tradeOffs: [Metric] = [
    .distanceErrorPercent, .currentPaceErrorRMS, .paceLag, .crossTrackErrorRMS, .kilometreSplitErrorRMS, .bestKilometreError, .lapCountError,
    .ascentErrorPercent, .pauseLatency, .meanPower,
  ]

  /// The metrics the transfer check ranks strategies by on real recordings (docs/transfer.md), each per
  /// trial, lower better.
  public static let transfer: [Metric] = [.distanceErrorPercent, .currentPaceErrorRMS, .crossTrackErrorRMS, .checkpointPositionError]

  /// ``transfer`` as objectives: a signed error by its size (`abs(distance_error_percent)`).
  public static var transferObjectives: [String] {
    transfer.map { $0.descriptor.goal == .zero ? "abs(\($0.rawValue))" : $0.rawValue }
  }
}
