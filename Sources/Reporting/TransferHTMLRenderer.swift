import Evaluation
import Findings
import Foundation
import TrackCore

/// The transfer report as one self-contained HTML page: per recording and criterion, the two rankings
/// The summary over the recordings first; then per recording and criterion, the two rankings side by
/// side (each strategy's real and simulated value and rank) and an SVG scatter of the simulated score
/// against the real one (on the diagonal the simulation predicts the real value; each point labelled
/// with its strategy's real rank, the table's first column; ticks and units on both axes).
struct TransferHTMLRenderer {
  let report: TransferReport

  @_optimize(none)
  func render() -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>TrackBench transfer</title>
      <style>
      body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1100px; }
      table { border-collapse: collapse; margin: 6px 0 14px; font-size: 13px; }
      th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; white-space: nowrap; }
      th:first-child, td:first-child { text-align: left; }
      .pair { display: flex; gap: 18px; align-items: flex-start; flex-wrap: wrap; }
      .pick { background: #fff3c4; } .best { background: #d7f5d7; }
      </style></head><body>
      <h1>Does the simulation rank strategies as the recordings do?</h1>

      """
    out += "<p class=\"headline\"><strong>" + report.headline.map(XMLText.escaped).joined(separator: "<br>\n") + "</strong></p>\n"
    out += "<p>\(XMLText.escaped(TransferText(report: report, markdown: true, width: .max).render().components(separatedBy: "\n\n")[2]))</p>\n"
    out += "<h2>Summary: over \(report.recordings.count) recordings</h2>\n<table><tr><th>criterion</th><th>τ simulated vs real</th><th>τ real vs real</th><th>pick in live top 3 (strict)</th><th>pick ≈ best</th><th>tell nothing</th><th>mean regret</th></tr>\n"
    for s in report.summary {
      let (name, unit) = TransferText.title(s.criterion)
      out += "<tr><td>\(XMLText.escaped(name))</td><td>\(TransferText.spread(s.tauSimulated))</td><td>\(TransferText.spread(s.tauRealVsReal))</td>"
        + "<td>\(s.transferred) of \(s.recordings)</td><td>\(s.indistinguishable) of \(s.recordings)</td><td>\(s.tellingNothing)</td><td>\(s.meanRegret.map { TransferReport.signed($0) + " " + unit } ?? "n/a")</td></tr>\n"
    }
    out += "</table>\n"
    for recording in report.recordings {
      out += "<h2>\(XMLText.escaped(recording.file))</h2>\n<p>Truth: \(XMLText.escaped(recording.truth)); "
        + "\(Int(recording.durationS.rounded())) s, \(recording.fixes) fixes; receiver: \(XMLText.escaped(recording.receiver)).</p>\n"
      if recording.criteria.isEmpty { out += "<p>No criterion has values on both sides here.</p>\n" }
      for c in recording.criteria {
        let (name, unit) = TransferText.title(c.criterion)
        out += "<h3>\(XMLText.escaped(name))\(unit.isEmpty ? "" : " (\(unit))"): τ \(TransferText.tau(c.kendallTau)), ρ \(TransferText.tau(c.spearmanRho))</h3>\n"
        out += "<div class=\"pair\">" + table(c) + scatter(c) + "</div>\n"
      }
    }
    return out + "</body></html>\n"
  }

  /// Ranks of `values` (1 = lowest; ties share the better rank).
  @_optimize(none)
  static func ranks(_ values: [Double]) -> [Int] { values.map { v in 1 + values.filter { $0 < v }.count } }

  /// The strategies by real rank, each with its real and simulated value and rank; the pick and the
  /// real best marked.
  @_optimize(none)
  private func table(_ c: CriterionTransfer) -> String {
    let real = Self.ranks(c.real), simulated = Self.ranks(c.simulated)
    var out = "<table><tr><th>strategy</th><th>real</th><th>real rank</th><th>simulated</th><th>simulated rank</th></tr>\n"
    for i in c.strategies.indices.sorted(by: { (real[$0], $0) < (real[$1], $1) }) {
      let mark = c.strategies[i] == c.pick ? " class=\"pick\"" : c.strategies[i] == c.realBest ? " class=\"best\"" : ""
      out += "<tr\(mark)><td\(StrategyLabels.fullTextTitle(c.strategies[i]))>\(XMLText.escaped(StrategyLabels.shown(c.strategies[i])))</td><td>\(String(format: "%.4g", c.real[i]))</td><td>\(real[i])</td>"
        + "<td>\(String(format: "%.4g", c.simulated[i]))</td><td>\(simulated[i])</td></tr>\n"
    }
    return out + "</table>"
  }

  /// Simulated score (x) against real score (y), one point a strategy, on one axis for both so the
  /// diagonal is "the simulation predicts the real value"; rank agreement shows as a monotone cloud.
  @_optimize(none)
  private func scatter(_ c: CriterionTransfer) -> String {
    let size = 300.0, margin = 48.0
    let unit = TransferText.title(c.criterion).unit
    let real = Self.ranks(c.real)
    let axis = ScoreAxis(values: c.real + c.simulated)
    func position(_ value: Double) -> Double { margin + axis.fraction(value) * (size - 2 * margin) }
    func label(_ value: Double) -> String { String(format: "%.3g", value) }
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(size))\" height=\"\(Int(size))\" role=\"img\">"
    out += "<title>simulated against real score\(axis.logarithmic ? " (log axes)" : "")</title>"
    out += "<line x1=\"\(margin)\" y1=\"\(size - margin)\" x2=\"\(size - margin)\" y2=\"\(margin)\" stroke=\"#bbb\"/>"
    // Ticks on both axes (the same scale), with faint grid lines.
    for tick in axis.ticks {
      let at = String(format: "%.1f", position(tick)), flipped = String(format: "%.1f", size - position(tick))
      out += "<line x1=\"\(at)\" y1=\"\(margin)\" x2=\"\(at)\" y2=\"\(size - margin)\" stroke=\"#eee\"/>"
      out += "<line x1=\"\(margin)\" y1=\"\(flipped)\" x2=\"\(size - margin)\" y2=\"\(flipped)\" stroke=\"#eee\"/>"
      out += "<text x=\"\(at)\" y=\"\(size - margin + 13)\" font-size=\"10\" text-anchor=\"middle\">\(label(tick))</text>"
      out += "<text x=\"\(margin - 4)\" y=\"\(flipped)\" dy=\"3\" font-size=\"10\" text-anchor=\"end\">\(label(tick))</text>"
    }
    out += "<rect x=\"\(margin)\" y=\"\(margin)\" width=\"\(size - 2 * margin)\" height=\"\(size - 2 * margin)\" fill=\"none\" stroke=\"#999\"/>"
    let units = unit.isEmpty ? "" : ", \(unit)"
    out += "<text x=\"\(size / 2)\" y=\"\(size - 10)\" font-size=\"11\" text-anchor=\"middle\">simulated\(units)\(axis.logarithmic ? " (log)" : "")</text>"
    out += "<text x=\"12\" y=\"\(size / 2)\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 12 \(size / 2))\">real\(units)\(axis.logarithmic ? " (log)" : "")</text>"
    for i in c.strategies.indices {
      let x = position(c.simulated[i]), y = size - position(c.real[i])
      let colour = c.strategies[i] == c.pick ? "#d08800" : c.strategies[i] == c.realBest ? "#2a9d2a" : "#3366aa"
      out += "<circle cx=\"\(String(format: "%.1f", x))\" cy=\"\(String(format: "%.1f", y))\" r=\"4\" fill=\"\(colour)\">"
        + "<title>\(XMLText.escaped(c.strategies[i])): simulated \(label(c.simulated[i])), real \(label(c.real[i]))</title></circle>"
      out += "<text x=\"\(String(format: "%.1f", x + 5))\" y=\"\(String(format: "%.1f", y - 4))\" font-size=\"9\" fill=\"\(colour)\">\(real[i])</text>"
    }
    return out + "</svg>"
  }
}

/// One axis for a criterion's real and simulated scores. Logarithmic when every score is positive and
/// they span more than a factor of 20 (one strategy kilometres off would otherwise crush the rest into a
/// corner), linear otherwise. O(n) to build, O(1) a point.
package struct ScoreAxis {
  package let low: Double, high: Double, logarithmic: Bool

  @_optimize(none)
  package init(values: [Double]) {
    let finite = values.filter(\.isFinite)
    let low = finite.min() ?? 0, high = finite.max() ?? 1
    self.low = low
    self.high = high
    logarithmic = low > 0 && high / low > 20
  }

  /// Round values inside the axis for ticks (1-2-5 steps; on a log axis 1, 2, 5 of each decade).
  package var ticks: [Double] {
    guard high > low else { return [low] }
    return PlotAxis(values: [low, high], title: "", log: logarithmic).ticks.filter { $0 >= low - 1e-12 && $0 <= high + 1e-12 }
  }

  /// Where `value` falls between `low` (0) and `high` (1), clamped.
  @_optimize(none)
  package func fraction(_ value: Double) -> Double {
    guard value.isFinite, high > low else { return 0.5 }
    let f = logarithmic ? log(value / low) / log(high / low) : (value - low) / (high - low)
    return min(max(f, 0), 1)
  }
}
