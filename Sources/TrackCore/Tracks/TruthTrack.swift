/// Where the runner truly was at one instant.
public struct TruthSample: Sendable, Hashable, Codable {
  /// Seconds since the run's start.
  public var time: Double
  public var east: Double
  public var north: Double
  /// Distance covered along the truth path since the start, metres.
  public var distance: Double
  /// True speed, m/s.
  public var speed: Double
  public init(time: Double, east: Double, north: Double, distance: Double, speed: Double) {
    self.time = time; self.east = east; self.north = north; self.distance = distance; self.speed = speed
  }
}

/// The ground truth of one run: the path (exact geometry) and the motion along it.
///
/// Motion is a piecewise-linear map from time to distance along the path, given by knots; between knots
/// the speed is constant. Profiles with smooth speed changes place knots densely (≤ 1 s apart).
public struct TruthTrack: Sendable, Hashable {
  public let frame: LocalFrame
  public let path: Path
  /// Knot times, seconds, strictly increasing, starting at 0.
  public let knotTimes: [Double]
  /// Distance along the path at each knot, metres, non-decreasing, ending at `path.length`.
  public let knotDistances: [Double]
  /// The intervals (seconds) in which the runner stands still: stops, and a standing run whole.
  /// Found once from the knots (O(k)); metrics read it per strategy and trial.
  public let stops: [ClosedRange<Double>]
  /// The terrain: rise above the frame origin's height by distance along the path; nil: flat.
  public let elevation: ElevationProfile?
  /// Metres of one lap where the route is laps of a 400 m track's lane (``StandardTrack``); nil otherwise.
  public let trackLap: Double?

  /// - Precondition: knots as documented (the simulation builds them; this is not a parsing boundary).
  public init(
    frame: LocalFrame, path: Path, knotTimes: [Double], knotDistances: [Double], elevation: ElevationProfile? = nil, trackLap: Double? = nil
  ) {
    self.elevation = elevation
    self.trackLap = trackLap
    precondition(knotTimes.count == knotDistances.count && knotTimes.count >= 2, "truth needs ≥ 2 knots")
    self.frame = frame
    self.path = path
    self.knotTimes = knotTimes
    self.knotDistances = knotDistances
    var stops: [ClosedRange<Double>] = []
    for k in 0..<(knotTimes.count - 1) where knotDistances[k + 1] == knotDistances[k] {
      if let last = stops.last, last.upperBound == knotTimes[k] {
        stops[stops.count - 1] = last.lowerBound...knotTimes[k + 1]
      } else {
        stops.append(knotTimes[k]...knotTimes[k + 1])
      }
    }
    self.stops = stops
  }

  /// True elevation at `distance` along the path, metres above the ellipsoid: the origin's height plus
  /// the terrain's rise there. O(log n) in the profile's points; the origin's height when flat.
  public func elevation(atDistance distance: Double) -> Double { frame.origin.height + (elevation?.rise(at: distance) ?? 0) }

  /// Duration of the run, seconds.
  @inlinable public var duration: Double { knotTimes[knotTimes.count - 1] }
  /// True distance covered, metres.
  @inlinable public var totalDistance: Double { knotDistances[knotDistances.count - 1] }

  /// Index k of the knot interval [tₖ, tₖ₊₁] holding `time` (clamped). O(log n).
  @inlinable public func knotInterval(at time: Double) -> Int {
    knotTimes.lastIndex(notAbove: time, upperBound: knotTimes.count - 2)
  }

  /// Distance along the path at `time`, metres (clamped to the run). O(log n).
  @inlinable public func distance(at time: Double) -> Double {
    if time <= 0 { return knotDistances[0] }
    if time >= duration { return totalDistance }
    let k = knotInterval(at: time)
    let t0 = knotTimes[k], t1 = knotTimes[k + 1]
    let d0 = knotDistances[k], d1 = knotDistances[k + 1]
    return d0 + (d1 - d0) * (time - t0) / (t1 - t0)
  }

