import Evaluation
import Foundation

/// The verdict that opens every report, as Markdown and as terminal text.
enum VerdictText {
  static func score(_ x: Double?) -> String { x.map { String(format: "%.3f", $0) } ?? "n/a" }
  static func signed(_ x: Double?) -> String { x.map { String(format: "%+.3f", $0) } ?? "" }

  /// "+0.071 [−0.020, +0.150], indistinguishable" or "+0.80 [+0.61, +1.02]".
  static func difference(_ entry: ShipVerdict.Entry, best: Bool) -> String {
    if best { return "best" }
    var text = signed(entry.differenceFromBest)
    if let low = entry.ci95Low, let high = entry.ci95High {
      text += " [\(signed(low)), \(signed(high))]"
      if entry.indistinguishableFromBest == true { text += " ≈ best" }
    }
    return text
  }

  static func heading(_ verdict: ShipVerdict, scenarios: Int) -> String {
    let count = verdict.scenariosRanked.count
    var text = "Ranked by `\(verdict.objective)` (lower is better), summed over \(count) scenario\(count == 1 ? "" : "s")"
    if !verdict.weights.isEmpty {
      text += " weighted " + verdict.weights.sorted { $0.key < $1.key }.map { "\($0.key)=\("\($0.value)")" }.joined(separator: ", ")
    }
    text += verdict.resamples > 0
      ? "; difference from the best with a paired 95 % interval (bootstrap over trials, \(verdict.resamples) resamples; ≈ best: the interval contains zero)."
      : "; no intervals (the results file has no per-trial records: report a records file for them)."
    if !verdict.scenariosLeftOut.isEmpty {
      text += " Left out: " + verdict.scenariosLeftOut.map { "\($0.scenario) (\($0.reason))" }.joined(separator: "; ") + "."
    }
    return text
  }

  static func markdown(_ verdict: ShipVerdict, scenarios: Int) -> String {
    var out = "## Verdict: which filter to ship\n\n"
    let ranked = verdict.ranking.filter { $0.score != nil }
    if let best = ranked.first { out += "**Ship `\(best.strategy)`** on this objective" + (ranked.dropFirst().contains { $0.indistinguishableFromBest == true } ? " (or one marked ≈ best)" : "") + ".\n\n" }
    out += heading(verdict, scenarios: scenarios) + "\n\n"
    out += "| # | strategy | score | vs best |\n|---:|---|---:|---|\n"
    for (i, entry) in verdict.ranking.enumerated() {
      let strategy = "`\(entry.strategy.replacingOccurrences(of: "|", with: "\\|"))`"
      if entry.score == nil {
        out += "| – | \(strategy) | n/a | \(entry.reason ?? "") |\n"
      } else {
        out += "| \(i + 1) | \(strategy) | \(score(entry.score)) | \(difference(entry, best: i == 0)) |\n"
      }
    }
    if !verdict.bestPerCategory.isEmpty {
      out += "\n**Best per class of run:** " + verdict.bestPerCategory.map { "\($0.category) (\($0.scenarios.joined(separator: ", "))): `\($0.strategy)`" }.joined(separator: "; ") + ".\n"
    }
    if !verdict.tradeOffs.isEmpty {
      out += "\n**Trade-offs:**\n\n" + verdict.tradeOffs.map { "- \($0)\n" }.joined()
    }
    return out + "\n"
  }

  static func plain(_ verdict: ShipVerdict, scenarios: Int, width: Int) -> String {
    var out = "Verdict: which filter to ship\n"
    out += TableRenderer.wrapped(heading(verdict, scenarios: scenarios).replacingOccurrences(of: "`", with: ""), width: width, indent: "  ")
    // Strategies by their full text when the table fits, else by short names with a legend below.
    let full = verdict.ranking.map(\.strategy)
    func lines(_ labels: [String]) -> [String] {
      var rows = [["#", "strategy", "score", "vs best"]]
      for (i, entry) in verdict.ranking.enumerated() {
        rows.append(entry.score == nil ? ["-", labels[i], "n/a", entry.reason ?? ""] : ["\(i + 1)", labels[i], score(entry.score), difference(entry, best: i == 0)])
      }
      var text: [String] = []
      for (r, row) in NumberText.columns(rows, left: [1, 3]).enumerated() {
        var line = "  " + row.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        text.append(line)
        if r == 0 { text.append("  " + NumberText.rule(under: row).joined(separator: "  ")) }
      }
      return text
    }
    var labels = full
    for candidate in [StrategyLabels.names(full), StrategyLabels.numbered(full.count)] where (lines(labels).map(\.count).max() ?? 0) > width {
      labels = candidate
    }
    out += lines(labels).joined(separator: "\n") + "\n"
    if labels != full {
      out += "  Strategies:\n"
      for (label, text) in zip(labels, full) where label != text { out += "  \(label) = \(text)\n" }
    }
    if !verdict.bestPerCategory.isEmpty {
      out += TableRenderer.wrapped("Best per class: " + verdict.bestPerCategory.map { "\($0.category): \($0.strategy)" }.joined(separator: "; ") + ".", width: width, indent: "  ")
    }
    for sentence in verdict.tradeOffs { out += TableRenderer.wrapped("- " + sentence, width: width, indent: "  ") }
    return out + "\n"
  }
}
