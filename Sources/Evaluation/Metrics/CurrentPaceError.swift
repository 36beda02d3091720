import TrackCore

/// RMS error of the app's live "current pace" against the true pace over the same window, s/km.
///
/// Evaluated every second t from `window` to the end of the run. The app knows the recorded points
/// whose `time + age` ≤ t; with j the latest of them and D(x) the recorded cumulative distance
/// (interpolated linearly in time between recorded points):
///   app speed = (D(τⱼ) − D(t − W)) / (τⱼ − (t − W)), or 0 if no known point lies after t − W;
///   true speed = (S(t) − S(t − W)) / W, S the true distance along the path.
/// Paces are 1000/speed, capped at 1800 s/km (apps show nothing slower than 30:00 /km). Seconds where
/// the true speed is below 0.5 m/s are skipped (a pace while standing has no meaning); `nil` if none remain.
/// - Complexity: O(n + m) for n seconds and m recorded points.
public struct CurrentPaceError: TrackMetric, Hashable {
  /// Window W, seconds (apps use 10-30 s; 20 s by default).
  public let window: Double
  public init(window: Double = 20) { self.window = window }

  /// Slowest pace shown, s/km.
  public static let paceCap = 1800.0
  /// True speeds below this are not scored, m/s.
  public static let minimumTrueSpeed = 0.5

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    let points = run.recorded
    var cumulative: [Double] = []
    cumulative.reserveCapacity(points.count)
    var total = 0.0
    for i in points.indices {
      if i > 0 && !points[i].marks.contains(.segmentStart) { total += points[i - 1].distance(to: points[i]) }
      cumulative.append(total)
    }
    func pace(_ speed: Double) -> Double { speed > 1000 / Self.paceCap ? 1000 / speed : Self.paceCap }

    var known = -1  // index of the latest recorded point known at t
    var windowStart = 0  // first recorded point with time > t − W
    var sumSquares = 0.0
    var count = 0
    var t = window
    while t <= truth.duration {
      while known + 1 < points.count && points[known + 1].time + points[known + 1].age <= t { known += 1 }
      let trueSpeed = (truth.distance(at: t) - truth.distance(at: t - window)) / window
      if trueSpeed >= Self.minimumTrueSpeed {
        let from = t - window
        while windowStart < points.count && points[windowStart].time <= from { windowStart += 1 }
        var appSpeed = 0.0
        if known >= 0 && points[known].time > from {
          let distanceAtFrom: Double
          if windowStart == 0 {
            distanceAtFrom = 0
          } else {
            let a = points[windowStart - 1], b = points[windowStart]
            let fraction = (from - a.time) / (b.time - a.time)
            distanceAtFrom = cumulative[windowStart - 1] + fraction * (cumulative[windowStart] - cumulative[windowStart - 1])
          }
          appSpeed = (cumulative[known] - distanceAtFrom) / (points[known].time - from)
        }
        let error = pace(appSpeed) - pace(trueSpeed)
        sumSquares += error * error
        count += 1
      }
      t += 1
    }
    return count > 0 ? (sumSquares / Double(count)).squareRoot() : nil
  }
}
