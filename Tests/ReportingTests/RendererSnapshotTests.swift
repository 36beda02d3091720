import TrackCore
import Evaluation
import Foundation
import Reporting
import Testing

/// Two strategies on one scenario with known per-trial values.
let snapshotResult: ExperimentResult = {
  func strategy(_ name: String, distance: [Double], pace: [Double?], lag: [Double?], badges: [Double]) -> StrategyResult {
    StrategyResult(strategy: StrategyKey(stored: name), metrics: [
      MetricSummary(metric: .distanceErrorPercent, values: distance),
      MetricSummary(metric: .distanceErrorMeters, values: distance.map { $0 * 50 }),
      MetricSummary(metric: .cornerLoss, values: [-1, -3]),
      MetricSummary(metric: .straightExcess, values: distance.map { $0 * 50 + 2 }),
      MetricSummary(metric: .currentPaceErrorRMS, values: pace),
      MetricSummary(metric: .paceLag, values: lag),
      MetricSummary(metric: .kilometreSplitErrorRMS, values: pace.map { $0.map { $0 / 3 } }),
      MetricSummary(metric: .crossTrackErrorRMS, values: [3, 3]),
      MetricSummary(metric: .crossTrackErrorP95, values: [5, 7]),
      MetricSummary(metric: .crossTrackErrorMax, values: [9, 11]),
      MetricSummary(metric: .fixesKept, values: [100, 100]),
      MetricSummary(metric: .movingTimeError, values: [12, -4]),
      MetricSummary(metric: .badgeDecisionsWrong, values: badges),
    ])
  }
  return ExperimentResult(scenarios: [ScenarioResult(
    name: "demo", description: "a demo", seed: 1, trials: 2, fixesPerTrial: 10, trueDistanceM: 5000, durationS: 1500,
    strategies: [
      strategy("raw", distance: [7, 8], pace: [30, 31], lag: [10, 11], badges: [1, 0]),
      strategy("kalman(q: 0.5, r_scale: 1)", distance: [-1, -2], pace: [nil, 12], lag: [nil, nil], badges: [0, 0]),
    ])])
}()

/// Compares `text` with `Tests/ReportingTests/Snapshots/NAME`; with `TRACKBENCH_RECORD_SNAPSHOTS=1` in the
/// environment, writes it there instead (then review the diff and commit).
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name)")
  if ProcessInfo.processInfo.environment["TRACKBENCH_RECORD_SNAPSHOTS"] == "1" {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(text == expected, "snapshot \(name) differs; actual:\n\(text)", sourceLocation: sourceLocation)
}

@Suite struct RendererSnapshotTests {
  /// Raw's distance interval reaches 1.15 %, inside kalman's worst 7.85 %: ≈. Kalman's pace has one
  /// valued trial, so no interval and nothing is marked ≈ against it; kalman's lag has none: n/a.
  @Test func markdown() throws {
    try expectSnapshot(try MarkdownRenderer().render(snapshotResult), named: "results.md")
  }

  @Test func table() throws {
    let plain = try TableRenderer().render(snapshotResult)
    try expectSnapshot(plain, named: "results.txt")
    #expect(!plain.contains("\u{1B}"), "no escape codes when not a terminal")
    let coloured = try TableRenderer(colours: true).render(snapshotResult)
    try expectSnapshot(coloured, named: "results-colours.txt")
    #expect(coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain)
  }

  @Test func csv() throws {
    try expectSnapshot(try CSVRenderer().render(snapshotResult), named: "results.csv")
  }

  @Test func json() throws {
    try expectSnapshot(try JSONRenderer().render(snapshotResult), named: "results.json")
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
