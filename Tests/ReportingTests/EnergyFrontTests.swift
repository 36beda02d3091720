import TrackCore
import Evaluation
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reporting
import Testing

/// The accuracy-against-energy front (issue #23): who is on it, who meets the goal, against what.
@Suite struct EnergyFrontTests {
  static func strategy(_ name: String, joules: Double, seconds: Double = 1600, distance: Double, pace: Double) -> StrategyResult {
    StrategyResult(
      strategy: StrategyKey(stored: name),
      metrics: [
        MetricSummary(metric: .distanceErrorPercent, values: [distance, distance]),
        MetricSummary(metric: .currentPaceErrorRMS, values: [pace, pace]),
        MetricSummary(metric: .energyJoules, values: [joules, joules]),
        MetricSummary(metric: .meanPower, values: [joules * 1000 / seconds, joules * 1000 / seconds]),
      ])
  }

  static func scenario(_ name: String, activity: String, _ strategies: [StrategyResult]) -> ScenarioResult {
    var result = ScenarioResult(
      name: name, description: "", seed: 1, trials: 2, fixesPerTrial: 1600, trueDistanceM: 5000, durationS: 1600, strategies: strategies)
    result.activity = activity
    return result
  }

  static let result = ExperimentResult(scenarios: [
    scenario(
      "run", activity: "running",
      [
        strategy("raw", joules: 300, distance: 2.0, pace: 10),
        strategy("kalman", joules: 300, distance: -0.5, pace: 9),
        // Half kalman's energy, 0.3 points more distance error, 5.6 % more pace error: meets the goal.
        strategy("adaptive | kalman", joules: 150, distance: -0.8, pace: 9.5),
        // A tenth of raw's energy, but 1 point more distance error than raw.
        strategy("duty", joules: 30, distance: -3.0, pace: 40),
      ]),
    // Not a running scenario: left out.
    scenario(
      "walk", activity: "walking",
      [
        strategy("raw", joules: 300, distance: 50, pace: 10), strategy("kalman", joules: 300, distance: 50, pace: 9),
        strategy("adaptive | kalman", joules: 300, distance: 50, pace: 9.5), strategy("duty", joules: 300, distance: 50, pace: 40),
      ]),
  ])

  @Test func theFrontTheGoalAndTheReferences() throws {
    let front = try #require(EnergyFront(Self.result))
    #expect(front.scenarios == ["run"])
    #expect(front.points.map(\.strategy) == ["duty", "adaptive | kalman", "kalman", "raw"])
    #expect(front.points.map(\.reference) == ["raw", "kalman", "raw", "raw"])
    #expect(front.points.map(\.onFront) == [true, true, true, false])
    #expect(front.points.map(\.meetsGoal) == [false, true, false, false])
    #expect(front.points.map(\.scenariosMeetingGoal) == [0, 1, 0, 0])
    #expect(abs(front.points[1].saving - 0.5) < 1e-12 && abs(front.points[0].saving - 0.9) < 1e-12)
    #expect(EnergyFrontText.goalSentence(front).contains("`adaptive | kalman` (50 % less; on its own it meets the goal on 1 of 1 scenarios)"), "\(EnergyFrontText.goalSentence(front))")
  }

  /// A running scenario with a list of its own (a track's lane filters) does not cut the front down to
  /// what every list shares: it is left out, as the verdict leaves it out, and said so (#66, item 3).
  @Test func aScenarioWithItsOwnStrategiesDoesNotEmptyTheFront() throws {
    var scenarios = Self.result.scenarios
    scenarios.append(Self.scenario("track", activity: "running", [Self.strategy("raw", joules: 300, distance: 1, pace: 10), Self.strategy("lane", joules: 300, distance: 0.1, pace: 10)]))
    scenarios.append(Self.scenario("loop", activity: "running", Self.result.scenarios[0].strategies))
    let front = try #require(EnergyFront(ExperimentResult(scenarios: scenarios)))
    #expect(front.scenarios == ["run", "loop"])
    #expect(front.points.map(\.strategy) == ["duty", "adaptive | kalman", "kalman", "raw"], "\(front.points.map(\.strategy))")
    #expect(front.leftOut.contains { $0.scenario == "track" && $0.reason == "not every strategy ran on it" }, "\(front.leftOut)")
  }

