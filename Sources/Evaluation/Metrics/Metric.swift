import Synchronization
import TrackCore

/// A metric runs are scored on: its identity in records, JSON, objectives and tolerances, with its
/// ``MetricDescriptor`` behind it. Built-in metrics are the static members (``builtIn`` lists them in
/// report order); a user's own come from ``register(_:)``. `docs/metrics.md` gives the definitions.
///
/// A value is an index into the catalogue (built-ins first, then registrations, which are never
/// removed), so comparing and hashing metrics costs what an enum's would.
public struct Metric: Sendable, Hashable {
  /// Position in ``allCases``.
  let index: Int

  /// The built-in metric `descriptor` describes.
  private init(builtIn descriptor: MetricDescriptor) {
    guard let index = Self.builtIn.firstIndex(where: { $0.key == descriptor.key }) else {
      preconditionFailure("\(descriptor.key) is not in Metric.builtIn")
    }
    self.index = index
  }

  public static let distanceErrorPercent = Metric(builtIn: .distanceErrorPercent)
  public static let distanceErrorMeters = Metric(builtIn: .distanceErrorMeters)
  public static let cornerLoss = Metric(builtIn: .cornerLoss)
  public static let straightExcess = Metric(builtIn: .straightExcess)
  public static let currentPaceErrorRMS = Metric(builtIn: .currentPaceErrorRMS)
  public static let currentPaceErrorP95 = Metric(builtIn: .currentPaceErrorP95)
  public static let currentPaceJitter = Metric(builtIn: .currentPaceJitter)
  public static let paceLag = Metric(builtIn: .paceLag)
  public static let intervalPaceErrorRMS = Metric(builtIn: .intervalPaceErrorRMS)
  public static let kilometreSplitErrorRMS = Metric(builtIn: .kilometreSplitErrorRMS)
  public static let kilometreSplitErrorWorst = Metric(builtIn: .kilometreSplitErrorWorst)
  public static let mileSplitErrorRMS = Metric(builtIn: .mileSplitErrorRMS)
  public static let mileSplitErrorWorst = Metric(builtIn: .mileSplitErrorWorst)
  public static let crossTrackErrorRMS = Metric(builtIn: .crossTrackErrorRMS)
  public static let crossTrackErrorP95 = Metric(builtIn: .crossTrackErrorP95)
  public static let crossTrackErrorMax = Metric(builtIn: .crossTrackErrorMax)
  public static let claimCoverage = Metric(builtIn: .claimCoverage)
  public static let claimNormalisedError = Metric(builtIn: .claimNormalisedError)
  public static let claimMedian = Metric(builtIn: .claimMedian)
  public static let fixesKept = Metric(builtIn: .fixesKept)
  public static let energyJoules = Metric(builtIn: .energyJoules)
  public static let energyMilliwattHours = Metric(builtIn: .energyMilliwattHours)
  public static let meanPower = Metric(builtIn: .meanPower)
  public static let timeToGoodFix = Metric(builtIn: .timeToGoodFix)
  public static let movingTimeError = Metric(builtIn: .movingTimeError)
  public static let checkpointPositionError = Metric(builtIn: .checkpointPositionError)
  public static let checkpointTimeError = Metric(builtIn: .checkpointTimeError)
  public static let badgeDecisionsWrong = Metric(builtIn: .badgeDecisionsWrong)
  public static let recordedDistance = Metric(builtIn: .recordedDistance)
  public static let distanceVsDevice = Metric(builtIn: .distanceVsDevice)
  public static let lapLengthSpread = Metric(builtIn: .lapLengthSpread)
  public static let livePaceJitter = Metric(builtIn: .livePaceJitter)
  public static let recordedDistanceEquatorial = Metric(builtIn: .recordedDistanceEquatorial)
  public static let recordedDistanceEquirectangular = Metric(builtIn: .recordedDistanceEquirectangular)
  public static let recordedDistanceVincenty = Metric(builtIn: .recordedDistanceVincenty)
  public static let falseDistancePerMinute = Metric(builtIn: .falseDistancePerMinute)
  public static let horizontalErrorMedian = Metric(builtIn: .horizontalErrorMedian)
  public static let horizontalErrorP95 = Metric(builtIn: .horizontalErrorP95)
  public static let scatterRadius = Metric(builtIn: .scatterRadius)
  public static let standingClaimCoverage = Metric(builtIn: .standingClaimCoverage)
  public static let standingClaimNormalisedError = Metric(builtIn: .standingClaimNormalisedError)
  public static let standingClaimMedian = Metric(builtIn: .standingClaimMedian)
  public static let ascentError = Metric(builtIn: .ascentError)
  public static let ascentErrorPercent = Metric(builtIn: .ascentErrorPercent)
  public static let descentError = Metric(builtIn: .descentError)
  public static let altitudeErrorRMS = Metric(builtIn: .altitudeErrorRMS)
  public static let kilometreAscentErrorRMS = Metric(builtIn: .kilometreAscentErrorRMS)
  public static let standingAscent = Metric(builtIn: .standingAscent)
  public static let bestKilometreError = Metric(builtIn: .bestKilometreError)
  public static let bestMileError = Metric(builtIn: .bestMileError)
  public static let bestFiveKilometreError = Metric(builtIn: .bestFiveKilometreError)
  public static let maximumSpeedError = Metric(builtIn: .maximumSpeedError)
  public static let bestTwoSecondSpeedError = Metric(builtIn: .bestTwoSecondSpeedError)
  public static let bestTenSecondSpeedError = Metric(builtIn: .bestTenSecondSpeedError)
  public static let bestTwoSecondBar = Metric(builtIn: .bestTwoSecondBar)
  public static let bestTwoSecondInsideBar = Metric(builtIn: .bestTwoSecondInsideBar)
  public static let bestTenSecondBar = Metric(builtIn: .bestTenSecondBar)
  public static let bestTenSecondInsideBar = Metric(builtIn: .bestTenSecondInsideBar)
  public static let lapCountError = Metric(builtIn: .lapCountError)
  public static let lapDistanceErrorRMS = Metric(builtIn: .lapDistanceErrorRMS)
  public static let laneDrift = Metric(builtIn: .laneDrift)
  public static let pauseLatency = Metric(builtIn: .pauseLatency)
  public static let pauseLatencyP95 = Metric(builtIn: .pauseLatencyP95)
  public static let resumeLatency = Metric(builtIn: .resumeLatency)
  public static let resumeLatencyP95 = Metric(builtIn: .resumeLatencyP95)
  public static let missedPauses = Metric(builtIn: .missedPauses)
  public static let falsePausesPerHour = Metric(builtIn: .falsePausesPerHour)

