import Evaluation
import Findings
import Foundation
import TrackCore

/// A tune as one self-contained HTML page (inline CSS and SVG, no scripts, nothing fetched), well-formed
/// XML: the verdict (defaults against the best, on training and validation, the paired interval, any
/// warning), the Pareto front as a scatter plot with the defaults and seed strategies on the same axes,
/// the sensitivity of the objective along each axis, the best as a scenario snippet, and the trace.
/// Colours are Okabe-Ito (safe for colour-blind readers); plots have ticks and units on both axes.
struct TuneHTMLRenderer {
  @_optimize(none)
  func render(_ r: TuneReport) -> String {
    var out = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>TrackBench tune: \(XMLText.escaped(r.strategy))</title>
      <style>
      body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1100px; }
      table { border-collapse: collapse; margin: 6px 0 14px; font-size: 13px; }
      th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; white-space: nowrap; }
      th:first-child, td:first-child, td.text { text-align: left; }
      td.text { font-family: monospace; white-space: normal; overflow-wrap: anywhere; }
      .note { color: #555; font-size: 13px; }
      .warning { background: #fff1d6; border-left: 4px solid #E69F00; padding: 6px 10px; }
      .plots { display: flex; flex-wrap: wrap; gap: 16px; }
      pre { background: #f4f4f4; padding: 8px; overflow-x: auto; }
      nav a { margin-right: 12px; }
      </style>
      </head>
      <body>
      <h1>TrackBench tune</h1>
      <nav><a href="#verdict">Verdict</a>
      """
    if r.pareto != nil { out += "<a href=\"#pareto\">Pareto front</a>" }
    out += "<a href=\"#sensitivity\">Sensitivity</a><a href=\"#snippet\">Scenario snippet</a><a href=\"#trace\">Evaluations</a></nav>\n"

    out += "<section id=\"verdict\">\n<h2>Verdict</h2>\n"
    out += "<p class=\"verdict-lead\">\(XMLText.escaped(TuneFormat.conclusion(r)))</p>\n"
    out += "<p>Tuned <code>\(XMLText.escaped(StrategyLabels.shown(r.strategy)))</code> by \(r.method.rawValue) on \(r.train.cells) training cells "
    out += "(\(r.train.scenarios.count) scenarios), \(r.evaluations.count) points scored; validated on \(r.validate.cells) cells "
    out += "with seeds training never saw. Objective <code>\(XMLText.escaped(r.objective))</code>, smaller is better.</p>\n"
    out += "<table>\n<tr><th></th><th>strategy</th><th>train</th><th>validate</th><th>validate, worst decile</th></tr>\n"
    for (name, point) in [("defaults", r.defaults), ("best", r.best)] {
      out += "<tr><td>\(name)</td><td class=\"text\"\(StrategyLabels.fullTextTitle(point.strategy))>\(XMLText.escaped(StrategyLabels.shown(point.strategy)))</td>"
      out += "<td>\(Self.number(point.trainObjective))</td><td>\(Self.number(point.validateObjective))</td><td>\(Self.number(point.validateWorstDecile))</td></tr>\n"
    }
    out += "</table>\n<p>Worst decile: per validation scenario, the objective on one trial averaged over its worst tenth of trials (with a population, of devices), summed over the scenarios.</p>\n"
    let p = r.validationImprovement
    out += "<p>Validation, best − defaults per cell (paired, \(p.cells) cells\(p.skipped > 0 ? ", \(p.skipped) without a value" : "")): "
    out += "<b>\(Self.number(p.mean))</b> [\(Self.number(p.ci95Low)), \(Self.number(p.ci95High))] (95 % interval).</p>\n"
    if let warning = r.warning { out += "<p class=\"warning\">Warning: \(XMLText.escaped(warning)).</p>\n" }
    for (name, set) in [("training", r.train), ("validation", r.validate)] {
      for left in set.leftOut {
        out += "<p class=\"note\">Left out of the \(name) objective: \(XMLText.escaped(left.scenario)): \(XMLText.escaped(left.reason)).</p>\n"
      }
    }
    if let gate = r.gate, !gate.points.isEmpty {
      // The points judged by the accuracy gate, as the terminal lists them.
      out += "<h3>Accuracy gate</h3>\n<p class=\"note\">\(XMLText.escaped(gate.baseline.map { "As check --baseline \($0) --candidate judges them in CI" } ?? "By the gate's rules (every metric paired per trial, each metric's floor, Holm's correction) against the defaults on the validation cells")); the best points on training first.</p>\n"
      out += "<table>\n<tr><th></th><th>strategy</th><th>train</th><th>gate</th><th>regressions</th><th>with --objective</th><th>worst regressions</th></tr>\n"
      for (k, point) in gate.points.enumerated() {
        let verdict = point.note != nil ? "not judged" : point.passed ? "passes" : "fails"
        let blocking = point.note ?? point.blocking.map { "\($0.scenario) \($0.metric) +\(Self.number($0.worsening)) \($0.unit) (allowed \(Self.number($0.allowance)))" }.joined(separator: "; ")
        out += "<tr><td>\(k + 1)</td><td class=\"text\">\(XMLText.escaped(StrategyLabels.shown(point.strategy)))</td><td>\(Self.number(point.trainObjective))</td>"
        out += "<td>\(verdict)</td><td>\(point.regressions)</td><td>\(point.regressionsOnObjective)</td><td class=\"text\">\(XMLText.escaped(blocking))</td></tr>\n"
      }
      out += "</table>\n"
    }
    out += "</section>\n"

    if let pareto = r.pareto {
      out += "<section id=\"pareto\">\n<h2>Pareto front (training set)</h2>\n"
      out += "<p class=\"note\">The evaluated points no other beats on both objectives (smaller is better on both), "
      out += "with the strategy as given and the seed strategies on the same axes.</p>\n"
      out += paretoPlot(pareto)
      out += "<table>\n<tr><th></th><th>strategy</th>" + pareto.objectives.map { "<th>\(XMLText.escaped($0))</th>" }.joined() + "</tr>\n"
      let rows = pareto.front.map { ("front", $0) } + [("defaults", pareto.defaults)] + pareto.references.map { ("seed", $0) }
      for (kind, point) in rows {
        out += "<tr><td>\(kind)</td><td class=\"text\">\(XMLText.escaped(point.strategy))</td>"
          + point.values.map { "<td>\(Self.number($0))</td>" }.joined() + "</tr>\n"
      }
      out += "</table>\n</section>\n"
    }

    out += "<section id=\"sensitivity\">\n<h2>Sensitivity</h2>\n"
    out += "<p class=\"note\">The training objective along each axis through the best point (the best value marked).</p>\n<div class=\"plots\">\n"
    for (axis, sensitivity) in zip(r.parameters, r.sensitivity) {
      out += sensitivityPlot(sensitivity, axis: axis, best: r.best.parameters[axis.name], objective: r.objective)
    }
    out += "</div>\n</section>\n"

    // The snippet of what the report recommends: the gate's pick where it judged the points.
    let yaml = r.gate.map { $0.recommended?.yaml } ?? r.best.yaml
    out += "<section id=\"snippet\">\n<h2>Scenario snippet</h2>\n"
      + (yaml.map { "<pre>\(XMLText.escaped($0))</pre>" } ?? "<p>No point passes the accuracy gate: keep the defaults.</p>") + "\n</section>\n"

    out += "<section id=\"trace\">\n<h2>Evaluations</h2>\n<p class=\"note\">Every distinct point scored on the training set, in order.</p>\n"
    out += "<table>\n<tr><th>#</th>" + r.parameters.map { "<th>\(XMLText.escaped($0.name)) [\(XMLText.escaped($0.unit))]</th>" }.joined()
      + "<th>objective</th><th>note</th></tr>\n"
    for (i, evaluation) in r.evaluations.enumerated() {
      out += "<tr><td>\(i + 1)</td>" + r.parameters.map { "<td>\(Self.number(evaluation.parameters[$0.name]))</td>" }.joined()
      out += "<td>\(Self.number(evaluation.objective))</td><td class=\"text\">\(XMLText.escaped(evaluation.note ?? ""))</td></tr>\n"
    }
    out += "</table>\n</section>\n</body>\n</html>\n"
    return out
  }

  // MARK: - Plots

  /// Okabe-Ito colours: front, defaults, seed strategies.
  static let frontColour = "#0072B2", defaultsColour = "#D55E00", seedColour = "#009E73"

  @_optimize(none)
  private func paretoPlot(_ pareto: TuneReport.Pareto) -> String {
    let all = pareto.front + [pareto.defaults] + pareto.references
    let known = all.filter { $0.values.count == 2 && $0.values.allSatisfy { $0 != nil } }
    guard !known.isEmpty else { return "<p class=\"note\">No point has a value on both objectives.</p>\n" }
    // A seed strategy far out (raw's pace error can be ten times the front's) would squeeze the front
    // into a corner: an axis spanning more than 30:1 of positive values is logarithmic.
    func axis(_ k: Int) -> PlotAxis {
      let values = known.map { $0.values[k]! }
      let spread = (values.min() ?? 0) > 0 && (values.max() ?? 0) / (values.min() ?? 1) > 30
      return PlotAxis(values: values, title: pareto.objectives[k], log: spread)
    }
    let frame = PlotFrame(width: 640, height: 420, x: axis(0), y: axis(1))
    var svg = frame.open(className: "pareto")
    let front = pareto.front.filter { known.map(\.strategy).contains($0.strategy) }
    svg += "<polyline class=\"front-line\" fill=\"none\" stroke=\"\(Self.frontColour)\" stroke-width=\"1.5\" points=\""
      + front.map { frame.point($0.values[0]!, $0.values[1]!) }.joined(separator: " ") + "\"/>\n"
    for point in front {
      svg += "<circle class=\"front\" cx=\"\(frame.px(point.values[0]!))\" cy=\"\(frame.py(point.values[1]!))\" r=\"4\" fill=\"\(Self.frontColour)\">"
      svg += "<title>\(XMLText.escaped(point.strategy))</title></circle>\n"
    }
    func marker(_ point: TuneReport.ParetoPoint, colour: String, className: String, label: String) -> String {
      guard known.contains(where: { $0.strategy == point.strategy }) else { return "" }
      let x = frame.xPosition(point.values[0]!), y = frame.yPosition(point.values[1]!)
      var s = "<g class=\"\(className)\">" + PlotFrame.diamond(x: x, y: y, fill: colour)
      s += "<text x=\"\(Self.coordinate(x + 8))\" y=\"\(Self.coordinate(y - 6))\" font-size=\"11\" fill=\"\(colour)\">\(XMLText.escaped(label))</text>"
      return s + "<title>\(XMLText.escaped(point.strategy))</title></g>\n"
    }
    svg += marker(pareto.defaults, colour: Self.defaultsColour, className: "defaults", label: "defaults")
    for point in pareto.references {
      svg += marker(point, colour: Self.seedColour, className: "seed", label: String(point.strategy.prefix { $0 != "(" }))
    }
    svg += frame.legend([
      (false, Self.frontColour, 8, "front"), (true, Self.defaultsColour, 68, "defaults"), (true, Self.seedColour, 144, "seed strategies"),
    ])
    return svg + "</svg>\n"
  }

  @_optimize(none)
  private func sensitivityPlot(_ sensitivity: TuneReport.Sensitivity, axis: TuneReport.Axis, best: Double?, objective: String) -> String {
    let known = sensitivity.points.filter { $0.objective != nil }
    guard !known.isEmpty else {
      return "<p class=\"note\">\(XMLText.escaped(sensitivity.parameter)): no value of the objective along this axis.</p>\n"
    }
    let frame = PlotFrame(
      width: 420, height: 280,
      x: PlotAxis(values: sensitivity.points.map(\.value) + [axis.minimum, axis.maximum], title: "\(axis.name) [\(axis.unit)]", log: axis.scale == .log),
      y: PlotAxis(values: known.map { $0.objective! }, title: "objective"))
    var svg = frame.open(className: "sensitivity", data: sensitivity.parameter)
    svg += "<polyline fill=\"none\" stroke=\"\(Self.frontColour)\" stroke-width=\"1.5\" points=\""
      + known.map { frame.point($0.value, $0.objective!) }.joined(separator: " ") + "\"/>\n"
    for point in known {
      let isBest = point.value == best
      svg += "<circle cx=\"\(frame.px(point.value))\" cy=\"\(frame.py(point.objective!))\" r=\"\(isBest ? 5 : 3)\" "
      svg += "fill=\"\(isBest ? Self.defaultsColour : Self.frontColour)\"><title>\(XMLText.escaped(sensitivity.parameter)) = \(Self.number(point.value)): \(Self.number(point.objective))</title></circle>\n"
    }
    return svg + "</svg>\n"
  }

  @_optimize(none)
  static func number(_ x: Double?) -> String { x.map { String(format: "%.4g", $0) } ?? "n/a" }
  @_optimize(none)
  static func coordinate(_ x: Double) -> String { NumberText.fixed(x, decimals: 1) }
}

/// One axis of a plot: the range (padded), linear or logarithmic, and tick values at 1-2-5 steps (or
/// decades on a log axis).
package struct PlotAxis {
  package let title: String
  package let log: Bool
  package let low: Double
  package let high: Double
  package let ticks: [Double]

  /// - Parameter log: a logarithmic axis; used only when every value is positive.
  @_optimize(none)
  package init(values: [Double], title: String, log: Bool = false) {
    self.title = title
    let finite = values.filter(\.isFinite)
    var low = finite.min() ?? 0, high = finite.max() ?? 1
    self.log = log && low > 0
    if self.log {
      if high <= low { low /= 2; high *= 2 }
      self.low = low; self.high = high
      var ticks: [Double] = []
      var decade = Foundation.pow(10, (Foundation.log10(low)).rounded(.down))
      while decade <= high {
        for m in [1.0, 2, 5] where decade * m >= low && decade * m <= high { ticks.append(decade * m) }
        decade *= 10
      }
      self.ticks = ticks
      return
    }
    // A range too narrow to tell its ends apart at this magnitude (or a single value) is widened by a
    // tenth of the magnitude, so ticks can step through it.
    if !(high - low > max(abs(low), abs(high)) * 1e-9) {
      let margin = max(1, max(abs(low), abs(high)) * 0.1)
      low -= margin; high += margin
    }
    let pad = (high - low) * 0.05
    low -= pad; high += pad
    let step = PlotAxis.niceStep((high - low) / 5)
    self.low = low; self.high = high
    var ticks: [Double] = []
    var t = (low / step).rounded(.up) * step
    // At most a dozen ticks, and never a step that rounding swallows.
    while t <= high + step * 1e-9, ticks.count < 12 {
      ticks.append(abs(t) < step * 1e-9 ? 0 : t)
      let next = t + step
      if next == t { break }
      t = next
    }
    self.ticks = ticks
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  @_optimize(none)
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let power = Foundation.pow(10, Foundation.log10(raw).rounded(.down))
    for m in [1.0, 2, 5, 10] where m * power >= raw { return m * power }
    return 10 * power
  }

  /// `v` as a fraction of the axis, 0 at `low`, 1 at `high`.
  @_optimize(none)
  func fraction(_ v: Double) -> Double {
    if log { return (Foundation.log(max(v, low)) - Foundation.log(low)) / (Foundation.log(high) - Foundation.log(low)) }
    return (v - low) / (high - low)
  }

  @_optimize(none)
  static func label(_ v: Double) -> String {
    if v == 0 { return "0" }
    return String(format: abs(v) >= 1e5 || abs(v) < 1e-3 ? "%.1e" : "%.4g", v)
  }
}

/// A plot area with its two axes drawn: frame, grid lines, tick labels and titles.
struct PlotFrame {
  let width: Double, height: Double
  let x: PlotAxis, y: PlotAxis
  let left = 64.0, right = 16.0, top = 28.0, bottom = 44.0
  /// The text of an x tick in place of its number (`nil`: the number; empty: no label).
  var xTickLabel: ((Double) -> String?)? = nil

  @_optimize(none)
  func xPosition(_ v: Double) -> Double { left + x.fraction(v) * (width - left - right) }
  @_optimize(none)
  func yPosition(_ v: Double) -> Double { height - bottom - y.fraction(v) * (height - top - bottom) }
  @_optimize(none)
  func px(_ v: Double) -> String { TuneHTMLRenderer.coordinate(xPosition(v)) }
  @_optimize(none)
  func py(_ v: Double) -> String { TuneHTMLRenderer.coordinate(yPosition(v)) }
  @_optimize(none)
  func point(_ a: Double, _ b: Double) -> String { px(a) + "," + py(b) }

  /// A diamond (a square turned 45°) centred on (x, y) in pixels: how seed strategies are marked.
  @_optimize(none)
  static func diamond(x: Double, y: Double, fill: String) -> String {
    let c = TuneHTMLRenderer.coordinate
    return "<rect x=\"\(c(x - 4.5))\" y=\"\(c(y - 4.5))\" width=\"9\" height=\"9\" fill=\"\(fill)\" transform=\"rotate(45 \(c(x)) \(c(y)))\"/>"
  }

  /// A legend row above the plot: each item's mark (a dot or a square) at its offset from the plot's
  /// left edge, its label 8 px after.
  @_optimize(none)
  func legend(_ items: [(square: Bool, colour: String, offset: Double, label: String)]) -> String {
    let c = TuneHTMLRenderer.coordinate, y = 14.0
    var svg = "<g font-size=\"11\">"
    for item in items {
      svg += item.square
        ? "<rect x=\"\(c(left + item.offset - 4))\" y=\"\(c(y - 4))\" width=\"8\" height=\"8\" fill=\"\(item.colour)\"/>"
        : "<circle cx=\"\(c(left + item.offset))\" cy=\"\(c(y))\" r=\"4\" fill=\"\(item.colour)\"/>"
      svg += "<text x=\"\(c(left + item.offset + 8))\" y=\"\(c(y + 4))\">\(XMLText.escaped(item.label))</text>"
    }
    return svg + "</g>\n"
  }

  /// The opening `<svg>` with the frame, grid and axis labels.
  @_optimize(none)
  func open(className: String, data: String? = nil) -> String {
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(className)\"" + (data.map { " data-parameter=\"\(XMLText.escaped($0))\"" } ?? "")
    svg += " width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"system-ui, sans-serif\">\n"
    let plotRight = width - right, plotBottom = height - bottom
    svg += "<rect x=\"\(Int(left))\" y=\"\(Int(top))\" width=\"\(Int(plotRight - left))\" height=\"\(Int(plotBottom - top))\" fill=\"#fcfcfc\" stroke=\"#999\"/>\n"
    svg += "<g class=\"x-axis\" font-size=\"10\" text-anchor=\"middle\">"
    for t in x.ticks {
      svg += "<line x1=\"\(px(t))\" y1=\"\(Int(top))\" x2=\"\(px(t))\" y2=\"\(Int(plotBottom + 4))\" stroke=\"#e2e2e2\"/>"
      let text = xTickLabel?(t) ?? PlotAxis.label(t)
      if !text.isEmpty { svg += "<text x=\"\(px(t))\" y=\"\(Int(plotBottom + 15))\">\(XMLText.escaped(text))</text>" }
    }
    svg += "<text x=\"\(TuneHTMLRenderer.coordinate((left + plotRight) / 2))\" y=\"\(Int(height - 8))\" font-size=\"11\">\(XMLText.escaped(x.title))\(x.log ? " (log scale)" : "")</text></g>\n"
    svg += "<g class=\"y-axis\" font-size=\"10\" text-anchor=\"end\">"
    for t in y.ticks {
      svg += "<line x1=\"\(Int(left - 4))\" y1=\"\(py(t))\" x2=\"\(Int(plotRight))\" y2=\"\(py(t))\" stroke=\"#e2e2e2\"/>"
      svg += "<text x=\"\(Int(left - 6))\" y=\"\(py(t))\" dy=\"3\">\(PlotAxis.label(t))</text>"
    }
    let middle = TuneHTMLRenderer.coordinate((top + plotBottom) / 2)
    svg += "<text transform=\"translate(12 \(middle)) rotate(-90)\" text-anchor=\"middle\" font-size=\"11\">\(XMLText.escaped(y.title))\(y.log ? " (log scale)" : "")</text></g>\n"
    return svg
  }
}
