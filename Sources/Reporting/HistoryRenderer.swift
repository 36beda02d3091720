import Evaluation
import Findings
import Foundation
import TrackCore

/// A check history (``CheckHistory``) as trends: per headline metric, each strategy's suite-wide value
/// over the checks, the failed checks marked. The terminal table and Markdown show the last checks; the
/// HTML page draws every check (inline SVG, no scripts); CSV and JSON hold every metric of every check.
public struct HistoryRenderer: Sendable {
  public var format: ReportFormat
  /// Checks the table and Markdown show (the newest).
  public var last: Int
  /// Columns the terminal table fits.
  public var width: Int

  @_optimize(none)
  public init(format: ReportFormat, last: Int = 10, width: Int = 100) { self.format = format; self.last = last; self.width = width }

  @_optimize(none)
  public func render(_ history: CheckHistory) throws -> String { try format.render(history, with: self) }

  /// The history's headline metrics (``Headlines/history``) it has, in that order, or every metric it has.
  @_optimize(none)
  static func drawn(_ history: CheckHistory) -> [String] {
    let present = history.series.reduce(into: [String]()) { if !$0.contains($1.metric) { $0.append($1.metric) } }
    let chosen = Headlines.history.map(\.rawValue).filter(present.contains)
    return chosen.isEmpty ? present : chosen
  }

  /// `Live pace error, RMS (s/km)`, with "mean |value|" for a signed metric; the key for a metric this
  /// build does not know.
  @_optimize(none)
  static func title(_ key: String) -> String {
    guard let metric = Metric(rawValue: key) else { return key }
    return "\(metric.descriptor.words) (\(metric.unit))"
  }

  @_optimize(none)
  static func averaging(_ key: String) -> String {
    Metric(rawValue: key)?.goal == .zero ? "mean of each scenario's |mean| over the scenarios" : "mean over the scenarios"
  }

  /// One decimal more than the results table shows: a trend moves in small steps.
  @_optimize(none)
  static func value(_ x: Double, _ key: String) -> String { NumberText.fixed(x, decimals: (Metric(rawValue: key)?.decimals ?? 2) + 1) }

  @_optimize(none)
  static func summary(_ history: CheckHistory) -> String {
    let failed = history.runs.count { !$0.passed }
    let span = history.runs.count == 1 ? history.runs[0].time : "\(history.runs.first!.time) to \(history.runs.last!.time)"
    return "\(history.runs.count) check\(history.runs.count == 1 ? "" : "s") of suite \(history.suite), \(span); "
      + (failed == 0 ? "none failed" : "\(failed) failed")
  }

  /// A check's name in a column: its label, else `#n`.
  @_optimize(none)
  static func name(_ run: CheckHistory.Run, _ index: Int) -> String { run.label.isEmpty ? "#\(index + 1)" : run.label }

  // MARK: - Table and Markdown

  @_optimize(none)
  func text(_ history: CheckHistory, markdown: Bool) -> String {
    let strategies = history.series.reduce(into: [String]()) { if !$0.contains($1.strategy) { $0.append($1.strategy) } }
    // Short names (just the parameters that differ) in the table; the full texts are in the CSV and HTML.
    let labels = Dictionary(uniqueKeysWithValues: zip(strategies, StrategyLabels.names(strategies)))
    let strategyWidth = min(32, max(8, labels.values.map(\.count).max() ?? 8))
    let columnWidth = 11
    let fit = markdown ? last : max(1, (width - strategyWidth - 2) / (columnWidth + 1))
    let shown = Array(history.runs.indices.suffix(min(last, fit)))
    var out = markdown ? "## Check history\n\n" : ""
    out += Self.summary(history) + (markdown ? ".\n\n" : ".\n")
    out += "FAIL n: the check failed with n regressions; *: the strategy regressed in it.\n"
    func clipped(_ text: String, _ width: Int) -> String { text.count <= width ? text : String(text.prefix(width - 1)) + "…" }
    for metric in Self.drawn(history) {
      let series = history.series.filter { $0.metric == metric }
      var rows: [[String]] = [["strategy"] + shown.map { clipped(Self.name(history.runs[$0], $0), columnWidth) }]
      rows.append([""] + shown.map { history.runs[$0].passed ? "pass" : "FAIL \(history.runs[$0].regressions)" })
      for line in series {
        rows.append(
          [markdown ? labels[line.strategy]! : clipped(labels[line.strategy]!, strategyWidth)]
            + shown.map { run in
              guard let point = line.points[run] else { return "–" }
              return Self.value(point.mean, metric) + (line.regressed[run] ? "*" : "")
            })
      }
      out += "\n" + (markdown ? "### " : "") + "\(Self.title(metric)), \(Self.averaging(metric))\n"
      if markdown {
        out += "\n| " + rows[0].map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: "---|", count: rows[0].count) + "\n"
        for row in rows.dropFirst() { out += "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }
      } else {
        let padded = NumberText.columns(rows, left: [0])
        for (k, row) in padded.enumerated() {
          out += row.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
          if k == 1 { out += NumberText.rule(under: row).joined(separator: "  ") + "\n" }
        }
      }
    }
    return out
  }

