/// The terrain along a route: elevation (metres above the route's origin height) at distances along the
/// truth path, linear between knots and held beyond the last. A route without one is flat at its
/// origin's height.
///
/// Built by the scenario loader from a list of (distance, elevation) knots or from grades per segment;
/// the loader refuses what this type's preconditions forbid, with the field named.
public struct ElevationProfile: Sendable, Hashable {
  /// Distances along the path, metres: the first 0, strictly increasing.
  public let distances: [Double]
  /// Rise above the route origin's height at each distance, metres (the first may be non-zero).
  public let rises: [Double]

  /// Steepest grade a profile may have, as a fraction: 1 is 100 % (45°), steeper than any stair.
  public static let steepestGrade = 1.0

  /// - Precondition: at least two knots, the first at distance 0, distances strictly increasing, every
  ///   value finite, no segment steeper than ``steepestGrade``.
  public init(distances: [Double], rises: [Double]) {
    precondition(Self.problem(distances: distances, rises: rises) == nil, "elevation profile: \(String(describing: Self.problem(distances: distances, rises: rises)))")
    self.distances = distances
    self.rises = rises
  }

  /// A profile of segments climbing (or descending) at constant grades from the origin's height.
  /// - Parameter segments: each segment's length (metres, above 0) and grade (a fraction; 0.05 is 5 %).
  /// - Precondition: as ``init(distances:rises:)``.
  public init(segments: [(length: Double, grade: Double)]) {
    var distances = [0.0], rises = [0.0]
    for segment in segments {
      distances.append(distances[distances.count - 1] + segment.length)
      rises.append(rises[rises.count - 1] + segment.length * segment.grade)
    }
    self.init(distances: distances, rises: rises)
  }

  /// What is wrong with these knots, or nil when they make a profile: the point (0-based) where it
  /// goes wrong, what was expected there and what was found.
  public static func problem(distances: [Double], rises: [Double]) -> (point: Int, expected: String, found: String)? {
    guard distances.count == rises.count, distances.count >= 2 else { return (0, "at least two points", "\(min(distances.count, rises.count))") }
    guard distances[0] == 0 else { return (0, "the first point at distance 0", "\(distances[0]) m") }
    for k in distances.indices {
      guard distances[k].isFinite, rises[k].isFinite else { return (k, "finite metres", "[\(distances[k]), \(rises[k])]") }
      guard k > 0 else { continue }
      let run = distances[k] - distances[k - 1]
      guard run > 0 else { return (k, "a distance beyond the previous point's \(distances[k - 1]) m", "\(distances[k]) m") }
      let grade = abs(rises[k] - rises[k - 1]) / run
      guard grade <= steepestGrade else {
        return (k, "a grade of at most \(Int(steepestGrade * 100)) % from the previous point", "\(Int((grade * 100).rounded())) %")
      }
    }
    return nil
  }

  /// The rise at `distance` (metres along the path): linear between knots, the first before them and
  /// the last beyond. O(log n).
  @inlinable public func rise(at distance: Double) -> Double {
    var hint = 0
    return rise(at: distance, hint: &hint)
  }

  /// The rise at `distance`, starting the knot search at `hint`: amortised O(1) when `distance` only grows.
  @inlinable public func rise(at distance: Double, hint: inout Int) -> Double {
    let last = distances.count - 1
    if distance <= 0 { return rises[0] }
    if distance >= distances[last] { return rises[last] }
    if hint >= last || distances[hint] > distance { hint = distances.lastIndex(notAbove: distance, upperBound: last - 1) }
    while hint + 1 < last && distances[hint + 1] <= distance { hint += 1 }
    let d0 = distances[hint], d1 = distances[hint + 1]
    return rises[hint] + (rises[hint + 1] - rises[hint]) * (distance - d0) / (d1 - d0)
  }

  /// Heights recorded at `distances` (metres along a path, not decreasing, at least two) as terrain:
  /// each averaged over `window` metres of path around it (a receiver's height wobbles metres from fix to
  /// fix: between points metres apart it would read as cliffs), then sampled every `window` metres from 0
  /// and at `total`, linear between the points and held beyond the first and last.
  /// - Returns: the sample distances and the heights there (not yet checked as a profile).
  /// - Complexity: O(n + total / window).
  public static func averaged(distances: [Double], heights: [Double], total: Double, window: Double) -> (distances: [Double], heights: [Double]) {
    precondition(distances.count >= 2 && distances.count == heights.count && window > 0, "at least two heights and a window")
    var averaged: [Double] = []
    averaged.reserveCapacity(distances.count)
    var low = 0, high = 0, sum = 0.0
    for k in distances.indices {
      while high < distances.count && distances[high] <= distances[k] + window / 2 { sum += heights[high]; high += 1 }
      while distances[low] < distances[k] - window / 2 { sum -= heights[low]; low += 1 }
      averaged.append(sum / Double(high - low))
    }
    var grid = Array(stride(from: 0.0, to: total, by: window))
    if grid.count < 2 || grid[grid.count - 1] < total { grid.append(total) }
    var segment = 0
    let sampled = grid.map { d -> Double in
      while segment + 2 < distances.count && distances[segment + 1] <= d { segment += 1 }
      let (d0, d1) = (distances[segment], distances[segment + 1])
      return averaged[segment] + (averaged[segment + 1] - averaged[segment]) * (d1 > d0 ? min(max((d - d0) / (d1 - d0), 0), 1) : 0)
    }
    return (grid, sampled)
  }

  /// Total climb and total descent along the profile up to `distance` (default: the whole profile),
  /// metres, both 0 or more: what a perfect elevation-gain estimator reports.
  public func ascentAndDescent(upTo distance: Double = .infinity) -> (ascent: Double, descent: Double) {
    var ascent = 0.0, descent = 0.0
    var previous = rises[0]
    for k in 1..<distances.count {
      let end = min(distances[k], distance)
      guard end > distances[k - 1] else { break }
      let now = end == distances[k] ? rises[k] : rise(at: end)
      if now > previous { ascent += now - previous } else { descent += previous - now }
      previous = now
    }
    return (ascent, descent)
  }
}
