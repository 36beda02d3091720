import Evaluation
import Findings
import Foundation
import TrackCore

/// Output formats of `trackbench tune`.
public enum TuneFormat: String, Sendable, CaseIterable {
  case table, markdown, json, html

  /// - Parameter width: the columns a table's prose is wrapped to (the table format only).
  @_optimize(none)
  public func render(_ report: TuneReport, width: Int = 100) throws -> String {
    switch self {
    case .json: return try ResultsCodec.text(report)
    case .html: return TuneHTMLRenderer().render(report)
    case .markdown: return Self.text(report, markdown: true)
    case .table:
      // Prose wraps at the width; table rows, YAML and blank lines stay as they are.
      let text = Self.text(report, markdown: false, width: width)
      var out = ""
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let isProse = line.count > width && line.contains(" ") && !line.hasPrefix(" ") && !line.contains("  ")
        out += isProse ? TableRenderer.wrapped(String(line), width: width, indent: "") : line + "\n"
      }
      return out
    }
  }

  @_optimize(none)
  private static func number(_ x: Double?) -> String { x.map { String(format: "%.4g", $0) } ?? "n/a" }

  @_optimize(none)
  private static func text(_ r: TuneReport, markdown: Bool, width: Int = .max) -> String {
    let code = { (s: String) in markdown ? "`\(s)`" : s }
    var out = markdown ? "# TrackBench tune\n\n" : ""
    out += "Tuned \(code(StrategyLabels.shown(r.strategy))) by \(r.method.rawValue) on \(r.train.cells) training cells "
      + "(\(r.train.scenarios.count) scenarios), \(r.evaluations.count) points scored; objective \(code(r.objective)), smaller is better.\n"
    for (name, set) in [("training", r.train), ("validation", r.validate)] {
      for left in set.leftOut { out += "Left out of the \(name) objective: \(left.scenario): \(left.reason).\n" }
    }
    out += "\n"
    func rows(_ names: [String]) -> [[String]] {
      [
        ["", "strategy", "train", "validate", "validate, worst decile"],
        ["defaults", names[0], number(r.defaults.trainObjective), number(r.defaults.validateObjective), number(r.defaults.validateWorstDecile)],
        ["best", names[1], number(r.best.trainObjective), number(r.best.validateObjective), number(r.best.validateWorstDecile)],
      ]
    }
    // Too wide for the terminal: the strategies by the parameters that differ (the YAML below has all).
    var names = [r.defaults.strategy, r.best.strategy].map(StrategyLabels.shown)
    if !markdown, (table(rows(names), markdown: false).split(separator: "\n").map(\.count).max() ?? 0) > width {
      names = StrategyLabels.names([r.defaults.strategy, r.best.strategy])
    }
    out += table(rows(names), markdown: markdown)
    out += "\nWorst decile: per validation scenario, the objective on one trial averaged over its worst tenth of trials (with a population, of devices), summed over the scenarios.\n"
    let p = r.validationImprovement
    out += "\nValidation, best − defaults per cell (paired, \(p.cells) cells\(p.skipped > 0 ? ", \(p.skipped) without a value" : "")): "
      + "\(number(p.mean)) [\(number(p.ci95Low)), \(number(p.ci95High))] (95 % interval).\n"
    if let warning = r.warning { out += "\nWarning: \(warning).\n" }
    out += "\nSensitivity (training objective along each axis through the best point):\n\n"
    for axis in r.sensitivity {
      // As many points per table as fit the width.
      var start = 0
      while start < axis.points.count {
        var end = axis.points.count
        while !markdown, end > start + 1,
          (table([[axis.parameter] + axis.points[start..<end].map { number($0.value) }, ["objective"] + axis.points[start..<end].map { number($0.objective) }], markdown: false)
            .split(separator: "\n").map(\.count).max() ?? 0) > width
        {
          end -= 1
        }
        let points = axis.points[start..<end]
        out += table([[axis.parameter] + points.map { number($0.value) }, ["objective"] + points.map { number($0.objective) }], markdown: markdown)
        out += "\n"
        start = end
      }
    }
    if let pareto = r.pareto {
      out += "Pareto front on the training set (smaller is better on both; the defaults and seed strategies for comparison):\n\n"
      let rows = [["", "strategy"] + pareto.objectives]
        + pareto.front.map { ["front", StrategyLabels.shown($0.strategy)] + $0.values.map(number) }
        + [["defaults", StrategyLabels.shown(pareto.defaults.strategy)] + pareto.defaults.values.map(number)]
        + pareto.references.map { ["seed", StrategyLabels.shown($0.strategy)] + $0.values.map(number) }
      out += table(rows, markdown: markdown) + "\n"
    }
    if let gate = r.gate { out += gateSection(r, gate, markdown: markdown, width: width) }
    // The scenario entry of what the report recommends: the gate's pick where it judged the points.
    let yaml = r.gate.map { $0.recommended?.yaml } ?? r.best.yaml
    if let yaml { out += "For a scenario file:\n\n" + (markdown ? "```yaml\n\(yaml)```\n" : yaml) }
    return out + (out.hasSuffix("\n\n") ? "" : "\n") + (markdown ? "**\(conclusion(r, code: code))**" : conclusion(r, code: code)) + "\n"
  }

  /// What the gate judged against, in words.
  @_optimize(none)
  static func gateBasis(_ gate: TuneReport.Gate, code: (String) -> String) -> String {
    gate.baseline.map { code("check --baseline \($0) --candidate") } ?? "the accuracy gate's rules against the defaults on the validation cells"
  }

  /// The points the gate judged, best on training first: whether each passes and what blocks it.
  @_optimize(none)
  private static func gateSection(_ r: TuneReport, _ gate: TuneReport.Gate, markdown: Bool, width: Int) -> String {
    let code = { (s: String) in markdown ? "`\(s)`" : s }
    let basis = gate.baseline.map { "as \(code("check --baseline \($0) --candidate")) judges them in CI" }
      ?? "by its rules (every metric paired per trial, each metric's floor, Holm's correction) against the defaults on the validation cells"
    var out = "Accuracy gate, \(basis); the best points on training first:\n\n"
    guard !gate.points.isEmpty else { return out + "No point scored better than the defaults on training: nothing to judge.\n\n" }
    // Each point by the parameters that differ from the defaults' and the others' (the table's rows).
    let names = Array(StrategyLabels.names(gate.points.map(\.strategy) + [r.defaults.strategy]).dropLast())
    let rows = [["", "strategy", "train", "gate", "regressions", "with --objective"]]
      + zip(gate.points, names).enumerated().map { k, pair in
        let (point, name) = pair
        let judged = point.note == nil
        return [
          "\(k + 1)", name, number(point.trainObjective), judged ? (point.passed ? "passes" : "fails") : "not judged",
          judged ? "\(point.regressions)" : "-", judged ? "\(point.regressionsOnObjective)" : "-",
        ]
      }
    out += table(rows, markdown: markdown) + "\n"
    for (point, name) in zip(gate.points, names) {
      if let note = point.note { out += "\(code(name)): not judged: \(note).\n" }
      guard !point.blocking.isEmpty else { continue }
      let items = point.blocking.map { b in
        "\(b.scenario) \(b.metric) worse by \(number(b.worsening)) \(b.unit) (allowed \(number(b.allowance)))\(b.inObjective ? "" : ", outside the objective")"
      }
      out += "\(code(name)) fails on " + items.joined(separator: "; ") + (point.regressions > items.count ? "; \(point.regressions - items.count) more" : "") + ".\n"
    }
    return out + "\n"
  }

  /// The one sentence a tune ends with: keep the defaults, or change to the recommended point (the best
  /// on training, or with the gate the best that passes it), and the paired validation interval
  /// (point − defaults per cell; smaller objective is better) that says which.
  @_optimize(none)
  package static func conclusion(_ r: TuneReport, code: (String) -> String = { $0 }) -> String {
    guard r.best.strategy != r.defaults.strategy else {
      return "Keep the defaults: no point scored better than them on the training cells."
    }
    var pick = r.best, p = r.validationImprovement, passes = ""
    if let gate = r.gate {
      guard !gate.points.isEmpty else { return "Keep the defaults: no point scored better than them on the training cells." }
      let judged = gate.points.filter { $0.note == nil }.count
      guard let recommended = gate.recommended, let improvement = gate.improvement else {
        let first = gate.points.first { $0.note == nil }
        var text = "Keep the defaults: none of the \(judged) best point\(judged == 1 ? "" : "s") on training passes \(gateBasis(gate, code: code))"
        if let first {
          let name = StrategyLabels.names([first.strategy, r.defaults.strategy])[0]
          text += "; the best, \(code(name)), worsens \(first.regressions) cell\(first.regressions == 1 ? "" : "s") beyond their floors"
          text += gate.passesOnObjective == true
            ? ". Where only the objective's metrics can fail (\(code("check --objective '\(r.objective)'"))) it passes, and those are its trade-offs"
            : "; where only the objective's metrics can fail (\(code("check --objective"))), \(first.regressionsOnObjective) still do"
        }
        return text + "."
      }
      pick = recommended
      p = improvement
      passes = recommended.strategy == r.best.strategy
        ? " It passes \(gateBasis(gate, code: code))."
        : " It is the best point on training that passes \(gateBasis(gate, code: code)); the best, \(code(StrategyLabels.shown(r.best.strategy))), does not."
    }
    let best = code(StrategyLabels.shown(pick.strategy))
    guard let mean = p.mean, let low = p.ci95Low, let high = p.ci95High else {
      return "Keep the defaults: no validation cell has a value for both, so a change to \(best) cannot be judged."
    }
    let interval = "\(number(mean)) [\(number(low)), \(number(high))] per cell (paired, 95 % interval, \(p.cells) validation cells)"
    if high < 0 { return "Change to \(best): on seeds training never saw it changes the objective by \(interval), below zero throughout." + passes }
    if low > 0 { return "Keep the defaults: on seeds training never saw \(best) changes the objective by \(interval), worse throughout." }
    return "Keep the defaults: on seeds training never saw \(best) changes the objective by \(interval), which includes zero."
  }

  @_optimize(none)
  private static func table(_ rows: [[String]], markdown: Bool) -> String {
    if markdown {
      var out = "| " + rows[0].joined(separator: " | ") + " |\n|" + rows[0].map { _ in "---" }.joined(separator: "|") + "|\n"
      for row in rows.dropFirst() { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
      return out
    }
    return NumberText.columns(rows, left: [0, 1]).map { $0.joined(separator: "  ") }.joined(separator: "\n") + "\n"
  }
}
