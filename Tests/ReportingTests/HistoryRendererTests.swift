import TrackCore
import Evaluation
import Findings
import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import Reporting
import Testing

/// `report --history`: each headline metric's trend per strategy, the failed checks marked.
@Suite struct HistoryRendererTests {
  static let scenarios = [
    SweepHeader.ScenarioInfo(name: "loop", description: "", seed: 1, trials: 3, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0)
  ]

  /// Checks 1…`count` of `raw` and `kalman(q: 0.5)`; cross-track and fixes kept, kalman's cross-track
  /// 0.004 m × (k mod 12) worse in check k (below its 0.05 m floor), 1 m worse (a regression) in the checks of `failing`.
  static func history(_ count: Int, failing: Set<Int> = [], metrics: [Metric] = [.crossTrackErrorRMS, .fixesKept]) throws -> CheckHistory {
    func records(_ shift: Double) -> [CellRecord] {
      (0..<3).map { trial in
        CellRecord(
          sweep: "s", cell: trial, scenario: "loop", trial: trial,
          strategies: ["raw", "kalman(q: 0.5)"].map { name in
            let worse = name == "raw" ? 0 : shift
            return StrategyScores(strategy: StrategyKey(stored: name), scores: Scores(metrics: metrics, values: metrics.map { _ in 2 + 0.1 * Double(trial) + worse }))
          }, illustration: nil)
      }
    }
    let lines = try (1...count).map { k in
      let check = BaselineCheck(
        baseline: records(0), current: records(failing.contains(k) ? 1 : 0.004 * Double(k % 12)), scenarios: scenarios, tolerances: [:])
      return try CheckHistory.line(check, suite: "5e7", time: Date(timeIntervalSince1970: 1_795_000_000 + 3600 * Double(k)), label: "c\(k)", toolVersion: "t")
    }
    return try CheckHistory(Data(lines.map { $0 + "\n" }.joined().utf8), file: "h.jsonl")
  }

  /// The terminal table: the newest checks that fit, FAIL over a failed check, `*` on the regressed
  /// strategy's value there, only headline metrics (cross-track, not fixes kept).
  @Test func theTableShowsTheLastChecksAndMarksFailures() throws {
    let text = try HistoryRenderer(format: .table, last: 3, width: 80).render(try Self.history(12, failing: [11]))
    #expect(text.hasPrefix("12 checks of suite 5e7, 2026-11-18T12:06:40Z to 2026-11-18T23:06:40Z; 1 failed."), "\(text)")
    let lines = text.split(separator: "\n")
    let header = try #require(lines.first { $0.hasPrefix("strategy") })
    #expect(header.split(separator: " ") == ["strategy", "c10", "c11", "c12"], "\(header)")
    #expect(lines.contains { $0.split(separator: " ") == ["pass", "FAIL", "1", "pass"] }, "\(text)")
    #expect(lines.contains { $0.split(separator: " ") == ["kalman", "2.14", "3.10*", "2.10"] }, "\(text)")
    #expect(lines.contains { $0.split(separator: " ") == ["raw", "2.10", "2.10", "2.10"] }, "\(text)")
    #expect(text.contains("Distance from the true path, RMS (m)") && !text.contains("Fixes kept"), "\(text)")
    #expect(lines.allSatisfy { $0.count <= 80 })
    // A narrow terminal shows fewer checks, never a wider line.
    let narrow = try HistoryRenderer(format: .table, last: 10, width: 40).render(try Self.history(12))
    #expect(narrow.split(separator: "\n").filter { $0.hasPrefix("raw") }.allSatisfy { $0.count <= 40 }, "\(narrow)")
  }

  /// The page: well-formed XML, a chart per strategy of each headline metric with a point per check and
  /// a red stripe per failed check; nothing non-finite.
  @Test func theHTMLDrawsEveryCheckAndEveryFailure() throws {
    let html = try HistoryRenderer(format: .html).render(try Self.history(30, failing: [22, 27]))
    let parser = XMLParser(data: Data(html.utf8))
    let collector = ElementCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    let sections = collector.elements.filter { $0.name == "section" }.map { $0.attributes["data-metric"] ?? "" }
    #expect(sections == ["cross_track_error_rms_m"])
    let charts = collector.elements.filter { $0.name == "svg" && $0.attributes["class"] == "history" }
    #expect(charts.count == 2)
    #expect(collector.elements.filter { $0.name == "circle" }.count == 60)
    #expect(collector.elements.filter { $0.name == "rect" && $0.attributes["width"] != nil && $0.attributes["fill"] == nil }.count == 4)
    #expect(!html.lowercased().contains("nan") && !html.contains("inf"))
    // The table of the last checks names both failures.
    #expect(html.components(separatedBy: "<td class=\"failed\">FAIL</td>").count == 3)
  }

  /// The x axis names its checks (their labels, cut short); over 60 checks the failed ones still get a
  /// point, ringed in white over their stripe.
  @Test func theAxisNamesChecksAndFailedPointsShowOverTheirStripes() throws {
    let html = try HistoryRenderer(format: .html).render(try Self.history(80, failing: [22, 77]))
    let parser = XMLParser(data: Data(html.utf8))
    let collector = ElementCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    let axis = try #require(html.components(separatedBy: "<g class=\"x-axis\"").dropFirst().first?.components(separatedBy: "</g>").first)
    #expect(axis.contains(">c20</text>") && axis.contains(">c80</text>") && !axis.contains(">20</text>"), "\(axis)")
    let ringed = collector.elements.filter { $0.name == "circle" && $0.attributes["stroke"] == "#fff" }
    #expect(ringed.count == 4, "two failed checks × two strategies: \(ringed.count)")
  }

  /// A history without any headline metric (a replay's metrics) draws every metric it has; CSV has a
  /// row per check × metric × strategy.
  @Test func otherMetricsAndCSV() throws {
    let history = try Self.history(4, metrics: [.fixesKept, .timeToGoodFix])
    let text = try HistoryRenderer(format: .markdown).render(history)
    #expect(text.contains("### Fixes kept") && text.contains("| strategy | c1 | c2 | c3 | c4 |"), "\(text)")
    let csv = try HistoryRenderer(format: .csv).render(history).split(separator: "\n")
    #expect(csv.count == 1 + 4 * 2 * 2 && csv[0] == "check,time,label,passed,regressions,metric,strategy,mean,low,high,regressed")
    #expect(csv.contains { $0.hasPrefix("2,2026-11-18T13:06:40Z,c2,true,0,fixes_kept_percent,kalman(q: 0.5),2.108,") }, "\(csv)")
  }
}
