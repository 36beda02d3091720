import Evaluation
import Filtering
import Foundation
import Harness
import Simulation
import Testing
import TrackCore
import Tuning

/// A user's filter registered once: a causal exponential smoother with its own name.
struct HalfwayFilter: TrackFilter, CatalogueStrategy {
  static let name = "test-halfway"
  static let summary = "Moves halfway (or by `gain`) towards each fix (a test's own filter)."
  static let parameterTable = [Parameter(name: "gain", unit: "1", defaultValue: 0.5, minimum: 0.05, maximum: 1, summary: "share of the step taken")]
  var gain: Double
  var last: LocalFix?
  init(parameters p: ParameterValues) { gain = p["gain"] }
  var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["gain": gain]) }
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0, fix.time > (last?.time ?? -.infinity) else { return nil }
    var point = fix
    if let last {
      point.east = last.east + gain * (fix.east - last.east)
      point.north = last.north + gain * (fix.north - last.north)
    }
    last = point
    return point
  }
}

@Suite(.serialized) struct RegisteredStrategyTests {
  static let registered: Void = { try! Strategy.register(.filter(HalfwayFilter.self)) }()

  @Test func aRegisteredFilterRunsFromAScenarioFileAndIsTuned() async throws {
    _ = Self.registered
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("halfway.yaml").path
    try """
      name: halfway
      trials: 3
      route:
        origin: { latitude: 45, longitude: 7 }
        out_and_back: { length_m: 800 }
      noise:
        - white: { sigma_m: 4 }
      strategies:
        - raw
        - "test-halfway(0.3)"
        - "speed-gate(12) | test-halfway"

      """.write(toFile: file, atomically: true, encoding: .utf8)
    let loaded = try ScenarioDiscovery.loadFiles(paths: [file])
    let result = try ExperimentRunner(Experiment.resolving(loaded, override: nil)).run(threads: 2)
    #expect(result.scenarios[0].strategies.map(\.strategy.text) == ["raw", "test-halfway(gain: 0.3)", "speed-gate(vmax: 12, reset: 10) | test-halfway(gain: 0.5)"])
    // On white noise the smoother records less zig-zag than raw.
    let distance = { (k: Int) in result.scenarios[0].strategies[k].metrics.first { $0.metric == .distanceErrorPercent }!.mean! }
    #expect(abs(distance(1)) < abs(distance(0)))

    // tune sweeps its declared parameter by name.
    let scenarios = loaded.map(\.document.scenario)
    let tuner = Tuner(
      space: try TuneSpace(strategy: "test-halfway", parameters: ["gain=0.05..1:5"]), objectiveText: "abs(distance_error_percent)",
      objective: try Objective(parsing: "abs(distance_error_percent)"),
      train: try TuneSet(name: "train", scenarios: scenarios, threads: 2),
      validate: try TuneSet(name: "validate", scenarios: scenarios.map { var s = $0; s.seed += 1; return s }, threads: 2), threads: 2)
    let report = try tuner.run(method: .grid, budget: nil, seed: 1)
    #expect(report.evaluations.map(\.strategy).allSatisfy { $0.hasPrefix("test-halfway(gain: ") } && report.evaluations.count == 5)
    #expect(report.best.trainObjective! <= report.defaults.trainObjective!)
  }
}
