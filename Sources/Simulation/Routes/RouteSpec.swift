import TrackCore

/// Where the run goes: an origin on the globe, a shape in metres east/north of it, how corners are
/// taken, and zones (urban, canopy, tunnel) along it.
public struct RouteSpec: Sendable, Hashable, Decodable {
  public var origin: GeodeticPosition
  public var shape: Shape
  /// Radius the runner takes corners with, metres (the truth path rounds every corner with it).
  public var cornerRadius: Double
  /// `spline`: a GSL cubic spline through the waypoints instead of straight sides and corner arcs.
  public var smoothing: Smoothing
  public var zones: [PathZone]
  /// The terrain along the route (`elevation:`), metres above the origin's height by distance along the
  /// truth path; nil: flat at the origin's height.
  public var elevation: ElevationProfile?
  /// Whether the waypoints were written in degrees (`waypoints_deg`), so errors name that field.
  public var waypointsInDegrees = false
  /// How the runner presses the lap button at the line of a track (`track_400m.lap_presses`); nil: never.
  public var lapPresses: LapPresses?

  /// Farthest a `waypoints_deg` point may lie from the origin, metres: routes are laid flat in the
  /// origin's east/north plane, which is off by less than 0.1 % of a distance within this radius
  /// (the curvature drop at 500 km is 20 km, at an angle of 4.5°).
  public static let largestFlatRadius = 500_000.0

  /// The route's geometry.
  public enum Shape: Sendable, Hashable {
    /// An open polyline through points (east, north) in metres.
    case waypoints([PlanarPoint])
    /// A closed polygon run `laps` times, starting and ending on its first side.
    case loop(waypoints: [PlanarPoint], laps: Int)
    /// Straight out for `length` metres on `bearing` (degrees from north), a U-turn, straight back.
    case outAndBack(length: Double, bearing: Double)
    /// City blocks: a serpentine along every east-west street of a grid, back to the start around the
    /// outside, `laps` times.
    case grid(blocksEast: Int, blocksNorth: Int, block: Double, laps: Int)
    /// A standard 400 m track run anticlockwise in `lane` (1-8), `laps` times.
    case track400m(laps: Int, lane: Int)
    /// A trail zig-zagging up a slope: `legs` straights of `leg` metres, `spacing` metres apart, joined by
    /// hairpins of diameter `spacing`, the first leg on `bearing`.
    case switchbacks(legs: Int, leg: Double, spacing: Double, bearing: Double)
  }

  /// `none` (written so in YAML): straight sides with rounded corners; `spline`: a cubic spline.
  public enum Smoothing: String, Sendable, Hashable, Decodable, CaseIterable {
    case off = "none"
    case spline
  }

  public init(
    origin: GeodeticPosition, shape: Shape, cornerRadius: Double = 3, smoothing: Smoothing = .off, zones: [PathZone] = [],
    elevation: ElevationProfile? = nil
  ) {
    self.origin = origin; self.shape = shape; self.cornerRadius = cornerRadius; self.smoothing = smoothing; self.zones = zones
    self.elevation = elevation
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case origin, waypoints_m, waypoints_deg, loop, out_and_back, grid, track_400m, switchbacks, corner_radius_m, smoothing, zones, elevation
  }
  enum ElevationKeys: String, CodingKey, CaseIterable { case profile_m, grades_percent }
  enum OriginKeys: String, CodingKey, CaseIterable { case latitude, longitude, height_m }
  enum LoopKeys: String, CodingKey, CaseIterable { case waypoints_m, laps }
  enum OutAndBackKeys: String, CodingKey, CaseIterable { case length_m, bearing_deg }
  enum GridKeys: String, CodingKey, CaseIterable { case blocks_east, blocks_north, block_m, laps }
  enum TrackKeys: String, CodingKey, CaseIterable { case laps, lane, lap_presses }
  enum SwitchbackKeys: String, CodingKey, CaseIterable { case legs, leg_m, spacing_m, bearing_deg }
  enum ZoneKeys: String, CodingKey, CaseIterable { case kind, from_m, to_m }

