import Foundation
import NumericKit
import TrackCore

extension RouteSpec {
  /// The truth path: straights joined by circular arcs of `cornerRadius` tangent to both sides of each
  /// corner (a fillet: tangent length r·tan(θ/2) for a turn of θ).
  ///
  /// - Throws: ``SpecError`` when two waypoints coincide, a corner reverses direction (use
  ///   `out_and_back`), the radius is too large for a corner's sides, or a zone runs past the end.
  /// - Complexity: O(n) in the number of waypoints (laps repeat the same segments).
  public func path() throws -> Path {
    let segments = try pathSegments()
    let length = segments.reduce(0) { $0 + $1.length }
    for (i, zone) in zones.enumerated() where zone.to > length + 1e-9 {
      throw SpecError(field: "route.zones[\(i)].to_m", expected: "a distance within the route (\(length) m)", found: "\(zone.to)")
    }
    if case .waypoints(let points) = shape, points.count == 1 {
      return Path(segments: [], anchor: points[0], zones: zones)
    }
    return Path(segments: segments, zones: zones)
  }

  /// Most segments a route may have (a lap's corners and straights, or a spline's half-metre steps,
  /// times the laps): 2 million, about 150 MB, so a route's memory is bounded before it is built.
  public static let maximumSegments = 2_000_000

  /// `laps` copies of a lap's segments, refused beyond ``maximumSegments``.
  private static func repeated(_ lap: [PathSegment], laps: Int, field: String) throws -> [PathSegment] {
    guard lap.count * laps <= maximumSegments else {
      throw SpecError(
        field: field, expected: "a route of at most \(maximumSegments) segments (corners, straights and spline steps)",
        found: "\(lap.count) per lap × \(laps) laps")
    }
    return Array((0..<laps).map { _ in lap }.joined())
  }

  private func pathSegments() throws -> [PathSegment] {
    switch shape {
    case .waypoints(let points):
      if points.count == 1 { return [] }
      let field = waypointsInDegrees ? "route.waypoints_deg" : "route.waypoints_m"
      if smoothing == .spline { return try RouteSpec.spline(points, closed: false, field: field) }
      return try RouteSpec.fillet(points, closed: false, radius: cornerRadius, field: field)
    case .loop(let points, let laps):
      let lap = smoothing == .spline
        ? try RouteSpec.spline(points, closed: true, field: "route.loop.waypoints_m")
        : try RouteSpec.fillet(points, closed: true, radius: cornerRadius, field: "route.loop.waypoints_m")
      return try RouteSpec.repeated(lap, laps: laps, field: "route.loop.laps")
    case .grid(let blocksEast, let blocksNorth, let block, let laps):
      let lap = try RouteSpec.fillet(
        RouteSpec.gridWaypoints(blocksEast: blocksEast, blocksNorth: blocksNorth, block: block),
        closed: true, radius: cornerRadius, field: "route.grid")
      return try RouteSpec.repeated(lap, laps: laps, field: "route.grid.laps")
    case .track400m(let laps, let lane):
      let lap = RouteSpec.trackLap(lane: lane)
      return try RouteSpec.repeated(lap, laps: laps, field: "route.track_400m.laps")
    case .outAndBack(let length, let bearing):
      return RouteSpec.serpentine(legs: 2, leg: length, spacing: 2 * max(cornerRadius, 0.5), bearing: bearing)
    case .switchbacks(let legs, let leg, let spacing, let bearing):
      return RouteSpec.serpentine(legs: legs, leg: leg, spacing: spacing, bearing: bearing)
    }
  }