  @Test func whenNoneMeetsTheGoalTheReportSaysWhy() throws {
    var result = Self.result
    result.scenarios[0].strategies.remove(at: 2)
    let front = try #require(EnergyFront(result))
    #expect(front.points.allSatisfy { !$0.meetsGoal })
    #expect(
      EnergyFrontText.goalSentence(front).hasSuffix(
        "`duty`: distance error 1 points above the always-on run's, live pace error 4 times the always-on run's; on its own it meets the goal on 0 of 1 scenarios (not on run)."),
      "\(EnergyFrontText.goalSentence(front))")
    // Without energy (a replay) there is no front.
    var replay = result
    replay.scenarios = replay.scenarios.map { scenario in
      var s = scenario
      s.strategies = s.strategies.map { StrategyResult(strategy: $0.strategy, metrics: $0.metrics.filter { $0.metric != .energyJoules }) }
      return s
    }
    #expect(EnergyFront(replay) == nil)
  }

  /// The terminal shows the front too, says which scenario it leaves out and why, and the verdict has
  /// no energy sentence when every strategy draws the same (all always on).
  @Test func theTerminalShowsTheFrontAndWhatItLeavesOut() throws {
    let front = try #require(EnergyFront(Self.result))
    #expect(front.leftOut.map(\.scenario) == ["walk"] && front.leftOut.map(\.reason) == ["walking, not running"])
    let text = EnergyFrontText.plain(front, width: 100)
    #expect(text.hasPrefix("Accuracy against energy\n") && text.contains("Left out: walk (walking, not running)."), "\(text)")
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("  duty ") || $0.hasPrefix("  adaptive | kalman ") || $0.hasPrefix("  raw ") }
    // On the front or meeting the goal: shown; raw is neither.
    #expect(rows.count == 2 && text.contains("1 more off the front and short of the goal"), "\(text)")
    let table = try TableRenderer(width: 100, detail: false).render(Self.result)
    #expect(table.contains("Accuracy against energy\n"))
    // Energy in the verdict: only when the strategies differ in what they draw.
    let objective = try Objective(parsing: "abs(distance_error_percent)")
    let differing = ShipVerdict(result: Self.result, objective: objective, objectiveText: "abs(distance_error_percent)")
    #expect(VerdictText.energy(differing)?.hasPrefix("Energy: kalman draws 187.5 mW on average") == true, "\(String(describing: VerdictText.energy(differing)))")
    var alwaysOn = Self.result
    alwaysOn.scenarios = alwaysOn.scenarios.map { scenario in
      var s = scenario
      s.strategies = s.strategies.map { Self.strategy($0.strategy.text, joules: 300, distance: $0.summary(.distanceErrorPercent)!.mean!, pace: 10) }
      return s
    }
    #expect(VerdictText.energy(ShipVerdict(result: alwaysOn, objective: objective, objectiveText: "abs(distance_error_percent)")) == nil)
  }

  @Test func markdownAndHTMLShowTheFront() throws {
    let markdown = try MarkdownRenderer().render(Self.result)
    #expect(markdown.contains("## Accuracy against energy") && markdown.contains("| `adaptive \\| kalman` | 93.8 | 50 % | `kalman` | 0.80 | +0.30 | 9.5 | 1.06 | ◆ | ✓ | 1 of 1 |"), "\(markdown)")
    let html = try HTMLRenderer().render(Self.result)
    #expect(html.contains("<section id=\"energy-front\">") && html.contains("<svg class=\"front\"") && html.contains("<polyline"))
    // The table scrolls within the page rather than widening it; no two point numbers overlap.
    #expect(html.contains("<div class=\"scroll\"><table>\n<tr><th>#</th><th>strategy</th><th>power mW</th>"))
    let front = try #require(html.components(separatedBy: "<svg class=\"front\"").dropFirst().first?.components(separatedBy: "</svg>").first)
    let labels = front.components(separatedBy: "<text x=\"").dropFirst().compactMap { piece -> (Double, Double, String)? in
      let parts = piece.components(separatedBy: "\"")
      guard parts.count > 3, let x = Double(parts[0]), let y = Double(parts[2]), piece.contains("font-size=\"10\" fill=\"#444\"") else { return nil }
      return (x, y, piece)
    }
    #expect(!labels.isEmpty)
    for (i, a) in labels.enumerated() { for b in labels[(i + 1)...] { #expect(abs(a.0 - b.0) >= 16 || abs(a.1 - b.1) >= 11) } }
    let parser = XMLParser(data: Data(html.utf8))
    #expect(parser.parse(), "well-formed: \(String(describing: parser.parserError))")
  }
}
