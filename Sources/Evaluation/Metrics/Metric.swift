import TrackCore

/// The metrics runs are scored on, in report order: ``simulated`` for scenarios, the rest for replayed
/// recordings as far as their truth allows. `docs/metrics.md` gives the definitions.
public enum Metric: String, Sendable, Hashable, Codable, CaseIterable {
  case distanceErrorPercent = "distance_error_percent"
  case distanceErrorMeters = "distance_error_m"
  case cornerLoss = "corner_loss_m"
  case straightExcess = "straight_excess_m"
  case currentPaceErrorRMS = "current_pace_error_rms_s_per_km"
  case currentPaceErrorP95 = "current_pace_error_p95_s_per_km"
  case currentPaceJitter = "current_pace_jitter_s_per_km"
  case paceLag = "pace_lag_s"
  case intervalPaceErrorRMS = "interval_pace_error_rms_s_per_km"
  case kilometreSplitErrorRMS = "km_split_pace_error_rms_s_per_km"
  case kilometreSplitErrorWorst = "km_split_pace_error_worst_s_per_km"
  case mileSplitErrorRMS = "mile_split_pace_error_rms_s_per_km"
  case mileSplitErrorWorst = "mile_split_pace_error_worst_s_per_km"
  case crossTrackErrorRMS = "cross_track_error_rms_m"
  case crossTrackErrorP95 = "cross_track_error_p95_m"
  case crossTrackErrorMax = "cross_track_error_max_m"
  case fixesKept = "fixes_kept_percent"
  case timeToGoodFix = "time_to_good_fix_s"
  case movingTimeError = "moving_time_error_s"
  case checkpointPositionError = "checkpoint_position_error_m"
  case checkpointTimeError = "checkpoint_time_error_s"
  case badgeDecisionsWrong = "badge_decisions_wrong"
  // Replayed recordings: what can be known without a truth.
  case recordedDistance = "recorded_distance_m"
  case distanceVsDevice = "distance_vs_device_percent"
  case lapLengthSpread = "lap_length_sd_percent"
  case livePaceJitter = "live_pace_jitter_s_per_km"
  case recordedDistanceEquatorial = "recorded_distance_haversine_equatorial_m"
  case recordedDistanceEquirectangular = "recorded_distance_equirectangular_m"
  case recordedDistanceVincenty = "recorded_distance_vincenty_m"
  // Replayed recordings against a fixed point or a reference receiver.
  case falseDistancePerMinute = "false_distance_m_per_min"
  case horizontalErrorMedian = "horizontal_error_median_m"
  case horizontalErrorP95 = "horizontal_error_p95_m"
  case scatterRadius = "scatter_radius_m"

  /// The metrics of a simulated run, in report order (also every replay with a moving truth).
  public static let simulated: [Metric] = Array(allCases.prefix { $0 != .recordedDistance })
  /// Metrics of any replayed recording, truth or not.
  public static let recording: [Metric] = [
    .recordedDistance, .distanceVsDevice, .lapLengthSpread, .livePaceJitter, .recordedDistanceEquatorial,
    .recordedDistanceEquirectangular, .recordedDistanceVincenty,
  ]
  /// Metrics of a replayed recording against a fixed point or a reference.
  public static let againstTruth: [Metric] = [.falseDistancePerMinute, .horizontalErrorMedian, .horizontalErrorP95, .scatterRadius]

  /// The metric in words with its unit, for plot titles (`Live pace error, RMS (s/km)`).
  public var title: String {
    let words: String
    switch self {
    case .distanceErrorPercent: words = "Distance error"
    case .distanceErrorMeters: words = "Distance error"
    case .cornerLoss: words = "Distance lost at corners"
    case .straightExcess: words = "Distance added on straights (zig-zag)"
    case .currentPaceErrorRMS: words = "Live pace error, RMS"
    case .currentPaceErrorP95: words = "Live pace error, 95th percentile"
    case .currentPaceJitter: words = "Live pace jitter"
    case .paceLag: words = "Live pace lag"
    case .intervalPaceErrorRMS: words = "Spoken interval pace error, RMS"
    case .kilometreSplitErrorRMS: words = "Kilometre split pace error, RMS"
    case .kilometreSplitErrorWorst: words = "Kilometre split pace error, worst"
    case .mileSplitErrorRMS: words = "Mile split pace error, RMS"
    case .mileSplitErrorWorst: words = "Mile split pace error, worst"
    case .crossTrackErrorRMS: words = "Distance from the true path, RMS"
    case .crossTrackErrorP95: words = "Distance from the true path, 95th percentile"
    case .crossTrackErrorMax: words = "Distance from the true path, largest"
    case .fixesKept: words = "Fixes kept"
    case .timeToGoodFix: words = "Time to a good fix"
    case .movingTimeError: words = "Moving time error"
    case .checkpointPositionError: words = "Checkpoint pin position error"
    case .checkpointTimeError: words = "Checkpoint time error"
    case .badgeDecisionsWrong: words = "Badge decisions wrong"
    case .recordedDistance: words = "Recorded distance"
    case .distanceVsDevice: words = "Recorded distance against the device's"
    case .lapLengthSpread: words = "Lap length spread, SD"
    case .livePaceJitter: words = "Live pace jitter"
    case .recordedDistanceEquatorial: words = "Recorded distance, equatorial haversine"
    case .recordedDistanceEquirectangular: words = "Recorded distance, equirectangular"
    case .recordedDistanceVincenty: words = "Recorded distance, Vincenty"
    case .falseDistancePerMinute: words = "False distance while still"
    case .horizontalErrorMedian: words = "Horizontal error, median"
    case .horizontalErrorP95: words = "Horizontal error, 95th percentile"
    case .scatterRadius: words = "Scatter radius"
    }
    return "\(words) (\(unit))"
  }

