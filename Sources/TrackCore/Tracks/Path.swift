import Foundation

/// A point in a local east/north frame, metres.
public struct PlanarPoint: Sendable, Hashable, Codable {
  public var east: Double
  public var north: Double
  @inlinable public init(east: Double, north: Double) { self.east = east; self.north = north }

  @inlinable public func distance(to other: PlanarPoint) -> Double {
    let de = other.east - east, dn = other.north - north
    return (de * de + dn * dn).squareRoot()
  }
}

/// One piece of a truth path: a straight line or a circular arc, parametrised by arc length.
public enum PathSegment: Sendable, Hashable {
  /// From `start` along the unit vector (`directionEast`, `directionNorth`) for `length` metres.
  case line(start: PlanarPoint, directionEast: Double, directionNorth: Double, length: Double)
  /// Around `center` with `radius`, from `startAngle` (radians, counter-clockwise from east) through
  /// `sweep` radians (positive = counter-clockwise = a left turn).
  case arc(center: PlanarPoint, radius: Double, startAngle: Double, sweep: Double)

  /// Arc length, metres.
  @inlinable public var length: Double {
    switch self {
    case .line(_, _, _, let length): return length
    case .arc(_, let radius, _, let sweep): return radius * abs(sweep)
    }
  }

  /// Whether this piece is a turn (an arc) rather than a straight.
  @inlinable public var isTurn: Bool { if case .arc = self { return true } else { return false } }

  /// The point `s` metres into the segment (clamped to its ends).
  @inlinable public func point(at s: Double) -> PlanarPoint {
    switch self {
    case .line(let start, let de, let dn, let length):
      let t = min(max(s, 0), length)
      return PlanarPoint(east: start.east + de * t, north: start.north + dn * t)
    case .arc(let center, let radius, let startAngle, let sweep):
      let t = min(max(s, 0), radius * abs(sweep))
      let angle = startAngle + (sweep >= 0 ? t : -t) / radius
      return PlanarPoint(east: center.east + radius * cos(angle), north: center.north + radius * sin(angle))
    }
  }

  /// The point `s` metres in and the unit direction of travel there (east, north components).
  @inlinable public func pointAndDirection(at s: Double) -> (point: PlanarPoint, east: Double, north: Double) {
    switch self {
    case .line(let start, let de, let dn, let length):
      let t = min(max(s, 0), length)
      return (PlanarPoint(east: start.east + de * t, north: start.north + dn * t), de, dn)
    case .arc(let center, let radius, let startAngle, let sweep):
      let t = min(max(s, 0), radius * abs(sweep))
      let angle = startAngle + (sweep >= 0 ? t : -t) / radius
      let c = cos(angle), sn = sin(angle)
      let point = PlanarPoint(east: center.east + radius * c, north: center.north + radius * sn)
      return sweep >= 0 ? (point, -sn, c) : (point, sn, -c)
    }
  }

  /// Direction of travel at `s`, degrees clockwise from north.
  public func heading(at s: Double) -> Double {
    let (de, dn): (Double, Double)
    switch self {
    case .line(_, let e, let n, _): (de, dn) = (e, n)
    case .arc(_, let radius, let startAngle, let sweep):
      let angle = startAngle + (sweep >= 0 ? s : -s) / radius
      (de, dn) = sweep >= 0 ? (-sin(angle), cos(angle)) : (sin(angle), -cos(angle))
    }
    let degrees = atan2(de, dn) * 180 / .pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// Distance from `p` to the nearest point of this segment, metres. O(1).
  @inlinable public func distance(from p: PlanarPoint) -> Double {
    distance(from: p, start: point(at: 0), end: point(at: length))
  }

  /// The same with the segment's end points given (a path keeps them, so an arc needs no sine or
  /// cosine per query).
  @inlinable public func distance(from p: PlanarPoint, start: PlanarPoint, end: PlanarPoint) -> Double {
    switch self {
    case .line(let start, let de, let dn, let length):
      let t = min(max((p.east - start.east) * de + (p.north - start.north) * dn, 0), length)
      return p.distance(to: PlanarPoint(east: start.east + de * t, north: start.north + dn * t))
    case .arc(let center, let radius, let startAngle, let sweep):
      // Angle of p around the centre, measured in the direction of travel from the arc's start.
      let raw = atan2(p.north - center.north, p.east - center.east) - startAngle
      var along = sweep >= 0 ? raw : -raw
      along = along - 2 * .pi * (along / (2 * .pi)).rounded(.down)
      if along <= abs(sweep) {
        return abs(p.distance(to: center) - radius)
      }
      return min(p.distance(to: start), p.distance(to: end))
    }
  }
}

/// What surrounds a stretch of the route.
public enum ZoneKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Tall buildings: urban-canyon error.
  case urban
  /// Tree cover: weaker signal, more correlated error.
  case canopy
  /// No sky at all: no fixes.
  case tunnel
}

