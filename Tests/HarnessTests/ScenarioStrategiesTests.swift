import Filtering
import Foundation
import Harness
import Simulation
import Testing

@Suite struct ScenarioStrategiesTests {
  func write(_ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("with-strategies.yaml")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  let scenario = """
    name: with-strategies
    trials: 2
    route:
      origin: { latitude: 45, longitude: 7 }
      out_and_back: { length_m: 600 }
    noise:
      - white: { sigma_m: 1 }
    strategies:
      - raw
      - "speed-gate(12) | kalman(q: 0.5) | distance-filter(3)"

    """

  @Test func aScenarioNamesItsOwnStrategiesAndPipelines() async throws {
    let file = try write(scenario)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let loaded = try ScenarioDiscovery.loadFiles(paths: [file])
    let result = try ExperimentRunner(Experiment.resolving(loaded, override: nil)).run(threads: 2)
    let names = result.scenarios[0].strategies.map(\.strategy)
    #expect(names == ["raw", "speed-gate(vmax: 12, reset: 10) | kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5) | distance-filter(d: 3)"])
    let overridden = try Experiment.resolving(loaded, override: [try Strategy(parsing: "ema")])
    #expect(overridden.strategies == [[try Strategy(parsing: "ema")]])
  }

  @Test func aBadPipelineInAFileNamesTheLineAndToken() throws {
    let file = try write(scenario.replacingOccurrences(of: "kalman(q: 0.5)", with: "kalmn(q: 0.5)"))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let loaded = try ScenarioDiscovery.loadFiles(paths: [file])
    do {
      _ = try Experiment.resolving(loaded, override: nil)
      Issue.record("a bad pipeline was accepted")
    } catch {
      #expect(error.file == file && error.line == 10 && error.field == "strategies[1]")
      #expect(error.found?.contains("column 18 ('kalmn')") == true, "\(error)")
    }
  }

  @Test func bundledCityRideComparesItsOwnSet() throws {
    let loaded = try ScenarioDiscovery.loadFiles(paths: [scenarioDirectory + "/city-ride.yaml"])
    let experiment = try Experiment.resolving(loaded, override: nil)
    #expect(experiment.strategies[0].count == 7)
    #expect(experiment.strategies[0].contains { $0.stages.count == 3 })
  }
}