  /// ``knotInterval(at:)`` searched from `hint`, the interval a previous search found, and left there:
  /// amortised O(1) when `time` only grows. The same interval; a hint past `time` or out of range (-1 for
  /// none yet), or a `time` that is not a number, falls back to the binary search.
  @inlinable @inline(__always) public func knotInterval(at time: Double, hint: inout Int) -> Int {
    if hint < 0 || hint >= knotTimes.count - 1 || !(knotTimes[hint] <= time) { hint = knotInterval(at: time) }
    while hint + 2 < knotTimes.count && knotTimes[hint + 1] <= time { hint += 1 }
    return hint
  }

  /// Distance along the path at `time`, starting the knot search at `hint`: amortised O(1) when
  /// `time` only grows.
  @inlinable public func distance(at time: Double, hint: inout Int) -> Double {
    if time <= 0 { return knotDistances[0] }
    if time >= duration { return totalDistance }
    let k = knotInterval(at: time, hint: &hint)
    let t0 = knotTimes[k], t1 = knotTimes[k + 1]
    let d0 = knotDistances[k], d1 = knotDistances[k + 1]
    return d0 + (d1 - d0) * (time - t0) / (t1 - t0)
  }

  /// Distance along the path at each fix's time, metres, one search carried through them (the fixes
  /// in time order: O(n + k) for n fixes over k knots).
  public func distances(at fixes: [LocalFix]) -> [Double] {
    var hint = 0
    return fixes.map { distance(at: $0.time, hint: &hint) }
  }

  /// Distance along the path (metres) and speed (m/s) at `time`, searching from `hint` as
  /// ``distance(at:hint:)`` does.
  @inlinable public func distanceAndSpeed(at time: Double, hint: inout Int) -> (distance: Double, speed: Double) {
    let s = distance(at: time, hint: &hint)
    if time <= 0 || time >= duration {
      let k = knotInterval(at: min(max(time, 0), duration))
      return (s, (knotDistances[k + 1] - knotDistances[k]) / (knotTimes[k + 1] - knotTimes[k]))
    }
    return (s, (knotDistances[hint + 1] - knotDistances[hint]) / (knotTimes[hint + 1] - knotTimes[hint]))
  }

  /// The first time the runner has covered `distance` metres, seconds; `nil` beyond the run's end.
  /// - Complexity: O(log n) in the knots.
  public func time(atDistance distance: Double) -> Double? {
    if distance <= knotDistances[0] { return 0 }
    guard distance <= totalDistance else { return nil }
    var low = 1, high = knotDistances.count - 1  // first knot with distance ≥ `distance`
    while low < high {
      let mid = (low + high) / 2
      if knotDistances[mid] >= distance { high = mid } else { low = mid + 1 }
    }
    let d0 = knotDistances[low - 1], d1 = knotDistances[low]
    return knotTimes[low - 1] + (distance - d0) / (d1 - d0) * (knotTimes[low] - knotTimes[low - 1])
  }

  /// True speed at `time`, m/s (the speed of the knot interval holding it).
  @inlinable public func speed(at time: Double) -> Double {
    let k = knotInterval(at: min(max(time, 0), duration))
    return (knotDistances[k + 1] - knotDistances[k]) / (knotTimes[k + 1] - knotTimes[k])
  }

  /// The same with the knot interval searched from `hint` (``knotInterval(at:hint:)``): amortised O(1)
  /// when `time` only grows, as a run's readings do.
  @inlinable public func speed(at time: Double, hint: inout Int) -> Double {
    let k = knotInterval(at: min(max(time, 0), duration), hint: &hint)
    return (knotDistances[k + 1] - knotDistances[k]) / (knotTimes[k + 1] - knotTimes[k])
  }

  /// Where the runner was at `time`.
  @inlinable public func point(at time: Double) -> PlanarPoint { path.point(at: distance(at: time)) }

  /// The truth sampled every 1/`rateHz` seconds from 0 through the end (the last sample at the end).
  /// - Complexity: O(n log k) for n samples and k knots.
  public func samples(rateHz: Double) -> [TruthSample] {
    let count = Int((duration * rateHz).rounded(.down)) + 1
    var result: [TruthSample] = []
    result.reserveCapacity(count + 1)
    var hint = 0
    func sample(_ t: Double) -> TruthSample {
      let s = distance(at: t)
      let p = path.point(at: s, hint: &hint)
      return TruthSample(time: t, east: p.east, north: p.north, distance: s, speed: speed(at: t))
    }
    for i in 0..<count { result.append(sample(Double(i) / rateHz)) }
    if let last = result.last, last.time < duration { result.append(sample(duration)) }
    return result
  }
}