/// A stretch of the path, [from, to) metres from the start, annotated with what surrounds it.
public struct PathZone: Sendable, Hashable, Codable {
  public var kind: ZoneKind
  public var from: Double
  public var to: Double
  public init(kind: ZoneKind, from: Double, to: Double) { self.kind = kind; self.from = from; self.to = to }
}

/// A continuous truth path: segments joined end to end, parametrised by distance from the start.
///
/// Its length is exact (sum of analytic segment lengths), so a metric's "true distance" carries no
/// sampling error. Turns are its arcs (`isTurn(at:)`); zones annotate stretches.
public struct Path: Sendable, Hashable {
  public let segments: [PathSegment]
  /// Annotated stretches, sorted by `from`.
  public var zones: [PathZone] = []
  /// Distance from the path's start to the start of each segment, metres; `starts.count == segments.count`.
  public let starts: [Double]
  /// Total length, metres.
  public let length: Double
  /// Where a zero-length path stands.
  public let anchor: PlanarPoint
  /// Each segment's first and last point, and the middle of the two with half the segment's length:
  /// every point of a segment lies within half its length of that middle (its two distances to the end
  /// points sum to at most the length), which lets a nearest-point search skip far segments.
  @usableFromInline let startPoints: [PlanarPoint]
  @usableFromInline let endPoints: [PlanarPoint]
  @usableFromInline let middles: [PlanarPoint]

  public init(segments: [PathSegment], anchor: PlanarPoint? = nil, zones: [PathZone] = []) {
    self.zones = zones.sorted { $0.from < $1.from }
    var starts: [Double] = []
    starts.reserveCapacity(segments.count)
    var total = 0.0
    for segment in segments {
      starts.append(total)
      total += segment.length
    }
    self.segments = segments
    self.starts = starts
    self.length = total
    self.anchor = anchor ?? segments.first?.point(at: 0) ?? PlanarPoint(east: 0, north: 0)
    startPoints = segments.map { $0.point(at: 0) }
    endPoints = segments.map { $0.point(at: $0.length) }
    middles = zip(startPoints, endPoints).map { PlanarPoint(east: ($0.east + $1.east) / 2, north: ($0.north + $1.north) / 2) }
  }

  /// Index of the segment containing distance `s`. O(log n).
  @inlinable public func segmentIndex(at s: Double) -> Int {
    starts.lastIndex(notAbove: s, upperBound: starts.count - 1)
  }

  /// ``segmentIndex(at:)`` starting from `hint` (amortised O(1) when `s` only grows) and leaving it at
  /// the index found; a hint past `s`, or an `s` that is not a number, falls back to the binary search.
  @inlinable @inline(__always) public func segmentIndex(at s: Double, hint: inout Int) -> Int {
    if hint >= segments.count || !(starts[hint] <= s) { hint = segmentIndex(at: s) }
    while hint + 1 < segments.count && starts[hint + 1] <= s { hint += 1 }
    return hint
  }

  /// The point `s` metres along the path (clamped to its ends). O(log n).
  @inlinable public func point(at s: Double) -> PlanarPoint {
    guard !segments.isEmpty else { return anchor }
    let i = segmentIndex(at: s)
    return segments[i].point(at: s - starts[i])
  }

