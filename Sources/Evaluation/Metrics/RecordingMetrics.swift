import Foundation
import NumericKit
import TrackCore

/// Scores of a strategy's track over a replayed real recording: what can be known without a truth
/// (``Metric/recording``), and against a fixed point or a reference receiver (``Metric/againstTruth``).
/// `docs/metrics.md` gives the definitions.
public enum RecordingMetrics {
  /// What a recording tells beyond the fixes.
  public struct Context: Sendable {
    /// The local frame of the fixes (for the geodetic distance formulas).
    public var frame: LocalFrame
    /// The distance the device stored, metres.
    public var deviceDistance: Double?
    /// Seconds (fix time) at which each lap of a repeated loop ends, from ``laps(_:)``: lap k runs from
    /// `lapEnds[k − 1]` (or the start) to `lapEnds[k]`.
    public var lapEnds: [Double]
    /// Live-pace window, seconds.
    public var paceWindow: Double
    /// The recording's fixes as replayed and each one's latitude and longitude as the file gave them: a
    /// recorded point that is one of them unchanged is measured from the file's coordinates, with no
    /// local-plane step (a moved point is taken back from the plane exactly, ``LocalFrame/geodetic(_:)``).
    public var sourceFixes: [LocalFix]
    public var sourcePositions: [GeodeticPosition]
    /// Fix times (ascending) at which the recording starts a new part: a GPX track or segment, a TCX
    /// track, a FIT timer restart. No distance is counted across a part's start.
    public var partStarts: [Double]

    public init(
      frame: LocalFrame, deviceDistance: Double?, lapEnds: [Double], paceWindow: Double = 20, sourceFixes: [LocalFix] = [],
      sourcePositions: [GeodeticPosition] = [], partStarts: [Double] = []
    ) {
      precondition(sourceFixes.count == sourcePositions.count, "a position per source fix")
      self.frame = frame; self.deviceDistance = deviceDistance; self.lapEnds = lapEnds; self.paceWindow = paceWindow
      self.sourceFixes = sourceFixes; self.sourcePositions = sourcePositions; self.partStarts = partStarts
    }
  }

  /// Metres within which a track is back at its start point, and how far it must have gone first.
  public static let lapRadius = 25.0
  public static let lapExcursion = 200.0

  /// Largest relative difference of a lap's length (along the fixes) from the median lap's for the
  /// returns to count as laps of one loop.
  public static let lapTolerance = 0.25

  /// The ends of the laps of a repeated loop, seconds: each time the track, having gone more than
  /// ``lapExcursion`` metres from its first point, comes back within ``lapRadius`` metres of it, the
  /// closest approach of that return ends a lap. The returns count as laps only when there are two or
  /// more and every lap's length along the fixes is within ``lapTolerance`` of the median lap's (an
  /// out-and-back or a wander that passes its start is no loop); otherwise there are none.
  /// - Complexity: O(n log n).
  public static func laps(_ fixes: [LocalFix]) -> [Double] {
    let ends = returns(fixes)
    guard ends.count >= 2 else { return [] }
    var lengths: [Double] = []
    var travelled = 0.0, lapStart = 0.0, k = 0
    for (a, b) in zip(fixes, fixes.dropFirst()) {
      travelled += hypot(b.east - a.east, b.north - a.north)
      if k < ends.count && b.time == ends[k] {
        lengths.append(travelled - lapStart)
        lapStart = travelled
        k += 1
      }
    }
    guard lengths.count == ends.count, let median = Statistics.quantile(lengths, 0.5), median > 0,
      lengths.allSatisfy({ abs($0 - median) <= lapTolerance * median })
    else { return [] }
    return ends
  }

  /// Times of the returns to the first point (see ``laps(_:)``).
  static func returns(_ fixes: [LocalFix]) -> [Double] {
    guard let start = fixes.first else { return [] }
    var ends: [Double] = []
    var away = false
    var best: (time: Double, distance: Double)?
    for fix in fixes.dropFirst() {
      let d = hypot(fix.east - start.east, fix.north - start.north)
      if d > lapExcursion {
        if let b = best { ends.append(b.time); best = nil }
        away = true
      } else if away && d < lapRadius {
        if best == nil || d < best!.distance { best = (fix.time, d) }
      } else if let b = best, d >= lapRadius {
        ends.append(b.time)
        best = nil
        away = false
      }
    }
    if let b = best { ends.append(b.time) }
    return ends
  }

