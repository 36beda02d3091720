import Evaluation
import Findings
import Foundation

/// Output formats of `trackbench compare`.
public enum ComparisonFormat: String, Sendable, CaseIterable {
  case table, markdown, json, csv

  /// - Parameters:
  ///   - changedOnly: list only cells beyond the intervals (better, worse, to watch, changed) and added or removed ones.
  ///   - colours: ANSI colours in the table (a terminal only).
  @_optimize(none)
  public func render(_ comparison: Comparison, changedOnly: Bool = false, colours: Bool = false) throws -> String {
    let shown = changedOnly
      ? comparison.cells.filter { [.better, .worse, .watch, .changed, .added, .removed].contains($0.verdict) } : comparison.cells
    switch self {
    case .json:
      var filtered = comparison
      filtered.cells = shown
      return try ResultsCodec.text(filtered)
    case .csv:
      var out = "scenario,strategy,metric,unit,old_mean,new_mean,change,verdict\n"
      for cell in shown {
        let numbers = [cell.oldMean, cell.newMean, cell.change].map { $0.map { "\($0)" } ?? "" }
        out += ([cell.scenario, cell.strategy, cell.metric.rawValue, cell.unit] + numbers + [cell.verdict.rawValue])
          .map(CSVRenderer.quoted).joined(separator: ",") + "\n"
      }
      return out
    case .markdown:
      var out = "# TrackBench comparison\n\n" + summary(comparison) + "\n\n"
      out += "| scenario | strategy | metric | old | new | change | verdict |\n|---|---|---|---:|---:|---:|---|\n"
      for cell in shown {
        let verdict = cell.verdict == .better ? "**better**" : (cell.verdict == .worse ? "**worse**" : cell.verdict.text)
        out += "| \(cell.scenario) | `\(StrategyLabels.shown(cell.strategy).replacingOccurrences(of: "|", with: "\\|"))` | \(cell.metric.rawValue) | "
          + "\(text(cell.oldMean, cell.oldCi95Low, cell.oldCi95High, cell.metric)) | \(text(cell.newMean, cell.newCi95Low, cell.newCi95High, cell.metric)) | "
          + "\(cell.change.map { NumberText.fixed($0, decimals: cell.metric.decimals, signed: true) } ?? "") | \(verdict) |\n"
      }
      return out
    case .table:
      var rows = [["scenario", "strategy", "metric", "old", "new", "change", "verdict"]]
      var verdicts: [Comparison.Verdict?] = [nil]
      for cell in shown {
        rows.append([
          cell.scenario, StrategyLabels.shown(cell.strategy), cell.metric.rawValue,
          cell.oldMean.map { NumberText.fixed($0, decimals: cell.metric.decimals, signed: cell.metric.goal == .zero) } ?? "n/a",
          cell.newMean.map { NumberText.fixed($0, decimals: cell.metric.decimals, signed: cell.metric.goal == .zero) } ?? "n/a",
          cell.change.map { NumberText.fixed($0, decimals: cell.metric.decimals, signed: true) } ?? "",
          cell.verdict.text,
        ])
        verdicts.append(cell.verdict)
      }
      var out = summary(comparison) + "\n"
      for (r, row) in NumberText.columns(rows, left: [0, 1, 2, 6]).enumerated() {
        var line = row.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        if colours, let verdict = verdicts[r], verdict == .better || verdict == .worse {
          line = (verdict == .better ? "\u{1B}[32m" : "\u{1B}[31m") + line + "\u{1B}[0m"
        }
        out += line + "\n"
        if r == 0 { out += NumberText.rule(under: row).joined(separator: "  ") + "\n" }
      }
      return out
    }
  }

  @_optimize(none)
  private func summary(_ comparison: Comparison) -> String {
    let counts = comparison.counts
    let parts = Comparison.Verdict.allCases.compactMap { verdict -> String? in
      guard let n = counts[verdict], n > 0 else { return nil }
      return "\(n) \(verdict.text)"
    }
    return "\(comparison.cells.count) cells: " + parts.joined(separator: ", ")
      + (comparison.exact == true
        ? " (better or worse: each recording is the same fixes on both sides, so any change beyond the metric's floor is the strategy's)."
        : comparison.isPaired
        ? " (better or worse: a paired test of the per-trial differences on the same fixes, its 95 % interval beyond the metric's floor, worse only after Holm's correction over the paired cells at 2.5 %; scenarios simulated differently on the two sides: the 95 % intervals of the two means do not overlap)."
        : " (better or worse: the 95 % intervals of the two means do not overlap).")
  }

  @_optimize(none)
  private func text(_ mean: Double?, _ low: Double?, _ high: Double?, _ metric: Metric) -> String {
    mean.map { NumberText.mean($0, low: low, high: high, metric) } ?? "n/a"
  }
}

extension Comparison.Verdict {
  var text: String {
    switch self {
    case .withinNoise: return "within noise"
    case .notJudged: return "not judged"
    case .watch: return "watch (worse uncorrected)"
    case .negligible: return "negligible (below the floor)"
    default: return rawValue
    }
  }
}
