import Evaluation
import TrackCore

/// A plain-text table per scenario and metric group: strategies × metrics, each cell the mean over
/// trials, the best strategy per metric marked `*` (closest to zero for signed errors) and those not
/// significantly worse `~`; `n/a` where no trial had a value.
///
/// With `colours` (a terminal), the best is also bold green, the not significantly worse green and
/// `n/a` dim (ANSI SGR); without, the text has no escape codes at all (piped, redirected, `NO_COLOR`).
///
/// Fits `width` columns: descriptions wrap, and when full strategy texts would make a table wider,
/// strategies are shown by name with only their differing parameters, or else as `S1`, `S2`, …, with a
/// legend of the full texts under the scenario.
///
/// Without `detail`, a glance: the verdict, the accuracy-against-energy front, and per scenario one
/// table of its headline metrics (``headline(_:objective:)``); with it, every metric group's table.
public struct TableRenderer: ReportRenderer {
  public let colours: Bool
  /// Columns the table should fit (a terminal's width; 100 when piped).
  public let width: Int
  /// Every metric's table per scenario (else one table of the headline metrics).
  public let detail: Bool
  @_optimize(none)
  public init(colours: Bool = false, width: Int = 100, detail: Bool = true) {
    self.colours = colours
    self.width = max(width, 40)
    self.detail = detail
  }

  /// What a runner sees first: distance, live pace, splits, line shape, battery; the metrics of the
  /// verdict's objective first, the metrics the user registered last. Of a recording without truth: its distance, pace jitter and error.
  /// Only metrics the scenario has, in that order.
  @_optimize(none)
  static func headline(_ scenario: ScenarioResult, objective: String?) -> [Metric] {
    let named = scenario.metrics.filter { metric in objective.map { Self.names($0, metric.rawValue) } ?? false }
    var chosen = named
    for metric in Headlines.table where scenario.metrics.contains(metric) && !chosen.contains(metric) { chosen.append(metric) }
    // Where the run has terrain, its elevation estimators differ only in the gain: that column is the
    // point of the table (without it they read identical to raw).
    if !chosen.contains(.ascentErrorPercent), scenario.strategies.contains(where: { $0.summary(.ascentErrorPercent)?.mean != nil }) {
      chosen.insert(.ascentErrorPercent, at: min(1, chosen.count))
    }
    // Metrics a team registered are theirs to see at a glance.
    for metric in scenario.metrics where metric.group == .yours && !chosen.contains(metric) { chosen.append(metric) }
    // A recording leaves columns no strategy has a value in (no device distance, no power, no stop):
    // shown, they only squeeze the table until the strategies lose their names (as `sections` does).
    if scenario.recording != nil {
      let valued = chosen.filter { metric in scenario.strategies.contains { $0.summary(metric)?.mean != nil } }
      if !valued.isEmpty { chosen = valued }
    }
    return chosen.isEmpty ? Array(scenario.metrics.prefix(4)) : chosen
  }