  /// Short column heading.
  public var heading: String {
    switch self {
    case .distanceErrorPercent: return "dist err %"
    case .distanceErrorMeters: return "dist err m"
    case .cornerLoss: return "corners m"
    case .straightExcess: return "straights m"
    case .currentPaceErrorRMS: return "pace RMS s/km"
    case .currentPaceErrorP95: return "pace p95 s/km"
    case .currentPaceJitter: return "jitter s/km"
    case .paceLag: return "lag s"
    case .intervalPaceErrorRMS: return "cue pace s/km"
    case .kilometreSplitErrorRMS: return "km split RMS"
    case .kilometreSplitErrorWorst: return "km split worst"
    case .mileSplitErrorRMS: return "mile split RMS"
    case .mileSplitErrorWorst: return "mile split worst"
    case .crossTrackErrorRMS: return "xtrack RMS m"
    case .crossTrackErrorP95: return "xtrack p95 m"
    case .crossTrackErrorMax: return "xtrack max m"
    case .fixesKept: return "kept %"
    case .timeToGoodFix: return "good fix s"
    case .movingTimeError: return "moving time s"
    case .checkpointPositionError: return "pin m"
    case .checkpointTimeError: return "pin time s"
    case .badgeDecisionsWrong: return "badges wrong"
    case .recordedDistance: return "distance m"
    case .distanceVsDevice: return "vs device %"
    case .lapLengthSpread: return "lap sd %"
    case .livePaceJitter: return "jitter s/km"
    case .recordedDistanceEquatorial: return "equatorial m"
    case .recordedDistanceEquirectangular: return "equirect. m"
    case .recordedDistanceVincenty: return "Vincenty m"
    case .falseDistancePerMinute: return "false m/min"
    case .horizontalErrorMedian: return "error p50 m"
    case .horizontalErrorP95: return "error p95 m"
    case .scatterRadius: return "scatter m"
    }
  }

  public var unit: String {
    switch self {
    case .distanceErrorPercent, .fixesKept, .distanceVsDevice, .lapLengthSpread: return "%"
    case .distanceErrorMeters, .cornerLoss, .straightExcess, .crossTrackErrorRMS, .crossTrackErrorP95, .crossTrackErrorMax,
      .checkpointPositionError, .recordedDistance, .recordedDistanceEquatorial, .recordedDistanceEquirectangular,
      .recordedDistanceVincenty, .horizontalErrorMedian, .horizontalErrorP95, .scatterRadius:
      return "m"
    case .currentPaceErrorRMS, .currentPaceErrorP95, .currentPaceJitter, .intervalPaceErrorRMS, .kilometreSplitErrorRMS,
      .kilometreSplitErrorWorst, .mileSplitErrorRMS, .mileSplitErrorWorst, .livePaceJitter:
      return "s/km"
    case .falseDistancePerMinute: return "m/min"
    case .paceLag, .timeToGoodFix, .movingTimeError, .checkpointTimeError: return "s"
    case .badgeDecisionsWrong: return "decisions"
    }
  }

  public var goal: MetricGoal {
    switch self {
    case .distanceErrorPercent, .distanceErrorMeters, .cornerLoss, .straightExcess, .paceLag, .movingTimeError, .distanceVsDevice:
      return .zero
    case .fixesKept, .recordedDistance, .recordedDistanceEquatorial, .recordedDistanceEquirectangular, .recordedDistanceVincenty:
      return .none
    default: return .minimize
    }
  }