  /// The scores of ``Metric/recording`` for `recorded` (a strategy's track, time order); finite values only.
  public static func scores(_ recorded: [LocalFix], context: Context) -> [Metric: Double] {
    let measures = RecordingMeasures(recorded, context: context)
    return values(Metric.recording) { if case .recording(let compute) = $0 { compute(measures) } else { nil } }
  }

  /// Each of `metrics` with the finite value `compute` gives its computation.
  private static func values(_ metrics: [Metric], _ compute: (MetricDescriptor.Computation) -> Double?) -> [Metric: Double] {
    var scores: [Metric: Double] = [:]
    for metric in metrics {
      if let value = compute(metric.descriptor.computation), value.isFinite { scores[metric] = value }
    }
    return scores
  }

  /// RMS of the change, from one whole second to the next, of the live pace an app would show: the
  /// recorded distance over the last `window` seconds, as s/km, over the seconds where that distance is
  /// at least 0.5 m/s × window (moving).
  /// Seconds in a gap longer than ``skippedGap`` (a logger off for the night, days between parts) are
  /// not visited: nothing was recorded there, and the work stays proportional to the recorded time.
  static func livePaceJitter(times: [Double], cumulative: [Double], distance: (Double) -> Double, window: Double) -> Double? {
    guard let first = times.first, let last = times.last, last - first > window + 1 else { return nil }
    var sum = 0.0, count = 0
    var previous: Double?
    var t = (first + window).rounded(.up)
    var next = 0  // the first recorded time at or after t
    while t <= last {
      while next < times.count && times[next] < t { next += 1 }
      if next > 0, next < times.count, times[next] - times[next - 1] > skippedGap, t - window > times[next - 1] {
        t = (times[next] + window).rounded(.up)
        previous = nil
        continue
      }
      let moved = distance(t) - distance(t - window)
      if moved >= 0.5 * window {
        let pace = window / moved * 1000
        if let previous { sum += (pace - previous) * (pace - previous); count += 1 }
        previous = pace
      } else {
        previous = nil
      }
      t += 1
    }
    return count > 0 ? (sum / Double(count)).squareRoot() : nil
  }

  /// A gap between recorded points longer than this, seconds (an hour), is not walked second by second.
  static let skippedGap = 3600.0

  /// The scores of ``Metric/againstTruth`` for `recorded` against `truth` (a fixed point: a truth of
  /// length 0; or a reference receiver's path); finite values only.
  public static func errorScores(_ recorded: [LocalFix], against truth: TruthTrack) -> [Metric: Double] {
    let measures = ErrorMeasures(recorded, against: truth)
    return values(Metric.againstTruth) { if case .againstTruth(let compute) = $0 { compute(measures) } else { nil } }
  }
}

/// What the metrics of a replayed recording's track share: its length under each distance formula, the
/// spread of its lap lengths and its live-pace jitter. Every value is `nil` for an empty track.
public struct RecordingMeasures: Sendable {
  /// Recorded distance, metres: haversine on the mean radius, on the equatorial radius,
  /// equirectangular, Vincenty.
  public var haversine: Double?
  public var equatorial: Double?
  public var equirectangular: Double?
  public var vincenty: Double?
  /// Recorded distance against the device's own, percent.
  public var distanceVsDevice: Double?
  /// Standard deviation of the lap lengths over their mean, percent (two laps or more).
  public var lapLengthSpread: Double?
  /// See ``RecordingMetrics/livePaceJitter(times:cumulative:distance:window:)``, s/km.
  public var livePaceJitter: Double?