  // MARK: - CSV

  @_optimize(none)
  func csv(_ history: CheckHistory) -> String {
    var out = "check,time,label,passed,regressions,metric,strategy,mean,low,high,regressed\n"
    func field(_ text: String) -> String {
      text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
    for (index, run) in history.runs.enumerated() {
      for line in history.series {
        guard let point = line.points[index] else { continue }
        out += "\(index + 1),\(field(run.time)),\(field(run.label)),\(run.passed),\(run.regressions),\(field(line.metric)),\(field(line.strategy)),"
        out += "\(point.mean),\(point.low),\(point.high),\(line.regressed[index])\n"
      }
    }
    return out
  }

  // MARK: - HTML

  @_optimize(none)
  func html(_ history: CheckHistory) -> String {
    var out = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>TrackBench check history</title>
      <style>
      body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1100px; }
      table { border-collapse: collapse; margin: 6px 0 14px; font-size: 13px; }
      th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; white-space: nowrap; }
      th:first-child, td:first-child, td.text { text-align: left; }
      .note { color: #555; font-size: 13px; }
      .failed { color: #B00020; font-weight: bold; }
      .multiples { display: flex; flex-wrap: wrap; gap: 6px 10px; }
      </style>
      </head>
      <body>
      <h1>TrackBench check history</h1>

      """
    out += "<p>\(XMLText.escaped(Self.summary(history))).</p>\n"
    out += "<p class=\"note\">Per metric, a chart per strategy on its own scale: its value in each of the \(history.runs.count) checks "
    out += "(oldest to newest), the mean over the suite's scenarios, and the shaded band its 95 % interval over the trials. "
    out += "A red stripe marks a check that failed, darker where this strategy regressed (hover it for the check's label).</p>\n"
    let strategies = history.series.reduce(into: [String]()) { if !$0.contains($1.strategy) { $0.append($1.strategy) } }
    let labels = Dictionary(uniqueKeysWithValues: zip(strategies, StrategyLabels.names(strategies)))
    for metric in Self.drawn(history) {
      out += "<section class=\"trend\" data-metric=\"\(XMLText.escaped(metric))\">\n"
      out += "<h2>\(XMLText.escaped(Self.title(metric)))</h2>\n<p class=\"note\">\(XMLText.escaped(Self.averaging(metric))).</p>\n"
      out += charts(history, metric: metric, labels: labels)
      out += "</section>\n"
    }
    out += "<h2>The last checks</h2>\n<table>\n<tr><th>check</th><th>time</th><th>label</th><th>verdict</th><th>regressions</th><th>watch</th><th>improvements</th></tr>\n"
    for index in history.runs.indices.suffix(max(last, 1)).reversed() {
      let run = history.runs[index]
      out += "<tr><td>\(index + 1)</td><td class=\"text\">\(XMLText.escaped(run.time))</td><td class=\"text\">\(XMLText.escaped(run.label))</td>"
      out += run.passed ? "<td>pass</td>" : "<td class=\"failed\">FAIL</td>"
      out += "<td>\(run.regressions)</td><td>\(run.watch)</td><td>\(run.improvements)</td></tr>\n"
    }
    return out + "</table>\n</body>\n</html>\n"
  }

  /// One small chart per strategy, each on its own scale (a drift of one strategy shows whatever the
  /// others' levels): the value per check with its band, the failed checks as red stripes.
  @_optimize(none)
  private func charts(_ history: CheckHistory, metric: String, labels: [String: String]) -> String {
    let runs = history.runs.count
    let c = TuneHTMLRenderer.coordinate
    var out = "<div class=\"multiples\">\n"
    for (k, line) in history.series.filter({ $0.metric == metric }).enumerated() {
      let colour = HTMLRenderer.okabeIto[k % HTMLRenderer.okabeIto.count]
      let values = line.points.compactMap { $0 }.flatMap { [$0.low, $0.high] }
      // The x ticks name their checks (the label cut to 7 characters, e.g. a short commit); a tick between
      // two checks has no label.
      let frame = PlotFrame(
        width: 340, height: 170, x: PlotAxis(values: [1, Double(max(runs, 2))], title: "check"),
        y: PlotAxis(values: values, title: Metric(rawValue: metric)?.unit ?? ""),
        xTickLabel: { t in
          guard t == t.rounded(), (1...runs).contains(Int(t)) else { return "" }
          let name = Self.name(history.runs[Int(t) - 1], Int(t) - 1)
          return name.count <= 7 ? name : String(name.prefix(6)) + "…"
        })
      var svg = frame.open(className: "history")
      let top = frame.top, bottom = frame.height - frame.bottom
      let latest = line.points.last.flatMap { $0 }
      let label = labels[line.strategy] ?? line.strategy
      let title = label.count <= 26 ? label : String(label.prefix(25)) + "…"
      svg += "<text x=\"\(Int(frame.left))\" y=\"16\" font-size=\"12\" font-weight=\"bold\">\(XMLText.escaped(title))"
      svg += "<title>\(XMLText.escaped(line.strategy))</title></text>"
      if let latest {
        svg += "<text x=\"\(Int(frame.width - frame.right))\" y=\"16\" font-size=\"11\" text-anchor=\"end\">latest \(Self.value(latest.mean, metric))</text>"
      }
      svg += "\n<g class=\"failed-checks\" fill=\"#B00020\" fill-opacity=\"0.2\">"
      let stripe = max(1.5, (frame.width - frame.left - frame.right) / Double(max(runs, 1)) * 0.8)
      for (index, run) in history.runs.enumerated() where !run.passed {
        let x = frame.xPosition(Double(index + 1))
        let regressed = line.regressed[index]
        svg += "<rect x=\"\(c(x - stripe / 2))\" y=\"\(c(top))\" width=\"\(c(stripe))\" height=\"\(c(bottom - top))\"\(regressed ? " fill-opacity=\"0.55\"" : "")>"
        svg += "<title>\(XMLText.escaped("\(Self.name(run, index)) (\(run.time)): failed, \(run.regressions) regression\(run.regressions == 1 ? "" : "s")\(regressed ? ", this strategy among them" : "")"))</title></rect>"
      }
      svg += "</g>\n"
      // Each stretch of checks with a value is one path: a check without the strategy breaks the line.
      var stretches: [[(Int, CheckHistory.Estimate)]] = [[]]
      for (index, point) in line.points.enumerated() {
        if let point { stretches[stretches.count - 1].append((index, point)) } else if !stretches[stretches.count - 1].isEmpty { stretches.append([]) }
      }
      svg += "<g class=\"strategy\" data-strategy=\"\(XMLText.escaped(line.strategy))\">"
      for stretch in stretches where !stretch.isEmpty {
        let upper = stretch.map { frame.point(Double($0.0 + 1), $0.1.high) }
        let lower = stretch.reversed().map { frame.point(Double($0.0 + 1), $0.1.low) }
        svg += "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.15\" stroke=\"none\"/>"
        let points = stretch.map { frame.point(Double($0.0 + 1), $0.1.mean) }.joined(separator: " ")
        svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\"/>"
        // Points up to 60 checks; beyond, only a stretch of one check (a line would not show it). A
        // failed check's point always, larger and ringed in white so it shows over its red stripe.
        for (index, point) in stretch where runs <= 60 || stretch.count == 1 || !history.runs[index].passed {
          do {
            let failed = !history.runs[index].passed
            svg += "<circle cx=\"\(frame.px(Double(index + 1)))\" cy=\"\(frame.py(point.mean))\" r=\"\(failed ? "3.4" : "2.2")\" fill=\"\(colour)\"\(failed ? " stroke=\"#fff\" stroke-width=\"1.2\"" : "")>"
            svg += "<title>\(XMLText.escaped("\(Self.name(history.runs[index], index)): \(Self.value(point.mean, metric)) [\(Self.value(point.low, metric)), \(Self.value(point.high, metric))]"))</title></circle>"
          }
        }
      }
      out += svg + "</g>\n</svg>\n"
    }
    return out + "</div>\n"
  }
}