  /// The report section the metric is shown in.
  public var group: MetricGroup {
    switch self {
    case .distanceErrorPercent, .distanceErrorMeters, .cornerLoss, .straightExcess: return .distance
    case .currentPaceErrorRMS, .currentPaceErrorP95, .currentPaceJitter, .paceLag, .intervalPaceErrorRMS: return .pace
    case .kilometreSplitErrorRMS, .kilometreSplitErrorWorst, .mileSplitErrorRMS, .mileSplitErrorWorst: return .splits
    case .crossTrackErrorRMS, .crossTrackErrorP95, .crossTrackErrorMax, .fixesKept, .timeToGoodFix, .movingTimeError: return .track
    case .checkpointPositionError, .checkpointTimeError, .badgeDecisionsWrong: return .checkpoints
    case .recordedDistance, .distanceVsDevice, .lapLengthSpread, .livePaceJitter: return .recording
    case .recordedDistanceEquatorial, .recordedDistanceEquirectangular, .recordedDistanceVincenty: return .formulas
    case .falseDistancePerMinute, .horizontalErrorMedian, .horizontalErrorP95, .scatterRadius: return .error
    }
  }

  /// Why a trial can have no value for this metric, for reports.
  public var undefinedReason: String {
    switch self {
    case .distanceErrorPercent: return "true distance under 1 m"
    case .distanceErrorMeters, .cornerLoss, .straightExcess, .movingTimeError, .badgeDecisionsWrong: return "never undefined"
    case .currentPaceErrorRMS, .currentPaceErrorP95, .currentPaceJitter:
      return "true speed never reached 0.5 m/s over a full window"
    case .paceLag: return "the true or shown speed never changes, or the run is under three minutes"
    case .intervalPaceErrorRMS: return "the run is shorter than one announcement interval or never moving"
    case .kilometreSplitErrorRMS, .kilometreSplitErrorWorst: return "the run is under 1 km or the app never showed 1 km"
    case .mileSplitErrorRMS, .mileSplitErrorWorst: return "the run is under 1 mile or the app never showed 1 mile"
    case .crossTrackErrorRMS, .crossTrackErrorP95, .crossTrackErrorMax: return "nothing recorded"
    case .fixesKept: return "no fixes reported"
    case .timeToGoodFix: return "no recorded point came within the good-fix radius of the truth"
    case .checkpointPositionError, .checkpointTimeError: return "the run passes no checkpoint, or the app reached none"
    case .recordedDistance, .recordedDistanceEquatorial, .recordedDistanceEquirectangular, .recordedDistanceVincenty:
      return "nothing recorded"
    case .distanceVsDevice: return "the file holds no device distance"
    case .lapLengthSpread: return "fewer than two laps of a loop found"
    case .livePaceJitter: return "never moving over a full window"
    case .falseDistancePerMinute: return "the truth never stands still for 30 s"
    case .horizontalErrorMedian, .horizontalErrorP95: return "no recorded point has a truth"
    case .scatterRadius: return "the truth is not a fixed point"
    }
  }

  /// The metric's implementation configured by `settings`; `nil` for the metrics of a replayed
  /// recording, which need more than a run and its truth (see ``RecordingMetrics``).
  public func implementation(_ settings: ScoringSettings = ScoringSettings()) -> (any TrackMetric)? {
    switch self {
    case .distanceErrorPercent: return DistanceError(.percent)
    case .distanceErrorMeters: return DistanceError(.meters)
    case .cornerLoss: return DistanceDecomposition(.cornerLoss)
    case .straightExcess: return DistanceDecomposition(.straightExcess)
    case .currentPaceErrorRMS: return CurrentPaceError(.rms, window: settings.paceWindow)
    case .currentPaceErrorP95: return CurrentPaceError(.p95, window: settings.paceWindow)
    case .currentPaceJitter: return CurrentPaceError(.jitter, window: settings.paceWindow)
    case .paceLag: return PaceLag(window: settings.paceWindow, maximumLag: settings.maximumLag)
    case .intervalPaceErrorRMS: return IntervalPaceError(interval: settings.announceEvery)
    case .kilometreSplitErrorRMS: return SplitPaceError(.rms, splitLength: 1000)
    case .kilometreSplitErrorWorst: return SplitPaceError(.worst, splitLength: 1000)
    case .mileSplitErrorRMS: return SplitPaceError(.rms, splitLength: RunFormat.Unit.miles.meters)
    case .mileSplitErrorWorst: return SplitPaceError(.worst, splitLength: RunFormat.Unit.miles.meters)
    case .crossTrackErrorRMS: return CrossTrackError(.rms)
    case .crossTrackErrorP95: return CrossTrackError(.p95)
    case .crossTrackErrorMax: return CrossTrackError(.maximum)
    case .fixesKept: return FixRetention()
    case .timeToGoodFix: return TimeToGoodFix(radius: settings.goodFixRadius)
    case .movingTimeError: return MovingTimeError()
    case .checkpointPositionError: return CheckpointError(.position, checkpoints: settings.badges.distances)
    case .checkpointTimeError: return CheckpointError(.time, checkpoints: settings.badges.distances)
    case .badgeDecisionsWrong: return BadgeDecisionErrors(rules: settings.badges)
    case .recordedDistance, .distanceVsDevice, .lapLengthSpread, .livePaceJitter, .recordedDistanceEquatorial,
      .recordedDistanceEquirectangular, .recordedDistanceVincenty, .falseDistancePerMinute, .horizontalErrorMedian,
      .horizontalErrorP95, .scatterRadius:
      return nil
    }
  }

