import NumericKit
import TrackCore

/// The app's live "current pace" second by second, next to the truth it claims to show.
///
/// At each whole second t from W (the window) to the end of the run the app knows the recorded points
/// with `time + age` ≤ t; let j be the latest. If j lies in the window (τⱼ > t − W):
/// - when the point carries a speed (the strategy's own estimate, or the phone's Doppler speed passed
///   through), the app shows that speed, and the truth is the true speed at t;
/// - otherwise the app shows (D̂(τⱼ) − D̂(t − W)) / (τⱼ − (t − W)) with D̂ the ``RecordedDistance``, and
///   the truth is (S(t) − S(t − W)) / W, S the true distance along the path.
/// With no recent point the app shows speed 0 (the slowest pace) against the window's true speed.
/// Paces are 1000/speed capped at 1800 s/km (apps show nothing slower than 30:00 /km). Seconds whose
/// true speed is below 0.5 m/s are not scored (a pace while standing has no meaning).
public struct LivePace: Sendable {
  /// Seconds t that were scored.
  public var scoredTimes: [Double] = []
  /// Displayed and true pace at each scored second, s/km.
  public var appPace: [Double] = []
  public var truePace: [Double] = []
  /// Every second from W to the end: the speed the app shows and the true speed at that instant, m/s
  /// (the series the lag is measured on).
  public var appSpeed: [Double] = []
  public var trueSpeed: [Double] = []

  /// Slowest pace shown, s/km.
  public static let paceCap = 1800.0
  /// True speeds below this are not scored, m/s.
  public static let minimumTrueSpeed = 0.5

  /// Pace for a speed, capped: s/km.
  @inlinable public static func pace(_ speed: Double) -> Double { speed > 1000 / paceCap ? 1000 / speed : paceCap }

  /// - Complexity: O(n + m) for n seconds and m recorded points.
  public init(_ run: RecordedRun, against truth: TruthTrack, window: Double, distance: RecordedDistance) {
    self.init(run, context: ScoringContext(truth: truth, settings: ScoringSettings(paceWindow: window)), distance: distance)
  }

  /// The same with the truth's side prepared once (``ScoringContext``).
  /// - Complexity: O(n + m) for n seconds and m recorded points.
  public init(_ run: RecordedRun, context: ScoringContext, distance: RecordedDistance) {
    let points = run.recorded
    let window = context.settings.paceWindow
    let seconds = context.trueSpeed.count
    appSpeed.reserveCapacity(seconds)
    scoredTimes.reserveCapacity(seconds)
    appPace.reserveCapacity(seconds)
    truePace.reserveCapacity(seconds)
    trueSpeed = context.trueSpeed
    let arrivals = Self.arrivals(points, window: window, seconds: seconds)
    var known = -1
    var recordedHint = -1
    for i in 0..<seconds {
      let t = window + Double(i)
      known += Int(arrivals[i])
      var shown = 0.0
      var instant = false
      if known >= 0 && points[known].time > t - window {
        let point = points[known]
        if point.speed >= 0 {
          shown = point.speed
          instant = true
        } else {
          shown = (distance.cumulative[known] - distance.distance(at: t - window, hint: &recordedHint)) / (point.time - (t - window))
        }
      }
      appSpeed.append(shown)
      if (instant ? context.trueSpeed[i] : context.windowSpeed[i]) >= Self.minimumTrueSpeed {
        scoredTimes.append(t)
        appPace.append(Self.pace(shown))
        truePace.append(instant ? context.truePace[i] : context.windowPace[i])
      }
    }
  }
}

extension LivePace {
  /// No seconds: the live pace of a run scored without it (``RunMeasures/Parts``).
  init() {}

  /// How many points become known at each second i (t = W + i): the app knows the points before the
  /// first whose `time + age` exceeds t, so point j arrives at the first t reaching the greatest
  /// `time + age` of points 0…j. Counted per second rather than found by a search at each second, whose
  /// branch (0, 1 or 2 points a second, with the phone's jitter) the processor cannot predict.
  /// - Complexity: O(n + s) for n points and s seconds.
  static func arrivals(_ points: [LocalFix], window: Double, seconds: Int) -> [Int32] {
    var arrivals = [Int32](repeating: 0, count: seconds + 1)
    var latest = -Double.infinity
    for point in points {
      latest = max(latest, point.time + point.age)
      // The first second whose t = W + i reaches `latest`; `seconds` (never) past the end or for NaN.
      guard latest - window < Double(seconds) else {
        arrivals[seconds] += 1
        continue
      }
      let offset = latest - window
      var i = offset > 0 ? Int(offset) : 0  // the answer or next to it (rounding): one loop settles it
      while true {
        if i < seconds && window + Double(i) < latest {
          i += 1
        } else if i > 0 && window + Double(i - 1) >= latest {
          i -= 1
        } else {
          break
        }
      }
      arrivals[i] += 1
    }
    return arrivals
  }
}

