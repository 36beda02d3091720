import Foundation
import TrackCore

/// Track mode, as watches offer it "accurate to the metre": every fix moved to the nearest point of the
/// runner's lane on a standard 400 m track (``StandardTrack``), and laps counted where the snapped
/// position passes the start line again (a ``FixMarks/lap`` mark at the first fix and at each lap after),
/// not from the distance. The track's pose comes from a map (`center_east_m`, `center_north_m`,
/// `bearing_deg`; the defaults are TrackBench's simulated track), or, with `learn_m` > 0, is learned from
/// the first `learn_m` metres of fixes, passed on unsnapped meanwhile, as watches that learn the oval in
/// the first lap do: the lane's shape fitted to them once, from their centroid and long axis, by
/// Gauss-Newton on their distances across the lane.
public struct TrackSnap: VenueFilter, DeclaredParameters {
  public static let name = "track-snap"
  public static let summary = "Track mode: fixes snapped to the lane of a 400 m track (from a map, or learned over learn_m), laps counted at the start line."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.lane, name: "lane", unit: "lane", minimum: 1, maximum: 8, summary: "the runner's lane (its running line: World Athletics)"),
    .init(\.centerEast, name: "center_east_m", unit: "m", minimum: -100_000, maximum: 100_000, summary: "the infield's centre, metres east of the run's origin"),
    .init(\.centerNorth, name: "center_north_m", unit: "m", minimum: -100_000, maximum: 100_000, summary: "the infield's centre, metres north of the run's origin"),
    .init(\.bearing, name: "bearing_deg", unit: "°", minimum: 0, maximum: 360, summary: "bearing of the home straight (direction of running)"),
    .init(\.learnMeters, name: "learn_m", unit: "m", minimum: 0, maximum: 400, summary: "learn the pose from this much of the first fixes (0: the pose given)"),
  ]

  public internal(set) var lane = 1
  public internal(set) var centerEast = StandardTrack.simulated.centerEast
  public internal(set) var centerNorth = StandardTrack.simulated.centerNorth
  public internal(set) var bearing = StandardTrack.simulated.bearing
  public internal(set) var learnMeters = 0.0

  @usableFromInline var track = StandardTrack.simulated
  @usableFromInline var lapLength = 400.0
  @usableFromInline var learning = false
  /// The fixes learned from, east and north interleaved, and the distance they cover.
  @usableFromInline var samples: [Double] = []
  @usableFromInline var covered = 0.0
  /// Lap counting: the snapped position's distance along the lap, the progress since the first fix
  /// (unwrapped), and the laps marked.
  @usableFromInline var started = false
  @usableFromInline var lastAlong = 0.0, progress = 0.0
  @usableFromInline var lapsMarked = 0

  public init() { parametersSet() }
  public mutating func parametersSet() {
    track = StandardTrack(centerEast: centerEast, centerNorth: centerNorth, bearing: bearing)
    lapLength = StandardTrack.lapLength(lane: lane)
    learning = learnMeters > 0
  }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    var point = fix
    if learning {
      let earlier = samples.count / 2
      if earlier > 0 {
        let de = fix.east - samples[2 * earlier - 2], dn = fix.north - samples[2 * earlier - 1]
        covered += (de * de + dn * dn).squareRoot()
      }
      samples.append(fix.east)
      samples.append(fix.north)
      if earlier == 0 { point.marks.insert(.lap) }
      // A lap the learned fixes completed (learn_m is under a lap, so at most one) is marked here.
      if covered >= learnMeters, learn() { point.marks.insert(.lap) }
      return point
    }
    let snapped = track.snap(east: fix.east, north: fix.north, lane: lane)
    point.east = snapped.east
    point.north = snapped.north
    if count(along: snapped.along) { point.marks.insert(.lap) }
    return point
  }

  /// Advances the lap count to a snapped position `along` the lap; whether a lap starts here (the first
  /// position starts lap 1). A step is taken the short way round, so noise at the line counts once.
  @inlinable mutating func count(along: Double) -> Bool {
    guard started else {
      started = true
      lastAlong = along
      return true
    }
    var delta = along - lastAlong
    if delta > lapLength / 2 { delta -= lapLength } else if delta <= -lapLength / 2 { delta += lapLength }
    lastAlong = along
    progress += delta
    let laps = Int((progress / lapLength).rounded(.down))
    guard laps > lapsMarked else { return false }
    lapsMarked = laps
    return true
  }

  /// Fits the pose to the learned fixes (iterated closest points: each round moves and turns the lane's
  /// shape so its points nearest the fixes best match them), then counts their progress from the first.
  /// - Returns: whether the learned fixes completed a lap.
  @usableFromInline mutating func learn() -> Bool {
    learning = false
    let n = samples.count / 2
    // Start: the centroid of the fixes, weighted by the path into each, and their long axis.
    var weight = 0.0, me = 0.0, mn = 0.0
    for i in 1..<max(n, 1) {
      let w = hypot(samples[2 * i] - samples[2 * i - 2], samples[2 * i + 1] - samples[2 * i - 1])
      weight += w; me += w * samples[2 * i]; mn += w * samples[2 * i + 1]
    }
    guard weight > 0 else { return false }
    me /= weight; mn /= weight
    var cee = 0.0, cnn = 0.0, cen = 0.0
    for i in 1..<n {
      let w = hypot(samples[2 * i] - samples[2 * i - 2], samples[2 * i + 1] - samples[2 * i - 1])
      let de = samples[2 * i] - me, dn = samples[2 * i + 1] - mn
      cee += w * de * de; cnn += w * dn * dn; cen += w * de * dn
    }
    let axis = 0.5 * atan2(2 * cen, cee - cnn)  // from east towards north
    track = StandardTrack(centerEast: me, centerNorth: mn, bearing: 90 - axis * 180 / Double.pi)
    for _ in 0..<50 {
      // Gauss-Newton on the fixes' distances across the lane (point to line): each fix's closest lane
      // point q and the lane's normal n there; the small move (a, b) and turn δ about the centre that
      // best explain n · (p − q) solve 3 × 3 normal equations.
      // The normal equations' rows and right side, accumulated in registers (no array per fix).
      var row0 = SIMD3<Double>(), row1 = SIMD3<Double>(), row2 = SIMD3<Double>(), v = SIMD3<Double>()
      for i in 0..<n {
        let (pe, pn) = (samples[2 * i], samples[2 * i + 1])
        let q = track.snap(east: pe, north: pn, lane: lane)
        let ahead = track.point(along: q.along + 0.05, lane: lane), behind = track.point(along: q.along - 0.05, lane: lane)
        let length = hypot(ahead.east - behind.east, ahead.north - behind.north)
        let (ne, nn) = (-(ahead.north - behind.north) / length, (ahead.east - behind.east) / length)
        let j = SIMD3(ne, nn, -ne * (q.north - track.centerNorth) + nn * (q.east - track.centerEast))
        let r = ne * (pe - q.east) + nn * (pn - q.north)
        v += j * r
        row0 += j[0] * j
        row1 += j[1] * j
        row2 += j[2] * j
      }
      let m = [row0[0], row0[1], row0[2], row1[0], row1[1], row1[2], row2[0], row2[1], row2[2]]
      guard let step = Self.solve3(m, [v[0], v[1], v[2]]) else { break }
      track = StandardTrack(
        centerEast: track.centerEast + step[0], centerNorth: track.centerNorth + step[1], bearing: track.bearing - step[2] * 180 / Double.pi)
      if hypot(step[0], step[1]) < 1e-6 && abs(step[2]) < 1e-9 { break }
    }
    for i in 0..<n { _ = count(along: track.snap(east: samples[2 * i], north: samples[2 * i + 1], lane: lane).along) }
    samples = []
    return lapsMarked > 0
  }

  /// x with m x = v for a 3 × 3 `m` (row-major), by Cramer's rule; `nil` when m is near singular (the
  /// fixes do not pin the pose: all on one straight).
  static func solve3(_ m: [Double], _ v: [Double]) -> [Double]? {
    func det(_ a: [Double]) -> Double {
      a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6])
    }
    let d = det(m)
    let scale = m[0] * m[4] * m[8]
    guard d.isFinite, abs(d) > 1e-9 * max(abs(scale), 1) else { return nil }
    return (0..<3).map { k in
      var replaced = m
      for row in 0..<3 { replaced[3 * row + k] = v[row] }
      return det(replaced) / d
    }
  }
}
