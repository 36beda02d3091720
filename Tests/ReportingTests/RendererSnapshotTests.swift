import Evaluation
import Foundation
import Reporting
import Testing

/// Two strategies on one scenario with known per-trial values.
let snapshotResult: ExperimentResult = {
  func strategy(_ name: String, distance: [Double], pace: [Double?]) -> StrategyResult {
    StrategyResult(strategy: name, metrics: [
      MetricSummary(metric: .distanceErrorPercent, values: distance),
      MetricSummary(metric: .distanceErrorMeters, values: distance.map { $0 * 50 }),
      MetricSummary(metric: .cornerLoss, values: [-1, -3]),
      MetricSummary(metric: .straightExcess, values: distance.map { $0 * 50 + 2 }),
      MetricSummary(metric: .currentPaceErrorRMS, values: pace),
      MetricSummary(metric: .crossTrackErrorRMS, values: [3, 3]),
      MetricSummary(metric: .crossTrackErrorP95, values: [5, 7]),
      MetricSummary(metric: .crossTrackErrorMax, values: [9, 11]),
      MetricSummary(metric: .fixesKept, values: [100, 100]),
    ])
  }
  return ExperimentResult(scenarios: [ScenarioResult(
    name: "demo", description: "a demo", seed: 1, trials: 2, fixesPerTrial: 10, trueDistanceM: 5000, durationS: 1500,
    strategies: [
      strategy("raw", distance: [7, 8], pace: [30, 31]),
      strategy("kalman(q: 0.5, r_scale: 1)", distance: [-1, -2], pace: [nil, 12]),
    ])])
}()

@Suite struct RendererSnapshotTests {
  /// Raw's distance interval reaches 1.15 %, inside kalman's worst 7.85 %: ≈. Kalman's pace has one
  /// valued trial, so no interval and nothing is marked ≈ against it.
  @Test func markdown() throws {
    let expected = """
      # TrackBench results

      ## demo

      5.00 km in 25:00, 2 trials × 10 fixes, seed 1.

      > a demo

      | strategy | dist err % | dist err m | corners m | straights m | pace RMS s/km | xtrack RMS m | xtrack p95 m | xtrack max m | kept % |
      |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
      | `raw` | ≈ +7.50 [1.15, 13.85] | ≈ +375.0 [57.3, 692.7] | **-2.0 [-14.7, 10.7]** | ≈ +377.0 [59.3, 694.7] | 30.5 [24.1, 36.9] | **3.0 [3.0, 3.0]** | **6.0 [-6.7, 18.7]** | **10.0 [-2.7, 22.7]** | 100.0 [100.0, 100.0] |
      | `kalman(q: 0.5, r_scale: 1)` | **-1.50 [-7.85, 4.85]** | **-75.0 [-392.7, 242.7]** | ≈ -2.0 [-14.7, 10.7] | **-73.0 [-390.7, 244.7]** | **12.0** | ≈ 3.0 [3.0, 3.0] | ≈ 6.0 [-6.7, 18.7] | ≈ 10.0 [-2.7, 22.7] | 100.0 [100.0, 100.0] |

      Means over trials with 95 % intervals (Student's t); **bold**: best per column (closest to zero for signed errors); ≈: not significantly worse.

      """
    let actual = try MarkdownRenderer().render(snapshotResult)
    #expect(actual == expected, "\n\(actual)")
  }

  @Test func csvIsTidyAndQuoted() throws {
    let text = try CSVRenderer().render(snapshotResult)
    let lines = text.split(separator: "\n")
    #expect(lines[0] == Substring(CSVRenderer.header))
    #expect(lines[1] == "demo,raw,distance_error_percent,%,trials,2.0")
    #expect(lines.contains("demo,\"kalman(q: 0.5, r_scale: 1)\",current_pace_error_rms_s_per_km,s/km,mean,12.0"))
    #expect(!lines.contains { $0.contains("kalman") && $0.contains("current_pace") && $0.contains("ci95") }, "one valued trial: no interval")
    #expect(!text.lowercased().contains("nan"))
  }

  @Test func notSignificantlyWorseUsesTheIntervals() {
    let scenario = snapshotResult.scenarios[0]
    // Distance: kalman is best (|−1.5|); raw's interval [1.15, 13.85] reaches 1.15 < kalman's worst 7.85.
    #expect(scenario.notSignificantlyWorse(for: .distanceErrorPercent) == [0, 1])
    #expect(scenario.notSignificantlyWorse(for: .fixesKept) == [])
  }
}