  /// Each formula runs on latitudes and longitudes: the file's own for a point the strategy kept
  /// unchanged, else the point taken back from the local plane. A leg across the start of one of the
  /// recording's parts (``RecordingMetrics/Context/partStarts``) counts nothing.
  /// - Complexity: O(n log n) for n recorded points.
  public init(_ recorded: [LocalFix], context: RecordingMetrics.Context) {
    var source = 0
    let fixes = context.sourceFixes
    let geodetic = recorded.map { fix -> (latitude: Double, longitude: Double) in
      while source < fixes.count && fixes[source].time < fix.time { source += 1 }
      if source < fixes.count, fixes[source].time == fix.time, fixes[source].east == fix.east, fixes[source].north == fix.north {
        return (context.sourcePositions[source].latitude, context.sourcePositions[source].longitude)
      }
      let p = context.frame.geodetic(fix)
      return (p.latitude, p.longitude)
    }
    var haversine = 0.0, equatorial = 0.0, equirectangular = 0.0, vincenty = 0.0
    var cumulative = [0.0]
    cumulative.reserveCapacity(recorded.count)
    var part = 0
    for (k, (a, b)) in zip(geodetic, geodetic.dropFirst()).enumerated() {
      // A part that starts after point k and no later than point k + 1 cuts the leg.
      var crossesPart = false
      while part < context.partStarts.count && context.partStarts[part] <= recorded[k + 1].time {
        if context.partStarts[part] > recorded[k].time { crossesPart = true }
        part += 1
      }
      if crossesPart {
        cumulative.append(haversine)
        continue
      }
      let step = Geodesy.haversine(a.latitude, a.longitude, b.latitude, b.longitude)
      haversine += step
      cumulative.append(haversine)
      equatorial += Geodesy.haversine(a.latitude, a.longitude, b.latitude, b.longitude, radius: Ellipsoid.wgs84.equatorialRadius)
      equirectangular += Geodesy.equirectangular(a.latitude, a.longitude, b.latitude, b.longitude)
      vincenty += Geodesy.vincenty(a.latitude, a.longitude, b.latitude, b.longitude)?.distance ?? step
    }
    guard !recorded.isEmpty else { return }
    self.haversine = haversine
    self.equatorial = equatorial
    self.equirectangular = equirectangular
    self.vincenty = vincenty
    if let device = context.deviceDistance, device > 0 { distanceVsDevice = (haversine - device) / device * 100 }
    // Lap lengths: the recorded distance between the lap ends (interpolated at those times).
    let times = recorded.map(\.time)
    func distance(at t: Double) -> Double {
      var low = 0, high = times.count
      while low < high {
        let mid = (low + high) / 2
        if times[mid] < t { low = mid + 1 } else { high = mid }
      }
      if low == 0 { return 0 }
      if low == times.count { return haversine }
      let w = (t - times[low - 1]) / (times[low] - times[low - 1])
      return cumulative[low - 1] + w * (cumulative[low] - cumulative[low - 1])
    }
    var lapLengths: [Double] = []
    var previous = distance(at: times[0])
    for end in context.lapEnds {
      let here = distance(at: end)
      lapLengths.append(here - previous)
      previous = here
    }
    if lapLengths.count >= 2, let mean = Statistics.mean(lapLengths), mean > 0, let variance = Statistics.variance(lapLengths) {
      lapLengthSpread = variance.squareRoot() / mean * 100
    }
    livePaceJitter = RecordingMetrics.livePaceJitter(times: times, cumulative: cumulative, distance: distance, window: context.paceWindow)
  }
}

/// What the metrics of a replayed recording against a fixed point or a reference receiver share.
public struct ErrorMeasures: Sendable {
  /// Median and 95th percentile of the horizontal error over the points within the truth's span, metres.
  public var errorMedian: Double?
  public var errorP95: Double?
  /// Distance recorded per minute while the truth stands still (30 s of standing or more), m/min.
  public var falseDistancePerMinute: Double?
  /// 95th percentile of the points' distance from their mean, for a fixed-point truth, metres.
  public var scatterRadius: Double?
  /// How honest the points' claimed accuracies are against a fixed point (``ClaimMeasures``); `nil`
  /// against a moving truth (its replay scores the same as `claim_coverage_percent` and the others) or
  /// when no point claims.
  public var claims: ClaimMeasures?

  /// - Complexity: O(n log n) for n recorded points.
  public init(_ recorded: [LocalFix], against truth: TruthTrack) {
    var errors: [Double] = []
    errors.reserveCapacity(recorded.count)
    var still = 0.0, stillSeconds = 0.0
    var hint = 0
    // Against a fixed point, each measured point's claim beside its error (ClaimMeasures).
    let standing = truth.totalDistance == 0
    var claimed: [Double] = []
    if standing { claimed.reserveCapacity(recorded.count) }
    for (i, fix) in recorded.enumerated() where fix.time >= 0 && fix.time <= truth.duration {
      let p = truth.path.point(at: truth.distance(at: fix.time, hint: &hint))
      errors.append(hypot(fix.east - p.east, fix.north - p.north))
      if standing { claimed.append(fix.horizontalAccuracy) }
      if i > 0 {
        let a = recorded[i - 1]
        if truth.distance(at: fix.time) - truth.distance(at: a.time) < 0.2 * (fix.time - a.time) {
          still += hypot(fix.east - a.east, fix.north - a.north)
          stillSeconds += fix.time - a.time
        }
      }
    }
    if let median = Statistics.quantile(errors, 0.5), let p95 = Statistics.quantile(errors, 0.95) {
      errorMedian = median
      errorP95 = p95
    }
    if stillSeconds >= 30 { falseDistancePerMinute = still / stillSeconds * 60 }
    if standing { claims = ClaimMeasures(errors: errors, claims: claimed) }
    if truth.totalDistance == 0, !recorded.isEmpty {
      let meanEast = recorded.reduce(0) { $0 + $1.east } / Double(recorded.count)
      let meanNorth = recorded.reduce(0) { $0 + $1.north } / Double(recorded.count)
      scatterRadius = Statistics.quantile(recorded.map { hypot($0.east - meanEast, $0.north - meanNorth) }, 0.95)
    }
  }
}

