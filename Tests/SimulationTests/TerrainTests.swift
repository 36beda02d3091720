import Foundation
import Simulation
import Testing
import TrackCore

/// Terrain in the truth (`route.elevation`): parsed from a profile or from grades, refused with the
/// field named, and followed by the receiver's altitude; a route without one is flat as before.
@Suite struct TerrainTests {
  static func scenario(elevation: String, vertical: Bool = true) -> String {
    """
    name: hill
    seed: 5
    trials: 1
    route:
      origin: { latitude: 40, longitude: -3, height_m: 600 }
      out_and_back: { length_m: 1000 }
    \(elevation.isEmpty ? "" : "  elevation: " + elevation)
    pace:
      steady: { per_km: "5:00" }
    receiver:
      rate_hz: 1
    \(vertical ? "  vertical: { sigma_m: 2, tau_s: 30, reported_m: 4 }" : "")
    """
  }

  func refusal(_ elevation: String) -> String? {
    do {
      _ = try ScenarioLoader.parse(Self.scenario(elevation: elevation), file: "t.yaml")
      return nil
    } catch { return "\(error)" }
  }

  @Test func aProfileOrGradesBecomeTheTruthsTerrain() throws {
    let byProfile = try ScenarioLoader.parse(Self.scenario(elevation: "{ profile_m: [[0, 0], [1000, 50], [2000, 0]] }"), file: "t.yaml")
    let byGrades = try ScenarioLoader.parse(Self.scenario(elevation: "{ grades_percent: [[1000, 5], [1000, -5]] }"), file: "t.yaml")
    #expect(byProfile.route.elevation == byGrades.route.elevation)
    let engine = try ScenarioEngine(byProfile)
    #expect(engine.truth.elevation(atDistance: 500) == 625 && engine.truth.elevation(atDistance: 1000) == 650)
    #expect(engine.truth.elevation?.ascentAndDescent() ?? (0, 0) == (50, 50))
  }

  @Test func theReceiversAltitudeFollowsTheTerrain() throws {
    let engine = try ScenarioEngine(try ScenarioLoader.parse(Self.scenario(elevation: "{ profile_m: [[0, 0], [1000, 50], [2000, 0]] }"), file: "t.yaml"))
    var buffer = ObservationBuffer()
    var fixes: [LocalFix] = []
    engine.observe(trial: 0, into: &fixes, buffer: &buffer)
    #expect(fixes.count > 500)
    var errors: [Double] = []
    for (i, fix) in fixes.enumerated() {
      let truth = engine.truth.elevation(atDistance: buffer.truth[i].distance)
      #expect(buffer.truth[i].rise + 600 == truth)
      errors.append(fix.altitude - truth)
    }
    // The error is the receiver's vertical error alone (σ 2 m): centred, small, not the hill's 50 m.
    let mean = errors.reduce(0, +) / Double(errors.count)
    #expect(abs(mean) < 2 && errors.allSatisfy { abs($0) < 12 }, "mean \(mean)")
    let top = fixes[fixes.count / 2].altitude
    #expect(top > 640, "at the turn the runner is 50 m up: \(top)")
  }

  @Test func aFlatRouteHasNoTerrain() throws {
    let engine = try ScenarioEngine(try ScenarioLoader.parse(Self.scenario(elevation: ""), file: "t.yaml"))
    #expect(engine.truth.elevation == nil && engine.truth.elevation(atDistance: 700) == 600)
    var buffer = ObservationBuffer()
    var fixes: [LocalFix] = []
    engine.observe(trial: 0, into: &fixes, buffer: &buffer)
    #expect(buffer.truth.allSatisfy { $0.rise == 0 })
  }

  @Test func aBadProfileIsOneErrorNamingTheField() {
    let cases: [(String, String)] = [
      ("{ profile_m: [[0, 0], [500, 10], [400, 10]] }", "route.elevation.profile_m[2]"),
      ("{ profile_m: [[0, 0], [500, .nan]] }", "route.elevation.profile_m[1]"),
      ("{ grades_percent: [[100, 300]] }", "route.elevation.grades_percent[0]"),
      ("{ grades_percent: [[0, 5]] }", "route.elevation.grades_percent[0]"),
      ("{ profile_m: [[0, 0], [10, 20]] }", "route.elevation.profile_m[1]"),
      ("{ profile_m: [[0, 0], [100000, 9000]] }", "route.elevation.profile_m[1]"),
      ("{ profile_m: [[10, 0], [100, 0]] }", "route.elevation.profile_m[0]"),
      ("{ profile_m: [[0, 0], [100, 1]], grades_percent: [[100, 1]] }", "route.elevation"),
      ("{ slope: 3 }", "route.elevation"),
      ("recorded", "route.elevation: expected profile_m or grades_percent (elevation: recorded only on a route from a recording"),
    ]
    for (elevation, field) in cases {
      let message = refusal(elevation)
      #expect(message?.contains(field) == true, "\(elevation): \(message ?? "accepted")")
    }
    #expect(refusal("{ profile_m: [[0, 0], [100, 5], [300, -5]] }") == nil)
  }
}