  /// TrackBench's own metrics in report order: the metrics of a run against its truth, then those of a
  /// replayed recording. Adding one: its descriptor beside its computation, one line here, and its
  /// definition in docs/metrics.md.
  public static let builtIn: [MetricDescriptor] = [
    .distanceErrorPercent,
    .distanceErrorMeters,
    .cornerLoss,
    .straightExcess,
    .currentPaceErrorRMS,
    .currentPaceErrorP95,
    .currentPaceJitter,
    .paceLag,
    .intervalPaceErrorRMS,
    .kilometreSplitErrorRMS,
    .kilometreSplitErrorWorst,
    .mileSplitErrorRMS,
    .mileSplitErrorWorst,
    .bestKilometreError,
    .bestMileError,
    .bestFiveKilometreError,
    .maximumSpeedError,
    .bestTwoSecondSpeedError,
    .bestTenSecondSpeedError,
    .bestTwoSecondBar,
    .bestTwoSecondInsideBar,
    .bestTenSecondBar,
    .bestTenSecondInsideBar,
    .lapCountError,
    .lapDistanceErrorRMS,
    .laneDrift,
    .crossTrackErrorRMS,
    .crossTrackErrorP95,
    .crossTrackErrorMax,
    .claimCoverage,
    .claimNormalisedError,
    .claimMedian,
    .fixesKept,
    .timeToGoodFix,
    .movingTimeError,
    .pauseLatency,
    .pauseLatencyP95,
    .resumeLatency,
    .resumeLatencyP95,
    .missedPauses,
    .falsePausesPerHour,
    .checkpointPositionError,
    .checkpointTimeError,
    .badgeDecisionsWrong,
    .ascentError,
    .ascentErrorPercent,
    .descentError,
    .altitudeErrorRMS,
    .kilometreAscentErrorRMS,
    .standingAscent,
    .energyJoules,
    .energyMilliwattHours,
    .meanPower,
    .recordedDistance,
    .distanceVsDevice,
    .lapLengthSpread,
    .livePaceJitter,
    .recordedDistanceEquatorial,
    .recordedDistanceEquirectangular,
    .recordedDistanceVincenty,
    .falseDistancePerMinute,
    .horizontalErrorMedian,
    .horizontalErrorP95,
    .scatterRadius,
    .standingClaimCoverage,
    .standingClaimNormalisedError,
    .standingClaimMedian,
  ]