  /// Scores `run` on every metric of ``simulated``; non-finite results have no value. Equal
  /// to each ``implementation(_:)``'s `evaluate`, but work several metrics share is done once per run:
  /// the recorded distance, the live-pace series, the cross-track distances, the corner/straight split,
  /// the split errors and the checkpoint pins.
  public static func scores(_ run: RecordedRun, against truth: TruthTrack, settings: ScoringSettings = ScoringSettings()) -> Scores {
    scores(run, context: ScoringContext(truth: truth, settings: settings))
  }

  /// The same with the truth's side prepared once per scenario (what the runner and the tuner use).
  public static func scores(_ run: RecordedRun, context: ScoringContext) -> Scores {
    let truth = context.truth, settings = context.settings
    let distance = RecordedDistance(run.recorded)
    let livePace = LivePace(run, context: context, distance: distance)
    let crossTrack = CrossTrackError().distances(run, against: truth)
    let split = DistanceDecomposition.parts(run, against: truth)
    let kilometreSplits = SplitPaceError.errors(distance, against: truth, splitLength: 1000)
    let mileSplits = SplitPaceError.errors(distance, against: truth, splitLength: RunFormat.Unit.miles.meters)
    let pins = CheckpointError.pins(run, distance, against: truth, checkpoints: settings.badges.distances)
    let values = simulated.map { metric -> Double? in
      let value: Double?
      switch metric {
      case .distanceErrorMeters: value = DistanceError.error(recordedDistance: distance.total, against: truth, .meters)
      case .distanceErrorPercent: value = DistanceError.error(recordedDistance: distance.total, against: truth, .percent)
      case .cornerLoss: value = split.corner
      case .straightExcess: value = split.straight
      case .currentPaceErrorRMS: value = CurrentPaceError.summarise(livePace, .rms)
      case .currentPaceErrorP95: value = CurrentPaceError.summarise(livePace, .p95)
      case .currentPaceJitter: value = CurrentPaceError.summarise(livePace, .jitter)
      case .paceLag: value = PaceLag.lag(livePace, context: context)
      case .intervalPaceErrorRMS: value = IntervalPaceError.rms(distance, against: truth, interval: settings.announceEvery)
      case .kilometreSplitErrorRMS: value = SplitPaceError.summarise(kilometreSplits, .rms)
      case .kilometreSplitErrorWorst: value = SplitPaceError.summarise(kilometreSplits, .worst)
      case .mileSplitErrorRMS: value = SplitPaceError.summarise(mileSplits, .rms)
      case .mileSplitErrorWorst: value = SplitPaceError.summarise(mileSplits, .worst)
      case .crossTrackErrorRMS: value = CrossTrackError.summarise(crossTrack, .rms)
      case .crossTrackErrorP95: value = CrossTrackError.summarise(crossTrack, .p95)
      case .crossTrackErrorMax: value = CrossTrackError.summarise(crossTrack, .maximum)
      case .checkpointPositionError: value = CheckpointError.summarise(pins, .position)
      case .checkpointTimeError: value = CheckpointError.summarise(pins, .time)
      case .badgeDecisionsWrong:
        value = Double(BadgeDecisionErrors.wrong(recordedDistance: distance.total, against: truth, rules: settings.badges))
      default: value = metric.implementation(settings)?.evaluate(run, against: truth)
      }
      return value.flatMap { $0.isFinite ? $0 : nil }
    }
    return Scores(metrics: simulated, values: values)
  }
}

/// Report sections, in order.
public enum MetricGroup: String, Sendable, Hashable, Codable, CaseIterable {
  case distance, pace, splits, track, checkpoints, recording, formulas, error

  public var title: String {
    switch self {
    case .distance: return "Distance"
    case .pace: return "Pace"
    case .splits: return "Splits (pace error, s/km)"
    case .track: return "Track and time"
    case .checkpoints: return "Checkpoints and badges"
    case .recording: return "Recorded distance, laps and pace (no truth needed)"
    case .formulas: return "Recorded distance under other formulas"
    case .error: return "Error against the truth"
    }
  }

  public var metrics: [Metric] { Metric.allCases.filter { $0.group == self } }
}
