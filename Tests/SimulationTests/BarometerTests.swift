import Foundation
import Simulation
import Testing
import TrackCore

/// The receiver's barometer: pressure at the true height, its offset, trend, step, noise, resolution
/// and rate, and refusals naming the field.
@Suite struct BarometerTests {
  static func scenario(barometer: String, stops: String = "") -> String {
    """
    name: baro
    seed: 9
    trials: 2
    route:
      origin: { latitude: 40, longitude: -3, height_m: 600 }
      out_and_back: { length_m: 1000 }
      elevation: { profile_m: [[0, 0], [1000, 50], [2000, 0]] }
    pace:
      steady: { per_km: "5:00" }
    \(stops)
    receiver:
      rate_hz: 1
      barometer: \(barometer)
    """
  }

  func fixes(_ barometer: String, trial: Int = 0) throws -> (ScenarioEngine, [LocalFix]) {
    let engine = try ScenarioEngine(try ScenarioLoader.parse(Self.scenario(barometer: barometer), file: "b.yaml"))
    return (engine, engine.observe(trial: trial))
  }

  @Test func aPerfectBarometerReadsTheTerrainsHeight() throws {
    let (engine, fixes) = try fixes("{ noise_hpa: 0, resolution_hpa: 0, offset_hpa: 0, trend_hpa_per_hour: 0 }")
    #expect(fixes.count > 500)
    for fix in fixes {
      let truth = engine.truth.elevation(atDistance: engine.truth.distance(at: fix.time))
      // Float holds 1013 hPa to 0.0001 hPa (about 1 mm); the reading is the epoch's, the stamp the same here.
      #expect(abs(StandardAtmosphere.height(atPressure: Double(fix.pressure)) - truth) < 0.02)
    }
  }

  @Test func noiseResolutionRateAndTrendShowInTheReadings() throws {
    let (_, fixes) = try fixes("{ rate_hz: 0.5, noise_hpa: 0.05, resolution_hpa: 0.1, offset_hpa: 0, trend_hpa_per_hour: 0 }")
    // Rounded to 0.1 hPa.
    #expect(fixes.allSatisfy { abs(Double($0.pressure) * 10 - (Double($0.pressure) * 10).rounded()) < 1e-3 })
    // At 0.5 Hz against 1 Hz fixes, each sample is held over two fixes: consecutive pairs share one.
    let pairs = stride(from: 0, to: fixes.count - 1, by: 2).filter { fixes[$0].pressure == fixes[$0 + 1].pressure }.count
    #expect(pairs > fixes.count / 2 - 5)
    // A trend of 3 hPa/h drawn per trial: two trials of 400 s differ by a slope, a perfect sensor otherwise.
    let (_, a) = try self.fixes("{ noise_hpa: 0, resolution_hpa: 0, offset_hpa: 0, trend_hpa_per_hour: 3 }", trial: 0)
    let (_, b) = try self.fixes("{ noise_hpa: 0, resolution_hpa: 0, offset_hpa: 0, trend_hpa_per_hour: 3 }", trial: 1)
    let drift = { (f: [LocalFix]) in Double(f[f.count - 1].pressure - f[0].pressure) }
    #expect(abs(drift(a) - drift(b)) > 0.01)
  }

  @Test func aPocketStepSettlesTowardsItsSize() throws {
    let (engine, fixes) = try fixes("{ noise_hpa: 0, resolution_hpa: 0, offset_hpa: 0, trend_hpa_per_hour: 0, pocket_step_hpa: -1, pocket_step_at_s: 100, pocket_step_tau_s: 20 }")
    func offset(_ fix: LocalFix) -> Double {
      Double(fix.pressure) - StandardAtmosphere.pressure(atHeight: engine.truth.elevation(atDistance: engine.truth.distance(at: fix.time)))
    }
    let before = fixes.first { $0.time > 90 }!, settled = fixes.first { $0.time > 300 }!
    #expect(abs(offset(before)) < 0.002)
    #expect(abs(offset(settled) + 1) < 0.01)
  }

  @Test func withoutABarometerFixesCarryNoPressureAndOtherStreamsAreUnchanged() throws {
    let with = try ScenarioEngine(try ScenarioLoader.parse(Self.scenario(barometer: "{}"), file: "b.yaml"))
    let without = try ScenarioEngine(try ScenarioLoader.parse(Self.scenario(barometer: "{}").replacingOccurrences(of: "  barometer: {}", with: ""), file: "b.yaml"))
    let a = with.observe(trial: 0), b = without.observe(trial: 0)
    #expect(b.allSatisfy { $0.pressure == 0 } && a.allSatisfy { $0.pressure > 800 })
    // The barometer draws from its own stream: positions are the same with or without it.
    #expect(a.map(\.east) == b.map(\.east) && a.map(\.north) == b.map(\.north))
    #expect(with.observe(trial: 0) == a)
  }

  @Test func badParametersAreOneErrorNamingTheField() {
    for (given, field) in [
      ("{ rate_hz: 0 }", "receiver.barometer.rate_hz"), ("{ noise_hpa: -1 }", "receiver.barometer.noise_hpa"),
      ("{ resolution_hpa: .nan }", "receiver.barometer.resolution_hpa"), ("{ pocket_step_tau_s: 0 }", "receiver.barometer.pocket_step_tau_s"),
      ("{ rate: 1 }", "rate"),
    ] {
      do {
        _ = try ScenarioLoader.parse(Self.scenario(barometer: given), file: "b.yaml")
        Issue.record("\(given) was accepted")
      } catch {
        #expect("\(error)".contains(field), "\(given): \(error)")
      }
    }
  }
}