  static let shapeKeys: [CodingKeys] = [.waypoints_m, .waypoints_deg, .loop, .out_and_back, .grid, .track_400m, .switchbacks]

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let o = try c.superDecoder(forKey: .origin).strictContainer(keyedBy: OriginKeys.self)
    origin = GeodeticPosition(
      latitude: try o.value(.latitude, expected: "a latitude in degrees from -90 to 90") { (-90...90).contains($0) },
      longitude: try o.value(.longitude, expected: "a longitude in degrees from -180 to 180") { (-180...180).contains($0) },
      height: try o.value(.height_m, default: 0, expected: "metres from -500 to 9000") { (-500...9000).contains($0) })
    cornerRadius = try c.value(.corner_radius_m, default: 3, expected: "a radius in metres from 0 to 100") { (0...100).contains($0) }
    smoothing = try c.value(.smoothing, default: Smoothing.off, expected: "none or spline")
    let shapes = RouteSpec.shapeKeys.filter { c.contains($0) }
    guard shapes.count == 1 else {
      throw decoder.specError(
        expected: "exactly one route shape: \(RouteSpec.shapeKeys.map(\.stringValue).joined(separator: ", "))",
        found: shapes.isEmpty ? "none" : shapes.map(\.stringValue).joined(separator: " and "))
    }
    switch shapes[0] {
    case .waypoints_m:
      shape = .waypoints(try RouteSpec.points(c, .waypoints_m))
    case .waypoints_deg:
      let frame = LocalFrame(origin: origin)
      let height = origin.height
      let degrees: [[Double]] = try c.value(.waypoints_deg, expected: "a list of [latitude, longitude] pairs in degrees") {
        !$0.isEmpty && $0.allSatisfy { $0.count == 2 && (-90...90).contains($0[0]) && (-180...180).contains($0[1]) }
      }
      for (i, pair) in degrees.enumerated() {
        let distance = Geodesy.haversine(origin.latitude, origin.longitude, pair[0], pair[1])
        guard distance <= RouteSpec.largestFlatRadius else {
          let decoder = try c.superDecoder(forKey: .waypoints_deg)
          throw SpecError(
            field: "route.waypoints_deg[\(i)]", line: decoder.mark?.line, column: decoder.mark?.column,
            expected: "a point within 500 km of route.origin (routes are laid flat around it)",
            found: "[\(pair[0]), \(pair[1])], \(Int(distance / 1000)) km away")
        }
      }
      waypointsInDegrees = true
      shape = .waypoints(degrees.map { pair in
        let q = frame.local(GeodeticPosition(latitude: pair[0], longitude: pair[1], height: height))
        return PlanarPoint(east: q.east, north: q.north)
      })
    case .loop:
      let l = try c.superDecoder(forKey: .loop).strictContainer(keyedBy: LoopKeys.self)
      let points = try RouteSpec.points(l, .waypoints_m)
      guard points.count >= 3 else {
        throw try l.superDecoder(forKey: .waypoints_m).specError(expected: "at least 3 points for a loop")
      }
      shape = .loop(
        waypoints: points,
        laps: try l.value(.laps, default: 1, expected: "a whole number of laps from 1 to 1000") { (1...1000).contains($0) })
    case .out_and_back:
      let b = try c.superDecoder(forKey: .out_and_back).strictContainer(keyedBy: OutAndBackKeys.self)
      shape = .outAndBack(
        length: try b.value(.length_m, expected: "a length in metres from 1 to 500000") { (1...500_000).contains($0) },
        bearing: try b.value(.bearing_deg, default: 0, expected: "a bearing in degrees from 0 to 360") { (0...360).contains($0) })
    case .grid:
      let g = try c.superDecoder(forKey: .grid).strictContainer(keyedBy: GridKeys.self)
      shape = .grid(
        blocksEast: try g.value(.blocks_east, expected: "blocks from 1 to 100") { (1...100).contains($0) },
        blocksNorth: try g.value(.blocks_north, expected: "blocks from 1 to 100") { (1...100).contains($0) },
        block: try g.value(.block_m, expected: "metres from 20 to 2000") { (20...2000).contains($0) },
        laps: try g.value(.laps, default: 1, expected: "laps from 1 to 1000") { (1...1000).contains($0) })
    case .track_400m:
      let t = try c.superDecoder(forKey: .track_400m).strictContainer(keyedBy: TrackKeys.self)
      shape = .track400m(
        laps: try t.value(.laps, default: 1, expected: "laps from 1 to 1000") { (1...1000).contains($0) },
        lane: try t.value(.lane, default: 1, expected: "a lane from 1 to 8") { (1...8).contains($0) })
      lapPresses = try t.decodeIfPresent(LapPresses.self, forKey: .lap_presses)
    default:
      let s = try c.superDecoder(forKey: .switchbacks).strictContainer(keyedBy: SwitchbackKeys.self)
      shape = .switchbacks(
        legs: try s.value(.legs, expected: "legs from 1 to 1000") { (1...1000).contains($0) },
        leg: try s.value(.leg_m, expected: "metres from 1 to 100000") { (1...100_000).contains($0) },
        spacing: try s.value(.spacing_m, expected: "metres from 1 to 1000") { (1...1000).contains($0) },
        bearing: try s.value(.bearing_deg, default: 0, expected: "a bearing in degrees from 0 to 360") { (0...360).contains($0) })
    }
    var zones: [PathZone] = []
    if c.contains(.zones) {
      var list = try c.nestedUnkeyedContainer(forKey: .zones)
      while !list.isAtEnd {
        let z = try list.superDecoder().strictContainer(keyedBy: ZoneKeys.self)
        let kind: ZoneKind = try z.value(.kind, expected: "urban, canopy or tunnel")
        let from: Double = try z.value(.from_m, expected: "metres from the start, ≥ 0") { $0 >= 0 && $0.isFinite }
        let to: Double = try z.value(.to_m, expected: "metres after from_m") { $0 > from && $0.isFinite }
        zones.append(PathZone(kind: kind, from: from, to: to))
      }
    }
    self.zones = zones
    elevation = try RouteSpec.elevation(c, originHeight: origin.height)
  }

  /// `elevation:` — `profile_m: [[distance_m, rise_m], …]` (rise above the origin's height at distances
  /// along the path, the first at 0) or `grades_percent: [[length_m, grade_percent], …]` (segments from
  /// the start at constant grades). Every elevation stays within -500 to 9000 m; no segment is steeper
  /// than 100 %.
  private static func elevation(_ c: KeyedDecodingContainer<CodingKeys>, originHeight: Double) throws -> ElevationProfile? {
    guard c.contains(.elevation) else { return nil }
    let decoder = try c.superDecoder(forKey: .elevation)
    if let word = try? String(from: decoder) {
      throw decoder.specError(expected: "profile_m or grades_percent (elevation: recorded only on a route from a recording: gpx, tcx, fit, recording)", found: QuotedText.quoted(word))
    }
    let e = try decoder.strictContainer(keyedBy: ElevationKeys.self)
    let given = ElevationKeys.allCases.filter { e.contains($0) }
    guard given.count == 1 else {
      throw decoder.specError(expected: "one of profile_m or grades_percent", found: given.isEmpty ? "neither" : "both")
    }
    let key = given[0], byGrades = key == .grades_percent
    let pairs: [[Double]] = try e.value(key, expected: byGrades ? "a list of [length_m, grade_percent] pairs" : "a list of [distance_m, rise_m] pairs")
    func refuse(_ index: Int, _ expected: String, _ found: String) throws -> Never {
      let d = try e.superDecoder(forKey: key)
      throw SpecError(field: fieldPath(e.codingPath + [key, AnyKey(intValue: index)]), line: d.mark?.line, column: d.mark?.column, expected: expected, found: found)
    }
    var distances: [Double] = byGrades ? [0] : [], rises: [Double] = byGrades ? [0] : []
    for (i, pair) in pairs.enumerated() {
      guard pair.count == 2, pair.allSatisfy(\.isFinite) else { try refuse(i, byGrades ? "[length_m, grade_percent], finite" : "[distance_m, rise_m], finite", "\(pair)") }
      if byGrades {
        guard pair[0] > 0 else { try refuse(i, "a segment length above 0 m", "\(pair[0])") }
        guard abs(pair[1]) <= ElevationProfile.steepestGrade * 100 else { try refuse(i, "a grade from -100 to 100 %", "\(pair[1]) %") }
        distances.append(distances[distances.count - 1] + pair[0])
        rises.append(rises[rises.count - 1] + pair[0] * pair[1] / 100)
      } else {
        distances.append(pair[0])
        rises.append(pair[1])
      }
      guard (-500...9000).contains(originHeight + rises[rises.count - 1]) else {
        try refuse(i, "an elevation from -500 to 9000 m (the origin's height plus the rise)", "\(originHeight + rises[rises.count - 1]) m")
      }
    }
    if let problem = ElevationProfile.problem(distances: distances, rises: rises) {
      // A grade list's point k ends its segment k - 1.
      try refuse(byGrades ? max(problem.point - 1, 0) : problem.point, problem.expected, problem.found)
    }
    return ElevationProfile(distances: distances, rises: rises)
  }

  /// Decodes `[[east, north], …]` in metres, each finite and within 1000 km of the origin.
  private static func points<K>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> [PlanarPoint] {
    let pairs: [[Double]] = try c.value(key, expected: "a list of [east, north] pairs in metres")
    var result: [PlanarPoint] = []
    for (i, pair) in pairs.enumerated() {
      guard pair.count == 2, pair.allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }) else {
        let d = try c.superDecoder(forKey: key)
        throw SpecError(
          field: fieldPath(c.codingPath + [key, AnyKey(intValue: i)]), line: d.mark?.line,
          expected: "an [east, north] pair of finite metres within 1000 km", found: "\(pair)")
      }
      result.append(PlanarPoint(east: pair[0], north: pair[1]))
    }
    guard !result.isEmpty else {
      throw try c.superDecoder(forKey: key).specError(expected: "at least one point")
    }
    return result
  }
}

extension RouteSpec {
  /// Metres of one lap of the runner's lane where the route is laps of a 400 m track; nil otherwise.
  public var trackLap: Double? {
    if case .track400m(_, let lane) = shape { return StandardTrack.lapLength(lane: lane) }
    return nil
  }
}
