import Foundation
import NumericKit
import Simulation
import Testing
import TrackCore

/// Issue #23's models: reacquisition, power tables, the timeline's energy, the motion sensor and a
/// scenario's `energy:` block.
@Suite struct EnergyModelTests {
  /// The warm-start model: the first fix's error grows with the time off within a hot start, up to a
  /// warm start's; beyond the limits the start is warm, then cold.
  @Test func firstFixErrorGrowsWithTheTimeOff() throws {
    let model = try Reacquisition()
    #expect(model.firstFixError(afterOff: 0) == 3 && model.firstFixError(afterOff: 20) == 4 && model.firstFixError(afterOff: 100) == 8)
    #expect(model.firstFixError(afterOff: 10_000) == 25 && model.start(afterOff: 14_400) == .hot)
    #expect(model.start(afterOff: 14_401) == .warm && model.timeToFirstFix(afterOff: 14_401) == 20 && model.firstFixError(afterOff: 14_401) == 25)
    #expect(model.start(afterOff: 604_801) == .cold && model.timeToFirstFix(afterOff: nil) == 26 && model.firstFixError(afterOff: nil) == 50)
    #expect(abs(model.bias(initial: 10, after: 20) - 10 * exp(-3)) < 1e-12)
  }

  /// Every figure of the timeline is priced: states by time, fixes, wake-ups, coarse fixes, sensor time.
  @Test func energyPricesEveryPartOfTheTimeline() throws {
    var timeline = ReceiverTimeline()
    timeline.offSeconds = 100; timeline.acquiringSeconds = 10; timeline.trackingSeconds = 50
    timeline.fixesDelivered = 7; timeline.wakeups = 3; timeline.coarseFixes = 2; timeline.sensorSeconds = 160
    let phone = try #require(PowerTable.bundled.first { $0.name == "phone" })
    let states: Double = 0.1 * 100 + 186 * 10 + 155 * 50
    let counts: Double = 2 * 7 + 30 * 3 + 150 * 2
    let expected: Double = (states + counts + 1 * 160) / 1000
    #expect(abs(timeline.energyJoules(phone) - expected) / expected < 1e-12)
    #expect(abs(try #require(timeline.meanMilliwatts(phone)) - expected * 1000 / 160) < 1e-9)
    let on = ReceiverTimeline.alwaysOn(seconds: 60, fixes: 60)
    let onJoules: Double = (155 * 60 + 2 * 60 + 30 * 60) / 1000
    #expect(abs(on.energyJoules(phone) - onJoules) < 1e-12)
  }

  /// A power table names the field that is missing, negative or unknown; a reacquisition model the
  /// limits out of order.
  @Test func badFiguresNameTheirField() {
    func failure(_ values: [String: Double]) -> String {
      do {
        _ = try PowerTable(name: "mine", values: values)
        return "accepted"
      } catch { return error.message }
    }
    let complete = ["acquiring_mw": 100.0, "tracking_mw": 90, "off_mw": 0.1, "per_fix_mj": 1, "per_wakeup_mj": 5, "coarse_fix_mj": 0, "sensor_mw": 0]
    #expect(failure(complete) == "accepted")
    #expect(failure(complete.filter { $0.key != "tracking_mw" }) == "mine: missing tracking_mw; expected a number from 0 to 10000 mW")
    #expect(failure(complete.merging(["off_mw": -1]) { $1 }) == "off_mw expects a number from 0 to 1000 mW, found -1")
    #expect(failure(complete.merging(["gps_mw": 1]) { $1 }).hasPrefix("unknown parameter 'gps_mw'"))
    #expect(throws: ParameterError.self) { try Reacquisition(["hot_limit_s": 100, "warm_limit_s": 50]) }
    #expect(PowerTable.bundled.map(\.name) == ["gnss-module", "phone", "dual-frequency-phone"])
  }

  static let standing = """
    name: energy-block
    route:
      origin: { latitude: 51.5, longitude: -0.12 }
      waypoints_m: [[0, 0]]
    pace:
      standing: { seconds: 600 }

    """

  func parse(_ energy: String) throws(ScenarioFileError) -> Scenario {
    try ScenarioLoader.parse(Self.standing + energy, file: "energy.yaml")
  }

  func failure(_ energy: String) -> String {
    do {
      _ = try parse(energy)
      return "accepted"
    } catch { return "\(error)" }
  }

