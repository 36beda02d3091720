import NumericKit
import TrackCore

/// When the app is paused, read from what it recorded: at each recorded point after the first, paused
/// when the point starts a segment or is marked ``FixMarks/idle``; moving when a pause detector marked
/// it ``FixMarks/moving``; otherwise paused when the step into it is slower than
/// ``MovingTimeError/threshold`` (the Strava-style rule apps without a detector apply afterwards).
/// Moving time is the time of the steps into moving points; a pause runs from its first paused point to
/// the next moving point (the resume).
public enum PauseTimeline {
  /// Whether the app is paused at point `i` of `points` (the first point is moving). O(1).
  @inlinable
  public static func isPaused(_ points: [LocalFix], at i: Int) -> Bool {
    guard i > 0 else { return false }
    let point = points[i]
    if point.marks.contains(.segmentStart) || point.marks.contains(.idle) { return true }
    if point.marks.contains(.moving) { return false }
    return points[i - 1].distance(to: point) < MovingTimeError.threshold * (point.time - points[i - 1].time)
  }

  /// The app's pauses, seconds from the run's start: from the first paused point's time to the next
  /// moving point's (the last point's when it never resumes). O(n).
  public static func pauses(_ points: [LocalFix]) -> [ClosedRange<Double>] {
    var pauses: [ClosedRange<Double>] = []
    var start: Double?
    for i in points.indices {
      let paused = isPaused(points, at: i)
      if paused, start == nil { start = points[i].time }
      if !paused, let begun = start {
        pauses.append(begun...points[i].time)
        start = nil
      }
    }
    if let begun = start, let last = points.last { pauses.append(begun...last.time) }
    return pauses
  }
}

extension TruthTrack {
  /// The stops within the run (not one that starts it or ends it, nor a standing run whole): the ones an
  /// app's pause can be judged on.
  public var innerStops: [ClosedRange<Double>] { stops.filter { $0.lowerBound > 0 && $0.upperBound < duration } }
}

/// The app's pauses against the truth's stops (docs/metrics.md, "Pauses"): for each stop, when the app
/// paused and resumed; the stops it never paused for; the pauses it made while the runner moved. Made
/// only where the truth stops within the run (``TruthTrack/innerStops``); other scenarios' records stay
/// what they were.
public struct PauseMeasures: Sendable {
  /// A pause that starts up to this long before a stop, or overlaps it, is that stop's; one that
  /// overlaps no stop widened by this much either side is false. Seconds: a runner brakes from 3 m/s at
  /// 1 m/s² in 3 s (assumed, the scenarios' acceleration), and speeds up as fast.
  public static let margin = 5.0

  /// Per stop the app paused for: its first pause's start minus the stop's start, seconds (negative:
  /// paused while still braking).
  public let pauseLatencies: [Double]
  /// Per stop the app paused for: the end of its last pause overlapping the stop minus the stop's end,
  /// seconds (negative: resumed while the runner still stood).
  public let resumeLatencies: [Double]
  /// Stops the app never paused for.
  public let missed: Int
  /// Pauses while the runner moved (overlapping no stop widened by ``margin``).
  public let falsePauses: Int
  /// The truth's moving time, seconds.
  public let trueMovingTime: Double

