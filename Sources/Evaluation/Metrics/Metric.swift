import TrackCore

/// The metrics every run is scored on, in report order. `docs/metrics.md` gives the definitions.
public enum Metric: String, Sendable, Hashable, Codable, CaseIterable {
  case distanceErrorPercent = "distance_error_percent"
  case distanceErrorMeters = "distance_error_m"
  case cornerLoss = "corner_loss_m"
  case straightExcess = "straight_excess_m"
  case currentPaceErrorRMS = "current_pace_error_rms_s_per_km"
  case crossTrackErrorRMS = "cross_track_error_rms_m"
  case crossTrackErrorP95 = "cross_track_error_p95_m"
  case crossTrackErrorMax = "cross_track_error_max_m"
  case fixesKept = "fixes_kept_percent"

  /// Short column heading.
  public var heading: String {
    switch self {
    case .distanceErrorPercent: return "dist err %"
    case .distanceErrorMeters: return "dist err m"
    case .cornerLoss: return "corners m"
    case .straightExcess: return "straights m"
    case .currentPaceErrorRMS: return "pace RMS s/km"
    case .crossTrackErrorRMS: return "xtrack RMS m"
    case .crossTrackErrorP95: return "xtrack p95 m"
    case .crossTrackErrorMax: return "xtrack max m"
    case .fixesKept: return "kept %"
    }
  }

  public var unit: String {
    switch self {
    case .distanceErrorPercent, .fixesKept: return "%"
    case .distanceErrorMeters, .cornerLoss, .straightExcess, .crossTrackErrorRMS, .crossTrackErrorP95, .crossTrackErrorMax:
      return "m"
    case .currentPaceErrorRMS: return "s/km"
    }
  }

  public var goal: MetricGoal {
    switch self {
    case .distanceErrorPercent, .distanceErrorMeters, .cornerLoss, .straightExcess: return .zero
    case .currentPaceErrorRMS, .crossTrackErrorRMS, .crossTrackErrorP95, .crossTrackErrorMax: return .minimize
    case .fixesKept: return .none
    }
  }

  /// Why a trial can have no value for this metric, for reports.
  public var undefinedReason: String {
    switch self {
    case .distanceErrorPercent: return "true distance under 1 m"
    case .distanceErrorMeters, .cornerLoss, .straightExcess: return "never undefined"
    case .currentPaceErrorRMS: return "true speed never reached 0.5 m/s over a full window"
    case .crossTrackErrorRMS, .crossTrackErrorP95, .crossTrackErrorMax: return "nothing recorded"
    case .fixesKept: return "no fixes reported"
    }
  }

  /// The metric's implementation with its default settings.
  public var implementation: any TrackMetric {
    switch self {
    case .distanceErrorPercent: return DistanceError(.percent)
    case .distanceErrorMeters: return DistanceError(.meters)
    case .cornerLoss: return DistanceDecomposition(.cornerLoss)
    case .straightExcess: return DistanceDecomposition(.straightExcess)
    case .currentPaceErrorRMS: return CurrentPaceError()
    case .crossTrackErrorRMS: return CrossTrackError(.rms)
    case .crossTrackErrorP95: return CrossTrackError(.p95)
    case .crossTrackErrorMax: return CrossTrackError(.maximum)
    case .fixesKept: return FixRetention()
    }
  }

  /// Scores `run` on every metric in `Metric.allCases` order; non-finite results become `nil`.
  ///
  /// Work several metrics share is done once per run: the points' cross-track distances (three
  /// statistics) and the corner/straight split (two parts).
  public static func scores(_ run: RecordedRun, against truth: TruthTrack) -> [Double?] {
    let crossTrack = CrossTrackError().distances(run, against: truth)
    let split = DistanceDecomposition.parts(run, against: truth)
    return allCases.map { metric -> Double? in
      let value: Double?
      switch metric {
      case .cornerLoss: value = split.corner
      case .straightExcess: value = split.straight
      case .crossTrackErrorRMS: value = CrossTrackError.summarise(crossTrack, .rms)
      case .crossTrackErrorP95: value = CrossTrackError.summarise(crossTrack, .p95)
      case .crossTrackErrorMax: value = CrossTrackError.summarise(crossTrack, .maximum)
      default: value = metric.implementation.evaluate(run, against: truth)
      }
      return value.flatMap { $0.isFinite ? $0 : nil }
    }
  }
}
