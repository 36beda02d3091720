import Evaluation
import Foundation
import TrackCore

/// Output formats of `trackbench check`.
public enum CheckFormat: String, Sendable, CaseIterable {
  case markdown, json, junit

  public func render(_ check: BaselineCheck) throws -> String {
    switch self {
    case .markdown: return CheckRenderer.markdown(check)
    case .json: return try ResultsCodec.text(check)
    case .junit: return CheckRenderer.junit(check)
    }
  }
}

/// The gate's reports: a Markdown summary for people (and `$GITHUB_STEP_SUMMARY`), JUnit XML for CI
/// test views.
public enum CheckRenderer {
  static func number(_ x: Double?) -> String { x.map { String(format: "%.4g", $0) } ?? "n/a" }

  static func label(_ cell: BaselineCheck.Cell) -> String {
    cell.baselineStrategy == cell.strategy ? cell.strategy : "\(cell.baselineStrategy) → \(cell.strategy)"
  }

  /// Regressions first (old → new, the worsening and its interval), then improvements, then a one-line
  /// verdict.
  public static func markdown(_ check: BaselineCheck) -> String {
    var out = "## TrackBench check\n\n"
    func table(_ cells: [BaselineCheck.Cell]) -> String {
      var text = "| scenario | strategy | metric | baseline | now | worse by (95 % interval) | allowed |\n|---|---|---|---|---|---|---|\n"
      for cell in cells {
        let c = cell.change
        let cells = [
          cell.scenario, "`\(label(cell).replacingOccurrences(of: "|", with: "\\|"))`", "\(c.metric.rawValue) [\(cell.unit)]",
          number(c.oldMean), number(c.newMean), "\(number(c.worsening)) [\(number(c.ci95Low)), \(number(c.ci95High))]", number(c.allowance),
        ]
        text += "| " + cells.joined(separator: " | ") + " |\n"
      }
      return text
    }
    let regressions = check.cells.filter { $0.change.verdict == .regression }
    let improvements = check.cells.filter { $0.change.verdict == .improvement }
    if !regressions.isEmpty { out += "### Regressions (\(regressions.count))\n\n" + table(regressions) + "\n" }
    if !improvements.isEmpty { out += "### Improvements (\(improvements.count))\n\n" + table(improvements) + "\n" }
    out += check.passed ? "**Passed**: " : "**Failed**: "
    out += "\(check.regressions) regressions, \(check.improvements) improvements, \(check.identical) identical, "
    out += "\(check.withinNoise) within noise, \(check.changed) changed (no goal), \(check.notJudged) not judged, of \(check.cells.count) cells "
    out += "(paired per-trial differences on the same fixes, 95 % intervals).\n"
    return out
  }

  /// One `<testsuite>` per scenario, one `<testcase>` per strategy × metric: a regression is a
  /// `<failure>` with the numbers, a cell without a judgement is `<skipped/>`.
  public static func junit(_ check: BaselineCheck) -> String {
    var scenarios: [String] = []
    for cell in check.cells where !scenarios.contains(cell.scenario) { scenarios.append(cell.scenario) }
    func attribute(_ text: String) -> String { XMLText.escaped(text) }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"trackbench check\" tests=\"\(check.cells.count)\" failures=\"\(check.regressions)\" errors=\"0\" skipped=\"\(check.notJudged)\">\n"
    for scenario in scenarios {
      let cells = check.cells.filter { $0.scenario == scenario }
      let failures = cells.filter { $0.change.verdict == .regression }.count
      let skipped = cells.filter { $0.change.verdict == .notJudged }.count
      out += "  <testsuite name=\"\(attribute(scenario))\" tests=\"\(cells.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
      for cell in cells {
        let c = cell.change
        out += "    <testcase classname=\"\(attribute(scenario))\" name=\"\(attribute(label(cell) + " · " + c.metric.rawValue))\""
        switch c.verdict {
        case .regression:
          let message = "\(c.metric.rawValue) worse by \(number(c.worsening)) \(cell.unit) (95 % \(number(c.ci95Low))…\(number(c.ci95High))), allowed \(number(c.allowance))"
          out += ">\n      <failure type=\"regression\" message=\"\(attribute(message))\">"
          out += attribute("baseline mean \(number(c.oldMean)), now \(number(c.newMean)), \(c.pairs) paired trials")
          out += "</failure>\n    </testcase>\n"
        case .notJudged:
          out += ">\n      <skipped message=\"fewer than two trials with a value on both sides\"/>\n    </testcase>\n"
        default:
          out += "/>\n"
        }
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }
}
