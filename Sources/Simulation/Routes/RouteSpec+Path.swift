import Foundation
import TrackCore

extension RouteSpec {
  /// The truth path: straights joined by circular arcs of `cornerRadius` tangent to both sides of each
  /// corner (a fillet: tangent length r·tan(θ/2) for a turn of θ).
  ///
  /// - Throws: ``SpecError`` when two waypoints coincide, a corner reverses direction (use
  ///   `out_and_back`), or the radius is too large for a corner's sides.
  /// - Complexity: O(n) in the number of waypoints (laps repeat the same segments).
  public func path() throws -> Path {
    switch shape {
    case .waypoints(let points):
      if points.count == 1 { return Path(segments: [], anchor: points[0]) }
      return Path(segments: try RouteSpec.fillet(points, closed: false, radius: cornerRadius, field: "route.waypoints_m"))
    case .loop(let points, let laps):
      let lap = try RouteSpec.fillet(points, closed: true, radius: cornerRadius, field: "route.loop.waypoints_m")
      return Path(segments: Array((0..<laps).map { _ in lap }.joined()))
    case .outAndBack(let length, let bearing):
      let theta = bearing * .pi / 180
      let de = sin(theta), dn = cos(theta)
      let out = PathSegment.line(start: PlanarPoint(east: 0, north: 0), directionEast: de, directionNorth: dn, length: length)
      let turnPoint = PlanarPoint(east: de * length, north: dn * length)
      // A left U-turn of radius r: centre r to the left of the turn point; back on a parallel line 2r over.
      let r = max(cornerRadius, 0.5)
      let left = (east: -dn, north: de)
      let center = PlanarPoint(east: turnPoint.east + left.east * r, north: turnPoint.north + left.north * r)
      let startAngle = atan2(-left.north, -left.east)
      let back = PlanarPoint(east: turnPoint.east + 2 * r * left.east, north: turnPoint.north + 2 * r * left.north)
      return Path(segments: [
        out,
        .arc(center: center, radius: r, startAngle: startAngle, sweep: .pi),
        .line(start: back, directionEast: -de, directionNorth: -dn, length: length),
      ])
    }
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