  /// `nil` when the truth has no inner stop.
  /// - Complexity: O(n + p + s) for n recorded points, p pauses and s stops: both are in time order and
  ///   disjoint, so a stop's own pauses are a run of consecutive pauses found by pointers that only move
  ///   forwards, as is the first stop a pause may overlap.
  public init?(_ recorded: [LocalFix], against truth: TruthTrack) {
    let stops = truth.innerStops
    guard !stops.isEmpty else { return nil }
    let pauses = PauseTimeline.pauses(recorded)
    var pauseLatencies: [Double] = [], resumeLatencies: [Double] = []
    var missed = 0
    var from = 0, to = 0  // the stop's own pauses: from the first ending after its start less the margin, to before the first starting after its end
    for stop in stops {
      while from < pauses.count && pauses[from].upperBound <= stop.lowerBound - Self.margin { from += 1 }
      to = max(to, from)
      while to < pauses.count && pauses[to].lowerBound < stop.upperBound { to += 1 }
      guard from < to else {
        missed += 1
        continue
      }
      let first = pauses[from]
      pauseLatencies.append(first.lowerBound - stop.lowerBound)
      var overlapping = first
      for k in stride(from: to - 1, through: from, by: -1) where pauses[k].upperBound >= stop.lowerBound {
        overlapping = pauses[k]
        break
      }
      resumeLatencies.append(overlapping.upperBound - stop.upperBound)
    }
    var falsePauses = 0
    var next = 0  // the first stop that ends, widened by the margin, after the pause starts
    for pause in pauses {
      while next < stops.count && stops[next].upperBound + Self.margin <= pause.lowerBound { next += 1 }
      if next == stops.count || pause.upperBound <= stops[next].lowerBound - Self.margin { falsePauses += 1 }
    }
    self.falsePauses = falsePauses
    self.pauseLatencies = pauseLatencies
    self.resumeLatencies = resumeLatencies
    self.missed = missed
    trueMovingTime = truth.duration - truth.stops.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
  }

  /// False pauses per hour of the truth's moving time; `nil` under a minute of it.
  public var falsePausesPerHour: Double? { trueMovingTime >= 60 ? Double(falsePauses) * 3600 / trueMovingTime : nil }
}

extension MetricDescriptor {
  /// A pause metric: seconds unless `unit` says otherwise, in the "Pauses" section, undefined (besides
  /// `alsoUndefined`) where the truth never stops within the run.
  private static func pause(
    _ key: String, _ words: String, heading: String, unit: String = "s", goal: MetricGoal = .zero, alsoUndefined: String,
    phrase: String? = nil, floor: Double, _ compute: @escaping @Sendable (PauseMeasures) -> Double?
  ) -> MetricDescriptor {
    MetricDescriptor(
      key: key, words: words, heading: heading, unit: unit, goal: goal, group: .pauses,
      undefinedReason: "the runner never stops within the run\(alsoUndefined)", phraseFormat: phrase, floor: floor, decimals: 1,
      computation: .run { $0.pauses.flatMap(compute) }).reading(.pauses)
  }

  public static let pauseLatency = pause(
    "pause_latency_s", "Auto-pause latency, mean", heading: "pause s", alsoUndefined: ", or the app paused for none of its stops",
    phrase: "pauses %+.1f s after a stop", floor: 0.5
  ) { Statistics.mean($0.pauseLatencies) }

  public static let pauseLatencyP95 = pause(
    "pause_latency_p95_s", "Auto-pause latency, 95th percentile", heading: "pause p95 s", alsoUndefined: ", or the app paused for none of its stops",
    floor: 0.5
  ) { Statistics.quantile($0.pauseLatencies, 0.95) }

  public static let resumeLatency = pause(
    "resume_latency_s", "Resume latency, mean", heading: "resume s", alsoUndefined: ", or the app paused for none of its stops",
    phrase: "resumes %+.1f s after moving off", floor: 0.5
  ) { Statistics.mean($0.resumeLatencies) }

  public static let resumeLatencyP95 = pause(
    "resume_latency_p95_s", "Resume latency, 95th percentile", heading: "resume p95 s", alsoUndefined: ", or the app paused for none of its stops",
    floor: 0.5
  ) { Statistics.quantile($0.resumeLatencies, 0.95) }

  public static let missedPauses = pause(
    "missed_pauses", "Stops the app never paused for", heading: "missed", unit: "stops", goal: .minimize, alsoUndefined: "", floor: 0.2
  ) { Double($0.missed) }

  public static let falsePausesPerHour = pause(
    "false_pauses_per_hour", "Pauses while moving, per hour", heading: "false /h", unit: "1/h", goal: .minimize,
    alsoUndefined: ", or it moves for under a minute", phrase: "%.1f false pauses an hour", floor: 1
  ) { $0.falsePausesPerHour }
}
