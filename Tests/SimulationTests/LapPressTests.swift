import Foundation
import Simulation
import Testing
import TrackCore

/// The runner's lap presses on a track: one per crossing at the first fix after it, late by the delay,
/// forgotten as often as asked, on their own stream; the claimed speed accuracy on every Doppler fix.
@Suite struct LapPressTests {
  static func engine(presses: String) throws -> ScenarioEngine {
    let text = """
      name: track
      seed: 9
      trials: 2
      activity: running
      route:
        origin: { latitude: 52, longitude: 5 }
        track_400m: { laps: 5, lane: 1\(presses) }
      pace:
        steady: { per_km: "4:00" }
      receiver:
        rate_hz: 1
        doppler: { speed_sigma_mps: 0.1, reported_mps: 0.25 }
      """
    return try ScenarioEngine(try ScenarioLoader.parse(text, file: "track.yaml"))
  }

  @Test func eachCrossingIsPressedOnTheFirstFixAfterIt() throws {
    let plain = try Self.engine(presses: "").observe(trial: 1)
    let engine = try Self.engine(presses: ", lap_presses: { delay_s: 0.5, sd_s: 0 }")
    let pressed = engine.observe(trial: 1)
    #expect(plain.count == pressed.count)
    // Nothing but the marks changes.
    #expect(zip(plain, pressed).allSatisfy { $0.time == $1.time && $0.east == $1.east && $0.speed == $1.speed })
    let presses = pressed.indices.filter { pressed[$0].marks.contains(.lapPress) }
    // Laps 1-4 pressed; the fifth press comes after the run's last fix and is lost.
    #expect(presses.count == 4)
    for (k, index) in presses.enumerated() {
      let press = try #require(engine.truth.time(atDistance: Double(k + 1) * 400)) + 0.5
      #expect(pressed[index].time >= press && pressed[index - 1].time < press)
    }
    #expect(pressed.allSatisfy { $0.speed < 0 || $0.speedAccuracy == 0.25 })
    #expect(plain.allSatisfy { $0.marks.isEmpty })
  }

  @Test func forgottenPressesAreLeftOut() throws {
    let all = try Self.engine(presses: ", lap_presses: { missed_percent: 100 }").observe(trial: 0)
    #expect(all.allSatisfy { !$0.marks.contains(.lapPress) })
    #expect(throws: (any Error).self) { try Self.engine(presses: ", lap_presses: { missed_percent: 120 }") }
  }
}
