import TrackCore

/// Laps on a track against the truth's (docs/metrics.md, "Laps on a track"): how many the app counts,
/// each lap's distance as a lap button pressed at the line shows it, and how far out from the runner's
/// lane the app puts them. Made only where the truth is laps of a track (``TruthTrack/trackLap``).
public struct LapMeasures: Sendable {
  /// Laps the app counts at its last point minus the laps the runner had completed by then.
  public let countError: Int
  /// Per lap the runner completed: the app's distance between the moments the runner crossed the line
  /// minus the lap's length, metres.
  public let lapDistanceErrors: [Double]
  /// Mean of each recorded point's offset from the truth path to the runner's right (outwards on an
  /// anticlockwise track), metres; `nil` when nothing is recorded.
  public let laneDrift: Double?

  /// - Parameter along: each recorded point's nearest distance along the truth path.
  /// - Complexity: O(n + k) for n recorded points and k laps.
  public init?(_ run: RecordedRun, distance: RecordedDistance, along: [Double], against truth: TruthTrack) {
    guard let lap = truth.trackLap, lap > 0 else { return nil }
    // Laps run: whole laps of the truth's distance (a hair of rounding allowed at the line); counted:
    // those the runner had completed at the app's last point, against the app's count then.
    let laps = Int((truth.totalDistance / lap + 1e-9).rounded(.down))
    let marks = run.recorded.count { $0.marks.contains(.lap) }
    let counted = marks > 0 ? marks - 1 : Int((distance.total / lap).rounded(.down))
    let completed = run.recorded.last.map { Int((truth.distance(at: $0.time) / lap + 1e-9).rounded(.down)) } ?? 0
    countError = counted - completed
    var errors: [Double] = []
    errors.reserveCapacity(laps)
    var previous = 0.0
    for k in stride(from: 1, through: laps, by: 1) {
      let crossing = truth.time(atDistance: Double(k) * lap) ?? truth.duration
      let shown = distance.distance(at: crossing)
      errors.append(shown - previous - lap)
      previous = shown
    }
    lapDistanceErrors = errors
    var offset = 0.0, hint = 0
    for (point, s) in zip(run.recorded, along) {
      let (p, de, dn) = truth.path.pointAndDirection(at: s, hint: &hint)
      offset += de * (point.north - p.north) - dn * (point.east - p.east)
    }
    laneDrift = run.recorded.isEmpty ? nil : -offset / Double(run.recorded.count)
  }
}

extension MetricDescriptor {
  /// A lap metric, in the "Laps on a track" section, undefined where the route is not laps of a track.
  private static func lap(
    _ key: String, _ words: String, heading: String, unit: String, alsoUndefined: String = "", phrase: String? = nil, floor: Double,
    decimals: Int = 1, _ compute: @escaping @Sendable (LapMeasures) -> Double?
  ) -> MetricDescriptor {
    MetricDescriptor(
      key: key, words: words, heading: heading, unit: unit, goal: .zero, group: .laps,
      undefinedReason: "the route is not laps of a 400 m track\(alsoUndefined)", phraseFormat: phrase, floor: floor, decimals: decimals,
      computation: .run { $0.laps.flatMap(compute) }).reading(.laps)
  }

  public static let lapCountError = lap(
    "lap_count_error", "Lap count error", heading: "laps", unit: "laps", phrase: "lap count off by %+.2f", floor: 0.05, decimals: 2
  ) { Double($0.countError) }

  public static let lapDistanceErrorRMS = lap(
    "lap_distance_error_rms_m", "Per-lap distance error, RMS", heading: "lap RMS m", unit: "m", alsoUndefined: ", or no lap is complete",
    floor: 0.5
  ) { VerticalMeasures.rms($0.lapDistanceErrors) }

  public static let laneDrift = lap("lane_drift_m", "Lane drift (outwards)", heading: "lane drift m", unit: "m", alsoUndefined: ", or nothing is recorded", floor: 0.1) {
    $0.laneDrift
  }
}
