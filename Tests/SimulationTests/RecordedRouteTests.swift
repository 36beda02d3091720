import Foundation
import Testing
import TrackCore
import TrackIO

@testable import Simulation

/// `route: { gpx: FILE }` and friends: a recording's positions become the route.
@Suite struct RecordedRouteTests {
  func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-route-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aGPXRouteRelativeToTheScenarioFile() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("runs"), withIntermediateDirectories: true)
    // 1 km due north in 10 m steps, with a point repeated (a standing receiver) that must be dropped.
    var points = (0...100).map { i in String(format: "<trkpt lat=\"%.9f\" lon=\"7\"><time>2026-01-01T07:%02d:%02dZ</time></trkpt>", 45 + Double(i) * 10 / 111_132.0, i / 60, i % 60) }
    points.insert(points[50].replacingOccurrences(of: "07:00:50", with: "07:00:50.5"), at: 51)
    let gpx = "<gpx version=\"1.1\"><trk><trkseg>\(points.joined())</trkseg></trk></gpx>"
    try gpx.write(to: folder.appendingPathComponent("runs/north.gpx"), atomically: true, encoding: .utf8)
    let yaml = "name: north\nroute: { gpx: runs/north.gpx, corner_radius_m: 0 }\npace: { steady: { per_km: \"5:00\" } }\n"
    let file = folder.appendingPathComponent("north.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    let scenario = try ScenarioLoader.load(file: file.path)
    #expect(abs(scenario.route.origin.latitude - 45) < 1e-9 && scenario.route.origin.longitude == 7, "the first point is the origin")
    guard case .waypoints(let waypoints) = scenario.route.shape else { Issue.record("expected waypoints"); return }
    #expect(waypoints.count == 101, "the repeated point is dropped")
    let engine = try ScenarioEngine(scenario)
    #expect(abs(engine.truth.totalDistance - 1000) < 1, "\(engine.truth.totalDistance) m")
  }

  @Test func aMissingOrUnreadableRecordingNamesTheKey() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (route, message) in [
      ("{ gpx: nowhere.gpx }", "route.gpx: expected a regular recording file"),
      ("{ gpx: /dev/zero }", "route.gpx: expected a regular recording file"),
      ("{ tcx: bad.tcx }", "route.tcx: expected a readable recording"),
      ("{ gpx: a.gpx, fit: b.fit }", "route.gpx: expected one recording file name"),
    ] {
      try "<TrainingCenterDatabase/>".write(to: folder.appendingPathComponent("bad.tcx"), atomically: true, encoding: .utf8)
      let file = folder.appendingPathComponent("r.yaml")
      try "name: r\nroute: \(route)\n".write(to: file, atomically: true, encoding: .utf8)
      let error = #expect(throws: ScenarioFileError.self) { try ScenarioLoader.load(file: file.path) }
      #expect(error?.description.contains("r.yaml:2:") == true && error?.description.contains(message) == true, "\(String(describing: error))")
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real").path), "../shared/data/real is absent"))
  func theSharedParkLoopAsARoute() throws {
    let tcx = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real/runpandas/2020-12-04T19_09_21-300_Running.tcx").path
    let yaml = "name: recife\nroute: { tcx: '\(tcx)' }\npace: { steady: { per_km: \"6:00\" } }\nreceiver: { preset: phone-open-sky }\n"
    let scenario = try ScenarioLoader.parse(yaml, file: "recife.yaml")
    let engine = try ScenarioEngine(scenario)
    // The recorded path (10 laps of about 1 km, raw length 10,444 m) thinned to 2 m and rounded at corners.
    #expect(engine.truth.totalDistance > 9_000 && engine.truth.totalDistance < 10_600, "\(engine.truth.totalDistance) m")
  }
}
