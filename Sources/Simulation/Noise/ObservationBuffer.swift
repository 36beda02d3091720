import TrackCore

/// The fixes of one simulated trial while they are built: structure of arrays, sized once and reused
/// across trials.
///
/// The engine fills the truth columns (time, distance, position, direction, speed) and zeroes the rest;
/// noise stages add to the error columns and mark dropped fixes; the receiver then composes what the
/// phone reports.
public struct ObservationBuffer: Sendable {
  /// Fix times, seconds, strictly increasing.
  public var times: [Double] = []
  /// True distance along the path at each fix, metres (non-decreasing).
  public var distances: [Double] = []
  /// True position, metres.
  public var truthEast: [Double] = []
  public var truthNorth: [Double] = []
  /// Unit direction of travel (east, north); while standing, the last direction moved.
  public var directionEast: [Double] = []
  public var directionNorth: [Double] = []
  /// True speed, m/s.
  public var speeds: [Double] = []
  /// Accumulated true error, metres.
  public var errorEast: [Double] = []
  public var errorNorth: [Double] = []
  public var errorUp: [Double] = []
  /// Metres added to the receiver's claimed horizontal accuracy (stages that make the receiver aware
  /// of its trouble, e.g. a cold start).
  public var accuracyBias: [Double] = []
  /// Fixes the phone never reports.
  public var dropped: [Bool] = []
  /// The route's annotated zones, sorted by start.
  public var zones: [PathZone] = []

  public init() {}

  /// Number of fixes.
  @inlinable public var count: Int { times.count }

  /// Sizes every column for `count` fixes: truth columns to 0, errors to 0, nothing dropped.
  public mutating func reset(count n: Int, zones: [PathZone]) {
    Self.fill(&times, 0, n); Self.fill(&distances, 0, n); Self.fill(&truthEast, 0, n); Self.fill(&truthNorth, 0, n)
    Self.fill(&directionEast, 1, n); Self.fill(&directionNorth, 0, n); Self.fill(&speeds, 0, n)
    Self.fill(&errorEast, 0, n); Self.fill(&errorNorth, 0, n); Self.fill(&errorUp, 0, n); Self.fill(&accuracyBias, 0, n)
    Self.fill(&dropped, false, n)
    self.zones = zones
  }

  private static func fill<T>(_ column: inout [T], _ value: T, _ n: Int) {
    column.removeAll(keepingCapacity: true)
    column.append(contentsOf: repeatElement(value, count: n))
  }

  /// Sets the fix times (and zero truth), for testing a stage on its own.
  public mutating func reset(times newTimes: [Double]) {
    reset(count: newTimes.count, zones: [])
    times = newTimes
  }
}

/// Membership of monotonically increasing distances in a set of zones, in amortised O(1).
public struct ZoneCursor: Sendable {
  @usableFromInline let ranges: [(from: Double, to: Double)]
  @usableFromInline var index = 0

  /// The zones of `kind` in `zones` (`nil`: every zone); or explicit ranges.
  public init(_ zones: [PathZone], kind: ZoneKind?) {
    ranges = zones.filter { kind == nil || $0.kind == kind }.map { ($0.from, $0.to) }.sorted { $0.from < $1.from }
  }

  public init(ranges: [(from: Double, to: Double)]) {
    self.ranges = ranges.sorted { $0.from < $1.from }
  }

  /// Whether there are no zones at all.
  @inlinable public var isEmpty: Bool { ranges.isEmpty }

  /// Whether `s` lies in a zone; calls must come with non-decreasing `s`.
  @inlinable public mutating func contains(_ s: Double) -> Bool {
    while index < ranges.count && ranges[index].to <= s { index += 1 }
    var i = index
    while i < ranges.count && ranges[i].from <= s {
      if s < ranges[i].to { return true }
      i += 1
    }
    return false
  }
}
