import Evaluation
import Findings
import Foundation
import TrackCore

/// Output formats of `trackbench check`.
public enum CheckFormat: String, Sendable, CaseIterable {
  /// Plain text that fits the terminal's width (the default on a terminal).
  case text
  /// For CI job summaries (the default elsewhere).
  case markdown, json, junit
  /// One pull-request comment: a stable first line a bot finds and updates, the verdict, then what
  /// failed, in at most ``CheckRenderer/commentLineLimit`` lines.
  case comment

  @_optimize(none)
  public func render(_ check: BaselineCheck) throws -> String { try render(accuracy: check, speed: nil) }

  /// The accuracy gate's report, the speed gate's, or both (JSON: one object with `accuracy` and
  /// `speed` when both ran, else the one check's own object).
  /// - Parameter width: the columns plain text is wrapped to.
  @_optimize(none)
  public func render(accuracy: BaselineCheck?, speed: SpeedCheck?, width: Int = 100) throws -> String {
    switch self {
    case .text:
      return [accuracy.map { CheckRenderer.text($0, width: width) }, speed.map { CheckRenderer.text($0, width: width) }].compactMap { $0 }.joined(separator: "\n")
    case .markdown:
      return [accuracy.map(CheckRenderer.markdown), speed.map(CheckRenderer.markdown)].compactMap { $0 }.joined(separator: "\n")
    case .json:
      switch (accuracy, speed) {
      case let (accuracy?, speed?):
        struct Both: Encodable {
          var schema = "trackbench.check-all"
          var schemaVersion = 1
          var accuracy: BaselineCheck
          var speed: SpeedCheck
          var passed: Bool
        }
        return try ResultsCodec.text(Both(accuracy: accuracy, speed: speed, passed: accuracy.passed && speed.passed))
      case let (accuracy?, nil): return try ResultsCodec.text(accuracy)
      case let (nil, speed?): return try ResultsCodec.text(speed)
      case (nil, nil): return "{}\n"
      }
    case .junit: return CheckRenderer.junit(accuracy: accuracy, speed: speed)
    case .comment: return CheckRenderer.comment(accuracy: accuracy, speed: speed)
    }
  }
}

/// The gate's reports: a Markdown summary for people (and `$GITHUB_STEP_SUMMARY`), JUnit XML for CI
/// test views.
public enum CheckRenderer {
  /// How the cells were judged, in parentheses.
  @_optimize(none)
  static func basis(_ check: BaselineCheck) -> String {
    if check.exact == true {
      return "(each recording replayed again: the same fixes, so any worsening beyond the metric's floor or tolerance is a regression)"
    }
    // With no cell tested there is nothing to correct, and the clause would only count zero.
    let correction = check.correction.flatMap { holm in
      holm.cells == 0
        ? nil
        : "; a regression's interval lies beyond the floor or tolerance and survives Holm's correction over the \(holm.cells) tested cell\(holm.cells == 1 ? "" : "s") at a "
          + "\(number(holm.falseAlarmRate * 100)) % family-wise false-alarm rate"
    } ?? ""
    return "(paired per-trial differences on the same fixes, 95 % intervals\(correction))"
  }

  /// The heading of the regressions a check given an objective does not fail on.
  @_optimize(none)
  static func tradeOffTitle(_ check: BaselineCheck) -> String {
    "Trade-offs: worse outside the objective \(check.objective.map { "`\($0)`" } ?? ""), not failing"
  }

  /// The verdict's counts: regressions first, then the rest, skipping those without cells beyond the
  /// always-shown ones.
  @_optimize(none)
  static func counts(_ check: BaselineCheck) -> String {
    var parts = ["\(check.regressions) regressions"]
    if let tradeOffs = check.tradeOffs { parts.append("\(tradeOffs) trade-off\(tradeOffs == 1 ? "" : "s") (worse outside the objective)") }
    if let watch = check.watch, watch > 0 { parts.append("\(watch) to watch (worse only uncorrected)") }
    parts.append("\(check.improvements) improvements")
    if let negligible = check.negligible, negligible > 0 { parts.append("\(negligible) below the floor") }
    parts += ["\(check.identical) identical", "\(check.withinNoise) within noise", "\(check.changed) changed (no goal)", "\(check.notJudged) not judged"]
    return parts.joined(separator: ", ") + ", of \(check.cells.count) cells "
  }

