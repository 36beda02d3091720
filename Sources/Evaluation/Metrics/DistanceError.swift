import TrackCore

/// Total distance error: recorded distance D̂ (sum of straight steps between recorded points, in the
/// local frame, none into a point that starts a segment) minus the true distance D (exact length run
/// along the truth path).
///
/// In `percent` mode: 100·(D̂ − D)/D, `nil` when D < 1 m (standing still has no relative error);
/// in `meters` mode: D̂ − D. Positive means the app shows too much (zig-zag), negative too little
/// (cut corners, dropped fixes, lag at the end).
public struct DistanceError: TrackMetric, Hashable {
  public enum Mode: Sendable, Hashable { case percent, meters }
  public let mode: Mode
  public init(_ mode: Mode) { self.mode = mode }

  /// The error of a recorded distance (metres) in `mode`.
  public static func error(recordedDistance: Double, against truth: TruthTrack, _ mode: Mode) -> Double? {
    let error = recordedDistance - truth.totalDistance
    switch mode {
    case .meters: return error
    case .percent: return truth.totalDistance >= 1 ? 100 * error / truth.totalDistance : nil
    }
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.error(recordedDistance: run.recorded.pathLength, against: truth, mode)
  }
}

extension MetricDescriptor {
  public static let distanceErrorPercent = MetricDescriptor(
    key: "distance_error_percent",
    words: "Distance error",
    heading: "dist err %",
    unit: "%",
    goal: .zero,
    group: .distance,
    undefinedReason: "true distance under 1 m",
    phraseFormat: "distance error ±%.2f %%",
    floor: 0.05,
    decimals: 2,
    computation: .run { DistanceError.error(recordedDistance: $0.distance.total, against: $0.truth, .percent) }).reading([])

  public static let distanceErrorMeters = MetricDescriptor(
    key: "distance_error_m",
    words: "Distance error",
    heading: "dist err m",
    unit: "m",
    goal: .zero,
    group: .distance,
    undefinedReason: "never undefined",
    floor: 2.5,
    computation: .run { DistanceError.error(recordedDistance: $0.distance.total, against: $0.truth, .meters) }).reading([])
}