  /// Metrics registered at run time (a user's own), in registration order.
  private static let registry = Mutex<[MetricDescriptor]>([])

  /// Every metric: the built-in ones in report order, then the registered ones.
  public static var allCases: [Metric] { (0..<(builtIn.count + registered.count)).map { Metric(index: $0) } }

  /// The registered metrics this command sees (``CommandScope/seesRegistrations``).
  private static var registered: [MetricDescriptor] { CommandScope.current.seesRegistrations ? registry.withLock { $0 } : [] }

  private init(index: Int) { self.index = index }

  /// The metric named `rawValue`, built-in or registered; `nil` for an unknown name.
  public init?(rawValue: String) {
    if let index = Self.builtIn.firstIndex(where: { $0.key == rawValue }) {
      self.index = index
    } else if let index = Self.registered.firstIndex(where: { $0.key == rawValue }) {
      self.index = Self.builtIn.count + index
    } else {
      return nil
    }
  }

  /// Adds a metric for the rest of the process: from then on it is scored on every run its
  /// computation applies to and appears in tables, JSON, objectives (`tune --objective`), tolerances,
  /// `compare` and `check`, under its descriptor's group (``MetricGroup/yours`` unless it names another).
  ///
  ///     try Metric.register(lapMarks)
  ///
  /// - Throws: ``MetricRegistrationError`` when the key is taken (by a built-in or an earlier
  ///   registration) or is not a metric key (lower-case letters, digits and `_`, starting with a letter),
  ///   or the floor is negative or not finite.
  @discardableResult
  public static func register(_ descriptor: MetricDescriptor) throws(MetricRegistrationError) -> Metric {
    let key = descriptor.key
    func failure(_ message: String) -> MetricRegistrationError { MetricRegistrationError(key: key, message: message) }
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
    guard let first = key.first, first.isLetter, first.isLowercase, key.allSatisfy(allowed.contains) else {
      throw failure("expected lower-case letters, digits or '_', starting with a letter")
    }
    if builtIn.contains(where: { $0.key == key }) { throw failure("the key is a built-in metric's; expected a new key") }
    guard descriptor.floor.isFinite, descriptor.floor >= 0 else {
      throw failure("floor \(descriptor.floor): expected a finite amount of 0 or more, in the metric's unit")
    }
    let index: Int? = registry.withLock { entries in
      guard !entries.contains(where: { $0.key == key }) else { return nil }
      entries.append(descriptor)
      return entries.count - 1
    }
    guard let index else { throw failure("a metric of that key is already registered; expected each key once") }
    return Metric(index: builtIn.count + index)
  }

  /// The metric's descriptor. O(1).
  public var descriptor: MetricDescriptor {
    index < Self.builtIn.count ? Self.builtIn[index] : Self.registry.withLock { $0[index - Self.builtIn.count] }
  }

  /// The metric's key (`pace_lag_s`).
  public var rawValue: String { descriptor.key }
  /// The metric in words with its unit, for plot titles (`Live pace error, RMS (s/km)`).
  public var title: String { "\(descriptor.words) (\(descriptor.unit))" }
  /// Short column heading.
  public var heading: String { descriptor.heading }
  public var unit: String { descriptor.unit }
  public var goal: MetricGoal { descriptor.goal }
  /// Decimals tables and reports show its values with (``MetricDescriptor/decimals``).
  public var decimals: Int { descriptor.decimals }
  /// The smallest change a user would care about, in ``unit`` (``MetricDescriptor/floor``).
  public var floor: Double { descriptor.floor }
  /// The report section the metric is shown in.
  public var group: MetricGroup { descriptor.group }
  /// Why a trial can have no value for this metric, for reports.
  public var undefinedReason: String { descriptor.undefinedReason }

  /// The metrics of a run against a moving truth, in report order: every simulated trial's (also every
  /// replay with a moving truth).
  public static var simulated: [Metric] { allCases.filter { $0.descriptor.runComputation != nil } }
  /// The ``simulated`` metrics `truth` is scored on: the elevation group only where it has terrain, the
  /// pause group only where the runner stops within the run, the lap group only on a track (so other
  /// scenarios' records stay what they were before those groups).
  public static func simulated(against truth: TruthTrack) -> [Metric] {
    let flat = truth.elevation == nil, nonstop = truth.innerStops.isEmpty, offTrack = truth.trackLap == nil
    return simulated.filter { !(flat && $0.group == .elevation) && !(nonstop && $0.group == .pauses) && !(offTrack && $0.group == .laps) }
  }
  /// Metrics of any replayed recording, truth or not.
  public static var recording: [Metric] {
    allCases.filter { if case .recording = $0.descriptor.computation { true } else { false } }
  }
  /// Metrics of a replayed recording against a fixed point or a reference.
  public static var againstTruth: [Metric] {
    allCases.filter { if case .againstTruth = $0.descriptor.computation { true } else { false } }
  }