  /// Per metric judged: the allowance used (its floor, or the tolerance given) and the smallest
  /// worsening this check's trials could call a regression, the allowance plus the median half-width
  /// of the metric's 95 % intervals (uncorrected).
  @_optimize(none)
  static func floorRows(_ check: BaselineCheck) -> [(metric: Metric, unit: String, allowance: String, detectable: String)] {
    var order: [Metric] = []
    var cellsOf: [Metric: [BaselineCheck.Cell]] = [:]
    for cell in check.cells where cell.change.verdict != .notJudged && cell.change.metric.goal != .none {
      if cellsOf[cell.change.metric] == nil { order.append(cell.change.metric) }
      cellsOf[cell.change.metric, default: []].append(cell)
    }
    return order.map { metric in
      let cells = cellsOf[metric]!
      let allowances = Set(cells.map(\.change.allowance))
      let from = cells.contains { $0.change.allowanceFrom == .tolerance } ? "tolerance" : "floor"
      let allowance = allowances.count == 1 ? "\(number(allowances.first!)) (\(from))" : "\(number(allowances.min()!))–\(number(allowances.max()!)) (\(from))"
      // Identical cells' intervals have no width: they say nothing of the noise.
      let halfWidths = cells.filter { $0.change.verdict != .identical }.compactMap { c in
        c.change.ci95High.flatMap { high in c.change.ci95Low.map { (high - $0) / 2 } }
      }.sorted()
      let detectable = check.exact == true ? "exact" : halfWidths.isEmpty ? "n/a (unchanged)" : number(allowances.min()! + halfWidths[halfWidths.count / 2])
      return (metric, cells[0].unit, allowance, detectable)
    }
  }

  @_optimize(none)
  static func number(_ x: Double?) -> String { x.map { String(format: "%.4g", $0) } ?? "n/a" }

  @_optimize(none)
  static func label(_ cell: BaselineCheck.Cell) -> String {
    let (recorded, now) = (StrategyLabels.shown(cell.baselineStrategy), StrategyLabels.shown(cell.strategy))
    return cell.baselineStrategy == cell.strategy ? now : "\(recorded) → \(now)"
  }

  /// "0.4 [0.2, 0.6]": a cell's change and its 95 % interval, as a worsening, or for an improvement
  /// (`better`) as how much better, the signs turned so the numbers read positive.
  @_optimize(none)
  static func change(_ c: PairedChange, better: Bool) -> String {
    better
      ? "\(number(c.worsening.map(-))) [\(number(c.ci95High.map(-))), \(number(c.ci95Low.map(-)))]"
      : "\(number(c.worsening)) [\(number(c.ci95Low)), \(number(c.ci95High))]"
  }

  /// ``label(_:)`` for a narrow cell: a changed strategy by the parameters that changed
  /// (`kalman(q: 0.5) → kalman(q: 2.71)`), so a cut at the cell's width never hides the change.
  @_optimize(none)
  static func changedLabel(_ cell: BaselineCheck.Cell) -> String {
    guard cell.baselineStrategy != cell.strategy else { return StrategyLabels.shown(cell.strategy) }
    let short = StrategyLabels.names([cell.baselineStrategy, cell.strategy])
    return "\(short[0]) → \(short[1])"
  }

