import TrackCore

/// The distance an app shows as a function of time: the recorded points' cumulative path length (no
/// distance into a point that starts a segment) plus each point's distance adjustment (a lap rounded on
/// a press), interpolated linearly in time between points.
public struct RecordedDistance: Sendable {
  /// The recorded points' times, seconds, increasing.
  public let times: [Double]
  /// Cumulative distance at each recorded point, metres: non-decreasing unless an adjustment takes
  /// distance back.
  public let cumulative: [Double]
  /// The largest cumulative distance shown up to each point, where an adjustment ever takes distance
  /// back (`nil` otherwise): what ``firstIndex(reaching:)`` searches.
  private let reached: [Double]?

  /// - Complexity: O(n).
  public init(_ points: [LocalFix]) {
    var times: [Double] = [], cumulative: [Double] = []
    times.reserveCapacity(points.count)
    cumulative.reserveCapacity(points.count)
    var total = 0.0, takesBack = false
    for i in points.indices {
      total += points[i].distanceAdjustment
      takesBack = takesBack || points[i].distanceAdjustment < 0
      if i > 0 && !points[i].marks.contains(.segmentStart) { total += points[i - 1].distance(to: points[i]) }
      times.append(points[i].time)
      cumulative.append(total)
    }
    self.times = times
    self.cumulative = cumulative
    if takesBack {
      var highest = -Double.infinity
      reached = cumulative.map { highest = Swift.max(highest, $0); return highest }
    } else {
      reached = nil
    }
  }

  /// Total recorded distance, metres.
  public var total: Double { cumulative.last ?? 0 }

  /// D̂(t), metres: 0 before the first point, the total after the last. O(log n).
  public func distance(at time: Double) -> Double {
    var hint = -1
    return distance(at: time, hint: &hint)
  }

  /// D̂(t), starting the search at `hint` (the point found by the previous call): amortised O(1) when
  /// `time` only grows, O(log n) otherwise.
  public func distance(at time: Double, hint: inout Int) -> Double {
    guard let first = times.first, time > first else { return 0 }
    guard time < times[times.count - 1] else { return total }
    if hint < 0 || hint >= times.count - 1 || times[hint] > time {
      var low = 0, high = times.count - 1  // last index with times ≤ time
      while low < high {
        let mid = (low + high + 1) / 2
        if times[mid] <= time { low = mid } else { high = mid - 1 }
      }
      hint = low
    }
    while times[hint + 1] <= time { hint += 1 }
    let fraction = (time - times[hint]) / (times[hint + 1] - times[hint])
    return cumulative[hint] + fraction * (cumulative[hint + 1] - cumulative[hint])
  }

  /// Index of the first recorded point whose cumulative distance reaches `distance`; `nil` if none. O(log n).
  public func firstIndex(reaching distance: Double) -> Int? {
    let searched = reached ?? cumulative
    guard let last = searched.last, last >= distance else { return nil }
    var low = 0, high = searched.count - 1
    while low < high {
      let mid = (low + high) / 2
      if searched[mid] >= distance { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The time D̂ first reaches `distance`, interpolated between the points either side, seconds; `nil`
  /// if the app never shows that much. O(log n).
  public func time(reaching distance: Double) -> Double? {
    guard let i = firstIndex(reaching: distance) else { return nil }
    guard i > 0, cumulative[i] > cumulative[i - 1] else { return times[i] }
    let fraction = (distance - cumulative[i - 1]) / (cumulative[i] - cumulative[i - 1])
    return times[i - 1] + fraction * (times[i] - times[i - 1])
  }
}
