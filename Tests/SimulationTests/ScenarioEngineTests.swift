import Foundation
import Simulation
import Testing
import TrackCore

@Suite struct ScenarioEngineTests {
  let origin = GeodeticPosition(latitude: 40, longitude: -3)

  @Test func loopLengthIsExactAndLapsClose() throws {
    // A 200 × 100 m rectangle with 5 m corners: perimeter 600 − 4·(2r − πr/2).
    let route = RouteSpec(
      origin: origin,
      shape: .loop(waypoints: [.init(east: 0, north: 0), .init(east: 200, north: 0), .init(east: 200, north: 100), .init(east: 0, north: 100)], laps: 3),
      cornerRadius: 5)
    let path = try route.path()
    let lap = 600 - 4 * (10 - 5 * Double.pi / 2)
    #expect(abs(path.length - 3 * lap) < 1e-9)
    let start = path.point(at: 0), end = path.point(at: path.length)
    #expect(start.distance(to: end) < 1e-9)
    // Corner arcs have the set radius: the last corner's mid-arc point is r from the centre (r, r)
    // and r·(√2 − 1) from the vertex it rounds.
    let cornerMid = path.point(at: lap - 5 * Double.pi / 4)
    #expect(abs(PlanarPoint(east: 5, north: 5).distance(to: cornerMid) - 5) < 1e-9)
    #expect(abs(PlanarPoint(east: 0, north: 0).distance(to: cornerMid) - 5 * (2.0.squareRoot() - 1)) < 1e-9)
  }

  @Test func outAndBackTurnsAround() throws {
    let path = try RouteSpec(origin: origin, shape: .outAndBack(length: 1000, bearing: 90), cornerRadius: 2).path()
    #expect(abs(path.length - (2000 + 2 * .pi)) < 1e-9)
    let end = path.point(at: path.length)
    #expect(abs(end.east) < 1e-9 && abs(end.north - 4) < 1e-9, "back on a parallel line 2r over")
  }

  @Test func reversalsAndCoincidentWaypointsAreRejected() {
    #expect(throws: SpecError.self) {
      try RouteSpec(origin: origin, shape: .waypoints([.init(east: 0, north: 0), .init(east: 100, north: 0), .init(east: 0, north: 0)])).path()
    }
    #expect(throws: SpecError.self) {
      try RouteSpec(origin: origin, shape: .waypoints([.init(east: 0, north: 0), .init(east: 0, north: 0)])).path()
    }
  }

  @Test func fixesFollowTheReceiverAndAreDeterministic() throws {
    let scenario = try ScenarioLoader.parse(validScenario, file: "t.yaml")
    let engine = try ScenarioEngine(scenario)
    let a = engine.observe(trial: 1)
    #expect(a == engine.observe(trial: 1))
    #expect(a != engine.observe(trial: 0))
    #expect(a.count == engine.fixCount)
    #expect(zip(a, a.dropFirst()).allSatisfy { $0.time < $1.time })
    #expect(a.first!.time == 0 && a.last!.time <= engine.truth.duration)
    #expect(a.allSatisfy { $0.horizontalAccuracy >= 1 && $0.east.isFinite && $0.north.isFinite })
  }

  @Test func noiseFreeFixesLieOnTheTruth() throws {
    var scenario = try ScenarioLoader.parse(validScenario, file: "t.yaml")
    scenario.noise = []
    let engine = try ScenarioEngine(scenario)
    for fix in engine.observe(trial: 0) {
      let truth = engine.truth.point(at: fix.time)
      #expect(truth.distance(to: PlanarPoint(east: fix.east, north: fix.north)) < 1e-9)
    }
  }

  @Test func jitterMovesTimesWithinBounds() throws {
    var scenario = try ScenarioLoader.parse(validScenario, file: "t.yaml")
    scenario.receiver.jitter = 0.2
    let fixes = try ScenarioEngine(scenario).observe(trial: 0)
    #expect(fixes.dropFirst().allSatisfy { abs($0.time - $0.time.rounded()) <= 0.2 + 1e-12 })
    #expect(fixes.contains { $0.time != $0.time.rounded() })
    #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $0.time < $1.time })
  }

  @Test func standingStillHasNoTrueDistance() throws {
    let scenario = Scenario(
      name: "stand", route: RouteSpec(origin: origin, shape: .waypoints([.init(east: 5, north: 5)])),
      pace: .standing(seconds: 60), noise: [NoiseStage(WhiteNoise(sigma: 1))])
    let engine = try ScenarioEngine(scenario)
    #expect(engine.truth.totalDistance == 0 && engine.fixCount == 61)
    #expect(engine.truth.point(at: 30) == PlanarPoint(east: 5, north: 5))
  }

  @Test func aSinglePointRouteNeedsAStandingPace() {
    let scenario = Scenario(name: "x", route: RouteSpec(origin: origin, shape: .waypoints([.init(east: 0, north: 0)])))
    #expect(throws: SpecError.self) { try ScenarioEngine(scenario) }
  }
}
