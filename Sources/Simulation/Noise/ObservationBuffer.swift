import TrackCore

/// The truth at one fix epoch: where, when and how the runner was moving.
public struct FixTruth: Sendable, Hashable {
  /// The fix's epoch, seconds: when the receiver measured it. Error processes evolve on epochs.
  public var time: Double
  /// The time the receiver stamps on the fix: the epoch plus timestamp jitter, seconds.
  public var timestamp: Double
  /// True distance along the path, metres.
  public var distance: Double
  /// True position, metres.
  public var east: Double
  public var north: Double
  /// Unit direction of travel; while standing, the last direction moved.
  public var directionEast: Double
  public var directionNorth: Double
  /// True speed, m/s.
  public var speed: Double
  /// True elevation above the route origin's height (the terrain's rise there), metres; 0 on a flat route.
  public var rise: Double

  @inlinable
  public init(time: Double, timestamp: Double? = nil, distance: Double = 0, east: Double = 0, north: Double = 0,
              directionEast: Double = 1, directionNorth: Double = 0, speed: Double = 0, rise: Double = 0) {
    self.time = time; self.timestamp = timestamp ?? time; self.distance = distance; self.east = east; self.north = north
    self.directionEast = directionEast; self.directionNorth = directionNorth; self.speed = speed; self.rise = rise
  }
}

/// The fixes of one simulated trial while they are built, sized once and reused across trials.
///
/// The engine writes the truth at each epoch; noise stages add to the error columns, raise the claimed
/// accuracy and mark dropped fixes; the receiver then composes what the phone reports. Error columns
/// are separate arrays so stage loops touch only what they change.
public struct ObservationBuffer: Sendable {
  /// The truth at each fix epoch, times strictly increasing, distances non-decreasing.
  public var truth: [FixTruth] = []
  /// Accumulated true error, metres.
  public var errorEast: [Double] = []
  public var errorNorth: [Double] = []
  /// Metres added to the receiver's claimed horizontal accuracy (stages that make the receiver aware
  /// of its trouble, e.g. a cold start).
  public var accuracyBias: [Double] = []
  /// Fixes the phone never reports.
  public var dropped: [Bool] = []
  /// The route's annotated zones, sorted by start.
  public var zones: [PathZone] = []

  public init() {}

  /// Number of fixes.
  @inlinable public var count: Int { truth.count }

  /// The first fix index ≥ `start` whose epoch is at or after `time` (or `count`). O(log n).
  public func firstIndex(atOrAfter time: Double, from start: Int) -> Int {
    var low = start, high = count
    while low < high {
      let mid = (low + high) / 2
      if truth[mid].time < time { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Sizes every column for `count` fixes, no error, nothing dropped; the truth column is left for the
  /// caller to overwrite whole (it keeps stale values when already sized). Reuses capacity.
  public mutating func reset(count n: Int, zones: [PathZone]) {
    if truth.count != n {
      truth.removeAll(keepingCapacity: true)
      truth.append(contentsOf: repeatElement(FixTruth(time: 0), count: n))
    }
    Self.fill(&errorEast, 0, n); Self.fill(&errorNorth, 0, n); Self.fill(&accuracyBias, 0, n)
    Self.fill(&dropped, false, n)
    self.zones = zones
  }

  /// Fixes at `times` travelling east at `speed` m/s from distance 0 (for testing a stage on its own).
  public mutating func reset(times: [Double], speed: Double = 3, zones: [PathZone] = []) {
    reset(count: times.count, zones: zones)
    for (i, t) in times.enumerated() { truth[i] = FixTruth(time: t, distance: speed * t, east: speed * t, speed: speed) }
  }

  private static func fill<T>(_ column: inout [T], _ value: T, _ n: Int) {
    if column.count == n {
      column.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
    } else {
      column.removeAll(keepingCapacity: true)
      column.append(contentsOf: repeatElement(value, count: n))
    }
  }

  /// Gives `body` the truth and the error columns (east, north) as buffers, so hot stage loops run
  /// without per-element copy-on-write checks.
  @inlinable
  public mutating func withErrors<R>(
    _ body: (_ truth: UnsafeBufferPointer<FixTruth>, _ east: UnsafeMutableBufferPointer<Double>, _ north: UnsafeMutableBufferPointer<Double>) throws -> R
  ) rethrows -> R {
    try truth.withUnsafeBufferPointer { truth in
      try errorEast.withUnsafeMutableBufferPointer { east in
        try errorNorth.withUnsafeMutableBufferPointer { north in try body(truth, east, north) }
      }
    }
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
