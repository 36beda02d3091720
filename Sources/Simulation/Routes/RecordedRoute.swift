import Foundation
import TrackCore
import TrackIO
import Yams

/// A route taken from a recording: `route: { gpx: FILE }` (or `tcx:`, `fit:`, `recording:` for any
/// readable format), the path relative to the scenario file. The recording's positions become
/// `waypoints_deg` (a point within ``minimumSpacing`` metres of the last one kept is dropped, so a
/// standing receiver adds no zig-zag to the route) and its first point the `origin`, unless the
/// scenario gives one; `corner_radius_m` defaults to 0 (the recording's own points draw its corners).
/// Times, speeds and heights are not used: the pace comes from `pace:`.
enum RecordedRoute {
  static let keys = ["gpx", "tcx", "fit", "recording"]
  /// Metres between kept points, at least.
  static let minimumSpacing = 2.0

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
    if mapping["origin"] == nil, let first = kept.first {
      mapping["origin"] = .mapping(Node.Mapping([
        (Node("latitude"), Node(String(first.latitude))), (Node("longitude"), Node(String(first.longitude))),
      ]))
    }
    return .mapping(mapping)
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
