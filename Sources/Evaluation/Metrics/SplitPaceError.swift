import TrackCore

/// Split paces the app announces against the true ones, s/km.
///
/// For each true kilometre (or mile) mark m·L up to the true distance, the app announces its split when
/// its distance D̂ (``RecordedDistance``) reaches the mark, at time t̂ₘ (interpolated between the points
/// either side); the truth passes the mark at Tₘ. Split m's pace error is
/// ((t̂ₘ − t̂ₘ₋₁) − (Tₘ − Tₘ₋₁)) / (L / 1000 m), with t̂₀ = T₀ = 0. Marks the app never reaches are not
/// scored. `rms` is the RMS over scored splits, `worst` the largest |error|. `nil` when the run is
/// shorter than one split or the app reached no mark.
public struct SplitPaceError: TrackMetric, Hashable {
  public enum Statistic: Sendable, Hashable { case rms, worst }
  public let statistic: Statistic
  /// Split length L, metres: 1000 or 1609.344.
  public let splitLength: Double
  public init(_ statistic: Statistic, splitLength: Double = 1000) {
    self.statistic = statistic
    self.splitLength = splitLength
  }

  /// Each announced split's pace error, s/km, in order.
  public static func errors(_ distance: RecordedDistance, against truth: TruthTrack, splitLength: Double) -> [Double] {
    var errors: [Double] = []
    var previousApp = 0.0, previousTrue = 0.0
    var mark = splitLength
    while let trueTime = truth.time(atDistance: mark), let appTime = distance.time(reaching: mark) {
      errors.append(((appTime - previousApp) - (trueTime - previousTrue)) / (splitLength / 1000))
      previousApp = appTime
      previousTrue = trueTime
      mark += splitLength
    }
    return errors
  }

  public static func summarise(_ errors: [Double], _ statistic: Statistic) -> Double? {
    guard !errors.isEmpty else { return nil }
    switch statistic {
    case .rms: return (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
    case .worst: return errors.map(abs).max()
    }
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.summarise(Self.errors(RecordedDistance(run.recorded), against: truth, splitLength: splitLength), statistic)
  }
}

/// The "last interval" pace an app speaks every N seconds (Runkeeper's and Nike Run Club's audio cues),
/// against the truth: RMS over intervals of 1000·N/(D̂(kN) − D̂((k−1)N)) − 1000·N/(S(kN) − S((k−1)N)),
/// s/km, paces capped at 1800 s/km, k = 1 … ⌊duration/N⌋. Intervals whose true mean speed is below
/// 0.5 m/s are not scored. `nil` when the run is shorter than N or never moving. (Every-kilometre cues
/// are the kilometre splits.)
public struct IntervalPaceError: TrackMetric, Hashable {
  /// N, seconds.
  public let interval: Double
  public init(interval: Double = 300) { self.interval = interval }

  public static func rms(_ distance: RecordedDistance, against truth: TruthTrack, interval: Double) -> Double? {
    var sum = 0.0, count = 0
    var end = interval
    while end <= truth.duration {
      let trueMetres = truth.distance(at: end) - truth.distance(at: end - interval)
      if trueMetres / interval >= LivePace.minimumTrueSpeed {
        let appMetres = distance.distance(at: end) - distance.distance(at: end - interval)
        let error = LivePace.pace(appMetres / interval) - LivePace.pace(trueMetres / interval)
        sum += error * error
        count += 1
      }
      end += interval
    }
    return count > 0 ? (sum / Double(count)).squareRoot() : nil
  }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    Self.rms(RecordedDistance(run.recorded), against: truth, interval: interval)
  }
}

extension MetricDescriptor {
  public static let intervalPaceErrorRMS = MetricDescriptor(
    key: "interval_pace_error_rms_s_per_km",
    words: "Spoken interval pace error, RMS",
    heading: "cue pace s/km",
    unit: "s/km",
    group: .pace,
    undefinedReason: "the run is shorter than one announcement interval or never moving",
    floor: 0.5,
    computation: .run { IntervalPaceError.rms($0.distance, against: $0.truth, interval: $0.settings.announceEvery) }).reading([])

  public static let kilometreSplitErrorRMS = MetricDescriptor(
    key: "km_split_pace_error_rms_s_per_km",
    words: "Kilometre split pace error, RMS",
    heading: "km split RMS",
    unit: "s/km",
    group: .splits,
    undefinedReason: "the run is under 1 km or the app never showed 1 km",
    phraseFormat: "km splits %.1f s/km RMS",
    floor: 0.5,
    computation: .run { SplitPaceError.summarise($0.kilometreSplits, .rms) }).reading(.splits)

  public static let kilometreSplitErrorWorst = MetricDescriptor(
    key: "km_split_pace_error_worst_s_per_km",
    words: "Kilometre split pace error, worst",
    heading: "km split worst",
    unit: "s/km",
    group: .splits,
    undefinedReason: "the run is under 1 km or the app never showed 1 km",
    floor: 1,
    computation: .run { SplitPaceError.summarise($0.kilometreSplits, .worst) }).reading(.splits)

  public static let mileSplitErrorRMS = MetricDescriptor(
    key: "mile_split_pace_error_rms_s_per_km",
    words: "Mile split pace error, RMS",
    heading: "mile split RMS",
    unit: "s/km",
    group: .splits,
    undefinedReason: "the run is under 1 mile or the app never showed 1 mile",
    floor: 0.5,
    computation: .run { SplitPaceError.summarise($0.mileSplits, .rms) }).reading(.splits)

  public static let mileSplitErrorWorst = MetricDescriptor(
    key: "mile_split_pace_error_worst_s_per_km",
    words: "Mile split pace error, worst",
    heading: "mile split worst",
    unit: "s/km",
    group: .splits,
    undefinedReason: "the run is under 1 mile or the app never showed 1 mile",
    floor: 1,
    computation: .run { SplitPaceError.summarise($0.mileSplits, .worst) }).reading(.splits)
}
