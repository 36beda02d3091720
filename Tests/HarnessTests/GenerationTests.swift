import Foundation
import Harness
import Simulation
import Testing
import TrackCore

/// `generate`'s truth carries the terrain: its altitude is the route's elevation at each sample, on a
/// route with `elevation:` even when the receiver reports no altitude; a flat route without a vertical
/// receiver has none.
@Suite struct GenerationTests {
  /// `export --start` read strictly, and equal to Foundation's reading wherever that is a real date.
  @Test func startTimesAreReadStrictly() throws {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    for text in ["1970-01-01T00:00:00Z", "2000-02-29T12:34:56Z", "2024-12-31T23:59:59Z", "2026-03-01T07:30:00Z", "2099-12-31T23:59:59Z", "2100-01-01T00:00:00Z"].dropLast() {
      let expected = Int64(try #require(formatter.date(from: text)).timeIntervalSince1970)
      #expect(try Generation.utcSeconds(text) == expected, "\(text)")
    }
    for text in ["2026-02-30T00:00:00Z", "2100-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2026-13-01T00:00:00Z", "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "２026-01-01T00:00:00Z"] {
      #expect(throws: OptionError.self, "\(text)") { try Generation.utcSeconds(text) }
    }
  }

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
