import Evaluation
import Foundation
import TrackCore

/// The accuracy-against-energy section of the terminal, Markdown and HTML reports (``EnergyFront``).
package enum EnergyFrontText {
  @_optimize(none)
  static func scope(_ front: EnergyFront) -> String {
    "Over \(front.scenarios.count) running scenario\(front.scenarios.count == 1 ? "" : "s") (\(front.scenarios.joined(separator: ", "))): "
      + "mean power against distance error; energy saved against the always-on run each strategy would replace "
      + "(the same filter given every fix, or `raw`). Front: no other strategy has both less power and less distance error."
      + (front.leftOut.isEmpty ? "" : " Left out: " + front.leftOut.map { "\($0.scenario) (\($0.reason))" }.joined(separator: "; ") + ".")
  }

  /// The terminal's section: the scope, the strategies on the front and those meeting the goal (by
  /// power), then the goal sentence; `--format markdown` or `html` has every strategy.
  /// - Parameter brief: the goal sentence without each strategy's per-scenario list.
  /// - Parameter context: the report's other strategies, so each label tells its strategy apart from
  ///   all of them (``StrategyLabels/names(_:among:)``); the sentences name strategies by those labels.
  @_optimize(none)
  package static func plain(_ front: EnergyFront, width: Int, brief: Bool = false, context: [StrategyKey] = []) -> String {
    var out = "Accuracy against energy\n" + TableRenderer.wrapped(scope(front).replacingOccurrences(of: "`", with: ""), width: width, indent: "  ")
    let shown = front.points.filter { $0.onFront || $0.meetsGoal }
    var rows = [["strategy", "power mW", "saved", "|dist err| %", "± points", "pace ×", "front", "goal"]]
    for p in shown {
      rows.append([
        StrategyLabels.shown(p.strategy), NumberText.fixed(p.meanPowerMW, decimals: 1), saving(p.saving), NumberText.fixed(p.distanceError, decimals: 2),
        NumberText.fixed(p.distanceExcess, decimals: 2, signed: true), p.paceRatio.map { NumberText.fixed($0, decimals: 2) } ?? "n/a",
        p.onFront ? "yes" : "", p.meetsGoal ? "yes" : "",
      ])
    }
    let full = rows.map { $0 }
    let labels = StrategyLabels.fitted(shown.map(\.strategy), among: context) { labels in
      var trial = full
      for (i, label) in labels.enumerated() { trial[i + 1][0] = label }
      return (NumberText.columns(trial, left: [0]).map { ("  " + $0.joined(separator: "  ")).count }.max() ?? 0) <= width
    }
    for (i, label) in labels.enumerated() { rows[i + 1][0] = label }
    for (r, row) in NumberText.columns(rows, left: [0]).enumerated() {
      var line = "  " + row.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      out += line + "\n"
      if r == 0 { out += "  " + NumberText.rule(under: row).joined(separator: "  ") + "\n" }
    }
    let hidden = front.points.count - shown.count
    if hidden > 0 { out += TableRenderer.wrapped("\(hidden) more off the front and short of the goal: --format markdown or html lists them.", width: width, indent: "  ") }
    let named = { (text: String) in context.isEmpty ? StrategyLabels.shown(text) : StrategyLabels.names([StrategyKey(stored: text)], among: context)[0] }
    return out + TableRenderer.wrapped(goalSentence(front, brief: brief, label: named).replacingOccurrences(of: "`", with: ""), width: width, indent: "  ")
  }

  @_optimize(none)
  static func markdown(_ front: EnergyFront) -> String {
    var out = "## Accuracy against energy\n\n\(scope(front))\n\n"
    out += "| strategy | power mW | energy saved | vs | \\|dist err\\| % | ± points | pace RMS s/km | pace × | front | goal | goal per scenario |\n"
    out += "|---|---:|---:|---|---:|---:|---:|---:|:---:|:---:|---:|\n"
    for p in front.points {
      out += "| `\(StrategyLabels.shown(p.strategy).replacingOccurrences(of: "|", with: "\\|"))` | \(NumberText.fixed(p.meanPowerMW, decimals: 1)) | "
        + "\(saving(p.saving)) | `\(StrategyLabels.shown(p.reference).replacingOccurrences(of: "|", with: "\\|"))` | \(NumberText.fixed(p.distanceError, decimals: 2)) | "
        + "\(NumberText.fixed(p.distanceExcess, decimals: 2, signed: true)) | \(p.paceRMS.map { NumberText.fixed($0, decimals: 1) } ?? "n/a") | "
        + "\(p.paceRatio.map { NumberText.fixed($0, decimals: 2) } ?? "n/a") | \(p.onFront ? "◆" : "") | \(p.meetsGoal ? "✓" : "") | "
        + "\(p.scenariosMeetingGoal) of \(front.scenarios.count) |\n"
    }
    out += "\n\(goalSentence(front))\n\n\(legend)\n\n"
    return out
  }

  static let legend =
    "Goal: save at least \(Int(EnergyFront.goalSaving * 100)) % of the energy with the distance error within "
    + "\(NumberText.fixed(EnergyFront.goalDistancePoints, decimals: 1)) points (± points: |error| minus the always-on run's) and "
    + "the live pace error within \(Int((EnergyFront.goalPaceRatio - 1) * 100 + 0.5)) % of the always-on run's (pace ×), each the mean over "
    + "the scenarios of the scenario's own comparison; the last column counts the scenarios where the strategy meets it on its own."

  /// One sentence on the goal: who meets it, or that none does and what held each saver back.
  /// - Parameter brief: without the scenarios each strategy misses the goal on.
  /// - Parameter label: a strategy's text as the sentence names it.
  @_optimize(none)
  package static func goalSentence(_ front: EnergyFront, brief: Bool = false, label: (String) -> String = StrategyLabels.shown) -> String {
    let percent = Int(EnergyFront.goalSaving * 100)
    let meeting = front.points.filter(\.meetsGoal)
    func plain(_ x: Double) -> String { NumberText.trimmed(x, decimals: 2) }
    func perScenario(_ p: EnergyFront.Point) -> String {
      "on its own it meets the goal on \(p.scenariosMeetingGoal) of \(front.scenarios.count) scenarios"
        + (p.scenariosMissingGoal.isEmpty || brief ? "" : " (not on \(p.scenariosMissingGoal.joined(separator: ", ")))")
    }
    if !meeting.isEmpty {
      return "\(meeting.count) strateg\(meeting.count == 1 ? "y saves" : "ies save") at least \(percent) % of the energy of the always-on run "
        + "with the distance error within \(plain(EnergyFront.goalDistancePoints)) points and the live pace error within "
        + "\(Int((EnergyFront.goalPaceRatio - 1) * 100 + 0.5)) % of its own: "
        + meeting.map { "`\(label($0.strategy))` (\(Int(($0.saving * 100).rounded())) % less; \(perScenario($0)))" }.joined(separator: ", ") + "."
    }
    let savers = front.points.filter { $0.saving >= EnergyFront.goalSaving }
    guard !savers.isEmpty else { return "No strategy saves \(percent) % of the energy of the always-on run." }
    let reasons = savers.map { p -> String in
      var why: [String] = []
      if p.distanceExcess > EnergyFront.goalDistancePoints {
        why.append("distance error \(plain(p.distanceExcess)) points above the always-on run's")
      }
      if let ratio = p.paceRatio, ratio > EnergyFront.goalPaceRatio {
        why.append("live pace error \(plain(ratio)) times the always-on run's")
      } else if p.paceRatio == nil {
        why.append("no live pace to compare")
      }
      return "`\(label(p.strategy))`: " + why.joined(separator: ", ") + "; " + perScenario(p)
    }
    return "None of the \(savers.count) strategies saving \(percent) % or more keeps the accuracy (means over the scenarios of each "
      + "scenario's comparison): " + reasons.joined(separator: "; ") + "."
  }

  @_optimize(none)
  static func saving(_ x: Double) -> String {
    let percent = NumberText.fixed(abs(x) * 100, decimals: 0)
    return (x < 0 && percent != "0" ? "−" : "") + percent + " %"
  }

  /// A scatter of mean power (x) against distance error (y), the front joined by a line, then the table.
  @_optimize(none)
  static func html(_ front: EnergyFront) -> String {
    let width = 760.0, height = 340.0, left = 56.0, right = 16.0, top = 14.0, bottom = 40.0
    let powers = front.points.map(\.meanPowerMW), errors = front.points.map(\.distanceError)
    let xMax = max(powers.max() ?? 1, 1) * 1.05
    // Distance errors span orders of magnitude (a coarse fix's hundreds of %, a smoother's tenths): a
    // log scale over whole decades, errors below its floor drawn on it.
    let floorDecade = (log10(max(errors.filter { $0 > 0 }.min() ?? 0.1, 1e-3))).rounded(.down)
    let topDecade = max((log10(max(errors.max() ?? 1, 1e-3))).rounded(.up), floorDecade + 1)
    func x(_ v: Double) -> Double { left + v / xMax * (width - left - right) }
    func y(_ v: Double) -> Double {
      let decade = log10(max(v, pow(10, floorDecade)))
      return top + (1 - (decade - floorDecade) / (topDecade - floorDecade)) * (height - top - bottom)
    }
    func n(_ v: Double) -> String { NumberText.fixed(v, decimals: 1) }
    var svg = "<svg class=\"front\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"Mean power against distance error\">\n"
    svg += "<line x1=\"\(n(left))\" y1=\"\(n(height - bottom))\" x2=\"\(n(width - right))\" y2=\"\(n(height - bottom))\" stroke=\"#888\"/>\n"
    svg += "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(height - bottom))\" stroke=\"#888\"/>\n"
    for k in 0...4 {
      let v = xMax / 1.05 * Double(k) / 4
      svg += "<text x=\"\(n(x(v)))\" y=\"\(n(height - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\">\(NumberText.fixed(v, decimals: 0))</text>\n"
    }
    for decade in stride(from: floorDecade, through: topDecade, by: 1) {
      let e = pow(10, decade)
      svg += "<line x1=\"\(n(left))\" y1=\"\(n(y(e)))\" x2=\"\(n(width - right))\" y2=\"\(n(y(e)))\" stroke=\"#eee\"/>\n"
      svg += "<text x=\"\(n(left - 6))\" y=\"\(n(y(e) + 4))\" text-anchor=\"end\" font-size=\"11\">\(NumberText.trimmed(e, decimals: 3))</text>\n"
    }
    svg += "<text x=\"\(n((left + width - right) / 2))\" y=\"\(n(height - 4))\" text-anchor=\"middle\" font-size=\"12\">mean power, mW</text>\n"
    svg += "<text x=\"12\" y=\"\(n((top + height - bottom) / 2))\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 12 \(n((top + height - bottom) / 2)))\">|distance error|, % (log)</text>\n"
    let frontPoints = front.points.filter(\.onFront)
    if frontPoints.count > 1 {
      svg += "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"" + frontPoints.map { "\(n(x($0.meanPowerMW))),\(n(y($0.distanceError)))" }.joined(separator: " ") + "\"/>\n"
    }
    // Numbers by the points (the table's first column): the front's and the goal's first, and none
    // where it would overlap one already placed (the point keeps its tooltip and its table row).
    var placed: [(x: Double, y: Double)] = []
    let order = front.points.indices.sorted { a, b in
      let pa = front.points[a], pb = front.points[b]
      return (pa.onFront || pa.meetsGoal ? 0 : 1, a) < (pb.onFront || pb.meetsGoal ? 0 : 1, b)
    }
    for (k, p) in front.points.enumerated() {
      let colour = p.meetsGoal ? "#2ca02c" : p.onFront ? "#1f77b4" : "#999"
      svg += "<circle cx=\"\(n(x(p.meanPowerMW)))\" cy=\"\(n(y(p.distanceError)))\" r=\"\(p.onFront ? 5 : 3.5)\" fill=\"\(colour)\"><title>\(k + 1). \(XMLText.escaped(p.strategy)): \(n(p.meanPowerMW)) mW, \(NumberText.fixed(p.distanceError, decimals: 2)) %</title></circle>\n"
    }
    for k in order {
      let p = front.points[k]
      let (lx, ly) = (x(p.meanPowerMW) + 7, y(p.distanceError) - 5)
      guard !placed.contains(where: { abs($0.x - lx) < 16 && abs($0.y - ly) < 11 }) else { continue }
      placed.append((lx, ly))
      svg += "<text x=\"\(n(lx))\" y=\"\(n(ly))\" font-size=\"10\" fill=\"#444\">\(k + 1)</text>\n"
    }
    svg += "</svg>\n"
    var out = "<section id=\"energy-front\">\n<h2>Accuracy against energy</h2>\n<p>\(XMLText.escaped(scope(front)))</p>\n" + svg
    let names = StrategyLabels.names(front.points.map(\.strategy))
    let short = Dictionary(zip(front.points.map(\.strategy), names), uniquingKeysWith: { a, _ in a })
    out += "<div class=\"scroll\"><table>\n<tr><th>#</th><th>strategy</th><th>power mW</th><th>energy saved</th><th>vs</th><th>|dist err| %</th><th>± points</th><th>pace RMS s/km</th><th>pace ×</th><th>front</th><th>goal</th><th>goal per scenario</th></tr>\n"
    for (k, p) in front.points.enumerated() {
      out += "<tr><td>\(k + 1)</td><td style=\"text-align: left\"><code title=\"\(XMLText.escaped(p.strategy))\">\(XMLText.escaped(short[p.strategy] ?? p.strategy))</code></td><td>\(NumberText.fixed(p.meanPowerMW, decimals: 1))</td>"
        + "<td>\(saving(p.saving))</td><td><code title=\"\(XMLText.escaped(p.reference))\">\(XMLText.escaped(short[p.reference] ?? StrategyLabels.shown(p.reference)))</code></td><td>\(NumberText.fixed(p.distanceError, decimals: 2))</td>"
        + "<td>\(NumberText.fixed(p.distanceExcess, decimals: 2, signed: true))</td><td>\(p.paceRMS.map { NumberText.fixed($0, decimals: 1) } ?? "n/a")</td>"
        + "<td>\(p.paceRatio.map { NumberText.fixed($0, decimals: 2) } ?? "n/a")</td><td>\(p.onFront ? "◆" : "")</td><td>\(p.meetsGoal ? "✓" : "")</td><td>\(p.scenariosMeetingGoal) of \(front.scenarios.count)</td></tr>\n"
    }
    out += "</table></div>\n<p>\(XMLText.escaped(goalSentence(front).replacingOccurrences(of: "`", with: "")))</p>\n<p class=\"note\">\(XMLText.escaped(legend))</p>\n</section>\n"
    return out
  }
}
