import Evaluation
import Testing

/// Registering a metric: refusals only here, since a registration lasts for the process and would add a
/// column to every other test's output (the success path is tested in Examples/SwiftFilter, its own
/// process: `make example-check`).
@Suite struct MetricRegistrationTests {
  static func descriptor(_ key: String, floor: Double = 0) -> MetricDescriptor {
    MetricDescriptor(key: key, words: "A test metric", heading: "test", unit: "m", undefinedReason: "never", floor: floor, computation: .run { _ in 1 })
  }

  @Test func aTakenOrMisspeltKeyIsRefusedAndNothingIsAdded() {
    let before = Metric.allCases.count
    #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("pace_lag_s")) }
    #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("Lap-Marks")) }
    #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("")) }
    // A floor is an amount the gate allows: negative or not a number is refused, never a trap.
    for floor in [-0.1, .nan, .infinity] {
      #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("floored_metric_m", floor: floor)) }
    }
    #expect(Metric.allCases.count == before)
    do {
      try Metric.register(Self.descriptor("pace_lag_s"))
    } catch {
      #expect(error.description == "cannot register metric 'pace_lag_s': the key is a built-in metric's; expected a new key")
    }
  }

  /// The catalogue is the descriptors: every built-in's key parses back to it, keys are unique, and each
  /// run metric is scored by the shared scoring in catalogue order. Every built-in declares a floor (the
  /// gate's allowance): positive and finite.
  @Test func everyBuiltInIsItsDescriptor() {
    #expect(Metric.builtIn.allSatisfy { $0.floor > 0 && $0.floor.isFinite }, "\(Metric.builtIn.filter { !($0.floor > 0) }.map(\.key))")
    #expect(Set(Metric.builtIn.map(\.key)).count == Metric.builtIn.count)
    for (index, descriptor) in Metric.builtIn.enumerated() {
      let metric = Metric(rawValue: descriptor.key)
      #expect(metric == Metric.allCases[index] && metric?.heading == descriptor.heading)
    }
    #expect(Metric(rawValue: "lap_mark_error_rms_m") == nil)
    #expect(Metric.simulated.count + Metric.recording.count + Metric.againstTruth.count == Metric.builtIn.count)
  }
}
