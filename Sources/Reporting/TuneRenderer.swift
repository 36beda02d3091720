import Evaluation
import Foundation
import TrackCore

/// Output formats of `trackbench tune`.
public enum TuneFormat: String, Sendable, CaseIterable {
  case table, markdown, json, html

  public func render(_ report: TuneReport) throws -> String {
    switch self {
    case .json: return try ResultsCodec.text(report)
    case .html: return TuneHTMLRenderer().render(report)
    case .table, .markdown: return Self.text(report, markdown: self == .markdown)
    }
  }

  private static func number(_ x: Double?) -> String { x.map { String(format: "%.4g", $0) } ?? "n/a" }

  private static func text(_ r: TuneReport, markdown: Bool) -> String {
    let code = { (s: String) in markdown ? "`\(s)`" : s }
    var out = markdown ? "# TrackBench tune\n\n" : ""
    out += "Tuned \(code(r.strategy)) by \(r.method.rawValue) on \(r.train.cells) training cells "
      + "(\(r.train.scenarios.count) scenarios), \(r.evaluations.count) points scored; objective \(code(r.objective)), smaller is better.\n"
    for (name, set) in [("training", r.train), ("validation", r.validate)] {
      for left in set.leftOut { out += "Left out of the \(name) objective: \(left.scenario): \(left.reason).\n" }
    }
    out += "\n"
    let rows = [
      ["", "strategy", "train", "validate"],
      ["defaults", r.defaults.strategy, number(r.defaults.trainObjective), number(r.defaults.validateObjective)],
      ["best", r.best.strategy, number(r.best.trainObjective), number(r.best.validateObjective)],
    ]
    out += table(rows, markdown: markdown)
    let p = r.validationImprovement
    out += "\nValidation, best − defaults per cell (paired, \(p.cells) cells\(p.skipped > 0 ? ", \(p.skipped) without a value" : "")): "
      + "\(number(p.mean)) [\(number(p.ci95Low)), \(number(p.ci95High))] (95 % interval).\n"
    if let warning = r.warning { out += "\nWarning: \(warning).\n" }
    out += "\nSensitivity (training objective along each axis through the best point):\n\n"
    for axis in r.sensitivity {
      out += table([[axis.parameter] + axis.points.map { number($0.value) }, ["objective"] + axis.points.map { number($0.objective) }], markdown: markdown)
      out += "\n"
    }
    if let pareto = r.pareto {
      out += "Pareto front on the training set (smaller is better on both; the defaults and seed strategies for comparison):\n\n"
      let rows = [["", "strategy"] + pareto.objectives]
        + pareto.front.map { ["front", $0.strategy] + $0.values.map(number) }
        + [["defaults", pareto.defaults.strategy] + pareto.defaults.values.map(number)]
        + pareto.references.map { ["seed", $0.strategy] + $0.values.map(number) }
      out += table(rows, markdown: markdown) + "\n"
    }
    out += "For a scenario file:\n\n" + (markdown ? "```yaml\n\(r.best.yaml)```\n" : r.best.yaml)
    return out
  }

  private static func table(_ rows: [[String]], markdown: Bool) -> String {
    if markdown {
      var out = "| " + rows[0].joined(separator: " | ") + " |\n|" + rows[0].map { _ in "---" }.joined(separator: "|") + "|\n"
      for row in rows.dropFirst() { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
      return out
    }
    return NumberText.columns(rows, left: [0, 1]).map { $0.joined(separator: "  ") }.joined(separator: "\n") + "\n"
  }
}
