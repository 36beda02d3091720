import TrackCore
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
  func drawnResult(threads: Int = 2, scenario: String = "budget-phone-5k") async throws -> ExperimentResult {
    let scenarios = try ScenarioDiscovery.load(paths: [repositoryRoot.appendingPathComponent("scenarios/\(scenario).yaml").path])
    let strategies = try ["raw", "distance-filter(10)", "kalman"].map { try Strategy(parsing: $0) }
    return try ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: 3)).run(threads: threads, illustrate: true)
  }

  /// Box plots label strategies that differ only by parameters with those parameters.
  @Test func boxPlotLabelsTellParameterSetsApart() async throws {
    let scenarios = try ScenarioDiscovery.load(paths: [repositoryRoot.appendingPathComponent("scenarios/park-loop.yaml").path])
    let strategies = try ["raw", "kalman(q: 0.1)", "kalman(q: 2)"].map { try Strategy(parsing: $0) }
    let result = try ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: 3)).run(threads: 2)
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
    // Every map zooms into the out-and-back's turnaround, the route's sharpest corner.
    #expect(elements.filter { $0.attributes["class"] == "corner-inset" }.count == 3)
    #expect(elements.filter { $0.attributes["class"] == "inset-recorded" }.allSatisfy { !($0.attributes["d"] ?? "").isEmpty })
    let pins: Int = illustration.strategies.map(\.pins.count).reduce(0, +)
    #expect(elements.filter { $0.attributes["class"] == "pin" }.count == pins)
    // Box plots: one per distribution metric, one box per strategy.
    let boxPlots = elements.filter { $0.attributes["class"] == "box-plot" }
    #expect(boxPlots.count == 4)
    let boxes = elements.filter { $0.attributes["class"] == "box" }
    #expect(boxes.count == 4 * 3)
    // Track colours span red to green: raw's zig-zag (a budget phone) shows faster than the truth somewhere.
    #expect(html.contains("stroke=\"\(HTMLRenderer.colour(0.95))\""))
    #expect(!html.lowercased().contains("nan") && !html.contains("inf"))
  }

  /// Viridis anchors (matplotlib's `viridis` at 0, 0.25, 0.5, 0.75, 1), linear between them.
  @Test func colourScaleIsViridis() {
    #expect(HTMLRenderer.colour(0) == "#440154")
    #expect(HTMLRenderer.colour(0.5) == "#21918c")
    #expect(HTMLRenderer.colour(1) == "#fde725")
    #expect(HTMLRenderer.colour(-3) == "#440154" && HTMLRenderer.colour(0.25) == "#3b528b" && HTMLRenderer.colour(0.125) == "#402a70")
  }

  /// The verdict opens the page after the table of contents; maps only for the chosen strategies.
  @Test func verdictFirstAndMapsOnlyForTheChosen() async throws {
    // The track's intervals give pace lag a value, so the Pareto plot has its two axes.
    var result = try await drawnResult(scenario: "track-400m")
    let objective = try Objective(parsing: "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km")
    result.verdict = ShipVerdict(result: result, objective: objective, objectiveText: "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km")
    let html = try HTMLRenderer(mapStrategies: ["raw"]).render(result)
    let parser = XMLParser(data: Data(html.utf8))
    let collector = ElementCollector()
    parser.delegate = collector
    #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
    let elements = collector.elements
    let ids = elements.compactMap { $0.attributes["id"] }
    #expect(ids.prefix(4) == ["contents", "verdict", "energy-front", "track-400m"])
    let links = elements.filter { $0.name == "a" }.compactMap { $0.attributes["href"] }
    #expect(links == ["#verdict", "#energy-front", "#track-400m"])
    #expect(elements.contains { $0.attributes["class"] == "ranking" } && elements.contains { $0.attributes["class"] == "pareto" })
    // The Pareto plot: every ranked strategy, raw marked as a seed strategy, ticks on both axes.
    let marks = elements.filter { $0.name == "g" && ["seed", "front", "point"].contains($0.attributes["class"] ?? "") }
    #expect(Set(marks.compactMap { $0.attributes["data-strategy"] }) == Set(result.scenarios[0].strategies.map(\.strategy.text)))
    #expect(marks.first { $0.attributes["data-strategy"] == "raw" }?.attributes["class"] == "seed")
    #expect(elements.contains { $0.attributes["class"] == "x-axis" } && elements.contains { $0.attributes["class"] == "y-axis" })
    let cards = elements.filter { $0.name == "div" && $0.attributes["data-strategy"] != nil }
    #expect(cards.map { $0.attributes["data-strategy"]! } == ["raw"])
    #expect(html.contains("Maps of 2 more strategies left out"))
    // The default: the verdict's top three and raw (here all three strategies).
    let defaults = try HTMLRenderer().render(result)
    #expect(defaults.components(separatedBy: "class=\"map\"").count - 1 == 3)
  }

  /// One strategy far from the rest does not squeeze the others' boxes: it is left out of the axis
  /// range and marked at the axis end with its value; positive values spanning > 30:1 get a log axis.
  @Test func boxPlotsSurviveAnExtremeStrategy() throws {
    func summary(_ metric: Metric, _ values: [Double]) -> MetricSummary { MetricSummary(metric: metric, values: values) }
    let spread: [Double] = [0, 0.2, 0.1, -0.1, 0.3, 0.05]
    var strategies = (0..<6).map { k in
      StrategyResult(strategy: StrategyKey(stored: "s\(k)"), metrics: [summary(.distanceErrorPercent, spread.map { $0 + 0.05 * Double(k) })])
    }
    // A strategy somewhat off the others stays on the axis; only the wild one is marked.
    strategies.append(StrategyResult(strategy: "mild", metrics: [summary(.distanceErrorPercent, spread.map { $0 + 0.6 })]))
    strategies.append(StrategyResult(strategy: "wild", metrics: [summary(.distanceErrorPercent, [40, 41, 42, 43, 44, 45])]))
    let scenario = ScenarioResult(name: "x", description: "", seed: 1, trials: 6, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, strategies: strategies)
    let html = try HTMLRenderer().render(ExperimentResult(scenarios: [scenario]))
    let plot = try #require(html.components(separatedBy: "data-metric=\"distance_error_percent\"").dropFirst().first?.components(separatedBy: "</svg>").first)
    #expect(plot.components(separatedBy: "class=\"outlier\"").count == 2 && plot.contains(">45</text>"), "only the wild strategy's maximum is marked")
    // The axis's last tick is near the normal strategies, not at 45.
    let ticks = plot.components(separatedBy: "class=\"tick\"").dropFirst().compactMap { $0.split(separator: ">").dropFirst().first?.split(separator: "<").first.flatMap { Double($0) } }
    #expect(ticks.count >= 2 && ticks.max()! < 5, "\(ticks)")
    #expect(plot.contains(">%</text>"), "the unit is on the axis")
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

/// The corner the maps zoom into: the sharpest turn, none on a straight.
@Suite struct SharpestCornerTests {
  @Test func findsTheTurnOfAnL() {
    let straight = (0...100).map { [Double($0), 0.0] }
    #expect(HTMLRenderer.sharpestCorner(straight) == nil)
    let l = (0...100).map { [Double($0), 0.0] } + (1...100).map { [100.0, Double($0)] }
    let corner = HTMLRenderer.sharpestCorner(l)
    #expect(corner.map { abs($0.east - 100) <= 2 && abs($0.north) <= 2 } == true, "\(String(describing: corner))")
  }
}

/// The map's pace colours.
@Suite struct MapColourTests {
  /// A recording without a truth scales its map's pace colours by the strategies' typical moving speed,
  /// not by raw's zig-zag (#66, item 5): a walk at 1.4 m/s whose raw steps read 18 m/s, and a filter
  /// that stands still, leave the scale at the walk's speed.
  @Test func aRecordingsColoursFollowTheStrategiesNotRawsZigZag() {
    func track(_ speeds: [Double]) -> [[Double]] { speeds.enumerated().map { [Double($0.offset), 0, $0.element] } }
    let raw = track(Array(repeating: 18, count: 50))
    let filters = [1.3, 1.4, 1.45, 1.5].map { track(Array(repeating: $0, count: 50)) }
    let still = track(Array(repeating: 0, count: 50))
    let typical = HTMLRenderer.typicalMovingSpeed([raw] + filters + [still])
    #expect(typical == 1.45, "\(String(describing: typical))")
    #expect(HTMLRenderer.typicalMovingSpeed([still]) == nil && HTMLRenderer.typicalMovingSpeed([raw]) == 18)
  }
}
