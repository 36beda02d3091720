import Foundation
import Simulation
import Testing
import TrackCore

@Suite struct RouteAndMotionTests {
  let origin = GeodeticPosition(latitude: 51.5, longitude: -0.1)

  @Test func trackLapIs400mInLaneOne() throws {
    let lap = try RouteSpec(origin: origin, shape: .track400m(laps: 1, lane: 1)).path().length
    #expect(abs(lap - 400) < 0.01, "\(lap) m")
    let eight = try RouteSpec(origin: origin, shape: .track400m(laps: 8, lane: 1)).path()
    #expect(abs(eight.length - 8 * lap) < 1e-9)
    #expect(eight.point(at: 0).distance(to: eight.point(at: eight.length)) < 1e-9)
    // Lane 2 is measured 0.20 m from its inner line: radius 36.80 + 1.12 m more, 2π·1.12 = 7.04 m longer.
    let lane2 = try RouteSpec(origin: origin, shape: .track400m(laps: 1, lane: 2)).path().length
    #expect(abs(lane2 - lap - 2 * .pi * 1.12) < 1e-9)
  }

  @Test func gridCornersAreRoundedWithTheSetRadius() throws {
    let path = try RouteSpec(origin: origin, shape: .grid(blocksEast: 3, blocksNorth: 2, block: 100, laps: 1), cornerRadius: 4).path()
    let arcs = path.segments.compactMap { segment -> Double? in
      if case .arc(_, let radius, _, let sweep) = segment { #expect(abs(abs(sweep) - .pi / 2) < 1e-9, "90° corners"); return radius }
      return nil
    }
    #expect(arcs.count == 8 && arcs.allSatisfy { $0 == 4 })
    // Rows 300 + 300 + 400 m (the last out past the grid), connectors 100 + 100, back round the outside
    // 300 + 400 + 100 m: 2000 m, less 8 fillets of 2r − πr/2.
    let fillet: Double = 2 * 4 - Double.pi * 4 / 2
    let expected: Double = 2000 - 8 * fillet
    #expect(abs(path.length - expected) < 1e-9, "\(path.length) vs \(expected)")
  }

  @Test func switchbacksAreLegsAndHairpins() throws {
    let path = try RouteSpec(origin: origin, shape: .switchbacks(legs: 6, leg: 150, spacing: 20, bearing: 0)).path()
    #expect(abs(path.length - (6 * 150 + 5 * .pi * 10)) < 1e-9)
    let end = path.point(at: path.length)
    #expect(abs(end.east + 100) < 1e-9 && abs(end.north) < 1e-9, "six legs end 5 × 20 m to the left, back at the start line")
  }

  @Test func splineRoutePassesNearItsWaypoints() throws {
    let points = [PlanarPoint(east: 0, north: 0), .init(east: 200, north: 50), .init(east: 400, north: 0), .init(east: 600, north: 120)]
    let path = try RouteSpec(origin: origin, shape: .waypoints(points), smoothing: .spline).path()
    for p in points { #expect(path.distance(from: p, alongRange: 0...path.length) < 0.05) }
    #expect(path.segments.allSatisfy { !$0.isTurn && $0.length <= 1 })
  }

  @Test func degreeWaypointsLandOnTheirCoordinates() throws {
    let yaml = """
      name: deg
      route:
        origin: { latitude: 51.5, longitude: -0.1 }
        waypoints_deg: [[51.5, -0.1], [51.501, -0.1], [51.501, -0.098]]
      """
    let scenario = try ScenarioLoader.parse(yaml, file: "deg.yaml")
    guard case .waypoints(let points) = scenario.route.shape else { Issue.record("not waypoints"); return }
    #expect(points[0].distance(to: PlanarPoint(east: 0, north: 0)) < 1e-6)
    #expect(abs(points[1].north - 111.26) < 0.1, "0.001° of latitude ≈ 111.26 m at 51.5°")
    #expect(abs(points[2].east - 138.8) < 0.2)
  }

  @Test func zonesMustLieOnTheRoute() {
    let route = RouteSpec(
      origin: origin, shape: .outAndBack(length: 500, bearing: 0),
      zones: [PathZone(kind: .tunnel, from: 900, to: 1200)])
    #expect(throws: SpecError.self) { try route.path() }
  }

  func engine(_ pace: PaceSpec, length: Double = 1000, activity: Activity = .running) throws -> ScenarioEngine {
    try ScenarioEngine(Scenario(
      name: "m", activity: activity,
      route: RouteSpec(origin: origin, shape: .waypoints([.init(east: 0, north: 0), .init(east: length, north: 0)])), pace: pace))
  }

  @Test func startingFromStandstillCostsHalfTheRampTime() throws {
    // 4 m/s at 1 m/s²: the 4 s ramp covers 8 m, so the run takes L/v + v/(2a) = 250 + 2 s.
    let truth = try engine(PaceSpec(profile: .steady(secondsPerKilometer: 250), maxAcceleration: 1)).truth
    #expect(abs(truth.duration - 252) < 0.02, "\(truth.duration)")
    #expect(abs(truth.speed(at: 100) - 4) < 1e-12)
    #expect(truth.knotTimes.count < 60, "steady stretches are one knot interval")
  }

  @Test func stopsAreExactAndBraked() throws {
    let truth = try engine(PaceSpec(profile: .steady(secondsPerKilometer: 250), stops: [.init(at: 500, seconds: 30)], maxAcceleration: 1)).truth
    #expect(truth.distance(at: 140) == 500 || abs(truth.distance(at: 140) - 500) < 1e-9)
    let arrive = truth.knotTimes[truth.knotDistances.firstIndex { $0 == 500 }!]
    #expect(truth.distance(at: arrive + 29.9) == 500)
    #expect(truth.speed(at: arrive - 0.05) < 0.5, "braked before the stop")
    #expect(truth.stops.count == 1 && abs(truth.stops[0].upperBound - truth.stops[0].lowerBound - 30) < 1e-9)
    #expect(truth.stops[0].lowerBound == arrive, "the truth annotates the stop")
    // Braking and re-accelerating cost about v/a = 4 s more than the stop itself.
    #expect(abs(truth.duration - (252 + 30 + 4)) < 1, "\(truth.duration)")
  }

  /// When the truth reaches distance `s`, by bisection.
  func time(_ truth: TruthTrack, at s: Double) -> Double {
    var low = 0.0, high = truth.duration
    for _ in 0..<60 {
      let mid = (low + high) / 2
      if truth.distance(at: mid) < s { low = mid } else { high = mid }
    }
    return high
  }

  @Test func paceProfiles() throws {
    let intervals = try engine(PaceSpec(profile: .intervals(fastSecondsPerKilometer: 200, fastMeters: 400, easySecondsPerKilometer: 400, easyMeters: 200)), length: 1200).truth
    #expect(abs(intervals.speed(at: time(intervals, at: 200)) - 5) < 1e-9, "fast 400 m at 3:20 /km")
    #expect(abs(intervals.speed(at: time(intervals, at: 500)) - 2.5) < 1e-9, "then easy 200 m at 6:40 /km")
    #expect(abs(intervals.speed(at: time(intervals, at: 800)) - 5) < 1e-9, "and fast again")
    let fatigue = try engine(PaceSpec(profile: .fatigue(startSecondsPerKilometer: 300, driftSecondsPerKilometerPerKilometer: 30)), length: 5000).truth
    #expect(fatigue.speed(at: fatigue.duration - 5) < fatigue.speed(at: 60))
    let split = try engine(PaceSpec(profile: .negativeSplit(firstHalfSecondsPerKilometer: 330, secondHalfSecondsPerKilometer: 300)), length: 2000).truth
    #expect(abs(split.speed(at: 100) - 1000.0 / 330) < 1e-9 && abs(split.speed(at: split.duration - 10) - 1000.0 / 300) < 1e-9)
  }

  @Test func stopsBeyondTheRouteAreRejected() {
    #expect(throws: SpecError.self) { try engine(PaceSpec(profile: .steady(secondsPerKilometer: 300), stops: [.init(at: 2000, seconds: 5)])) }
  }
}