  /// The point `s` metres along the path, starting the segment search at `hint` and leaving it at the
  /// segment found: amortised O(1) when `s` only grows, as in a simulation.
  @inlinable public func point(at s: Double, hint: inout Int) -> PlanarPoint {
    guard !segments.isEmpty else { return anchor }
    let i = segmentIndex(at: s, hint: &hint)
    return segments[i].point(at: s - starts[i])
  }

  /// The point `s` metres along the path and the unit direction of travel there, searching from `hint`
  /// as ``point(at:hint:)`` does. An empty path points east.
  @inlinable public func pointAndDirection(at s: Double, hint: inout Int) -> (point: PlanarPoint, east: Double, north: Double) {
    guard !segments.isEmpty else { return (anchor, 1, 0) }
    let i = segmentIndex(at: s, hint: &hint)
    return segments[i].pointAndDirection(at: s - starts[i])
  }

  /// Direction of travel at `s`, degrees clockwise from north (0 for an empty path).
  public func heading(at s: Double) -> Double {
    guard !segments.isEmpty else { return 0 }
    let i = segmentIndex(at: s)
    return segments[i].heading(at: s - starts[i])
  }

  /// Whether distance `s` falls in a turn (arc) of the path.
  public func isTurn(at s: Double) -> Bool {
    guard !segments.isEmpty else { return false }
    return segments[segmentIndex(at: s)].isTurn
  }

  /// Metres of turns (arcs) within the stretch `range` of the path. O(k + log n) for k segments overlapped.
  public func turnLength(in range: ClosedRange<Double>) -> Double {
    var hint = segments.count
    return turnLength(in: range, hint: &hint)
  }

  /// The same, finding the first segment from `hint` (amortised O(k) when ranges move forward) and
  /// leaving it there.
  public func turnLength(in range: ClosedRange<Double>, hint: inout Int) -> Double {
    guard !segments.isEmpty, range.upperBound > range.lowerBound else { return 0 }
    var total = 0.0
    let low = max(range.lowerBound, 0)
    var i = segmentIndex(at: low, hint: &hint)
    while i < segments.count && starts[i] < range.upperBound {
      if segments[i].isTurn {
        let overlap = min(range.upperBound, starts[i] + segments[i].length) - max(range.lowerBound, starts[i])
        total += max(overlap, 0)
      }
      i += 1
    }
    return total
  }

  /// Distance from `p` to the part of the path between distances `from` and `to`, metres.
  /// - Complexity: O(k + log n) for the k segments overlapping the range.
  ///
  /// The segment in the middle of the range is measured first; a segment whose bound (distance to its
  /// middle less half its length) exceeds the best so far is skipped, which changes nothing (a 1e-9 m
  /// margin covers rounding) but spares most of the arcs' trigonometry.
  public func distance(from p: PlanarPoint, alongRange range: ClosedRange<Double>) -> Double {
    var hint = SearchHint()
    return distance(from: p, alongRange: range, hint: &hint)
  }

  /// Where the last ``distance(from:alongRange:hint:)`` found its range's first and middle segments.
  public struct SearchHint: Sendable {
    var first = Int.max, centre = Int.max
    public init() {}
  }

  /// The same, finding the range's segments from where the previous call left `hint`: amortised O(k)
  /// rather than two binary searches when ranges move forward, as a run's do. Same result.
  public func distance(from p: PlanarPoint, alongRange range: ClosedRange<Double>, hint: inout SearchHint) -> Double {
    guard !segments.isEmpty else { return p.distance(to: anchor) }
    let first = segmentIndex(at: max(range.lowerBound, 0), hint: &hint.first)
    let centre = segmentIndex(at: min(max((range.lowerBound + range.upperBound) / 2, 0), length), hint: &hint.centre)
    var best = centre >= first && starts[centre] <= range.upperBound
      ? segments[centre].distance(from: p, start: startPoints[centre], end: endPoints[centre]) : Double.infinity
    var i = first
    while i < segments.count && starts[i] <= range.upperBound {
      if i != centre {
        let reach = best + segments[i].length / 2 + 1e-9
        let de = p.east - middles[i].east, dn = p.north - middles[i].north
        if de * de + dn * dn < reach * reach {
          best = min(best, segments[i].distance(from: p, start: startPoints[i], end: endPoints[i]))
        }
      }
      i += 1
    }
    return best
  }
}
