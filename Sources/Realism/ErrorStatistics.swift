import Foundation
import NumericKit

/// One statistic of a receiver's behaviour, with the tolerance within which a simulation matches it.
public struct Statistic: Sendable, Hashable, Codable {
  public var name: String
  public var value: Double?

  public init(name: String, value: Double?) { self.name = name; self.value = value }
}

/// What is measured of a receiver against the truth (see `docs/realism.md` for each definition), and how
/// close a simulation must come: within 20 % of the real value or within the statistic's absolute
/// tolerance, whichever is wider (near-zero values would otherwise need an exact match). Long-lag
/// autocorrelations get wider absolute tolerances: one recording of T seconds holds only about T / 2τ
/// independent stretches of a wander of correlation time τ, so its sample autocorrelation scatters by
/// about √(2τ / T), 0.15-0.2 for 40 minutes of a 30-60 s wander.
public enum ErrorStatistics {
  /// Names in report order, with their absolute tolerance.
  public static let definitions: [(name: String, absoluteTolerance: Double, meaning: String)] = [
    ("error_sd_east_m", 0.2, "standard deviation of the east error, m"),
    ("error_sd_north_m", 0.2, "standard deviation of the north error, m"),
    ("bias_east_m", 0.5, "mean east error, m"),
    ("bias_north_m", 0.5, "mean north error, m"),
    ("error_p50_m", 0.2, "median horizontal error, m"),
    ("error_p95_m", 0.4, "95th percentile of the horizontal error, m"),
    ("error_p50_still_m", 0.2, "median horizontal error while the truth stands still (below 0.2 m/s), m"),
    ("error_p50_moving_m", 0.2, "median horizontal error while the truth moves at 1 m/s or more, m"),
    ("autocorrelation_1s", 0.1, "correlation of the error with itself 1 s later (mean of both axes)"),
    ("autocorrelation_10s", 0.1, "the same 10 s later"),
    ("autocorrelation_30s", 0.15, "the same 30 s later"),
    ("autocorrelation_120s", 0.2, "the same 120 s later"),
    ("false_distance_m_per_min", 1.0, "distance summed over steps while the truth stands still, per minute"),
    ("distance_excess_percent", 0.05, "the positions' summed steps over the truth's at the same epochs, minus 1, in percent (the raw track's distance error)"),
    ("roughness_m_per_s2", 0.05, "median |second difference| of the error at equal spacing, over the spacing squared"),
    ("repeated_share", 0.05, "share of fixes that repeat their predecessor's position exactly"),
    ("claim_error_correlation", 0.15, "Pearson correlation of the claimed accuracy with the horizontal error"),
    ("claim_coverage_percent", 5, "share of fixes whose claimed accuracy circle holds the truth, percent (68 is honest: Android's radius of 68 % confidence)"),
  ]

  /// The relative tolerance of every statistic.
  public static let relativeTolerance = 0.2

  /// Below this truth speed a step counts as standing still, m/s.
  public static let stillSpeed = 0.2
  /// At or above this truth speed an epoch counts as moving, m/s (a walk and faster).
  public static let movingSpeed = 1.0
  /// Fewest epochs still (or moving) for a median error by motion.
  public static let minimumEpochsByMotion = 30

  /// Least time standing still, seconds, for a false distance to be reported.
  public static let minimumStillSeconds = 30.0

  /// Whether `simulated` matches `real` within the statistic's tolerance; `nil` when either is absent.
  public static func matches(name: String, real: Double?, simulated: Double?) -> Bool? {
    matches(real: real, simulated: simulated, absoluteTolerance: definitions.first { $0.name == name }?.absoluteTolerance ?? 0)
  }

  /// Whether `simulated` matches `real` within 20 % or `absoluteTolerance`; `nil` when either is absent.
  public static func matches(real: Double?, simulated: Double?, absoluteTolerance: Double) -> Bool? {
    guard let real, let simulated else { return nil }
    return abs(simulated - real) <= max(relativeTolerance * abs(real), absoluteTolerance)
  }

  /// Every statistic of `series`, in ``definitions`` order; a statistic that cannot be computed (no
  /// standing still, no claims, too few epochs) has no value.
  /// - Complexity: O(n log n) (quantiles sort).
  public static func measure(_ series: ErrorSeries) -> [Statistic] { measure(series, timing: nil) }

  /// What the statistics take from the epochs' times alone: the typical interval and the pairs of each
  /// autocorrelation's lag. The trials of a fit keep the recording's epochs (unless one is dropped), so
  /// one timing serves them all.
  public struct Timing: Sendable {
    let time: [Double]
    let interval: Double
    /// Per lag of ``lags``, its pairs (`nil`: too few).
    let pairs: [LaggedPairs?]

    /// - Complexity: O(n) expected (a median and one sweep per lag).
    public init(_ time: [Double]) {
      self.time = time
      interval = typicalInterval(time)
      pairs = lags.map { [interval] lag in LaggedPairs(time, lag: lag, interval: interval) }
    }
  }