/// What a trial's own fixes measure against the truth, found once per trial: the true distance along
/// the path at each fix's time, and each fix's distance from the path. Most strategies record fixes of
/// the trial at their own times (the distance along is looked up),
/// and many keep them where the trial put them (an accuracy gate, a distance filter, the raw track):
/// their distances from the path are looked up too (``measure(_:against:)``), found the first time a
/// run needs them.
public struct KnownDistances: Sendable {
  let times: [Double]
  let along: [Double]
  let places: [PlanarPoint]
  /// Metres along the path searched either side of a fix's true position for its distance from the path
  /// (``TruthTrack/offPathDistance(_:along:radius:hint:)``).
  public let searchRadius: Double
  /// Each trial fix's distance from the path, metres; NaN until a run that keeps the fix needs it.
  var offPath: [Double]

  /// - Complexity: O(n + k) for n fixes in time order over k knots.
  public init(_ truth: TruthTrack, fixes: [LocalFix], searchRadius: Double = 200) {
    times = fixes.map(\.time)
    along = truth.distances(at: fixes)
    places = fixes.map { PlanarPoint(east: $0.east, north: $0.north) }
    self.searchRadius = searchRadius
    offPath = Array(repeating: .nan, count: fixes.count)
  }

  /// Finds every trial fix's distance from the path now, so that copies shared between threads only read.
  public mutating func measureAll(against truth: TruthTrack) {
    var hint = Path.SearchHint()
    for i in places.indices where offPath[i].isNaN {
      offPath[i] = truth.offPathDistance(places[i], along: along[i], radius: searchRadius, hint: &hint)
    }
  }

  /// The true distance along the path at each of `fixes`' times, and each fix's distance from the path
  /// (``TruthTrack/offPathDistance(_:along:radius:hint:)`` with ``searchRadius``): the numbers found
  /// afresh, looked up for a fix at a trial fix's time (and place), remembered for the trial's later runs.
  /// - Complexity: O(n + m) for n fixes and m trial fixes, both in time order, plus the path searches
  ///   of the fixes not looked up.
  public mutating func measure(_ fixes: [LocalFix], against truth: TruthTrack) -> (along: [Double], offPath: [Double]) {
    var alongs: [Double] = [], offPaths: [Double] = []
    alongs.reserveCapacity(fixes.count)
    offPaths.reserveCapacity(fixes.count)
    var hint = 0, k = 0
    var pathHint = Path.SearchHint()
    for fix in fixes {
      while k < times.count && times[k] < fix.time { k += 1 }
      let place = PlanarPoint(east: fix.east, north: fix.north)
      guard k < times.count && times[k] == fix.time else {
        let s = truth.distance(at: fix.time, hint: &hint)
        alongs.append(s)
        offPaths.append(truth.offPathDistance(place, along: s, radius: searchRadius, hint: &pathHint))
        continue
      }
      let s = along[k]
      alongs.append(s)
      // The same bits, not just equal numbers: 0 and −0 can take an arc's angle either way round.
      if places[k].east.bitPattern == place.east.bitPattern && places[k].north.bitPattern == place.north.bitPattern {
        if offPath[k].isNaN { offPath[k] = truth.offPathDistance(place, along: s, radius: searchRadius, hint: &pathHint) }
        offPaths.append(offPath[k])
      } else {
        offPaths.append(truth.offPathDistance(place, along: s, radius: searchRadius, hint: &pathHint))
      }
    }
    return (alongs, offPaths)
  }
}

extension TruthTrack {
  /// Distance from `point` to the part of the path within ±`radius` metres (along the path) of `along`,
  /// the true position at the point's time, metres: so that a later lap or the other leg of an
  /// out-and-back is not mistaken for the nearest road. `hint` as ``Path/distance(from:alongRange:hint:)``.
  @inlinable public func offPathDistance(_ point: PlanarPoint, along: Double, radius: Double, hint: inout Path.SearchHint) -> Double {
    path.distance(from: point, alongRange: (along - radius)...(along + radius), hint: &hint)
  }
}