  /// Regressions first (old → new, the worsening and its interval), then improvements, then a one-line
  /// verdict.
  @_optimize(none)
  public static func markdown(_ check: BaselineCheck) -> String {
    var out = "## TrackBench check\n\n"
    let pairing = pairingLines(check)
    for line in pairing { out += "- " + line + "\n" }
    if !pairing.isEmpty { out += "\n" }
    // Improvements are read as how much better, so their column says so with the signs turned.
    func table(_ cells: [BaselineCheck.Cell], better: Bool = false) -> String {
      var text = "| scenario | strategy | metric | baseline | now | \(better ? "better" : "worse") by (95 % interval) | allowed |\n|---|---|---|---|---|---|---|\n"
      for cell in cells {
        let c = cell.change
        let cells = [
          cell.scenario, "`\(label(cell).replacingOccurrences(of: "|", with: "\\|"))`", "\(c.metric.rawValue) [\(cell.unit)]",
          number(c.oldMean), number(c.newMean), change(c, better: better), number(c.allowance),
        ]
        text += "| " + cells.joined(separator: " | ") + " |\n"
      }
      return text
    }
    let regressions = check.cells.filter { $0.change.verdict == .regression }
    let watch = check.cells.filter { $0.change.verdict == .watch }
    let improvements = check.cells.filter { $0.change.verdict == .improvement }
    if !regressions.isEmpty { out += "### Regressions (\(regressions.count))\n\n" + table(regressions) + "\n" }
    let tradeOffs = check.cells.filter { $0.change.verdict == .tradeOff }
    if !tradeOffs.isEmpty { out += "### \(tradeOffTitle(check)) (\(tradeOffs.count))\n\n" + table(tradeOffs) + "\n" }
    if !watch.isEmpty { out += "### Watch: worse only without the correction (\(watch.count))\n\n" + table(watch) + "\n" }
    if !improvements.isEmpty { out += "### Improvements (\(improvements.count))\n\n" + table(improvements, better: true) + "\n" }
    let floors = floorRows(check)
    if !floors.isEmpty {
      out += "<details><summary>Floors: the smallest worsening that counts, per metric</summary>\n\n"
      out += "| metric | allowed worsening | smallest detectable here |\n|---|---|---|\n"
      for row in floors { out += "| \(row.metric.rawValue) [\(row.unit)] | \(row.allowance) | \(row.detectable) |\n" }
      out += "\n</details>\n\n"
    }
    out += check.passed ? "**Passed**: " : "**Failed**: "
    out += counts(check) + Self.basis(check) + ".\n"
    return out
  }

  /// What was judged against what, when not every strategy was rerun as recorded: each candidate with
  /// the strategy it replaced and on how many scenarios, then strategies on one side only.
  @_optimize(none)
  static func pairingLines(_ check: BaselineCheck) -> [String] {
    var lines: [String] = []
    var replaced: [(from: String, to: String, scenarios: Int)] = []
    for substitution in check.substitutions {
      if let i = replaced.firstIndex(where: { $0.from == substitution.baselineStrategy && $0.to == substitution.strategy }) {
        replaced[i].scenarios += 1
      } else {
        replaced.append((substitution.baselineStrategy, substitution.strategy, 1))
      }
    }
    for r in replaced {
      lines.append("Candidate `\(StrategyLabels.shown(r.to))` replaced `\(StrategyLabels.shown(r.from))` on \(r.scenarios) scenario\(r.scenarios == 1 ? "" : "s"), judged against its recorded cells.")
    }
    func grouped(_ unpaired: [BaselineCheck.Unpaired]) -> String {
      var names: [String] = []
      for u in unpaired where !names.contains(u.strategy) { names.append(u.strategy) }
      return names.map { name in "`\(StrategyLabels.shown(name))` (\(unpaired.filter { $0.strategy == name }.count) scenarios)" }.joined(separator: ", ")
    }
    if !check.added.isEmpty { lines.append("Added, not compared (no recorded cells): " + grouped(check.added) + ".") }
    if !check.removed.isEmpty { lines.append("Recorded but not rerun, not compared: " + grouped(check.removed) + ".") }
    return lines
  }

