import TrackCore
import Evaluation
import Foundation
import Reporting
import Testing

/// The terminal table fits its width: short strategy labels with a legend, wrapped descriptions.
@Suite struct TableWidthTests {
  static func result(_ strategies: [String], description: String = "short") throws -> ExperimentResult {
    let object: [String: Any] = [
      "schema": "trackbench.results", "schema_version": 1,
      "scenarios": [[
        "name": "s", "description": description, "seed": 1, "trials": 2, "fixes_per_trial": 10,
        "true_distance_m": 1000, "duration_s": 300,
        "strategies": strategies.map { ["strategy": $0, "metrics": [["metric": "distance_error_m", "unit": "m", "trials": 2, "mean": 1.5]]] },
      ]],
    ]
    return try ResultsCodec.results(from: try JSONSerialization.data(withJSONObject: object))
  }

  static let kalmans = [
    "raw", "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)",
    "kalman(q: 2, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)",
    "speed-gate(vmax: 12, reset: 10) | kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)",
  ]

  @Test func namesWithTheParametersThatDifferAndALegend() throws {
    let text = try TableRenderer(width: 100).render(Self.result(Self.kalmans))
    let lines = text.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("  kalman(q: 0.5) ") } && lines.contains { $0.hasPrefix("  kalman(q: 2) ") })
    #expect(lines.contains { $0.hasPrefix("  speed-gate | kalman ") })
    #expect(text.contains("  kalman(q: 2) = kalman(q: 2, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)"))
    #expect(!text.contains("raw = raw"), "a label equal to its text needs no legend")
    let tableLines = lines.filter { $0.hasPrefix("  ") && !$0.contains(" = ") }
    #expect(tableLines.allSatisfy { $0.count <= 100 }, "\(tableLines.map(\.count).max() ?? 0)")
  }

  /// At a glance (no `detail`): one table of headline metrics per scenario, the objective's metrics
  /// first, and one legend after every scenario; with `detail`, every group's table.
  @Test func aGlanceIsOneHeadlineTablePerScenario() throws {
    func summary(_ metric: Metric, _ x: Double) -> MetricSummary { MetricSummary(metric: metric, values: [x, x + 0.1]) }
    let metrics: [Metric] = [.distanceErrorPercent, .cornerLoss, .currentPaceErrorRMS, .paceLag, .kilometreSplitErrorRMS, .crossTrackErrorRMS, .fixesKept]
    func scenario(_ name: String, q: String) -> ScenarioResult {
      ScenarioResult(
        name: name, description: "a long description", seed: 1, trials: 2, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 300,
        strategies: ["raw", "kalman(q: \(q), r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)", "ema(alpha: 0.3)"].enumerated().map { k, text in
          StrategyResult(strategy: StrategyKey(stored: text), metrics: metrics.map { summary($0, Double(k + 1)) })
        })
    }
    var result = ExperimentResult(scenarios: [scenario("a", q: "0.5"), scenario("b", q: "0.5"), scenario("c", q: "2")])
    let objective = try Objective(parsing: "fixes_kept_percent")
    result.verdict = ShipVerdict(result: result, objective: objective, objectiveText: "fixes_kept_percent")
    let glance = try TableRenderer(width: 100, detail: false).render(result)
    #expect(glance.components(separatedBy: "  Headline metrics\n").count == 4 && !glance.contains("  Pace\n") && !glance.contains("a long description"), "\(glance)")
    let heading = try #require(glance.split(separator: "\n").first { $0.hasPrefix("  strategy ") })
    #expect(heading.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ") == "kept % dist err % pace RMS s/km km split RMS xtrack RMS m", "\(heading)")
    // One legend at the end; a short name means one strategy in the whole report (#66, item 2): the two
    // kalmans are told apart in every table, each defined once.
    #expect(glance.components(separatedBy: "Strategies in the tables:").count == 2 && !glance.contains("\n  Strategies:\n  kalman"), "\(glance)")
    #expect(glance.components(separatedBy: "kalman(q: 0.5) = kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)\n").count == 2, "\(glance)")
    #expect(glance.components(separatedBy: "kalman(q: 2) = kalman(q: 2, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)\n").count == 2, "\(glance)")
    #expect(!glance.contains("(elsewhere)") && !glance.contains("\n  kalman = "), "\(glance)")
    let detail = try TableRenderer(width: 100).render(result)
    #expect(detail.components(separatedBy: "  Pace\n").count == 4 && !detail.contains("Headline metrics") && detail.contains("a long description"))
    let detailLines = detail.split(separator: "\n").count, glanceLines = glance.split(separator: "\n").count
    #expect(detailLines > 2 * glanceLines - 20)
  }

  /// A glance that would not fit two screens (200 lines) gives each scenario one line: its best live
  /// strategy on the objective and the pick's place there, labels defined once (#66, item 2).
  @Test func aGlanceLongerThanTwoScreensIsOneLinePerScenario() throws {
    let texts = ["raw", "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)", "ema(alpha: 0.3)", "kalman(q: 2, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)"]
    func scenario(_ i: Int, count: Int) -> ScenarioResult {
      // Scenario i: the Kalman filter with q 0.5 is best on all but every fifth, where ema is.
      let errors = i % 5 == 0 ? [3.0, 2.0, 1.0, 2.5] : [3.0, 1.0, 2.0, 2.5]
      return ScenarioResult(
        name: "scenario-\(i)", description: "", seed: 1, trials: 2, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 300,
        strategies: texts.prefix(count).enumerated().map { k, text in
          StrategyResult(strategy: StrategyKey(stored: text), metrics: [
            MetricSummary(metric: .distanceErrorPercent, values: [errors[k], errors[k]]), MetricSummary(metric: .crossTrackErrorRMS, values: [1, 1]),
          ])
        })
    }
    func render(scenarios: Int) throws -> String {
      var result = ExperimentResult(scenarios: (0..<scenarios).map { scenario($0, count: $0 == 1 ? 4 : 3) })
      let objective = try Objective(parsing: "abs(distance_error_percent)")
      result.verdict = ShipVerdict(result: result, objective: objective, objectiveText: "abs(distance_error_percent)")
      return try TableRenderer(width: 100, detail: false).render(result)
    }
    let short = try render(scenarios: 3)
    #expect(short.components(separatedBy: "  Headline metrics\n").count == 4 && !short.contains("Scenarios: each one's best"), "\(short)")
    let long = try render(scenarios: 30)
    let lines = long.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 200 && !long.contains("Headline metrics"), "\(lines.count) lines")
    #expect(long.contains("Scenarios: each one's best live strategy on the objective"), "\(long)")
    func row(_ name: String) -> [Substring] { lines.first { $0.hasPrefix("  \(name) ") }?.split(separator: " ") ?? [] }
    #expect(row("scenario-0") == ["scenario-0", "1.00", "2", "ema", "2nd", "of", "3", "+3.00"], "\(row("scenario-0"))")
    #expect(row("scenario-1") == ["scenario-1", "1.00", "2", "kalman(q:", "0.5)", "1st", "of", "4", "+3.00"], "\(row("scenario-1"))")
    #expect(row("scenario-29") == ["scenario-29", "1.00", "2", "kalman(q:", "0.5)", "1st", "of", "3", "+3.00"])
    // The verdict's table fits the full texts; the glance's short name is defined once, at the end.
    let legend = lines.filter { $0.contains(" = ") }
    #expect(legend == ["  ema = ema(alpha: 0.3)", "  kalman(q: 0.5) = kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)"], "\(legend)")
    #expect(!long.contains("kalman(q: 2) = "), "shown nowhere at a glance, so not defined")
  }

  /// Only the labels that do not fit are numbered, the longest first: raw keeps its name.
  @Test func numberedWhenEvenShortNamesDoNotFit() throws {
    let text = try TableRenderer(width: 60).render(Self.result(Self.kalmans))
    let lines = text.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("  raw ") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("  S1 ") } && text.contains("  S3 = speed-gate(vmax: 12"), "\(text)")
    #expect(!text.contains("raw = "), "raw fits and keeps its name")
    #expect(lines.allSatisfy { $0.count <= 60 }, "\(text)")
  }

  @Test func fullTextsWhenTheyFit() throws {
    let text = try TableRenderer(width: 200).render(Self.result(Self.kalmans))
    #expect(text.contains("  kalman(q: 2, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5) ") && !text.contains("Strategies:"))
  }

  @Test func descriptionsWrapAtTheWidth() throws {
    let description = String(repeating: "word ", count: 60) + String(repeating: "x", count: 70)
    let text = try TableRenderer(width: 50).render(Self.result(["raw"], description: description))
    let described = text.split(separator: "\n").filter { $0.hasPrefix("  word") || $0.hasPrefix("  xxx") }
    #expect(described.count >= 6)
    #expect(described.allSatisfy { $0.count <= 50 || !$0.contains(" word") }, "only an unbreakable word may overflow")
  }
}
