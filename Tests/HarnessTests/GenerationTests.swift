import Foundation
import Harness
import Simulation
import Testing
import TrackCore

/// `generate`'s truth carries the terrain: its altitude is the route's elevation at each sample, on a
/// route with `elevation:` even when the receiver reports no altitude; a flat route without a vertical
/// receiver has none.
@Suite struct GenerationTests {
  /// 1 km out and back from 600 m, built in code (the file syntax is `TerrainTests`' matter).
  static func engine(terrain: ElevationProfile?, vertical: Bool) throws -> ScenarioEngine {
    let route = RouteSpec(
      origin: GeodeticPosition(latitude: 40, longitude: -3, height: 600), shape: .outAndBack(length: 1000, bearing: 0), elevation: terrain)
    return try ScenarioEngine(Scenario(
      name: "hill", seed: 5, trials: 1, route: route, pace: .steady(secondsPerKilometer: 300),
      receiver: ReceiverSpec(vertical: vertical ? ReceiverSpec.Vertical(sigma: 2) : nil)))
  }

  @Test func theTruthsAltitudeIsTheTerrain() throws {
    for vertical in [true, false] {
      let run = try Generation.run(try Self.engine(terrain: ElevationProfile(segments: [(1000, 0.05), (1000, -0.05)]), vertical: vertical), trial: 0)
      let altitudes = run.truth.compactMap(\.altitude)
      #expect(altitudes.count == run.truth.count)
      #expect(altitudes.first == 600 && abs((altitudes.max() ?? 0) - 650) < 1 && abs((altitudes.last ?? 0) - 600) < 1e-9)
    }
    let flat = try Generation.run(try Self.engine(terrain: nil, vertical: false), trial: 0)
    #expect(flat.truth.allSatisfy { $0.altitude == nil })
    let flatWithAltitude = try Generation.run(try Self.engine(terrain: nil, vertical: true), trial: 0)
    #expect(flatWithAltitude.truth.allSatisfy { $0.altitude == 600 })
  }
}
