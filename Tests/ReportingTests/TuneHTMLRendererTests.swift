import Evaluation
import Findings
import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import Reporting
import Testing

@Suite struct TuneHTMLRendererTests {
  /// A tune report with a known front, so the plot's contents can be counted.
  static func report(front: Int) -> TuneReport {
    func point(_ q: Double, _ a: Double, _ b: Double) -> TuneReport.ParetoPoint {
      TuneReport.ParetoPoint(strategy: "kalman(q: \(q))", parameters: ["q": q], values: [a, b])
    }
    let pareto = TuneReport.Pareto(
      objectives: ["abs(distance_error_percent)", "pace_lag_s"],
      front: (0..<front).map { (k: Int) in point(0.01 * Double(k + 1), 0.2 + 0.1 * Double(k), 9 - Double(k)) },
      defaults: point(0.5, 0.6, 6), references: [TuneReport.ParetoPoint(strategy: "raw", parameters: [:], values: [6, 400]),
        TuneReport.ParetoPoint(strategy: "run-average(n: 5)", parameters: [:], values: [1.5, nil])])
    let best = TuneReport.Point(strategy: "kalman(q: 0.02)", parameters: ["q": 0.02], trainObjective: 0.3, validateObjective: 0.35, yaml: "strategies:\n  - \"kalman(q: 0.02)\"\n")
    let defaults = TuneReport.Point(strategy: "kalman(q: 0.5)", parameters: ["q": 0.5], trainObjective: 0.6, validateObjective: 0.62, yaml: "")
    let set = TuneReport.SetSummary(scenarios: ["park-loop <&>"], seeds: [1], cells: 4, leftOut: [])
    return TuneReport(
      strategy: "kalman", objective: "abs(distance_error_percent) < 1", method: .random,
      parameters: [TuneReport.Axis(name: "q", unit: "m²/s³", minimum: 0.01, maximum: 5, scale: .log, integer: false)],
      train: set, validate: set, defaults: defaults, best: best,
      validationImprovement: TuneReport.Paired(cells: 4, skipped: 0, mean: -0.27, ci95Low: -0.3, ci95High: -0.2),
      warning: "over-fitting: <test>",
      sensitivity: [TuneReport.Sensitivity(parameter: "q", points: [0.01, 0.02, 0.1, 1, 5].map { TuneReport.AxisPoint(value: $0, objective: $0 == 5 ? nil : 1 + $0) })],
      pareto: pareto, evaluations: [TuneReport.Evaluation(strategy: "kalman(q: 0.02)", parameters: ["q": 0.02], objective: 0.3, note: nil)])
  }

  /// Well-formed XML with the front's points, the defaults and the seed strategies that have both values
  /// on the Pareto plot, a sensitivity plot per parameter, and axes with ticks on every plot.
  @Test func wellFormedWithTheFrontAndAxes() throws {
    let html = try TuneFormat.html.render(Self.report(front: 4))
    let parser = XMLParser(data: Data(html.utf8))
    let collector = ElementCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    let svgs = collector.elements.filter { $0.name == "svg" }
    #expect(svgs.map { $0.attributes["class"] } == ["pareto", "sensitivity"])
    #expect(collector.elements.filter { $0.name == "circle" && $0.attributes["class"] == "front" }.count == 4)
    let groups = collector.elements.filter { $0.name == "g" }.compactMap { $0.attributes["class"] }
    #expect(groups.filter { $0 == "defaults" }.count == 1)
    // raw has both values; run-average has none on pace lag, so it is left off the plot (still in the table).
    #expect(groups.filter { $0 == "seed" }.count == 1)
    #expect(groups.filter { $0 == "x-axis" }.count == 2 && groups.filter { $0 == "y-axis" }.count == 2)
    #expect(html.contains("run-average(n: 5)</td>"))
    // raw's pace lag is 400 against a front of 6-9 s: that axis is logarithmic, labelled so.
    #expect(html.contains("pace_lag_s (log scale)") && html.contains("q [m²/s³] (log scale)"))
    #expect(html.contains("over-fitting: &lt;test&gt;") && !html.contains("<test>"))
  }

  @Test func ticksAreRoundNumbersInsideTheRange() {
    let axis = PlotAxis(values: [0.23, 1.47], title: "x")
    #expect(axis.ticks == [0.5, 1, 1.5] && axis.low < 0.23 && axis.high > 1.47)
    let log = PlotAxis(values: [0.013, 4.2], title: "q", log: true)
    #expect(log.ticks == [0.02, 0.05, 0.1, 0.2, 0.5, 1, 2])
    #expect(PlotAxis(values: [-1, 3], title: "x", log: true).log == false)
  }
}