  /// Straight legs joined by U-turns of diameter `spacing`, alternately left and right, so the legs
  /// stack sideways (to the left of the first leg): an out-and-back is two legs.
  static func serpentine(legs: Int, leg: Double, spacing: Double, bearing: Double) -> [PathSegment] {
    let theta = bearing * .pi / 180
    var de = sin(theta), dn = cos(theta)
    var start = PlanarPoint(east: 0, north: 0)
    let r = spacing / 2
    var segments: [PathSegment] = []
    for k in 0..<legs {
      segments.append(.line(start: start, directionEast: de, directionNorth: dn, length: leg))
      let end = PlanarPoint(east: start.east + de * leg, north: start.north + dn * leg)
      guard k + 1 < legs else { break }
      // Turn towards the stacking side: left on even legs, right on odd ones (heading is reversed).
      let turn: Double = k % 2 == 0 ? 1 : -1
      let normal = (east: -dn * turn, north: de * turn)  // towards the turn's centre
      let center = PlanarPoint(east: end.east + normal.east * r, north: end.north + normal.north * r)
      segments.append(.arc(center: center, radius: r, startAngle: atan2(end.north - center.north, end.east - center.east), sweep: turn * .pi))
      start = PlanarPoint(east: end.east + 2 * r * normal.east, north: end.north + 2 * r * normal.north)
      de = -de; dn = -dn
    }
    return segments
  }

  /// One anticlockwise lap of `lane` of ``StandardTrack/simulated``: two 84.39 m straights and two bends
  /// on one kerb for every lane, the running line as World Athletics measures it (lane 1: 400.00 m).
  /// Starts where the lane's running line crosses the start of the home straight, heading east; lane 1's
  /// start is the frame's origin, an outer lane's the same line further south.
  static func trackLap(lane: Int) -> [PathSegment] {
    let straight = StandardTrack.straight
    let radius = StandardTrack.radius(lane: lane), center = StandardTrack.simulated.centerNorth
    return [
      .line(start: PlanarPoint(east: 0, north: center - radius), directionEast: 1, directionNorth: 0, length: straight),
      .arc(center: PlanarPoint(east: straight, north: center), radius: radius, startAngle: -.pi / 2, sweep: .pi),
      .line(start: PlanarPoint(east: straight, north: center + radius), directionEast: -1, directionNorth: 0, length: straight),
      .arc(center: PlanarPoint(east: 0, north: center), radius: radius, startAngle: .pi / 2, sweep: .pi),
    ]
  }

  /// Corners of a serpentine along each east-west street of a blocksEast × blocksNorth grid (rows
  /// alternately eastbound and westbound), returning to the start down the west edge, or, when the last
  /// row ends in the east, around the outside one block east and south of the grid.
  static func gridWaypoints(blocksEast: Int, blocksNorth: Int, block: Double) -> [PlanarPoint] {
    let width = Double(blocksEast) * block
    var points: [PlanarPoint] = []
    for row in 0...blocksNorth {
      let y = Double(row) * block
      let (from, to) = row % 2 == 0 ? (0.0, width) : (width, 0.0)
      points.append(PlanarPoint(east: from, north: y))
      points.append(PlanarPoint(east: to, north: y))
    }
    if blocksNorth % 2 == 0 {  // ended in the east: go round the outside
      points[points.count - 1].east = width + block
      points.append(PlanarPoint(east: width + block, north: -block))
      points.append(PlanarPoint(east: 0, north: -block))
    }
    return points
  }

  /// Dense straight pieces (two per metre of chord, so under a metre each) along GSL cubic splines
  /// x(u), y(u) through the waypoints, u the cumulative chord length; periodic for a closed loop.
  static func spline(_ points: [PlanarPoint], closed: Bool, field: String) throws -> [PathSegment] {
    var knots = points
    if closed { knots.append(points[0]) }
    var u = [0.0]
    for i in 1..<knots.count {
      let d = knots[i - 1].distance(to: knots[i])
      guard d > 1e-6 else { throw SpecError(field: "\(field)[\(i % points.count)]", expected: "a point different from the one before it") }
      u.append(u[i - 1] + d)
    }
    let east: CubicSpline, north: CubicSpline
    do {
      east = try CubicSpline(x: u, y: knots.map(\.east), periodic: closed)
      north = try CubicSpline(x: u, y: knots.map(\.north), periodic: closed)
    } catch {
      throw SpecError(field: field, expected: "at least 3 distinct points for a spline", found: "\(error)")
    }
    let total = u[u.count - 1]
    guard 2 * total <= Double(maximumSegments) else {
      throw SpecError(
        field: field, expected: "a spline route of at most \(maximumSegments / 2000) km (it is drawn in half-metre steps)",
        found: "\(Int(total / 1000)) km")
    }
    let steps = max(1, Int((2 * total).rounded(.up)))
    var segments: [PathSegment] = []
    segments.reserveCapacity(steps)
    var previous = PlanarPoint(east: east.value(at: 0), north: north.value(at: 0))
    for k in 1...steps {
      let x = total * Double(k) / Double(steps)
      let p = PlanarPoint(east: east.value(at: x), north: north.value(at: x))
      let length = previous.distance(to: p)
      if length > 1e-9 {
        segments.append(.line(
          start: previous, directionEast: (p.east - previous.east) / length, directionNorth: (p.north - previous.north) / length,
          length: length))
      }
      previous = p
    }
    return segments
  }

