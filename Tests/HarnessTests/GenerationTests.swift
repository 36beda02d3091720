import Foundation
import Harness
import Simulation
import Testing
import TrackCore

/// `generate`'s truth carries the terrain: its altitude is the route's elevation at each sample, on a
/// route with `elevation:` even when the receiver reports no altitude; a flat route without a vertical
/// receiver has none.
@Suite struct GenerationTests {
  static func engine(elevation: String, vertical: Bool) throws -> ScenarioEngine {
    let yaml = """
      name: hill
      seed: 5
      trials: 1
      route:
        origin: { latitude: 40, longitude: -3, height_m: 600 }
        out_and_back: { length_m: 1000 }
      \(elevation.isEmpty ? "" : "  elevation: " + elevation)
      pace:
        steady: { per_km: "5:00" }
      \(vertical ? "receiver: { vertical: { sigma_m: 2 } }" : "")
      """
    return try ScenarioEngine(try ScenarioLoader.parse(yaml, file: "t.yaml"))
  }

  @Test func theTruthsAltitudeIsTheTerrain() throws {
    for vertical in [true, false] {
      let run = try Generation.run(try Self.engine(elevation: "{ grades_percent: [[1000, 5], [1000, -5]] }", vertical: vertical), trial: 0)
      let altitudes = run.truth.compactMap(\.altitude)
      #expect(altitudes.count == run.truth.count)
      #expect(altitudes.first == 600 && abs((altitudes.max() ?? 0) - 650) < 1 && abs((altitudes.last ?? 0) - 600) < 1e-9)
    }
    let flat = try Generation.run(try Self.engine(elevation: "", vertical: false), trial: 0)
    #expect(flat.truth.allSatisfy { $0.altitude == nil })
    let flatWithAltitude = try Generation.run(try Self.engine(elevation: "", vertical: true), trial: 0)
    #expect(flatWithAltitude.truth.allSatisfy { $0.altitude == 600 })
  }
}
