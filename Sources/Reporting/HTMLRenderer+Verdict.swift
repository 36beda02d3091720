import Evaluation
import Foundation
import TrackCore

extension HTMLRenderer {
  /// Links to the verdict and to every scenario.
  @_optimize(none)
  func tableOfContents(_ result: ExperimentResult) -> String {
    var out = "<nav id=\"contents\"><h2>Contents</h2>\n<ol>\n"
    if result.verdict != nil { out += "<li><a href=\"#verdict\">Verdict: which filter to ship</a></li>\n" }
    if EnergyFront(result) != nil { out += "<li><a href=\"#energy-front\">Accuracy against energy</a></li>\n" }
    for scenario in result.scenarios {
      out += "<li><a href=\"#\(XMLText.escaped(scenario.name))\">\(XMLText.escaped(scenario.name))</a>"
      if let category = scenario.category { out += " <span class=\"note\">(\(XMLText.escaped(category)))</span>" }
      out += "</li>\n"
    }
    return out + "</ol></nav>\n"
  }

  /// The strategies whose maps are drawn: as asked, else the verdict's top three and `raw`, else the
  /// first four.
  @_optimize(none)
  func selectedMaps(_ result: ExperimentResult) -> Set<String> {
    if let mapStrategies { return Set(mapStrategies) }
    if let verdict = result.verdict, !verdict.ranking.isEmpty {
      return Set(VerdictText.sections(verdict).live.prefix(3).map(\.strategy) + ["raw"])
    }
    var names: [String] = []
    for scenario in result.scenarios { for s in scenario.strategies where !names.contains(s.strategy.text) { names.append(s.strategy.text) } }
    return Set(names.prefix(4))
  }