  /// Straights and fillet arcs through `points`; for `closed`, the lap starts and ends where the
  /// fillet at point 0 meets the side 0 → 1.
  static func fillet(_ points: [PlanarPoint], closed: Bool, radius: Double, field: String) throws -> [PathSegment] {
    let n = points.count
    let sideCount = closed ? n : n - 1
    var directions: [(east: Double, north: Double, length: Double)] = []
    for i in 0..<sideCount {
      let a = points[i], b = points[(i + 1) % n]
      let length = a.distance(to: b)
      guard length > 1e-6 else {
        throw SpecError(field: "\(field)[\((i + 1) % n)]", expected: "a point different from the one before it")
      }
      directions.append(((b.east - a.east) / length, (b.north - a.north) / length, length))
    }
    // Fillet at vertex v, joining side v-1 (incoming) and side v (outgoing).
    struct Corner { var entry: PlanarPoint; var exit: PlanarPoint; var arc: PathSegment?; var tangent: Double }
    func corner(at v: Int) throws -> Corner {
      let din = directions[(v - 1 + sideCount) % sideCount], dout = directions[v % sideCount]
      let cross = din.east * dout.north - din.north * dout.east
      let dot = din.east * dout.east + din.north * dout.north
      let theta = atan2(cross, dot)
      let p = points[v % n]
      if abs(theta) < 1e-9 || radius == 0 { return Corner(entry: p, exit: p, arc: nil, tangent: 0) }
      guard abs(theta) < 179 * .pi / 180 else {
        throw SpecError(field: "\(field)[\(v % n)]", expected: "a corner of less than 179° (use out_and_back for a turnaround)")
      }
      let tangent = radius * tan(abs(theta) / 2)
      let entry = PlanarPoint(east: p.east - din.east * tangent, north: p.north - din.north * tangent)
      let exit = PlanarPoint(east: p.east + dout.east * tangent, north: p.north + dout.north * tangent)
      let side: Double = theta > 0 ? 1 : -1  // +1: centre on the left
      let center = PlanarPoint(east: entry.east - din.north * radius * side, north: entry.north + din.east * radius * side)
      let startAngle = atan2(entry.north - center.north, entry.east - center.east)
      return Corner(entry: entry, exit: exit, arc: .arc(center: center, radius: radius, startAngle: startAngle, sweep: theta), tangent: tangent)
    }
    var corners: [Corner?] = Array(repeating: nil, count: n)
    let interior = closed ? Array(0..<n) : Array(1..<(n - 1))
    for v in interior { corners[v] = try corner(at: v) }
    // Each side must hold both fillets' tangent lengths.
    for i in 0..<sideCount {
      let used = (corners[i]?.tangent ?? 0) + (corners[(i + 1) % n]?.tangent ?? 0)
      guard used <= directions[i].length + 1e-9 else {
        throw SpecError(
          field: "route.corner_radius_m", expected: "a radius whose corner arcs fit on side \(i) (\(field)[\(i)] → [\((i + 1) % n)])",
          found: "\(radius) m needs \(String(format: "%.2f", used)) m of a \(String(format: "%.2f", directions[i].length)) m side")
      }
    }
    var segments: [PathSegment] = []
    for i in 0..<sideCount {
      let start = corners[i]?.exit ?? points[i]
      let end = corners[(i + 1) % n]?.entry ?? points[(i + 1) % n]
      let length = start.distance(to: end)
      if length > 1e-9 {
        segments.append(.line(start: start, directionEast: directions[i].east, directionNorth: directions[i].north, length: length))
      }
      if let arc = corners[(i + 1) % n]?.arc, closed || i + 1 < n - 1 { segments.append(arc) }
    }
    return segments
  }
}