  /// Scores `run` on every metric of ``simulated``; non-finite results have no value. The work several
  /// metrics share is done once per run (``RunMeasures``).
  public static func scores(_ run: RecordedRun, against truth: TruthTrack, settings: ScoringSettings = ScoringSettings()) -> Scores {
    scores(run, context: ScoringContext(truth: truth, settings: settings))
  }

  /// The same with the truth's side prepared once per scenario.
  public static func scores(_ run: RecordedRun, context: ScoringContext) -> Scores {
    scores(RunMeasures(run, context: context), context: context)
  }

  /// The same with what the trial's fixes measure found once per trial (`known`, what the runner and the
  /// tuner use).
  public static func scores(_ run: RecordedRun, context: ScoringContext, known: inout KnownDistances) -> Scores {
    scores(RunMeasures(run, context: context, known: &known), context: context)
  }

  /// Scores `run` on `metrics` alone, measuring only the parts of the run they read
  /// (``MetricDescriptor/reads``): a tune's objective on the live pace skips the projection, the best
  /// efforts and the lag. Each value is the one ``scores(_:context:known:)`` gives it, to the bit; a
  /// metric the context does not score (``simulated(against:)``) has none.
  /// - Complexity: the parts' passes over the run, O(n log n + m) at most for n points and m seconds.
  public static func scores(_ run: RecordedRun, context: ScoringContext, known: inout KnownDistances, only metrics: [Metric]) -> Scores {
    // What each metric computes and reads, as the context prepared them once per scenario.
    let scored = metrics.map { context.metrics.firstIndex(of: $0) }
    let parts = scored.reduce(into: RunMeasures.Parts()) { parts, i in if let i { parts.formUnion(context.reads[i]) } }
    let measures = RunMeasures(run, context: context, known: &known, parts: parts)
    return Scores(metrics: metrics, values: scored.map { i in i.map { context.computations[$0](measures) } ?? nil })
  }

  private static func scores(_ measures: RunMeasures, context: ScoringContext) -> Scores {
    let values = context.computations.map { compute -> Double? in compute(measures).flatMap { $0.isFinite ? $0 : nil } }
    return Scores(metrics: context.metrics, values: values)
  }
}

extension Metric: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let key = try container.decode(String.self)
    guard let metric = Metric(rawValue: key) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot initialize Metric from invalid String value \(key)")
    }
    self = metric
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Why a metric cannot be registered.
public struct MetricRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
  public let key: String
  public let message: String
  public init(key: String, message: String) { self.key = key; self.message = message }
  public var description: String { "cannot register metric '\(key)': \(message)" }
}

/// Report sections, in order.
public enum MetricGroup: String, Sendable, Hashable, Codable, CaseIterable {
  case distance, pace, splits, bestEfforts, laps, track, claims, pauses, checkpoints, elevation, energy, recording, formulas, error
  /// Registered metrics that name no other section.
  case yours

  public var title: String {
    switch self {
    case .distance: return "Distance"
    case .pace: return "Pace"
    case .splits: return "Splits (pace error, s/km)"
    case .bestEfforts: return "Best efforts and maximum speed (app − truth)"
    case .laps: return "Laps on a track"
    case .track: return "Track and time"
    case .claims: return "Accuracy claims (the circle the app draws, read as 68 % confidence)"
    case .pauses: return "Pauses (auto-pause against the runner's stops)"
    case .checkpoints: return "Checkpoints and badges"
    case .elevation: return "Elevation (gain, loss and altitude against the terrain)"
    case .energy: return "Energy (receiver, fixes, wake-ups, sensor)"
    case .recording: return "Recorded distance, laps and pace (no truth needed)"
    case .formulas: return "Recorded distance under other formulas"
    case .error: return "Error against the truth"
    case .yours: return "Your metrics"
    }
  }

  public var metrics: [Metric] { Metric.allCases.filter { $0.group == self } }
}
