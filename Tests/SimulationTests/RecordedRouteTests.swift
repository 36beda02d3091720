import Foundation
import Testing
import TrackCore
import TrackIO

import Simulation

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
    var points = (0...100).map { (i: Int) -> String in
      let latitude: Double = 45 + Double(i) * 10 / 111_132.0
      return String(format: "<trkpt lat=\"%.9f\" lon=\"7\"><time>2026-01-01T07:%02d:%02dZ</time></trkpt>", latitude, i / 60, i % 60)
    }
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

  /// With `elevation: recorded` the heights of a recorded route become its terrain, averaged over 50 m
  /// of path and sampled every 50 m; without, the route stays flat (a file that loaded means what it
  /// meant); no heights, or heights that jump like cliffs, are refused naming `route.elevation`.
  @Test func aRecordedRoutesHeightsBecomeItsTerrain() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 1 km due north in 10 m steps climbing 5 % (50 m), each height off by ±2 m in turn (a GPS height's wobble).
    func gpx(_ height: (Int) -> Double?) -> String {
      let points = (0...100).map { i in
        let ele = height(i).map { "<ele>\($0)</ele>" } ?? ""
        return String(format: "<trkpt lat=\"%.9f\" lon=\"7\">%@<time>2026-01-01T07:%02d:%02dZ</time></trkpt>", 45 + Double(i) * 10 / 111_132.0, ele, i / 60, i % 60)
      }
      return "<gpx version=\"1.1\"><trk><trkseg>\(points.joined())</trkseg></trk></gpx>"
    }
    func load(_ text: String, recorded: Bool = true) throws -> Scenario {
      try text.write(to: folder.appendingPathComponent("hill.gpx"), atomically: true, encoding: .utf8)
      let file = folder.appendingPathComponent("hill.yaml")
      let route = recorded ? "{ gpx: hill.gpx, elevation: recorded }" : "{ gpx: hill.gpx }"
      try "name: hill\nroute: \(route)\npace: { steady: { per_km: \"5:00\" } }\n".write(to: file, atomically: true, encoding: .utf8)
      return try ScenarioLoader.load(file: file.path)
    }
    let climbing = try load(gpx { i in 300 + Double(i) * 0.5 + (i % 2 == 0 ? 2 : -2) })
    let engine = try ScenarioEngine(climbing)
    let start = climbing.route.origin.height
    #expect(abs(start - 301.25) < 0.5, "the origin's height is the first averaged height: \(start)")
    #expect(abs(engine.truth.elevation(atDistance: 500) - 325) < 1, "\(engine.truth.elevation(atDistance: 500))")
    // Raw, the wobble reads as 225 m of climb; averaged and sampled every 50 m, the hill's 50 m is left.
    let (ascent, descent) = engine.truth.elevation?.ascentAndDescent() ?? (0, 0)
    #expect(ascent > 45 && ascent < 55 && descent < 2, "averaging keeps the climb and cuts the wobble: \(ascent) up, \(descent) down")
    #expect(try load(gpx { i in 300 + Double(i) }, recorded: false).route.elevation == nil, "without elevation: recorded, flat")
    let none = #expect(throws: ScenarioFileError.self) { try load(gpx { _ in nil }) }
    #expect(none?.description.contains("route.elevation: expected heights at 2 points of the recording or more") == true, "\(String(describing: none))")
    let cliff = #expect(throws: ScenarioFileError.self) { try load(gpx { i in i >= 50 ? 900 : 300 }) }
    #expect(cliff?.description.contains("route.elevation: expected heights that climb at most 100 %") == true, "\(String(describing: cliff))")
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
