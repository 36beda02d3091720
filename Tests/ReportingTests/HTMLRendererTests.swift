import Evaluation
import Filtering
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Harness
import Reporting
import Simulation
import Testing

/// Collects the elements of an XML document; fails on the first parse error.
final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []
  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
    elements.append((name, attributes))
  }
}

@Suite struct HTMLRendererTests {
  func drawnResult(threads: Int = 2) async throws -> ExperimentResult {
    let scenarios = try ScenarioDiscovery.load(paths: [repositoryRoot.appendingPathComponent("scenarios/budget-phone-5k.yaml").path])
    let strategies = try ["raw", "distance-filter(10)", "kalman"].map { try Strategy(parsing: $0) }
    return try await ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: 3)).run(threads: threads, illustrate: true)
  }

  /// Box plots label strategies that differ only by parameters with those parameters.
  @Test func boxPlotLabelsTellParameterSetsApart() async throws {
    let scenarios = try ScenarioDiscovery.load(paths: [repositoryRoot.appendingPathComponent("scenarios/park-loop.yaml").path])
    let strategies = try ["raw", "kalman(q: 0.1)", "kalman(q: 2)"].map { try Strategy(parsing: $0) }
    let result = try await ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: 3)).run(threads: 2)
    let html = try HTMLRenderer().render(result)
    #expect(html.contains(">kalman(q: 0.1)</text>") && html.contains(">kalman(q: 2)</text>") && html.contains(">raw</text>"))
    #expect(!html.contains(">kalman</text>"))
  }

  @Test func wellFormedAndHoldsThePlottedSeries() async throws {
    let result = try await drawnResult()
    let illustration = try #require(result.scenarios[0].illustration)
    let html = try HTMLRenderer().render(result)
    let parser = XMLParser(data: Data(html.utf8))
    let collector = ElementCollector()
    parser.delegate = collector
    #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
    let elements = collector.elements
    // One card per strategy, each with a map, the truth, a coloured track and both pace lines.
    let cards = elements.filter { $0.name == "div" && $0.attributes["class"] == "card" && $0.attributes["data-strategy"] != nil }
    #expect(cards.map { $0.attributes["data-strategy"]! } == illustration.strategies.map(\.strategy))
    #expect(elements.filter { $0.attributes["class"] == "map" }.count == 3)
    let truths = elements.filter { $0.name == "polyline" && $0.attributes["class"] == "truth" }
    #expect(truths.count == 3)
    #expect(truths.allSatisfy { $0.attributes["points"]!.split(separator: " ").count == illustration.truth.count })
    let recorded = elements.filter { $0.attributes["class"] == "recorded" }.map { Int($0.attributes["data-points"]!)! }
    #expect(recorded == illustration.strategies.map(\.track.count))
    let appPace = elements.filter { $0.attributes["class"] == "app-pace" }
    #expect(zip(appPace, illustration.strategies).allSatisfy { element, strategy in
      element.attributes["points"]!.split(separator: " ").count == strategy.pace.count
    })
    #expect(elements.filter { $0.attributes["class"] == "checkpoint" }.count == 3 * illustration.checkpoints.count)
    #expect(elements.filter { $0.attributes["class"] == "pin" }.count == illustration.strategies.map(\.pins.count).reduce(0, +))
    // Box plots: one per distribution metric, one box per strategy.
    let boxPlots = elements.filter { $0.attributes["class"] == "box-plot" }
    #expect(boxPlots.count == 4)
    #expect(elements.filter { $0.attributes["class"] == "box" }.count == 4 * 3)
    // Track colours span red to green: raw's zig-zag (a budget phone) shows faster than the truth somewhere.
    #expect(html.contains("stroke=\"\(HTMLRenderer.colour(0.95))\""))
    #expect(!html.lowercased().contains("nan") && !html.contains("inf"))
  }

  @Test func colourScaleRunsRedYellowGreen() {
    #expect(HTMLRenderer.colour(0) == "#d73027")
    #expect(HTMLRenderer.colour(0.5) == "#e6be00")
    #expect(HTMLRenderer.colour(1) == "#1a9850")
    #expect(HTMLRenderer.colour(-3) == "#d73027" && HTMLRenderer.colour(0.25) == "#df7714")
  }

  @Test func withoutTracksSaysHowToGetThem() throws {
    let html = try HTMLRenderer().render(snapshotResult)
    #expect(html.contains("--tracks"))
    let parser = XMLParser(data: Data(html.utf8))
    #expect(parser.parse())
  }

  @Test func illustrationIsDeterministicAndThinned() async throws {
    let a = try await drawnResult(threads: 1), b = try await drawnResult(threads: 2)
    #expect(a == b)
    #expect(try JSONRenderer().render(a) == (try JSONRenderer().render(b)))
    let illustration = try #require(a.scenarios[0].illustration)
    #expect(illustration.truth.count <= ScenarioIllustration.maximumPoints + 1)
    #expect(illustration.strategies.allSatisfy { $0.track.count <= ScenarioIllustration.maximumPoints + 1 })
  }
}
