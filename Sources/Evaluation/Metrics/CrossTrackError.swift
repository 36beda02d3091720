import NumericKit
import TrackCore

/// Distance from each recorded point to the truth path, summarised per run as RMS, 95th percentile or
/// maximum, metres.
///
/// Each point at time τ is measured against the part of the path within ±`searchRadius` metres (along
/// the path) of where the runner truly was at τ, so a later lap or the other leg of an out-and-back is
/// not mistaken for the nearest road. The percentile is GSL's interpolated quantile. `nil` when nothing
/// was recorded.
public struct CrossTrackError: TrackMetric, Hashable {
  public enum Statistic: Sendable, Hashable { case rms, p95, maximum }
  public let statistic: Statistic
  /// Metres along the path searched either side of the true position.
  public let searchRadius: Double
  public init(_ statistic: Statistic = .rms, searchRadius: Double = 200) {
    self.statistic = statistic
    self.searchRadius = searchRadius
  }

  /// Each recorded point's distance to the truth path, metres.
  public func distances(_ run: RecordedRun, against truth: TruthTrack) -> [Double] {
    distances(run, along: truth.distances(at: run.recorded), against: truth)
  }

  /// The same with each point's true distance along the path at its time given (``TruthTrack/distances(at:)``,
  /// shared with the corner split).
  public func distances(_ run: RecordedRun, along: [Double], against truth: TruthTrack) -> [Double] {
    var pathHint = Path.SearchHint()
    return zip(run.recorded, along).map { fix, s in
      truth.offPathDistance(PlanarPoint(east: fix.east, north: fix.north), along: s, radius: searchRadius, hint: &pathHint)
    }
  }

  /// `statistic` of per-point distances; `nil` when there are none.
  public static func summarise(_ distances: [Double], _ statistic: Statistic) -> Double? {
    guard !distances.isEmpty else { return nil }
    switch statistic {
    case .rms: return (distances.reduce(0) { $0 + $1 * $1 } / Double(distances.count)).squareRoot()
    case .p95: return Statistics.quantile(distances, 0.95)
    case .maximum: return distances.max()
    }
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.summarise(distances(run, against: truth), statistic)
  }
}

extension MetricDescriptor {
  public static let crossTrackErrorRMS = MetricDescriptor(
    key: "cross_track_error_rms_m",
    words: "Distance from the true path, RMS",
    heading: "xtrack RMS m",
    unit: "m",
    group: .track,
    undefinedReason: "nothing recorded",
    phraseFormat: "line shape %.2f m cross-track RMS",
    floor: 0.05,
    computation: .run { CrossTrackError.summarise($0.crossTrack, .rms) }).reading(.crossTrack)

  public static let crossTrackErrorP95 = MetricDescriptor(
    key: "cross_track_error_p95_m",
    words: "Distance from the true path, 95th percentile",
    heading: "xtrack p95 m",
    unit: "m",
    group: .track,
    undefinedReason: "nothing recorded",
    floor: 0.1,
    computation: .run { CrossTrackError.summarise($0.crossTrack, .p95) }).reading(.crossTrack)

  public static let crossTrackErrorMax = MetricDescriptor(
    key: "cross_track_error_max_m",
    words: "Distance from the true path, largest",
    heading: "xtrack max m",
    unit: "m",
    group: .track,
    undefinedReason: "nothing recorded",
    floor: 0.25,
    computation: .run { CrossTrackError.summarise($0.crossTrack, .maximum) }).reading(.crossTrack)
}