  /// A scenario's `energy:` block: a bundled device, a table of one's own (every field, each in range),
  /// model overrides; a bad figure is one error naming the file, line and field.
  @Test func aScenarioEnergyBlockIsCheckedFieldByField() throws {
    #expect(try parse("").energy.power.name == "phone")
    #expect(try parse("energy: { device: gnss-module }").energy.power.trackingMilliwatts == 63)
    let own = try parse(
      "energy:\n  power: { acquiring_mw: 90, tracking_mw: 70, off_mw: 0.05, per_fix_mj: 1, per_wakeup_mj: 20, coarse_fix_mj: 0, sensor_mw: 0.5 }\n  reacquisition: { hot_ttff_s: 2 }\n  motion_sensor: { latency_s: 1 }\n  coarse_fix: { error_m: 60 }"
    ).energy
    #expect(own.power.trackingMilliwatts == 70 && own.reacquisition.hotTTFF == 2 && own.motionSensor.latency == 1 && own.coarseFix.error == 60)
    let negative = failure("energy:\n  power: { acquiring_mw: 90, tracking_mw: -70, off_mw: 0.05, per_fix_mj: 1, per_wakeup_mj: 20, coarse_fix_mj: 0, sensor_mw: 0.5 }")
    #expect(negative.contains("energy.power.tracking_mw") && negative.contains(":8:") && negative.contains("-70"), "\(negative)")
    let missing = failure("energy:\n  power: { acquiring_mw: 90, tracking_mw: 70, off_mw: 0.05, per_fix_mj: 1, per_wakeup_mj: 20, coarse_fix_mj: 0 }")
    #expect(missing.contains("energy.power.sensor_mw") && missing.contains("nothing"), "\(missing)")
    let unknown = failure("energy: { device: phone, reacquisition: { hot_ttf_s: 2 } }")
    #expect(unknown.contains("energy.reacquisition.hot_ttf_s") && unknown.contains("unknown key"), "\(unknown)")
    let device = failure("energy: { device: toaster }")
    #expect(device.contains("energy.device") && device.contains("gnss-module, phone, dual-frequency-phone"), "\(device)")
    let limits = failure("energy: { reacquisition: { hot_limit_s: 100, warm_limit_s: 50 } }")
    #expect(limits.contains("warm_limit_s"), "\(limits)")
    #expect(failure("energy: { device: phone, power: { off_mw: 1 } }").contains("either device or power"))
  }

  /// The motion sensor follows the truth `latency_s` behind, with false readings drawn by seed.
  @Test func motionSensorLagsTheTruthAndFalseReadingsAreSeeded() throws {
    let scenario = try ScenarioLoader.parse(
      """
      name: stop-start
      route:
        origin: { latitude: 51.5, longitude: -0.12 }
        out_and_back: { length_m: 2000 }
      pace:
        steady: { per_km: "5:00" }
        stops: [ { at_m: 500, seconds: 120 } ]

      """, file: "s.yaml")
    let truth = try ScenarioEngine(scenario).truth
    let quiet = try MotionSensorModel(["false_moving_per_hour": 0, "latency_s": 3])
    let sensor = MotionSensorReadings(truth: truth, model: quiet, random: RandomSource(seed: 1))
    let stopStart = try #require(truth.stops.first)
    #expect(sensor.moving(at: stopStart.lowerBound + 1))  // still moving in the sensor's eyes: 3 s behind
    #expect(!sensor.moving(at: stopStart.lowerBound + 10))
    let moved = try #require(sensor.firstMoving(from: stopStart.lowerBound + 10, until: stopStart.upperBound + 60))
    #expect(moved > stopStart.upperBound && moved <= stopStart.upperBound + 5, "\(moved) after a stop ending at \(stopStart.upperBound)")
    let noisy = try MotionSensorModel(["false_moving_per_hour": 600])
    let a = MotionSensorReadings(truth: truth, model: noisy, random: RandomSource(seed: 5))
    let b = MotionSensorReadings(truth: truth, model: noisy, random: RandomSource(seed: 5))
    let times = stride(from: stopStart.lowerBound + 10, to: stopStart.upperBound, by: 0.5)
    #expect(times.map { a.moving(at: $0) } == times.map { b.moving(at: $0) })
    #expect(times.contains { a.moving(at: $0) }, "false readings while still at 600 per hour")
    // Read along a run with the knot search carried from reading to reading (and once back in time): the
    // same readings.
    var hint = 0
    let run = Array(stride(from: 0, through: truth.duration + 5, by: 0.7)) + [stopStart.lowerBound + 1, 3]
    #expect(run.map { a.moving(at: $0, hint: &hint) } == run.map { a.moving(at: $0) })
  }
}