  /// Whether the objective's text names `metric` as a whole word (`pace_lag_s`, not a part of another name).
  @_optimize(none)
  private static func names(_ objective: String, _ metric: String) -> Bool {
    var rest = objective[...]
    while let found = rest.range(of: metric) {
      let before = found.lowerBound == objective.startIndex ? nil : objective[objective.index(before: found.lowerBound)]
      let after = found.upperBound == objective.endIndex ? nil : objective[found.upperBound]
      func isName(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if !isName(before) && !isName(after) { return true }
      rest = objective[found.upperBound...]
    }
    return false
  }

  enum Emphasis { case none, best, close, missing }

  @_optimize(none)
  public func render(_ result: ExperimentResult) throws -> String {
    var out = ""
    // One numbering of short labels for the whole report: S3 is the same strategy in every table.
    let aliases = AliasBook()
    // And one meaning per short name: a label tells its strategy apart from every other in the report.
    var seen = Set<StrategyKey>()
    let context = result.scenarios.flatMap { $0.strategies.map(\.strategy) }.filter { seen.insert($0).inserted }
    if let verdict = result.verdict {
      out += VerdictText.plain(verdict, scenarios: result.scenarios.count, width: width, aliases: aliases, context: context)
    }
    if let front = EnergyFront(result) { out += EnergyFrontText.plain(front, width: width, brief: !detail, context: context) + "\n" }
    // At a glance, one legend after every scenario: each short label with its text (and where it means
    // another text in another scenario, which scenarios).
    var legend: [(label: String, text: String, scenarios: [String])] = []
    // Each scenario's table goes to `tables`, numbering in a copy of the book: on a glance that would
    // not fit two screens, one line per scenario (``glance(_:_:aliases:context:)``) stands in for them.
    var tables = ""
    let tableAliases = aliases.copy()
    for scenario in result.scenarios {
      tables += "\(scenario.name): \(scenario.headline)\n"
      let sections = detail ? scenario.sections.map { ($0.group.title, $0.metrics) } : [("Headline metrics", Self.headline(scenario, objective: result.verdict?.objective))]
      if detail, !scenario.description.isEmpty { tables += Self.wrapped(scenario.description, width: width, indent: "  ") }
      let full = scenario.strategies.map(\.strategy)
      let fitted = StrategyLabels.fitted(full, among: context) { labels in sections.allSatisfy { (table(scenario, $0.1, labels, painted: false).map(\.count).max() ?? 0) <= width } }
      let labels = tableAliases.relabel(fitted, texts: full.map(\.text))
      for (title, metrics) in sections {
        // A section too wide even with short labels is split into tables of consecutive columns.
        for (part, chunk) in chunks(scenario, metrics, labels).enumerated() {
          tables += "\n  \(title)\(part > 0 ? " (continued)" : "")\n"
          for line in table(scenario, chunk, labels) { tables += line + "\n" }
        }
      }
      let readable = full.map(StrategyLabels.shown)
      if detail, labels != readable {
        tables += "\n  Strategies:\n"
        for (label, text) in zip(labels, readable) where label != text { tables += Self.wrapped("\(label) = \(text)", width: width, indent: "  ") }
      }
      if !detail {
        for (label, text) in zip(labels, readable) where label != text {
          if let i = legend.firstIndex(where: { $0.label == label && $0.text == text }) {
            legend[i].scenarios.append(scenario.name)
          } else {
            legend.append((label, text, [scenario.name]))
          }
        }
      }
      tables += "\n"
    }
    let footer = 4
    var glanced = false
    if !detail, let verdict = result.verdict, let rows = verdict.scenarioBest, rows.count > 1,
      Self.lineCount(out) + Self.lineCount(tables) + legend.count + footer > Self.screens
    {
      glanced = true
      let (lines, extra) = glance(result, verdict, aliases: aliases, context: context)
      out += lines
      legend = extra
    } else {
      out += tables
    }
    // What the verdict's legend already defined is not defined again.
    legend.removeAll { tableAliases.defined.contains("\($0.label) = \($0.text)") }
    if !legend.isEmpty {
      out += "Strategies in the tables:\n"
      for entry in legend {
        // A label meaning several texts: where each applies, the most used one "elsewhere".
        let variants = legend.filter { $0.label == entry.label }
        let most = variants.max { $0.scenarios.count < $1.scenarios.count }
        let place = variants.count < 2 ? "" : (most?.text == entry.text ? " (elsewhere)" : " (in \(entry.scenarios.joined(separator: ", ")))")
        out += Self.wrapped("\(entry.label) = \(entry.text)" + place, width: width, indent: "  ")
      }
      out += "\n"
    }
    let singleRuns = !result.scenarios.isEmpty && result.scenarios.allSatisfy { $0.trials == 1 }
    if glanced {
      out += Self.wrapped("Each scenario's table, every metric: --detail, or --format markdown or html.", width: width, indent: "")
      return out
    }
    out += Self.wrapped(
      singleRuns
        ? "Values of one run (a recording is one run: no trials, so no intervals); * best per column (closest to zero for signed errors)."
        : "Means over trials; * best per column (closest to zero for signed errors), ~ not significantly worse (95 % intervals overlap).",
      width: width, indent: "")
    if !detail { out += Self.wrapped("Every metric of every scenario: --detail, or --format markdown or html.", width: width, indent: "") }
    return out
  }

  /// Two screens of a terminal: a glance longer than this shows each scenario in one line.
  static let screens = 200

  @_optimize(none)
  static func lineCount(_ text: String) -> Int { text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }

  /// One line per scenario: its size, its best live strategy on the objective and the pick's place
  /// there (the verdict's ``ShipVerdict/scenarioBest``), and `raw`'s distance error (how far the
  /// phone's own fixes are off); with the legend of the labels it numbered.
  @_optimize(none)
  private func glance(
    _ result: ExperimentResult, _ verdict: ShipVerdict, aliases: AliasBook, context: [StrategyKey]
  ) -> (String, [(label: String, text: String, scenarios: [String])]) {
    let rows = verdict.scenarioBest ?? []
    let pick = verdict.pick
    let bests = rows.map { $0.strategy ?? "" }
    let keys = bests.filter { !$0.isEmpty }.map(StrategyKey.init(stored:))
    func lines(_ labels: [String]) -> [String] {
      var cells = [["scenario", "km", "trials", "best on the objective", "pick's place", "raw dist err %"]]
      var next = labels.makeIterator()
      for row in rows {
        let scenario = result.scenarios.first { $0.name == row.scenario }
        let raw = scenario?.strategies.first { $0.strategy.text == "raw" }?.summary(.distanceErrorPercent)?.mean
        cells.append([
          row.scenario,
          scenario.map { NumberText.fixed($0.trueDistanceM / 1000, decimals: 2) } ?? "",
          scenario.map { "\($0.trials)" } ?? "",
          row.strategy == nil ? "none has a value" : next.next() ?? "",
          row.pickPlace.map { "\(ShipVerdict.ordinal($0)) of \(row.live)" } ?? "not run",
          raw.map { NumberText.fixed($0, decimals: 2, signed: true) } ?? "n/a",
        ])
      }
      var text: [String] = []
      for (r, row) in NumberText.columns(cells, left: [0, 3, 4]).enumerated() {
        var line = "  " + row.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        text.append(line)
        if r == 0 { text.append("  " + NumberText.rule(under: row).joined(separator: "  ")) }
      }
      return text
    }
    // Names with the parameters that tell them apart (the verdict's legend gives the rest once), or
    // numbered labels when even those are too wide.
    var distinct: [StrategyKey] = []
    for key in keys where !distinct.contains(key) { distinct.append(key) }
    func perRow(_ labels: [String]) -> [String] {
      let of = Dictionary(uniqueKeysWithValues: zip(distinct, labels))
      return keys.map { of[$0]! }
    }
    func fits(_ labels: [String]) -> Bool { (lines(perRow(labels)).map(\.count).max() ?? 0) <= width }
    let named = StrategyLabels.names(distinct, among: context)
    let labels = perRow(aliases.relabel(fits(named) ? named : StrategyLabels.fitted(distinct, among: context, fits: fits), texts: distinct.map(\.text)))
    let pickName = pick.map { StrategyLabels.names([StrategyKey(stored: $0)], among: context)[0] }
    var out = Self.wrapped(
      "Scenarios: each one's best live strategy on the objective (as the verdict scores it there), the place there of the pick"
        + (pickName.map { " (\($0))" } ?? "") + ", and the distance error of the fixes as the phone gave them (raw).",
      width: width, indent: "")
    for line in lines(labels) { out += line + "\n" }
    out += "\n"
    var legend: [(label: String, text: String, scenarios: [String])] = []
    for (label, key) in zip(labels, keys) where label != StrategyLabels.shown(key) && !legend.contains(where: { $0.label == label }) {
      legend.append((label, StrategyLabels.shown(key), []))
    }
    return (out, legend)
  }

  /// `metrics` in consecutive groups whose tables fit the width (each at least one column).
  @_optimize(none)
  private func chunks(_ scenario: ScenarioResult, _ metrics: [Metric], _ labels: [String]) -> [[Metric]] {
    var groups: [[Metric]] = []
    var current: [Metric] = []
    for metric in metrics {
      let widened = current + [metric]
      if !current.isEmpty, (table(scenario, widened, labels, painted: false).map(\.count).max() ?? 0) > width {
        groups.append(current)
        current = [metric]
      } else {
        current = widened
      }
    }
    if !current.isEmpty { groups.append(current) }
    return groups
  }

  /// The widest table line of `scenario` with these strategy labels, without colour codes.
  @_optimize(none)
  private func tableWidth(_ scenario: ScenarioResult, _ labels: [String]) -> Int {
    scenario.sections.map { table(scenario, $0.metrics, labels, painted: false).map(\.count).max() ?? 0 }.max() ?? 0
  }

  @_optimize(none)
  private func table(_ scenario: ScenarioResult, _ metrics: [Metric], _ labels: [String], painted: Bool = true) -> [String] {
    let best = metrics.map { scenario.bestStrategyIndex(for: $0) }
    let close = metrics.map { Set(scenario.notSignificantlyWorse(for: $0)) }
    var rows: [[(String, Emphasis)]] = [[("strategy", .none)] + metrics.map { ($0.heading, .none) }]
    for (i, strategy) in scenario.strategies.enumerated() {
      rows.append([(labels[i], .none)] + metrics.enumerated().map { m, metric in
        guard let mean = strategy.summary(metric)?.mean else { return ("n/a ", .missing) }
        let text = NumberText.fixed(mean, decimals: metric.decimals, signed: metric.goal == .zero)
        if best[m] == i { return (text + "*", .best) }
        if close[m].contains(i) { return (text + "~", .close) }
        return (text + " ", .none)
      })
    }
    var lines: [String] = []
    for (r, row) in NumberText.columns(rows.map { $0.map(\.0) }, left: [0]).enumerated() {
      // The marker column's blank ends a row without a marker: no line ends in spaces.
      var cells = row
      if let last = cells.indices.last { while cells[last].hasSuffix(" ") { cells[last].removeLast() } }
      lines.append("  " + cells.enumerated().map { column, cell in painted ? paint(cell, rows[r][column].1) : cell }.joined(separator: "  "))
      if r == 0 { lines.append("  " + NumberText.rule(under: row).joined(separator: "  ")) }
    }
    return lines
  }

  /// `text` broken at spaces into lines of at most `width` columns (a longer word stands alone), each
  /// starting with `indent`.
  @_optimize(none)
  public static func wrapped(_ text: String, width: Int, indent: String) -> String {
    var out = "", line = indent
    for word in text.split(separator: " ") {
      if line.count > indent.count && line.count + 1 + word.count > width {
        out += line + "\n"
        line = indent
      }
      line += (line.count > indent.count ? " " : "") + word
    }
    return out + line + "\n"
  }

  @_optimize(none)
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