/// Truth-side work that every run scored against one truth shares, done once per scenario instead of
/// once per strategy and trial: the true distance and speeds at every whole second of the live pace,
/// and the true speed prepared for the lag's cross-correlation.
public struct ScoringContext: Sendable {
  public let truth: TruthTrack
  public let settings: ScoringSettings
  /// Per whole second t = W + i (W the pace window) up to the run's end: the true speed at t, and the
  /// true average speed over (t − W, t], m/s.
  public let trueSpeed: [Double]
  public let windowSpeed: [Double]
  /// The same as paces (``LivePace/pace(_:)``), s/km: what every strategy's live pace is held against.
  public let truePace: [Double]
  public let windowPace: [Double]
  /// The truth's best efforts and maximum speed, which the app's are held against.
  public let truthEfforts: EffortFigures
  /// Sample variance of `trueSpeed`, and the series prepared for the lag.
  let speedVariance: Double?
  let speedSeries: CorrelationSeries
  /// The metrics a run is scored on (``Metric/simulated(against:)`` when the context was made) and how each is computed, looked up once per scenario rather than once per run.
  public let metrics: [Metric]
  let computations: [@Sendable (RunMeasures) -> Double?]
  /// The parts of a run each of `metrics` reads (``MetricDescriptor/reads``), for scoring a run on a few.
  let reads: [RunMeasures.Parts]

  /// - Complexity: O(n) for n seconds of the run.
  public init(truth: TruthTrack, settings: ScoringSettings = ScoringSettings()) {
    self.truth = truth
    self.settings = settings
    let window = settings.paceWindow
    let seconds = max(0, Int(truth.duration - window) + 1)
    var trueSpeed: [Double] = [], windowSpeed: [Double] = []
    trueSpeed.reserveCapacity(seconds)
    windowSpeed.reserveCapacity(seconds)
    var hint = 0, windowStartHint = 0
    var t = window
    while t <= truth.duration {
      let (now, instantSpeed) = truth.distanceAndSpeed(at: t, hint: &hint)
      windowSpeed.append((now - truth.distance(at: t - window, hint: &windowStartHint)) / window)
      trueSpeed.append(instantSpeed)
      t += 1
    }
    self.trueSpeed = trueSpeed
    self.windowSpeed = windowSpeed
    truePace = trueSpeed.map(LivePace.pace)
    windowPace = windowSpeed.map(LivePace.pace)
    truthEfforts = EffortFigures(truth: truth)
    metrics = Metric.simulated(against: truth)
    let descriptors = metrics.map(\.descriptor)
    computations = descriptors.compactMap(\.runComputation)  // one each: simulated metrics are run metrics
    reads = descriptors.map(\.reads)
    speedVariance = Statistics.meanAndVariance(trueSpeed)?.variance
    speedSeries = CorrelationSeries(trueSpeed)
  }
}

/// The app's live pace against the truth (``LivePace``), s/km: RMS or 95th percentile of |error| over
/// the scored seconds, or jitter, the RMS of the displayed pace's changes between consecutive scored
/// seconds. `nil` when no second was scored (never moving over a full window).
public struct CurrentPaceError: TrackMetric, Hashable {
  public enum Statistic: Sendable, Hashable { case rms, p95, jitter }
  public let statistic: Statistic
  /// Window W, seconds (apps use 10-30 s; 20 s by default).
  public let window: Double
  public init(_ statistic: Statistic = .rms, window: Double = 20) {
    self.statistic = statistic
    self.window = window
  }

  public static func summarise(_ pace: LivePace, _ statistic: Statistic) -> Double? {
    guard !pace.appPace.isEmpty else { return nil }
    switch statistic {
    case .rms:
      var sum = 0.0
      for i in pace.appPace.indices { sum += (pace.appPace[i] - pace.truePace[i]) * (pace.appPace[i] - pace.truePace[i]) }
      return (sum / Double(pace.appPace.count)).squareRoot()
    case .p95:
      return Statistics.quantile(pace.appPace.indices.map { abs(pace.appPace[$0] - pace.truePace[$0]) }, 0.95)
    case .jitter:
      var sum = 0.0, count = 0
      for i in pace.appPace.indices.dropFirst() where pace.scoredTimes[i] - pace.scoredTimes[i - 1] == 1 {
        sum += (pace.appPace[i] - pace.appPace[i - 1]) * (pace.appPace[i] - pace.appPace[i - 1])
        count += 1
      }
      return count > 0 ? (sum / Double(count)).squareRoot() : nil
    }
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.summarise(LivePace(run, against: truth, window: window, distance: RecordedDistance(run.recorded)), statistic)
  }
}