  /// The autocorrelations' lags, seconds.
  static let lags = [1.0, 10, 30, 120]

  /// ``measure(_:)`` with the `timing` of the same epochs' times made beforehand (another's is ignored).
  public static func measure(_ series: ErrorSeries, timing: Timing?) -> [Statistic] {
    let timing = timing.flatMap { $0.time == series.time ? $0 : nil } ?? Timing(series.time)
    let n = series.count
    var east = [Double](), north = [Double](), radial = [Double]()
    east.reserveCapacity(n); north.reserveCapacity(n); radial.reserveCapacity(n)
    // By motion only when the truth moves at all: a static recording's still error is its error.
    let byMotion = !series.truthIsMean && series.truthSpeed.contains { $0 >= movingSpeed }
    var still = [Double](), moving = [Double]()
    for i in 0..<n {
      let e = series.error(i)
      // Not `hypot`: errors are metres (no overflow to guard against), and a fit measures millions.
      let r = (e.east * e.east + e.north * e.north).squareRoot()
      east.append(e.east); north.append(e.north); radial.append(r)
      if byMotion {
        let speed = series.truthSpeed[i]
        if speed < stillSpeed { still.append(r) } else if speed >= movingSpeed { moving.append(r) }
      }
    }
    var values: [String: Double?] = [:]
    let eastMoments = moments(east), northMoments = moments(north)
    values["error_sd_east_m"] = eastMoments.variance.map { $0.squareRoot() }
    values["error_sd_north_m"] = northMoments.variance.map { $0.squareRoot() }
    values["bias_east_m"] = eastMoments.mean
    values["bias_north_m"] = northMoments.mean
    values["error_p50_m"] = Statistics.quantile(radial, 0.5)
    values["error_p95_m"] = Statistics.quantile(radial, 0.95)
    if byMotion {
      values["error_p50_still_m"] = still.count >= minimumEpochsByMotion ? Statistics.quantile(still, 0.5) : nil
      values["error_p50_moving_m"] = moving.count >= minimumEpochsByMotion ? Statistics.quantile(moving, 0.5) : nil
    }
    let interval = timing.interval
    for (lag, pairs) in zip(lags, timing.pairs) {
      let name = "autocorrelation_\(Int(lag))s"
      guard let pairs else { values[name] = .some(nil); continue }
      let a = pairs.correlation(east), b = pairs.correlation(north)
      values[name] = a.flatMap { x in b.map { (x + $0) / 2 } } ?? a ?? b
    }
    values["false_distance_m_per_min"] = falseDistance(series)
    values["distance_excess_percent"] = distanceExcess(series)
    values["roughness_m_per_s2"] = roughness(series.time, east, north, interval: interval)
    values["repeated_share"] = n > 1 ? Double(series.repeated.dropFirst().filter { $0 }.count) / Double(n - 1) : nil
    var claims = [Double](), errors = [Double]()
    for i in 0..<n { if let c = series.claimed[i] { claims.append(c); errors.append(radial[i]) } }
    values["claim_error_correlation"] = claims.count >= 10
      ? Statistics.plainCorrelation(claims[...], errors[...]) : nil
    // Judged, never fitted (Calibrator.fitted): the claim's base is the recording's median claim, so a
    // simulation that errs as the receiver does covers as it does, or the claim model is wrong.
    var claiming = 0, inside = 0
    for (claim, error) in zip(claims, errors) where claim > 0 {
      claiming += 1
      if error <= claim { inside += 1 }
    }
    values["claim_coverage_percent"] = claiming >= 10 ? 100 * Double(inside) / Double(claiming) : nil
    return definitions.map { Statistic(name: $0.name, value: values[$0.name] ?? nil) }
  }

  /// Mean and sample variance in plain sums (``Statistics/meanAndVariance(_:)``); one value has a mean only.
  static func moments(_ x: [Double]) -> (mean: Double?, variance: Double?) {
    if let both = Statistics.meanAndVariance(x) { return (both.mean, both.variance) }
    return (x.first, nil)
  }

  /// The median spacing of `times`, seconds.
  static func typicalInterval(_ times: [Double]) -> Double {
    guard times.count > 1 else { return 1 }
    let steps = zip(times.dropFirst(), times).map { $0 - $1 }
    return Statistics.quantile(steps, 0.5) ?? 1
  }

  /// Pearson correlation of (xᵢ, xⱼ) over the pairs whose times are `lag` apart (within a quarter of the
  /// interval), so gaps are handled; `nil` for fewer than 10 pairs, a lag shorter than the interval, or
  /// a recording shorter than 4 lags (too few independent pairs to mean anything).
  static func lagged(_ times: [Double], _ x: [Double], lag: Double, interval: Double) -> Double? {
    LaggedPairs(times, lag: lag, interval: interval)?.correlation(x)
  }

