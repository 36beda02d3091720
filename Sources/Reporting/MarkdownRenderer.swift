import Foundation
import Evaluation
import TrackCore

/// GitHub-flavoured Markdown (fits a CI job summary): per scenario a table of strategies × metrics, each
/// cell the mean over trials with its 95 % interval; the best per column in bold, and those not
/// significantly worse (overlapping intervals) marked ≈.
public struct MarkdownRenderer: ReportRenderer {
  @_optimize(none)
  public init() {}

  @_optimize(none)
  public func render(_ result: ExperimentResult) throws -> String {
    var out = "# TrackBench results\n\n"
    if let verdict = result.verdict { out += VerdictText.markdown(verdict, scenarios: result.scenarios.count) }
    if let front = EnergyFront(result) { out += EnergyFrontText.markdown(front) }
    for scenario in result.scenarios {
      out += "## \(scenario.name)\n\n"
      out += "\(scenario.headline).\n"
      if !scenario.description.isEmpty { out += "\n> \(scenario.description)\n" }
      for (group, metrics) in scenario.sections {
        out += "\n### \(group.title)\n"
        out += "\n| strategy | " + metrics.map { "\($0.heading)" }.joined(separator: " | ") + " |\n"
        out += "|---|" + metrics.map { _ in "---:" }.joined(separator: "|") + "|\n"
        let best = metrics.map { scenario.bestStrategyIndex(for: $0) }
        let close = metrics.map { Set(scenario.notSignificantlyWorse(for: $0)) }
        for (i, strategy) in scenario.strategies.enumerated() {
          let cells = metrics.enumerated().map { m, metric -> String in
            guard let summary = strategy.summary(metric), let mean = summary.mean else { return "n/a" }
            let text = NumberText.mean(mean, low: summary.ci95Low, high: summary.ci95High, metric)
            if best[m] == i { return "**\(text)**" }
            return close[m].contains(i) ? "≈ \(text)" : text
          }
          out += "| `\(StrategyLabels.shown(strategy.strategy).replacingOccurrences(of: "|", with: "\\|"))` | " + cells.joined(separator: " | ") + " |\n"
        }
      }
      out += "\n"
    }
    if !result.scenarios.isEmpty && result.scenarios.allSatisfy({ $0.trials == 1 }) {
      out += "Values of one run (a recording is one run: no trials, so no intervals); **bold**: best per column (closest to zero for signed errors).\n"
    } else {
      out += "Means over trials with 95 % intervals (Student's t); **bold**: best per column (closest to zero for signed errors); ≈: not significantly worse.\n"
    }
    return out
  }
}