/// How late the app's live speed follows the true speed, seconds: the shift k (whole seconds, |k| ≤
/// `maximumLag`) maximising the Pearson correlation (GSL) of shown speed a(t) with true speed v(t − k)
/// over the ``LivePace`` series. A 20 s window average of a perfect track lags about 10 s; a smoother
/// that looks ahead can lag less than nothing. `nil` when the true or shown speed never changes (a
/// steady run has no feature to align) or the run is too short (under 3 × `maximumLag` seconds of series).
public struct PaceLag: TrackMetric, Hashable {
  public let window: Double
  public let maximumLag: Double
  public init(window: Double = 20, maximumLag: Double = 60) {
    self.window = window
    self.maximumLag = maximumLag
  }

  public static func lag(_ pace: LivePace, maximumLag: Double) -> Double? {
    lag(pace, speedVariance: Statistics.meanAndVariance(pace.trueSpeed)?.variance, speedSeries: CorrelationSeries(pace.trueSpeed), maximumLag: maximumLag)
  }

  /// The same with the true speed prepared once (``ScoringContext``).
  public static func lag(_ pace: LivePace, context: ScoringContext) -> Double? {
    lag(pace, speedVariance: context.speedVariance, speedSeries: context.speedSeries, maximumLag: context.settings.maximumLag)
  }

  private static func lag(_ pace: LivePace, speedVariance: Double?, speedSeries: CorrelationSeries, maximumLag: Double) -> Double? {
    let n = pace.appSpeed.count
    let reach = Int(maximumLag)
    guard n >= 3 * reach, reach >= 1, let spread = speedVariance, spread > 1e-9 else { return nil }
    let correlations = Statistics.crossCorrelation(pace.appSpeed, speedSeries, lags: -reach...reach)
    var best: (lag: Int, r: Double)?
    for (offset, r) in correlations.enumerated() {
      guard let r else { continue }
      if best == nil || r > best!.r { best = (offset - reach, r) }
    }
    return best.map { Double($0.lag) }
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.lag(LivePace(run, against: truth, window: window, distance: RecordedDistance(run.recorded)), maximumLag: maximumLag)
  }
}

extension MetricDescriptor {
  public static let currentPaceErrorRMS = MetricDescriptor(
    key: "current_pace_error_rms_s_per_km",
    words: "Live pace error, RMS",
    heading: "pace RMS s/km",
    unit: "s/km",
    group: .pace,
    undefinedReason: "true speed never reached 0.5 m/s over a full window",
    phraseFormat: "live pace error %.1f s/km RMS",
    floor: 0.5,
    computation: .run { CurrentPaceError.summarise($0.livePace, .rms) }).reading(.livePace)

  public static let currentPaceErrorP95 = MetricDescriptor(
    key: "current_pace_error_p95_s_per_km",
    words: "Live pace error, 95th percentile",
    heading: "pace p95 s/km",
    unit: "s/km",
    group: .pace,
    undefinedReason: "true speed never reached 0.5 m/s over a full window",
    floor: 1,
    computation: .run { CurrentPaceError.summarise($0.livePace, .p95) }).reading(.livePace)

  public static let currentPaceJitter = MetricDescriptor(
    key: "current_pace_jitter_s_per_km",
    words: "Live pace jitter",
    heading: "jitter s/km",
    unit: "s/km",
    group: .pace,
    undefinedReason: "true speed never reached 0.5 m/s over a full window",
    floor: 0.5,
    computation: .run { CurrentPaceError.summarise($0.livePace, .jitter) }).reading(.livePace)

  public static let paceLag = MetricDescriptor(
    key: "pace_lag_s",
    words: "Live pace lag",
    heading: "lag s",
    unit: "s",
    goal: .zero,
    group: .pace,
    undefinedReason: "the true or shown speed never changes, or the run is under three minutes",
    phraseFormat: "pace lag %.1f s",
    floor: 0.5,
    computation: .run { PaceLag.lag($0.livePace, context: $0.context) }).reading(.livePace)
}
