import Foundation
import Simulation
import Testing
import TrackCore

/// The wrist's swing: in the Doppler speed (± the amplitude) and the position (± its reach along the
/// way), resting while the runner stands, on its own stream.
@Suite struct ArmSwingTests {
  static func engine(swing: String) throws -> ScenarioEngine {
    let text = """
      name: wrist
      seed: 4
      trials: 2
      activity: walking
      route:
        origin: { latitude: 52, longitude: 5 }
        out_and_back: { length_m: 600 }
      pace:
        steady: { per_km: "10:00" }
        stops: [ { at_m: 300, seconds: 60 } ]
      receiver:
        rate_hz: 1
        doppler: { speed_sigma_mps: 0.1 }
        \(swing)
      """
    return try ScenarioEngine(try ScenarioLoader.parse(text, file: "wrist.yaml"))
  }

  @Test func theSwingIsInTheSpeedAndThePositionAndNowhereElse() throws {
    let still = try Self.engine(swing: "").observe(trial: 1)
    let engine = try Self.engine(swing: "arm_swing: { amplitude_mps: 1.6, frequency_hz: 0.9 }")
    let swung = engine.observe(trial: 1)
    #expect(still.count == swung.count && still.count > 700)
    let reach = 1.6 / (2 * Double.pi * 0.9)
    var moving: [Double] = []
    for (a, b) in zip(still, swung) {
      #expect(a.time == b.time && a.horizontalAccuracy == b.horizontalAccuracy && a.course == b.course)
      #expect(((b.east - a.east) * (b.east - a.east) + (b.north - a.north) * (b.north - a.north)).squareRoot() <= reach + 1e-9)
      let change = b.speed - a.speed
      #expect(abs(change) <= 1.6 + 1e-9)
      var hint = 0
      if engine.truth.distanceAndSpeed(at: a.time, hint: &hint).speed >= 0.5 { moving.append(change) } else { #expect(change == 0 && a.east == b.east) }
    }
    // A sine of random phase has standard deviation amplitude/√2 (1.13 m/s), mean 0.
    let mean = moving.reduce(0, +) / Double(moving.count)
    let sd = (moving.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(moving.count)).squareRoot()
    #expect(abs(mean) < 0.15 && abs(sd - 1.6 / 2.squareRoot()) < 0.15, "mean \(mean), sd \(sd)")
    // Deterministic, and each trial its own phase.
    #expect(engine.observe(trial: 1) == swung && engine.observe(trial: 0) != swung)
  }

  @Test func refusalsNameTheField() {
    #expect(throws: (any Error).self) { try Self.engine(swing: "arm_swing: { frequency_hz: 0 }") }
    #expect(throws: (any Error).self) { try Self.engine(swing: "arm_swing: { amplitude_mps: 9 }") }
    #expect(throws: (any Error).self) { try Self.engine(swing: "arm_swing: { swing: 1 }") }
  }
}
