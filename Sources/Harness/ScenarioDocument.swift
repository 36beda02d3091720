import Evaluation
import Filtering
import Simulation
import TrackCore

/// A scenario file: what Simulation simulates (``Scenario``: route, motion, receiver, noise, seed,
/// trials) and what the experiment does with it: the strategies it compares when the command line names
/// none, and how its runs are scored (`docs/scenarios.md`). Simulation decodes its part from the same
/// mapping; the strategies are parsed as the file is read, each keeping where it is written.
public struct ScenarioDocument: ScenarioFileContents {
  public var scenario: Scenario
  /// The file's own strategies (or pipelines), in order; empty: the whole catalogue.
  public var strategies: [PlacedStrategy]
  /// The metrics' settings and the runner's earlier runs (badges).
  public var scoring: ScoringSettings
  /// The engine the loader built to check the file (`nil` for a document made in code): runners take
  /// it through ``ScenarioEngine/reusing(_:for:)``, which builds anew only if `scenario` was changed
  /// beyond its seed and trials.
  public private(set) var engine: ScenarioEngine?

  /// This document with `trials` trials in place of its own (`--trials`; nil: its own).
  @_optimize(none)
  public func withTrials(_ trials: Int?) -> ScenarioDocument {
    var copy = self
    if let trials { copy.scenario.trials = trials }
    return copy
  }

  @_optimize(none)
  public init(scenario: Scenario, strategies: [Strategy] = [], scoring: ScoringSettings = ScoringSettings()) {
    self.scenario = scenario
    self.strategies = strategies.enumerated().map { PlacedStrategy(strategy: $1, field: "strategies[\($0)]") }
    self.scoring = scoring
  }

  @_optimize(none)
  public mutating func keep(_ engine: ScenarioEngine) { self.engine = engine }

  enum CodingKeys: String, CodingKey { case strategies, scoring }

  /// The entry of a file's `strategies` that stands for every catalogue strategy with its defaults.
  public static let defaultsEntry = "defaults"

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    scenario = try Scenario(from: decoder)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    scoring = try c.value(.scoring, default: ScoringBlock(), expected: "scoring settings").settings
    let texts: [String] = try c.value(.strategies, default: [], expected: "a list of strategies, e.g. [\"raw\", \"speed-gate(12) | kalman\"]")
    strategies = []
    guard !texts.isEmpty else { return }
    var list = try c.nestedUnkeyedContainer(forKey: .strategies)
    for (i, text) in texts.enumerated() {
      let place = try list.superDecoder().place
      let field = "strategies[\(i)]"
      // "defaults": the catalogue's defaults (what a file without strategies runs), beside others.
      if text == Self.defaultsEntry {
        strategies += Strategy.defaults.map { PlacedStrategy(strategy: $0, field: field, line: place?.line, column: place?.column) }
        continue
      }
      do {
        strategies.append(PlacedStrategy(strategy: try Strategy(parsing: text), field: field, line: place?.line, column: place?.column))
      } catch {
        throw SpecError(
          field: field, line: place?.line, column: place?.column, expected: "a strategy or pipeline (trackbench strategies lists them)",
          found: "\(error)")
      }
    }
    if let shared = ProcessStrategy.sharedName(in: strategies.map(\.strategy)) {
      let second = strategies.last { $0.strategy.description == shared.second }
      throw SpecError(
        field: second?.field ?? "strategies", line: second?.line, column: second?.column, expected: ProcessStrategy.SharedName.expectation,
        found: shared.finding)
    }
  }
}

/// A strategy a scenario file names, with where: errors about it (a program not allowed) point there.
public struct PlacedStrategy: Sendable {
  public var strategy: Strategy
  /// `strategies[2]`.
  public var field: String
  public var line: Int?
  public var column: Int?
  @_optimize(none)
  public init(strategy: Strategy, field: String, line: Int? = nil, column: Int? = nil) {
    self.strategy = strategy; self.field = field; self.line = line; self.column = column
  }
}

/// A scenario's `scoring:` block, read straight into ``ScoringSettings``: the live-pace window, how often
/// the app speaks the last interval's pace, what counts as a good fix, the checkpoint (badge) distances
/// and the runner's earlier runs that earned the badges. Every key is optional (`docs/metrics.md`).
struct ScoringBlock: Decodable {
  var settings = ScoringSettings()

  @_optimize(none)
  init() {}

  enum CodingKeys: String, CodingKey, CaseIterable {
    case paceWindowS = "pace_window_s", announceEveryS = "announce_every_s", goodFixM = "good_fix_m"
    case checkpointsM = "checkpoints_m", history
  }

  @_optimize(none)
  init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    settings.paceWindow = try c.value(.paceWindowS, default: 20, expected: "seconds from 5 to 120") { (5...120).contains($0) }
    settings.announceEvery = try c.value(.announceEveryS, default: 300, expected: "seconds from 30 to 3600") { (30...3600).contains($0) }
    settings.goodFixRadius = try c.value(.goodFixM, default: 10, expected: "metres from 1 to 200") { (1...200).contains($0) }
    settings.badges.distances = try c.value(
      .checkpointsM, default: RaceDistance.checkpoints,
      expected: "increasing distances in metres, each from 1 to 1000000"
    ) { (list: [Double]) in
      list.allSatisfy { (1...1_000_000).contains($0) } && zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
    }
    settings.badges.history = try c.value(.history, default: [PastRunEntry](), expected: "a list of earlier runs").map(\.record)
  }
}

/// An earlier run in `scoring.history`: distance and elapsed time, as the app stored them.
struct PastRunEntry: Decodable {
  var record: PastRunRecord

  enum CodingKeys: String, CodingKey, CaseIterable {
    case distanceM = "distance_m", durationS = "duration_s"
  }

  @_optimize(none)
  init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    record = PastRunRecord(
      distance: try c.value(.distanceM, expected: "metres from 1 to 1000000") { (1...1_000_000).contains($0) },
      duration: try c.value(.durationS, expected: "seconds from 1 to 604800") { (1...604_800).contains($0) })
  }
}
