import Foundation
import TrackCore
import TrackIO
import Yams

/// A route taken from a recording: `route: { gpx: FILE }` (or `tcx:`, `fit:`, `recording:` for any
/// readable format), the path relative to the scenario file. The recording's positions become
/// `waypoints_deg` (a point within ``minimumSpacing`` metres of the last one kept is dropped, so a
/// standing receiver adds no zig-zag to the route) and its first point the `origin`, unless the
/// scenario gives one; `corner_radius_m` defaults to 0 (the recording's own points draw its corners).
/// With `elevation: recorded` the recording's heights become the route's terrain
/// (``terrain(of:field:at:)``); without, the route is flat as before. Times and speeds are not used:
/// the pace comes from `pace:`.
enum RecordedRoute {
  static let keys = ["gpx", "tcx", "fit", "recording"]
  /// Metres between kept points, at least.
  static let minimumSpacing = 2.0

  /// Metres of path a recorded height is averaged over before it serves as terrain: a GPS height
  /// wanders metres from fix to fix (σ 6 m on phones, docs/scenarios.md), which between points 2 m
  /// apart would read as cliffs.
  static let heightWindow = 50.0

  /// `route` with its recording key replaced by `waypoints_deg` (and `origin` when absent); `nil`
  /// when it names no recording.
  /// - Throws: ``SpecError`` naming the key for an unreadable recording.
  static func expand(_ route: Node, scenarioFile: String) throws -> Node? {
    guard case .mapping(var mapping) = route else { return nil }
    let present = keys.filter { mapping[$0] != nil }
    guard let key = present.first else { return nil }
    let node = mapping[key]!
    guard present.count == 1, case .scalar(let scalar) = node else {
      throw SpecError(
        field: "route.\(key)", line: node.mark?.line, column: node.mark?.column,
        expected: "one recording file name (gpx, tcx, fit or recording)", found: present.count > 1 ? present.joined(separator: " and ") : "a list or mapping")
    }
    let recording = try read(scalar.string, field: "route.\(key)", format: key, at: node, scenarioFile: scenarioFile)
    var kept: [RecordedPoint] = []
    for point in recording.points {
      if let last = kept.last, Geodesy.haversine(last.latitude, last.longitude, point.latitude, point.longitude) < minimumSpacing { continue }
      kept.append(point)
    }
    mapping[key] = nil
    let nodes = GeneratedNodes()
    mapping["waypoints_deg"] = nodes.sequence(kept.map { nodes.pair($0.latitude, $0.longitude) })
    // Recorded points are metres apart: a corner radius meant for drawn routes would not fit.
    if mapping["corner_radius_m"] == nil { mapping["corner_radius_m"] = Node("0") }
    var terrain: (start: Double, points: [(distance: Double, rise: Double)])?
    if let asked = mapping["elevation"], case .scalar(let word) = asked, word.string == "recorded" {
      terrain = try self.terrain(of: kept, field: "route.elevation", at: asked)
    }
    if let terrain { mapping["elevation"] = .mapping(Node.Mapping([(Node("profile_m"), nodes.sequence(terrain.points.map { nodes.pair($0.distance, $0.rise) }))])) }
    if mapping["origin"] == nil, let first = kept.first {
      var origin: [(Node, Node)] = [(Node("latitude"), Node(String(first.latitude))), (Node("longitude"), Node(String(first.longitude)))]
      if let terrain { origin.append((Node("height_m"), Node(String(terrain.start)))) }
      mapping["origin"] = .mapping(Node.Mapping(origin))
    }
    return .mapping(mapping)
  }

  /// The terrain of recorded points: each point's height averaged over ``heightWindow`` metres of path
  /// around it, sampled every ``heightWindow`` metres along the points (and at the last), as (distance,
  /// rise above the first sample); `start` is the first sample's height.
  /// Points without a height are passed over.
  /// - Throws: ``SpecError`` naming `field` for fewer than 2 points with a height, or averaged heights
  ///   that leave -500 to 9000 m or climb more than 100 % between samples.
  /// - Complexity: O(n) (a sliding window, then one pass for the samples).
  static func terrain(of points: [RecordedPoint], field: String, at node: Node) throws -> (start: Double, points: [(distance: Double, rise: Double)]) {
    func refuse(_ expected: String, _ found: String) -> SpecError {
      SpecError(field: field, line: node.mark?.line, column: node.mark?.column, expected: expected, found: found)
    }
    guard points.count >= 2 else { throw refuse("a recording of at least 2 points to take heights from", "\(points.count)") }
    var along = [0.0]
    along.reserveCapacity(points.count)
    for k in 1..<points.count {
      let (a, b) = (points[k - 1], points[k])
      along.append(along[k - 1] + Geodesy.haversine(a.latitude, a.longitude, b.latitude, b.longitude))
    }
    // The points that have a height (a recording may leave some without, e.g. NMEA epochs without GGA).
    var distances: [Double] = [], heights: [Double] = []
    for (k, point) in points.enumerated() {
      if let height = point.altitude { distances.append(along[k]); heights.append(height) }
    }
    guard distances.count >= 2 else {
      throw refuse("heights at 2 points of the recording or more", "\(distances.count) of \(points.count) points with a height")
    }
    let (grid, sampled) = ElevationProfile.averaged(distances: distances, heights: heights, total: along[along.count - 1], window: heightWindow)
    if let outside = sampled.first(where: { !(-500...9000).contains($0) }) {
      throw refuse("heights from -500 to 9000 m (averaged over \(Int(heightWindow)) m)", "\(outside) m")
    }
    let start = sampled[0]
    let rises = sampled.map { $0 - start }
    if let problem = ElevationProfile.problem(distances: grid, rises: rises) {
      throw refuse("heights that climb at most 100 % (averaged over \(Int(heightWindow)) m)", "\(problem.found) at \(Int(grid[problem.point])) m along the route")
    }
    return (start, zip(grid, rises).map { (distance: $0, rise: $1) })
  }

  /// The recording a scenario names at `node` (field `field`), relative to the scenario file; `format`
  /// is a recording format's name (`gpx`), anything else (`recording`) detects it.
  /// - Throws: ``SpecError`` naming the field when the file is missing, not regular or not a recording.
  static func read(_ reference: String, field: String, format: String, at node: Node, scenarioFile: String) throws -> Recording {
    let path = resolvedPath(reference, besideSpec: scenarioFile)
    do throws(InputFile.Refusal) { close(try InputFile.open(path).descriptor) } catch {
      throw SpecError(
        field: field, line: node.mark?.line, column: node.mark?.column, expected: "a regular recording file (relative to the scenario file)",
        found: "'\(path)': \(error.found)")
    }
    do {
      return try (RecordingFormat(rawValue: format) ?? RecordingFormat.detect(path)).read(path)
    } catch let error as RecordingError {
      // Where and what was expected, never what was found: the file may be anything but a recording
      // (a key, a password file), and a scenario can come from someone else.
      throw SpecError(
        field: field, line: node.mark?.line, column: node.mark?.column, expected: "a readable recording",
        found: "'\(path)'\(error.place.map { " at \($0)" } ?? ""), which is not one (expected \(error.expected))")
    }
  }
}