extension MetricDescriptor {
  public static let recordedDistance = MetricDescriptor(
    key: "recorded_distance_m",
    words: "Recorded distance",
    heading: "distance m",
    unit: "m",
    goal: .none,
    group: .recording,
    undefinedReason: "nothing recorded",
    floor: 2.5,
    computation: .recording { $0.haversine })

  public static let distanceVsDevice = MetricDescriptor(
    key: "distance_vs_device_percent",
    words: "Recorded distance against the device's",
    heading: "vs device %",
    unit: "%",
    goal: .zero,
    group: .recording,
    undefinedReason: "the file holds no device distance",
    floor: 0.05,
    computation: .recording { $0.distanceVsDevice })

  public static let lapLengthSpread = MetricDescriptor(
    key: "lap_length_sd_percent",
    words: "Lap length spread, SD",
    heading: "lap sd %",
    unit: "%",
    group: .recording,
    undefinedReason: "fewer than two laps of a loop found",
    floor: 0.05,
    computation: .recording { $0.lapLengthSpread })

  public static let livePaceJitter = MetricDescriptor(
    key: "live_pace_jitter_s_per_km",
    words: "Live pace jitter",
    heading: "jitter s/km",
    unit: "s/km",
    group: .recording,
    undefinedReason: "never moving over a full window",
    floor: 0.5,
    computation: .recording { $0.livePaceJitter })

  public static let recordedDistanceEquatorial = MetricDescriptor(
    key: "recorded_distance_haversine_equatorial_m",
    words: "Recorded distance, equatorial haversine",
    heading: "equatorial m",
    unit: "m",
    goal: .none,
    group: .formulas,
    undefinedReason: "nothing recorded",
    floor: 2.5,
    computation: .recording { $0.equatorial })

  public static let recordedDistanceEquirectangular = MetricDescriptor(
    key: "recorded_distance_equirectangular_m",
    words: "Recorded distance, equirectangular",
    heading: "equirect. m",
    unit: "m",
    goal: .none,
    group: .formulas,
    undefinedReason: "nothing recorded",
    floor: 2.5,
    computation: .recording { $0.equirectangular })

  public static let recordedDistanceVincenty = MetricDescriptor(
    key: "recorded_distance_vincenty_m",
    words: "Recorded distance, Vincenty",
    heading: "Vincenty m",
    unit: "m",
    goal: .none,
    group: .formulas,
    undefinedReason: "nothing recorded",
    floor: 2.5,
    computation: .recording { $0.vincenty })

  public static let falseDistancePerMinute = MetricDescriptor(
    key: "false_distance_m_per_min",
    words: "False distance while still",
    heading: "false m/min",
    unit: "m/min",
    group: .error,
    undefinedReason: "the truth never stands still for 30 s",
    floor: 0.1,
    computation: .againstTruth { $0.falseDistancePerMinute })

  public static let horizontalErrorMedian = MetricDescriptor(
    key: "horizontal_error_median_m",
    words: "Horizontal error, median",
    heading: "error p50 m",
    unit: "m",
    group: .error,
    undefinedReason: "no recorded point has a truth",
    floor: 0.05,
    computation: .againstTruth { $0.errorMedian })

  public static let horizontalErrorP95 = MetricDescriptor(
    key: "horizontal_error_p95_m",
    words: "Horizontal error, 95th percentile",
    heading: "error p95 m",
    unit: "m",
    group: .error,
    undefinedReason: "no recorded point has a truth",
    floor: 0.1,
    computation: .againstTruth { $0.errorP95 })

  public static let scatterRadius = MetricDescriptor(
    key: "scatter_radius_m",
    words: "Scatter radius",
    heading: "scatter m",
    unit: "m",
    group: .error,
    undefinedReason: "the truth is not a fixed point",
    floor: 0.1,
    computation: .againstTruth { $0.scatterRadius })
}
