import TrackCore

/// Where the run goes: an origin on the globe and a shape in metres east/north of it.
public struct RouteSpec: Sendable, Hashable, Decodable {
  public var origin: GeodeticPosition
  public var shape: Shape
  /// Radius the runner takes corners with, metres (the truth path rounds every corner with it).
  public var cornerRadius: Double

  /// The route's geometry.
  public enum Shape: Sendable, Hashable {
    /// An open polyline through points (east, north) in metres.
    case waypoints([PlanarPoint])
    /// A closed polygon run `laps` times, starting and ending on its first side.
    case loop(waypoints: [PlanarPoint], laps: Int)
    /// Straight out for `length` metres on `bearing` (degrees from north), a U-turn, straight back.
    case outAndBack(length: Double, bearing: Double)
  }

  public init(origin: GeodeticPosition, shape: Shape, cornerRadius: Double = 3) {
    self.origin = origin; self.shape = shape; self.cornerRadius = cornerRadius
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case origin, waypoints_m, loop, out_and_back, corner_radius_m
  }
  enum OriginKeys: String, CodingKey, CaseIterable { case latitude, longitude }
  enum LoopKeys: String, CodingKey, CaseIterable { case waypoints_m, laps }
  enum OutAndBackKeys: String, CodingKey, CaseIterable { case length_m, bearing_deg }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    let originDecoder = try c.superDecoder(forKey: .origin)
    let o = try originDecoder.strictContainer(keyedBy: OriginKeys.self)
    origin = GeodeticPosition(
      latitude: try o.value(.latitude, expected: "a latitude in degrees from -90 to 90") { (-90...90).contains($0) },
      longitude: try o.value(.longitude, expected: "a longitude in degrees from -180 to 180") {
        (-180...180).contains($0)
      })
    cornerRadius = try c.value(.corner_radius_m, default: 3, expected: "a radius in metres from 0 to 100") {
      (0...100).contains($0)
    }
    let shapes = [CodingKeys.waypoints_m, .loop, .out_and_back].filter { c.contains($0) }
    guard shapes.count == 1 else {
      throw decoder.specError(
        expected: "exactly one route shape: waypoints_m, loop or out_and_back",
        found: shapes.isEmpty ? "none" : shapes.map(\.stringValue).joined(separator: " and "))
    }
    switch shapes[0] {
    case .waypoints_m:
      shape = .waypoints(try RouteSpec.points(c, .waypoints_m))
    case .loop:
      let l = try c.superDecoder(forKey: .loop).strictContainer(keyedBy: LoopKeys.self)
      let points = try RouteSpec.points(l, .waypoints_m)
      guard points.count >= 3 else {
        throw try l.superDecoder(forKey: .waypoints_m).specError(expected: "at least 3 points for a loop")
      }
      shape = .loop(
        waypoints: points,
        laps: try l.value(.laps, default: 1, expected: "a whole number of laps from 1 to 1000") { (1...1000).contains($0) })
    default:
      let b = try c.superDecoder(forKey: .out_and_back).strictContainer(keyedBy: OutAndBackKeys.self)
      shape = .outAndBack(
        length: try b.value(.length_m, expected: "a length in metres from 1 to 500000") { (1...500_000).contains($0) },
        bearing: try b.value(.bearing_deg, default: 0, expected: "a bearing in degrees from 0 to 360") {
          (0...360).contains($0)
        })
    }
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