  /// The accuracy gate as plain text for a terminal: what replaced what, then each regression and
  /// improvement as a wrapped line, then the verdict.
  @_optimize(none)
  public static func text(_ check: BaselineCheck, width: Int) -> String {
    var out = "TrackBench check\n"
    for line in pairingLines(check) { out += TableRenderer.wrapped("- " + line.replacingOccurrences(of: "`", with: ""), width: width, indent: "  ") }
    func lines(_ cells: [BaselineCheck.Cell], _ title: String) {
      guard !cells.isEmpty else { return }
      out += "\n\(title) (\(cells.count))\n"
      for cell in cells {
        let c = cell.change
        let line = "- \(cell.scenario), \(label(cell)), \(c.metric.rawValue): \(number(c.oldMean)) → \(number(c.newMean)) \(cell.unit); worse by "
          + "\(number(c.worsening)) [\(number(c.ci95Low)), \(number(c.ci95High))], allowed \(number(c.allowance))"
        out += TableRenderer.wrapped(line, width: width, indent: "  ")
      }
    }
    lines(check.cells.filter { $0.change.verdict == .regression }, "Regressions")
    lines(check.cells.filter { $0.change.verdict == .tradeOff }, tradeOffTitle(check).replacingOccurrences(of: "`", with: ""))
    lines(check.cells.filter { $0.change.verdict == .watch }, "Watch: worse only without the correction")
    lines(check.cells.filter { $0.change.verdict == .improvement }, "Improvements")
    let floors = floorRows(check)
    if !floors.isEmpty {
      out += "\nFloors (allowed worsening; smallest detectable here)\n"
      let items = floors.map { "\($0.metric.rawValue) \($0.allowance); \($0.detectable) \($0.unit)" }
      out += TableRenderer.wrapped(items.joined(separator: " · "), width: width, indent: "")
    }
    let verdict = (check.passed ? "Passed: " : "Failed: ") + counts(check) + Self.basis(check) + "."
    return out + "\n" + TableRenderer.wrapped(verdict, width: width, indent: "")
  }

  /// The first line of every ``comment(accuracy:speed:)``: what a bot searches a pull request's comments
  /// for, to update its one comment instead of adding another.
  public static let commentMarker = "<!-- trackbench-check -->"
  /// The most lines a comment has, whatever the number of cells.
  public static let commentLineLimit = 60
  /// The most characters a comment has, whatever its strategies' texts: a pull-request comment may hold
  /// 65,536, and a table row quotes a strategy cut to ``commentCellLimit``.
  public static let commentCharacterLimit = 60_000
  /// The most characters of a strategy's or scenario's text in a comment's table cell.
  public static let commentCellLimit = 80

  /// `cells` largest change first: by how many allowances each moved (worse first for regressions, better
  /// first for improvements), ties in report order, so a comment cut to a few rows keeps the biggest.
  @_optimize(none)
  static func bySize(_ cells: [BaselineCheck.Cell]) -> [BaselineCheck.Cell] {
    func size(_ cell: BaselineCheck.Cell) -> Double {
      let c = cell.change
      guard let worse = c.worsening, worse.isFinite else { return 0 }
      let allowance = abs(c.allowance)
      return abs(worse) / (allowance > 0 ? allowance : 1)
    }
    return cells.enumerated().sorted { (size($0.element), $1.offset) > (size($1.element), $0.offset) }.map(\.element)
  }

