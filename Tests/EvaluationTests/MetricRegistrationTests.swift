import Evaluation
import Testing

/// Registering a metric: refusals only here, since a registration lasts for the process and would add a
/// column to every other test's output (the success path is tested in Examples/SwiftFilter, its own
/// process: `make example-check`).
@Suite struct MetricRegistrationTests {
  static func descriptor(_ key: String) -> MetricDescriptor {
    MetricDescriptor(key: key, words: "A test metric", heading: "test", unit: "m", undefinedReason: "never", computation: .run { _ in 1 })
  }

  @Test func aTakenOrMisspeltKeyIsRefusedAndNothingIsAdded() {
    let before = Metric.allCases.count
    #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("pace_lag_s")) }
    #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("Lap-Marks")) }
    #expect(throws: MetricRegistrationError.self) { try Metric.register(Self.descriptor("")) }
    #expect(Metric.allCases.count == before)
    do {
      try Metric.register(Self.descriptor("pace_lag_s"))
    } catch {
      #expect(error.description == "cannot register metric 'pace_lag_s': the key is a built-in metric's; expected a new key")
    }
  }

  /// The catalogue is the descriptors: every built-in's key parses back to it, keys are unique, and each
  /// run metric is scored by the shared scoring in catalogue order.
  @Test func everyBuiltInIsItsDescriptor() {
    #expect(Set(Metric.builtIn.map(\.key)).count == Metric.builtIn.count)
    for (index, descriptor) in Metric.builtIn.enumerated() {
      let metric = Metric(rawValue: descriptor.key)
      #expect(metric == Metric.allCases[index] && metric?.heading == descriptor.heading)
    }
    #expect(Metric(rawValue: "lap_mark_error_rms_m") == nil)
    #expect(Metric.simulated.count + Metric.recording.count + Metric.againstTruth.count == Metric.builtIn.count)
  }
}
