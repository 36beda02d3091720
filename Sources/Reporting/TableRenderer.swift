import Evaluation
import TrackCore

/// A plain-text table per scenario and metric group: strategies × metrics, each cell the mean over
/// trials, the best strategy per metric marked `*` (closest to zero for signed errors) and those not
/// significantly worse `~`; `n/a` where no trial had a value.
///
/// With `colours` (a terminal), the best is also bold green, the not significantly worse green and
/// `n/a` dim (ANSI SGR); without, the text has no escape codes at all (piped, redirected, `NO_COLOR`).
public struct TableRenderer: ReportRenderer {
  public let colours: Bool
  public init(colours: Bool = false) { self.colours = colours }

  enum Emphasis { case none, best, close, missing }

  public func render(_ result: ExperimentResult) throws -> String {
    var out = ""
    for scenario in result.scenarios {
      out += "\(scenario.name): \(scenario.headline)\n"
      if !scenario.description.isEmpty { out += "  \(scenario.description)\n" }
      for group in MetricGroup.allCases {
        out += "\n  \(group.title)\n"
        let metrics = group.metrics
        let best = metrics.map { scenario.bestStrategyIndex(for: $0) }
        let close = metrics.map { Set(scenario.notSignificantlyWorse(for: $0)) }
        var rows: [[(String, Emphasis)]] = [[("strategy", .none)] + metrics.map { ($0.heading, .none) }]
        for (i, strategy) in scenario.strategies.enumerated() {
          rows.append([(strategy.strategy, .none)] + metrics.enumerated().map { m, metric in
            guard let mean = strategy.summary(metric)?.mean else { return ("n/a ", .missing) }
            let text = NumberText.fixed(mean, decimals: metric.decimals, signed: metric.goal == .zero)
            if best[m] == i { return (text + "*", .best) }
            if close[m].contains(i) { return (text + "~", .close) }
            return (text + " ", .none)
          })
        }
        let padded = NumberText.columns(rows.map { $0.map(\.0) }, left: [0])
        for (r, row) in padded.enumerated() {
          out += "  " + row.enumerated().map { column, cell in paint(cell, rows[r][column].1) }.joined(separator: "  ") + "\n"
          if r == 0 { out += "  " + NumberText.rule(under: row).joined(separator: "  ") + "\n" }
        }
      }
      out += "\n"
    }
    out += "Means over trials; * best per column (closest to zero for signed errors), ~ not significantly worse (95 % intervals overlap).\n"
    return out
  }

  private func paint(_ text: String, _ emphasis: Emphasis) -> String {
    guard colours else { return text }
    switch emphasis {
    case .none: return text
    case .best: return "\u{1B}[1;32m" + text + "\u{1B}[0m"
    case .close: return "\u{1B}[32m" + text + "\u{1B}[0m"
    case .missing: return "\u{1B}[2m" + text + "\u{1B}[0m"
    }
  }
}