  /// A pull-request comment: the marker, the verdict as a heading, the counts, then the regressions
  /// (with the allowance they exceeded), the cells to watch, the improvements and the failing kernels,
  /// each table cut to a few rows with how many more there are; the full report is the step summary or
  /// `--format markdown`.
  @_optimize(none)
  public static func comment(accuracy: BaselineCheck?, speed: SpeedCheck?) -> String {
    let passed = (accuracy?.passed ?? true) && (speed?.passed ?? true)
    var lines = [commentMarker]
    var failing: [String] = []
    if let accuracy, !accuracy.passed { failing.append("\(accuracy.regressions) regression\(accuracy.regressions == 1 ? "" : "s")") }
    let slow = speed.map { $0.kernels.filter { $0.verdict == .regression || $0.verdict == .missing } } ?? []
    if !slow.isEmpty, speed?.passed == false { failing.append("\(slow.count) kernel\(slow.count == 1 ? "" : "s") outside the speed band") }
    lines.append(passed ? "### ✅ TrackBench check passed" : "### ❌ TrackBench check failed: " + failing.joined(separator: ", "))
    lines.append("")
    // Improvements are read as how much better, so their column says so with the signs turned.
    func table(_ title: String, _ cells: [BaselineCheck.Cell], limit: Int, better: Bool = false) {
      guard !cells.isEmpty else { return }
      let heading = better ? "better by (95 %)" : "worse by (95 %)"
      lines += ["**\(title) (\(cells.count))**", "", "| scenario | strategy | metric | baseline → now | \(heading) | allowed |", "|---|---|---|---|---|---|"]
      for cell in bySize(cells).prefix(limit) {
        let c = cell.change
        let strategy = cut(changedLabel(cell)).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
        lines.append(
          "| \(cut(cell.scenario)) | `\(strategy)` | \(c.metric.rawValue) | \(number(c.oldMean)) → \(number(c.newMean)) \(cell.unit) | "
            + "\(change(c, better: better)) | \(number(c.allowance)) |")
      }
      if cells.count > limit { lines.append("| … \(cells.count - limit) more | | | | | |") }
      lines.append("")
    }
    if let accuracy {
      lines.append(counts(accuracy).trimmingCharacters(in: .whitespaces) + ".")
      lines.append("")
      table("Regressions", accuracy.cells.filter { $0.change.verdict == .regression }, limit: 15)
      table(tradeOffTitle(accuracy), accuracy.cells.filter { $0.change.verdict == .tradeOff }, limit: 8)
      table("Watch: worse only without the correction", accuracy.cells.filter { $0.change.verdict == .watch }, limit: 8)
      table("Improvements", accuracy.cells.filter { $0.change.verdict == .improvement }, limit: 5, better: true)
    }
    if let speed {
      lines.append("Speed (\(speed.figure.unit)): \(speed.regressions) regressions, \(speed.improvements) improvements, of \(speed.kernels.count) kernels\(notEnforced(speed)).")
      for kernel in slow.prefix(5) { lines.append("- " + speedLine(kernel, speed)) }
      if slow.count > 5 { lines.append("- … \(slow.count - 5) more") }
      lines.append("")
    }
    let footer = "<sub>" + (accuracy.map { basis($0) } ?? "") + " Full report: the job summary, or `trackbench check --format markdown`.</sub>"
    var kept: [String] = []
    var characters = footer.count + 1
    for line in lines.prefix(commentLineLimit - 1) {
      guard characters + line.count + 1 <= commentCharacterLimit else { break }
      kept.append(line)
      characters += line.count + 1
    }
    return (kept + [footer]).joined(separator: "\n") + "\n"
  }

  /// `text` cut to ``commentCellLimit`` characters (with `…`).
  @_optimize(none)
  private static func cut(_ text: String) -> String {
    text.count > commentCellLimit ? String(text.prefix(commentCellLimit - 1)) + "…" : text
  }

  /// The speed gate as plain text for a terminal.
  @_optimize(none)
  public static func text(_ speed: SpeedCheck, width: Int) -> String {
    var out = "TrackBench speed check (\(speed.figure.unit))\n"
    for kernel in speed.kernels { out += TableRenderer.wrapped("- " + speedLine(kernel, speed) + " (\(kernel.verdict.rawValue))", width: width, indent: "  ") }
    let failing = speed.kernels.filter { $0.verdict == .regression || $0.verdict == .missing }.count
    let verdict = (speed.passed ? "Passed: " : "Failed: ")
      + "\(speed.regressions) regressions, \(speed.improvements) improvements, \(failing - speed.regressions) missing, of \(speed.kernels.count) kernels"
      + notEnforced(speed) + "."
    return out + "\n" + TableRenderer.wrapped(verdict, width: width, indent: "")
  }

  /// One `<testsuite>` per scenario, one `<testcase>` per strategy × metric: a regression is a
  /// `<failure>` with the numbers, a cell without a judgement is `<skipped/>`.
  @_optimize(none)
  public static func junit(_ check: BaselineCheck) -> String { junit(accuracy: check, speed: nil) }