  @_optimize(none)
  func verdictSection(_ verdict: ShipVerdict, _ result: ExperimentResult) -> String {
    var out = "<section id=\"verdict\">\n<h2>Verdict: which filter to ship</h2>\n"
    let (live, offline, unscored) = VerdictText.sections(verdict)
    let ranked = live
    if let best = ranked.first {
      let ties = ranked.dropFirst().filter { $0.indistinguishableFromBest == true }.map(\.strategy)
      out += "<p class=\"verdict-lead\">Ship <code>\(XMLText.escaped(StrategyLabels.shown(best.strategy)))</code>"
      out += ties.isEmpty ? "." : ", or one indistinguishable from it: " + ties.map { "<code>\(XMLText.escaped(StrategyLabels.shown($0)))</code>" }.joined(separator: ", ") + "."
      out += "</p>\n"
    } else {
      out += "<p class=\"verdict-lead\">No live strategy has a value on every scenario for this objective.</p>\n"
    }
    // What to ship for each kind of phone comes next to the overall answer, before the ranking.
    if let devices = VerdictText.devices(verdict) {
      out += "<p><b>Phones simulated:</b> \(XMLText.escaped(String(devices.dropFirst("Phones simulated: ".count))))</p>\n"
    }
    out += "<p class=\"note\">\(XMLText.escaped(VerdictText.heading(verdict, scenarios: result.scenarios.count).replacingOccurrences(of: "`", with: "")))</p>\n"
    func table(_ entries: [ShipVerdict.Entry], bestFirst: Bool) -> String {
      var out = "<div class=\"scroll\"><table class=\"ranking\">\n<tr><th>strategy</th><th>#</th><th>score</th><th>vs best (95 % interval)</th></tr>\n"
      for (i, entry) in entries.enumerated() {
        out += "<tr><td\(StrategyLabels.fullTextTitle(entry.strategy))>\(XMLText.escaped(StrategyLabels.shown(entry.strategy)))</td>"
        if entry.score == nil {
          out += "<td>–</td><td>n/a</td><td title=\"\(XMLText.escaped(entry.reason ?? ""))\">\(XMLText.escaped(entry.reason ?? ""))</td></tr>\n"
        } else {
          let isBest = bestFirst && i == 0
          let cls = isBest ? " class=\"best\"" : (entry.indistinguishableFromBest == true ? " class=\"close\"" : "")
          out += "<td>\(i + 1)</td><td\(cls)>\(VerdictText.score(entry.score))</td><td>\(XMLText.escaped(VerdictText.difference(entry, best: isBest)))</td></tr>\n"
        }
      }
      return out + "</table></div>\n"
    }
    out += table(live + unscored, bestFirst: true)
    if !offline.isEmpty {
      out += "<h3 id=\"offline\">\(XMLText.escaped(VerdictText.offlineHeading))</h3>\n<p class=\"note\">Differences are from the best live strategy.</p>\n"
      out += table(offline, bestFirst: false)
    }
    if !verdict.bestPerCategory.isEmpty {
      out += "<h3>Best per class of run</h3>\n<ul>\n"
      for best in verdict.bestPerCategory {
        out += "<li>\(XMLText.escaped(best.category)) (\(XMLText.escaped(best.scenarios.joined(separator: ", ")))): <code>\(XMLText.escaped(StrategyLabels.shown(best.strategy)))</code></li>\n"
      }
      out += "</ul>\n"
    }
    if let stability = VerdictText.stability(verdict) { out += "<p><b>Winner stability:</b> \(XMLText.escaped(stability))</p>\n" }
    if let energy = VerdictText.energy(verdict) { out += "<p><b>Energy:</b> \(XMLText.escaped(String(energy.dropFirst(8))))</p>\n" }
    if let checked = VerdictText.checked(verdict) { out += "<p><b>Checked against real recordings:</b> \(XMLText.escaped(checked))</p>\n" }
    if !verdict.tradeOffs.isEmpty {
      out += "<h3>Trade-offs</h3>\n<ul class=\"trade-offs\">\n" + VerdictText.tradeOffs(verdict).map { "<li>\(XMLText.escaped($0))</li>\n" }.joined() + "</ul>\n"
    }
    // A verdict whose strategies have no distance error and pace lag together has no plot to show.
    if verdict.levels.contains(where: { $0.value(.distanceErrorPercent) != nil && $0.value(.paceLag) != nil }) {
      out += "<h3>Distance error against pace lag</h3>\n" + paretoPlot(verdict)
    }
    return out + "</section>\n"
  }

  /// Every ranked strategy at (distance error by size, pace lag), the ones no other beats on both joined
  /// as the front, the apps' seed strategies marked.
  @_optimize(none)
  func paretoPlot(_ verdict: ShipVerdict) -> String {
    let points = verdict.levels.compactMap { level -> (String, Double, Double)? in
      guard let d = level.value(.distanceErrorPercent), let lag = level.value(.paceLag) else { return nil }
      return (level.strategy, d, lag)
    }
    guard !points.isEmpty else { return "<p class=\"note\">No strategy has both a distance error and a pace lag here.</p>\n" }
    let front = points.filter { p in !points.contains { q in q.1 <= p.1 && q.2 <= p.2 && (q.1 < p.1 || q.2 < p.2) } }.sorted { $0.1 < $1.1 }
    func axis(_ values: [Double], _ title: String) -> PlotAxis {
      let positive = values.allSatisfy { $0 > 0 }
      return PlotAxis(values: values, title: title, log: positive && (values.max()! / values.min()!) > 30)
    }
    let frame = PlotFrame(
      width: 720, height: 460, x: axis(points.map(\.1), "distance error, size (%)"), y: axis(points.map(\.2), "pace lag (s)"))
    var svg = frame.open(className: "pareto")
    let colour = HTMLRenderer.okabeIto
    svg += "<polyline class=\"front-line\" fill=\"none\" stroke=\"\(colour[0])\" stroke-width=\"1.5\" points=\""
      + front.map { frame.point($0.1, $0.2) }.joined(separator: " ") + "\"/>\n"
    let labels = StrategyLabels.names(points.map(\.0))
    for (k, point) in points.enumerated() {
      let x = frame.xPosition(point.1), y = frame.yPosition(point.2)
      let seed = HTMLRenderer.seedStrategies.contains(String(point.0.prefix { $0 != "(" }))
      let onFront = front.contains { $0.0 == point.0 }
      let className = seed ? "seed" : (onFront ? "front" : "point")
      let fill = seed ? colour[2] : (onFront ? colour[0] : "#888888")
      svg += "<g class=\"\(className)\" data-strategy=\"\(XMLText.escaped(point.0))\">"
      if seed {
        svg += PlotFrame.diamond(x: x, y: y, fill: fill)
      } else {
        svg += "<circle cx=\"\(TuneHTMLRenderer.coordinate(x))\" cy=\"\(TuneHTMLRenderer.coordinate(y))\" r=\"4\" fill=\"\(fill)\"/>"
      }
      if seed || onFront {
        svg += "<text x=\"\(TuneHTMLRenderer.coordinate(x + 7))\" y=\"\(TuneHTMLRenderer.coordinate(y - 6))\" font-size=\"10\" fill=\"\(fill == "#888888" ? "#444" : fill)\">\(XMLText.escaped(labels[k]))</text>"
      }
      svg += "<title>\(XMLText.escaped(point.0))</title></g>\n"
    }
    svg += frame.legend([
      (false, colour[0], 8, "front (no other better on both)"), (false, "#888888", 218, "other strategies"),
      (true, colour[2], 344, "seed strategies (raw, moonrunner, run-average)"),
    ])
    return svg + "</svg>\n<p class=\"note\">Scenario-weighted means over the ranked scenarios; lower-left is better on both. Hover a point for its strategy.</p>\n"
  }
}
