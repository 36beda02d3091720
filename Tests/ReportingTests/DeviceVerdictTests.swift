import Evaluation
import Filtering
import Foundation
import Harness
import Reporting
import Simulation
import Testing

/// The verdict says which phones the scenarios simulate, in every format, with a pick per kind when
/// they simulate more than one: run from the bundled files, the results carry each scenario's phone.
@Suite struct DeviceVerdictTests {
  @Test func everyFormatNamesThePhonesAndEachKindsPick() async throws {
    let paths = ["park-loop", "downtown-grid"].map { repositoryRoot.appendingPathComponent("scenarios/\($0).yaml").path }
    let scenarios = try ScenarioDiscovery.load(paths: paths)
    let strategies = try ["raw", "ema", "kalman"].map { try Strategy(parsing: $0) }
    var result = try await ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: 4)).run(threads: 2)
    #expect(result.scenarios.map(\.device) == [
      DeviceInfo(receiver: "population phones-open-sky", reportsSpeed: true), DeviceInfo(receiver: "population phones-urban", reportsSpeed: false),
    ])
    let objective = try Objective(parsing: ShipVerdict.defaultObjective)
    result.verdict = ShipVerdict(result: result, objective: objective, objectiveText: ShipVerdict.defaultObjective)
    let groups = try #require(result.verdict?.devices)
    #expect(groups.map(\.scenarios) == [["park-loop"], ["downtown-grid"]] && groups.allSatisfy { $0.strategy != nil })
    let table = try TableRenderer(width: 200).render(result)
    let markdown = try MarkdownRenderer().render(result)
    let html = try HTMLRenderer().render(result)
    // Kinds by what the fixes do along the run: the park's fixes measure the distance within 2 %, the
    // canyon's do not; the two kinds on the other sides of the line are named as unanswered.
    let smooth = "fixes already smooth (raw distance within 2 %)", rough = "fixes not smooth (raw distance off by over 2 %)"
    let line = "phones that report speed, \(smooth) (population phones-open-sky; park-loop): ship \(groups[0].strategy!); phones that report no speed, \(rough) (population phones-urban; downtown-grid): ship \(groups[1].strategy!)"
    // The terminal gives one item per kind (its later lines indented under it); joined, each reads whole.
    let items = table.replacingOccurrences(of: "\n    ", with: " ")
    #expect(items.contains("\n  - phones that report speed, \(smooth): ship \(groups[0].strategy!) (population phones-open-sky; park-loop).\n"), "\(table.prefix(3000))")
    #expect(items.contains("\n  - phones that report no speed, \(rough): ship \(groups[1].strategy!) (population phones-urban; downtown-grid).\n"))
    #expect(items.contains(
      "\n  - No scenario here simulates phones that report speed, \(rough); phones that report no speed, \(smooth): no answer for them.\n"))
    #expect(markdown.contains("**Phones simulated:** " + line.replacingOccurrences(of: "ship \(groups[0].strategy!)", with: "ship `\(groups[0].strategy!)`").replacingOccurrences(of: "ship \(groups[1].strategy!)", with: "ship `\(groups[1].strategy!)`")))
    #expect(html.contains("<b>Phones simulated:</b>"))
    // Each kind's answer comes with the lead, before the ranking, in every format.
    func before(_ text: String, _ first: String, _ second: String) -> Bool {
      guard let a = text.range(of: first), let b = text.range(of: second) else { return false }
      return a.lowerBound < b.lowerBound
    }
    #expect(before(table, "  - phones that report", "Ranked by") && before(table, "  - phones that report", "  #  strategy"))
    #expect(before(markdown, "**Phones simulated:**", "| # | strategy |"))
    #expect(before(html, "<b>Phones simulated:</b>", "<table class=\"ranking\">"))
  }
}