  /// The accuracy gate's suites, then the speed gate's as one suite `speed` with a testcase per kernel.
  @_optimize(none)
  public static func junit(accuracy: BaselineCheck?, speed: SpeedCheck?) -> String {
    let check = accuracy ?? BaselineCheck(baseline: [], current: [], scenarios: [], tolerances: [:])
    var scenarios: [String] = []
    for cell in check.cells where !scenarios.contains(cell.scenario) { scenarios.append(cell.scenario) }
    func attribute(_ text: String) -> String { XMLText.escaped(text) }
    let speedFailures = speed.map { s in s.kernels.filter { failsJUnit($0, s) }.count } ?? 0
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"trackbench check\" tests=\"\(check.cells.count + (speed?.kernels.count ?? 0))\" failures=\"\(check.regressions + speedFailures)\" errors=\"0\" skipped=\"\(check.notJudged)\">\n"
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
    if let speed {
      out += "  <testsuite name=\"speed\" tests=\"\(speed.kernels.count)\" failures=\"\(speedFailures)\" errors=\"0\" skipped=\"0\">\n"
      for kernel in speed.kernels {
        out += "    <testcase classname=\"speed\" name=\"\(attribute(kernel.name + " · " + speed.figure.rawValue))\""
        if failsJUnit(kernel, speed) {
          out += ">\n      <failure type=\"\(kernel.verdict.rawValue)\" message=\"\(attribute(speedLine(kernel, speed)))\"/>\n    </testcase>\n"
        } else {
          out += "/>\n"
        }
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  /// Whether a kernel is a JUnit failure: missing, or a regression the check enforces.
  @_optimize(none)
  static func failsJUnit(_ kernel: SpeedCheck.Kernel, _ speed: SpeedCheck) -> Bool {
    kernel.verdict == .missing || (kernel.verdict == .regression && speed.enforced != false)
  }

  @_optimize(none)
  static func speedLine(_ kernel: SpeedCheck.Kernel, _ speed: SpeedCheck) -> String {
    switch (kernel.recorded, kernel.now) {
    case (nil, _): return "\(kernel.name): measured now, not in the recording (re-record it)"
    case (_, nil): return "\(kernel.name): in the recording, not measured now"
    case let (recorded?, now?):
      return "\(kernel.name): \(number(recorded)) → \(number(now)) \(speed.figure.unit) (×\(number(kernel.ratio))), band ±\(number(speed.band * 100)) %"
    }
  }

  /// Regressions and missing kernels first, then every kernel, then a one-line verdict.
  @_optimize(none)
  public static func markdown(_ speed: SpeedCheck) -> String {
    var out = "## TrackBench speed check (\(speed.figure.unit))\n\n"
    let failing = speed.kernels.filter { $0.verdict == .regression || $0.verdict == .missing }
    if !failing.isEmpty {
      out += "### Regressions (\(failing.count))\n\n" + failing.map { "- " + speedLine($0, speed) + "\n" }.joined() + "\n"
    }
    out += "| kernel | recorded | now | now / recorded | verdict |\n|---|---|---|---|---|\n"
    for kernel in speed.kernels {
      out += "| `\(kernel.name.replacingOccurrences(of: "|", with: "\\|"))` | \(number(kernel.recorded)) | \(number(kernel.now)) | \(number(kernel.ratio)) | \(kernel.verdict.rawValue) |\n"
    }
    let worse = speed.figure == .fixesPerSecond ? "below \(number((1 - speed.band) * 100)) % of the recorded rate" : "above \(number((1 + speed.band) * 100)) % of the recorded count"
    out += "\n" + (speed.passed ? "**Passed**: " : "**Failed**: ")
    out += "\(speed.regressions) regressions (\(worse)), \(speed.improvements) improvements, \(failing.count - speed.regressions) missing, of \(speed.kernels.count) kernels"
    out += notEnforced(speed) + ".\n"
    return out
  }

  /// Why regressions did not fail, when they did not.
  @_optimize(none)
  static func notEnforced(_ speed: SpeedCheck) -> String {
    speed.enforced == false ? " (regressions not enforced: the rates were recorded on another machine or build; --same-machine enforces them)" : ""
  }
}