  /// The pairs of epochs `lag` apart (within a quarter of the interval), found once for both axes. A
  /// recording without gaps pairs i with i + k throughout: one run, whose correlation reads the two
  /// stretches where they lie instead of copying them (`gsl_stats_correlation` sees the same values in
  /// the same order either way).
  struct LaggedPairs: Sendable {
    /// Runs of consecutive pairs (first, first + offset) … (first + count − 1, first + offset + count − 1).
    var runs: [(first: Int, offset: Int, count: Int)] = []
    var total = 0

    /// `nil` for fewer than 10 pairs, a lag shorter than the interval, or a recording shorter than 4 lags.
    /// - Complexity: O(n), one forward sweep.
    init?(_ times: [Double], lag: Double, interval: Double) {
      guard lag >= interval * 0.75, let first = times.first, let last = times.last, last - first >= 4 * lag else { return nil }
      var j = 0
      let slack = interval / 4
      for i in 0..<times.count {
        let target = times[i] + lag
        while j < times.count && times[j] < target - slack { j += 1 }
        guard j < times.count else { break }
        guard abs(times[j] - target) <= slack else { continue }
        if let run = runs.last, run.first + run.count == i, run.offset == j - i {
          runs[runs.count - 1].count += 1
        } else {
          runs.append((i, j - i, 1))
        }
        total += 1
      }
      guard total >= 10 else { return nil }
    }

    /// Pearson correlation of `x` over the pairs (``Statistics/plainCorrelation(_:_:)``).
    func correlation(_ x: [Double]) -> Double? {
      if runs.count == 1, let run = runs.first {
        return Statistics.plainCorrelation(x[run.first..<run.first + run.count], x[run.first + run.offset..<run.first + run.offset + run.count])
      }
      var a = [Double](), b = [Double]()
      a.reserveCapacity(total); b.reserveCapacity(total)
      for run in runs {
        a += x[run.first..<run.first + run.count]
        b += x[run.first + run.offset..<run.first + run.offset + run.count]
      }
      return Statistics.plainCorrelation(a[...], b[...])
    }
  }

  /// Path length of the reported positions over steps during which the truth stands still (both ends
  /// below ``stillSpeed``), per minute of those steps; `nil` below ``minimumStillSeconds``.
  package static func falseDistance(_ series: ErrorSeries) -> Double? {
    var distance = 0.0, seconds = 0.0
    for i in 1..<max(series.count, 1) where series.truthSpeed[i] < stillSpeed && series.truthSpeed[i - 1] < stillSpeed {
      let de = series.east[i] - series.east[i - 1], dn = series.north[i] - series.north[i - 1]
      distance += (de * de + dn * dn).squareRoot()
      seconds += series.time[i] - series.time[i - 1]
    }
    return seconds >= minimumStillSeconds ? distance / seconds * 60 : nil
  }

  /// Least length of the truth's path, metres, for a distance excess to be reported.
  public static let minimumPathMetres = 100.0

  /// 100 × (Σ|pᵢ − pᵢ₋₁| / Σ|tᵢ − tᵢ₋₁| − 1) over consecutive epochs (reported positions p, truth t): how
  /// much longer the track of the fixes as reported is than the truth's at the same epochs, what `raw`'s
  /// distance error is in a replay. It is where an error model's shape shows: per-fix outliers that
  /// barely move a median lengthen every step they touch, a smooth error of the same size does not.
  /// `nil` below ``minimumPathMetres`` of truth (standing, or a truth that is the recording's mean).
  package static func distanceExcess(_ series: ErrorSeries) -> Double? {
    var reported = 0.0, truth = 0.0
    for i in 1..<max(series.count, 1) {
      let de = series.east[i] - series.east[i - 1], dn = series.north[i] - series.north[i - 1]
      reported += (de * de + dn * dn).squareRoot()
      let te = series.truthEast[i] - series.truthEast[i - 1], tn = series.truthNorth[i] - series.truthNorth[i - 1]
      truth += (te * te + tn * tn).squareRoot()
    }
    return truth >= minimumPathMetres ? 100 * (reported / truth - 1) : nil
  }

  /// Median of |eᵢ₊₁ − 2eᵢ + eᵢ₋₁| / Δt² over triples spaced by the typical interval (within 10 %).
  static func roughness(_ times: [Double], _ east: [Double], _ north: [Double], interval: Double) -> Double? {
    var values = [Double]()
    for i in 1..<max(times.count - 1, 1) {
      let a = times[i] - times[i - 1], b = times[i + 1] - times[i]
      guard abs(a - interval) <= 0.1 * interval, abs(b - interval) <= 0.1 * interval else { continue }
      let de = east[i + 1] - 2 * east[i] + east[i - 1], dn = north[i + 1] - 2 * north[i] + north[i - 1]
      values.append((de * de + dn * dn).squareRoot() / (interval * interval))
    }
    return values.count >= 10 ? Statistics.quantile(values, 0.5) : nil
  }
}
