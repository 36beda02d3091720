import Evaluation
import TrackCore

/// A plain-text table per scenario: strategies × metrics, each cell the mean over trials, the best
/// strategy per metric marked `*` (closest to zero for signed errors). `n/a` where no trial had a value.
public struct TableRenderer: ReportRenderer {
  public init() {}

  public func render(_ result: ExperimentResult) throws -> String {
    var out = ""
    for scenario in result.scenarios {
      out += "\(scenario.name): \(scenario.headline)\n"
      if !scenario.description.isEmpty { out += "  \(scenario.description)\n" }
      let metrics = Metric.allCases
      let best = metrics.map { scenario.bestStrategyIndex(for: $0) }
      var rows = [["strategy"] + metrics.map(\.heading)]
      for (i, strategy) in scenario.strategies.enumerated() {
        rows.append([strategy.strategy] + metrics.enumerated().map { m, metric in
          guard let mean = strategy.summary(metric)?.mean else { return "n/a" }
          return format(mean, metric: metric) + (best[m] == i ? "*" : " ")
        })
      }
      let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! }
      for (r, row) in rows.enumerated() {
        let cells = row.enumerated().map { column, cell in
          column == 0 ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
            : String(repeating: " ", count: widths[column] - cell.count) + cell
        }
        out += "  " + cells.joined(separator: "  ") + "\n"
        if r == 0 { out += "  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
      }
      out += "\n"
    }
    out += "Means over trials; * marks the best per column (closest to zero for signed errors).\n"
    return out
  }

  private func format(_ value: Double, metric: Metric) -> String {
    NumberText.fixed(value, decimals: metric.decimals, signed: metric.goal == .zero)
  }
}
