import Evaluation
import Foundation
import TrackCore

/// The accuracy-against-energy section of the Markdown and HTML reports (``EnergyFront``).
enum EnergyFrontText {
  static func scope(_ front: EnergyFront) -> String {
    "Over \(front.scenarios.count) running scenario\(front.scenarios.count == 1 ? "" : "s") (\(front.scenarios.joined(separator: ", "))): "
      + "mean power against distance error; energy saved against the always-on run each strategy would replace "
      + "(the same filter given every fix, or `raw`). Front: no other strategy has both less power and less distance error."
  }

  static func markdown(_ front: EnergyFront) -> String {
    var out = "## Accuracy against energy\n\n\(scope(front))\n\n"
    out += "| strategy | power mW | energy saved | vs | dist err |%| | pace RMS s/km | front | goal |\n"
    out += "|---|---:|---:|---|---:|---:|:---:|:---:|\n"
    for p in front.points {
      out += "| `\(p.strategy.replacingOccurrences(of: "|", with: "\\|"))` | \(NumberText.fixed(p.meanPowerMW, decimals: 1)) | "
        + "\(saving(p.saving)) | `\(p.reference.replacingOccurrences(of: "|", with: "\\|"))` | \(NumberText.fixed(p.distanceError, decimals: 2)) | "
        + "\(p.paceRMS.map { NumberText.fixed($0, decimals: 1) } ?? "n/a") | \(p.onFront ? "◆" : "") | \(p.meetsGoal ? "✓" : "") |\n"
    }
    out += "\n\(front.goalSentence) (goal: save ≥ \(Int(EnergyFront.goalSaving * 100)) % with the distance error within "
      + "\(NumberText.fixed(EnergyFront.goalDistancePoints, decimals: 1)) points and the live pace error within 10 % of the always-on run's.)\n\n"
    return out
  }

  static func saving(_ x: Double) -> String { (x >= 0 ? "" : "−") + NumberText.fixed(abs(x) * 100, decimals: 0) + " %" }

  /// A scatter of mean power (x) against distance error (y), the front joined by a line, then the table.
  static func html(_ front: EnergyFront) -> String {
    let width = 760.0, height = 340.0, left = 56.0, right = 16.0, top = 14.0, bottom = 40.0
    let powers = front.points.map(\.meanPowerMW), errors = front.points.map(\.distanceError)
    let xMax = max(powers.max() ?? 1, 1) * 1.05
    let yMax = max(errors.max() ?? 1, 0.01) * 1.08
    func x(_ v: Double) -> Double { left + v / xMax * (width - left - right) }
    func y(_ v: Double) -> Double { top + (1 - v / yMax) * (height - top - bottom) }
    func n(_ v: Double) -> String { NumberText.fixed(v, decimals: 1) }
    var svg = "<svg class=\"front\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\" aria-label=\"Mean power against distance error\">\n"
    svg += "<line x1=\"\(n(left))\" y1=\"\(n(y(0)))\" x2=\"\(n(width - right))\" y2=\"\(n(y(0)))\" stroke=\"#888\"/>\n"
    svg += "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(y(0)))\" stroke=\"#888\"/>\n"
    for k in 0...4 {
      let v = xMax / 1.05 * Double(k) / 4
      svg += "<text x=\"\(n(x(v)))\" y=\"\(n(height - bottom + 16))\" text-anchor=\"middle\" font-size=\"11\">\(NumberText.fixed(v, decimals: 0))</text>\n"
      let e = yMax / 1.08 * Double(k) / 4
      svg += "<text x=\"\(n(left - 6))\" y=\"\(n(y(e) + 4))\" text-anchor=\"end\" font-size=\"11\">\(NumberText.fixed(e, decimals: 2))</text>\n"
    }
    svg += "<text x=\"\(n((left + width - right) / 2))\" y=\"\(n(height - 4))\" text-anchor=\"middle\" font-size=\"12\">mean power, mW</text>\n"
    svg += "<text x=\"12\" y=\"\(n((top + height - bottom) / 2))\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 12 \(n((top + height - bottom) / 2)))\">|distance error|, %</text>\n"
    let frontPoints = front.points.filter(\.onFront)
    if frontPoints.count > 1 {
      svg += "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"" + frontPoints.map { "\(n(x($0.meanPowerMW))),\(n(y($0.distanceError)))" }.joined(separator: " ") + "\"/>\n"
    }
    for (k, p) in front.points.enumerated() {
      let colour = p.meetsGoal ? "#2ca02c" : p.onFront ? "#1f77b4" : "#999"
      svg += "<circle cx=\"\(n(x(p.meanPowerMW)))\" cy=\"\(n(y(p.distanceError)))\" r=\"\(p.onFront ? 5 : 3.5)\" fill=\"\(colour)\"><title>\(XMLText.escaped(p.strategy)): \(n(p.meanPowerMW)) mW, \(NumberText.fixed(p.distanceError, decimals: 2)) %</title></circle>\n"
      svg += "<text x=\"\(n(x(p.meanPowerMW) + 7))\" y=\"\(n(y(p.distanceError) - 5))\" font-size=\"10\" fill=\"#444\">\(k + 1)</text>\n"
    }
    svg += "</svg>\n"
    var out = "<section id=\"energy-front\">\n<h2>Accuracy against energy</h2>\n<p>\(XMLText.escaped(scope(front)))</p>\n" + svg
    out += "<table>\n<tr><th>#</th><th>strategy</th><th>power mW</th><th>energy saved</th><th>vs</th><th>|dist err| %</th><th>pace RMS s/km</th><th>front</th><th>goal</th></tr>\n"
    for (k, p) in front.points.enumerated() {
      out += "<tr><td>\(k + 1)</td><td><code>\(XMLText.escaped(p.strategy))</code></td><td>\(NumberText.fixed(p.meanPowerMW, decimals: 1))</td>"
        + "<td>\(saving(p.saving))</td><td><code>\(XMLText.escaped(p.reference))</code></td><td>\(NumberText.fixed(p.distanceError, decimals: 2))</td>"
        + "<td>\(p.paceRMS.map { NumberText.fixed($0, decimals: 1) } ?? "n/a")</td><td>\(p.onFront ? "◆" : "")</td><td>\(p.meetsGoal ? "✓" : "")</td></tr>\n"
    }
    out += "</table>\n<p>\(XMLText.escaped(front.goalSentence.replacingOccurrences(of: "`", with: "")))</p>\n</section>\n"
    return out
  }
}
