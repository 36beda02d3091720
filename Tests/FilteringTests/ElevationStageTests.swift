import Filtering
import Foundation
import Testing
import TrackBenchTestSupport
import TrackCore

/// The elevation stages worked by hand: hysteresis, smoothing, the barometer's height and its anchor;
/// positions never move.
@Suite struct ElevationStageTests {
  func fixes(_ altitudes: [Double], pressures: [Float] = []) -> [LocalFix] {
    altitudes.enumerated().map { i, altitude in
      LocalFix(
        time: Double(i), east: Double(i), north: 0, horizontalAccuracy: 3, altitude: altitude, verticalAccuracy: 5,
        pressure: pressures.isEmpty ? 0 : pressures[i])
    }
  }

  func run(_ text: String, _ input: [LocalFix]) throws -> [LocalFix] { try Strategy(parsing: text).run(over: input) }

  @Test func hysteresisMovesOnlyOnceTheChangeReachesTheThreshold() throws {
    let out = try run("altitude-hysteresis(threshold_m: 5)", fixes([0, 2, 4, 6, 3, 0, -1, 4.9, -1]))
    let heldAltitudes: [Double] = [0, 0, 0, 6, 6, 0, 0, 0, 0]
    #expect(out.map(\.altitude) == heldAltitudes)
    // The sum of rises is then the gain apps count: 6 m, not the 6 + 4.9 + 5.9 m of the raw wobble.
    #expect(out.map(\.east) == (0..<9).map(Double.init))
  }

  @Test func smoothingIsExponentialInTime() throws {
    let out = try run("altitude-smooth(tau_s: 10)", fixes([0, 10, 10]))
    let k = 1 - exp(-0.1)
    #expect(out[0].altitude == 0)
    #expect(abs(out[1].altitude - 10 * k) < 1e-12)
    #expect(abs(out[2].altitude - (10 * k + k * (10 - 10 * k))) < 1e-12)
    #expect(try run("altitude-smooth(tau_s: 0)", fixes([0, 10, 3])).map(\.altitude) == [0, 10, 3])
  }

  @Test func theBarometersHeightAndItsAnchorToGPS() throws {
    let pressures: [Float] = [1013.25, 1012.25, 1012.25]
    let alone = try run("barometer-altitude", fixes([100, 100, 130], pressures: pressures))
    #expect(abs(alone[0].altitude) < 1e-3 && abs(alone[1].altitude - 8.32) < 0.01 && abs(alone[2].altitude - 8.32) < 0.01)
    // Anchored: the first fix takes GPS's level; each later gap (GPS − barometer) pulls the offset in
    // with time constant 10 s, 1 s apart.
    let anchored = try run("barometer-altitude(anchor_s: 10)", fixes([100, 100, 130], pressures: pressures))
    let k = 1 - exp(-0.1)
    var offset = 100 - alone[0].altitude
    #expect(abs(anchored[0].altitude - 100) < 1e-9)
    for (i, gps) in [(1, 100.0), (2, 130.0)] {
      offset += k * (gps - alone[i].altitude - offset)
      #expect(abs(anchored[i].altitude - (alone[i].altitude + offset)) < 1e-9)
    }
    // No pressure: no altitude recorded, the fix kept.
    let none = try run("barometer-altitude", fixes([100]))
    #expect(none.count == 1 && none[0].verticalAccuracy < 0)
  }

  @Test func aPositionFilterCarriesAltitudeToTheStagesAfterIt() throws {
    let input = fixes([0, 2, 9, 9, 2], pressures: [1000, 1000, 999, 999, 1000])
    let out = try run("kalman | altitude-hysteresis(5)", input)
    #expect(out.map(\.altitude) == [0, 0, 9, 9, 2])
    #expect(out.map(\.pressure) == input.map(\.pressure))
  }

  @Test func everyElevationStageKeepsTheLaws() throws {
    for text in ["barometer-altitude", "barometer-altitude(anchor_s: 300) | altitude-smooth(5) | altitude-hysteresis(1)", "altitude-hysteresis(3)", "altitude-smooth(10)"] {
      let strategy = try Strategy(parsing: text)
      #expect(StrategyLaws.applying(to: strategy).contains("rewrites altitude alone"))
      for (law, broken, _) in StrategyLaws.check(strategy) { #expect(broken.isEmpty, "\(text): \(law): \(broken)") }
    }
    // The law can fail: an elevation stage that moves the track breaks it.
    let moving = StrategyLaws.check(.streaming(StreamingFilter(MovesTheTrack())))
    #expect(moving.contains { $0.law == "rewrites altitude alone" && !$0.broken.isEmpty })
  }
}

/// An elevation stage that breaks its promise: it shifts every fix 1 m east.
struct MovesTheTrack: ElevationStage, CatalogueStrategy {
  static let name = "moves-the-track"
  static let summary = "test"
  init() {}
  init(parameters: ParameterValues) {}
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    point.east += 1
    return point
  }
}
