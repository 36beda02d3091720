import Evaluation
import Reporting
import Testing
import TrackCore

/// Strategies that ran on some scenarios only (a scenario's own list) are one line under the terminal's
/// verdict, not a row and a legend entry each (#66, item 2); Markdown keeps a row for each.
@Suite struct PartialStrategiesTests {
  @Test func theTerminalSummarisesStrategiesThatRanOnSomeScenarios() throws {
    var infos: [SweepHeader.ScenarioInfo] = []
    var records: [CellRecord] = []
    for (s, name) in ["park", "track"].enumerated() {
      infos.append(
        SweepHeader.ScenarioInfo(name: name, description: "", seed: 1, trials: 3, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: s * 3))
      let strategies = name == "track" ? ["alpha", "beta", "lane-snap(lane: 8, learn_m: 400)"] : ["alpha", "beta"]
      for t in 0..<3 {
        records.append(
          CellRecord(
            sweep: "p", cell: s * 3 + t, scenario: name, trial: t,
            strategies: strategies.enumerated().map { k, strategy in
              StrategyScores(strategy: StrategyKey(stored: strategy), scores: Scores(metrics: [.crossTrackErrorRMS], values: [2 + Double(k) + 0.01 * Double(t)]))
            }))
      }
    }
    var result = SweepHeader(sweep: "p", cells: 6, scenarios: infos).aggregate(records)
    result.verdict = ShipVerdict(result: result, objective: try Objective(parsing: "cross_track_error_rms_m"), objectiveText: "x", records: records)
    let table = try TableRenderer(width: 100).render(result)
    let verdict = String(table[..<(table.range(of: "\npark:")?.lowerBound ?? table.endIndex)])
    #expect(verdict.contains("Not ranked: 1 strategy run on only some scenarios"), "\(verdict)")
    #expect(!verdict.contains("lane-snap") && !verdict.contains("run on 1 of 2 scenarios"), "\(verdict)")
    let markdown = try MarkdownRenderer().render(result)
    #expect(markdown.contains("`lane-snap(lane: 8, learn_m: 400)` | n/a | run on 1 of 2 scenarios, not ranked |"), "\(markdown.prefix(1500))")
  }
}
