import Filtering
import Evaluation
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

  /// A file's strategies are read with the file: a bad one is the file's error, with its line.
  @Test func aBadPipelineInAFileNamesTheLineAndToken() throws {
    let file = try write(scenario.replacingOccurrences(of: "kalman(q: 0.5)", with: "kalmn(q: 0.5)"))
    defer { try? FileManager.default.removeItem(atPath: file) }
    do {
      _ = try ScenarioDiscovery.loadFiles(paths: [file])
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

  /// The `scoring:` block is read straight into the metrics' settings, each value checked where written.
  @Test func scoringBlockDecodesAndIsChecked() throws {
    func error(_ yaml: String) -> ScenarioFileError? {
      do {
        _ = try ScenarioLoader.parse(yaml, file: "t.yaml", as: ScenarioDocument.self)
        return nil
      } catch {
        return error
      }
    }
    let scored = scenario + """
      scoring:
        pace_window_s: 10
        checkpoints_m: [1000, 3000]
        history:
          - { distance_m: 3100, duration_s: 1000 }
      """
    let s = try ScenarioLoader.parse(scored, file: "t.yaml", as: ScenarioDocument.self)
    #expect(s.scoring.paceWindow == 10 && s.scoring.announceEvery == 300 && s.scoring.badges.distances == [1000, 3000])
    #expect(s.scoring.badges.history == [PastRunRecord(distance: 3100, duration: 1000)])
    #expect(try ScenarioLoader.parse(scenario, file: "t.yaml", as: ScenarioDocument.self).scoring == ScoringSettings())
    // Lines (1-based) of the block's keys in the text.
    let lines = scored.split(separator: "\n", omittingEmptySubsequences: false)
    func line(of key: String) -> Int { lines.firstIndex { $0.contains(key) }! + 1 }
    let unordered = try #require(error(scored.replacingOccurrences(of: "[1000, 3000]", with: "[3000, 1000]")))
    #expect(unordered.field == "scoring.checkpoints_m" && unordered.expected.contains("increasing") && unordered.line == line(of: "checkpoints_m"), "\(unordered)")
    let window = try #require(error(scored.replacingOccurrences(of: "pace_window_s: 10", with: "pace_window_s: 1")))
    #expect(window.field == "scoring.pace_window_s" && window.line == line(of: "pace_window_s"), "\(window)")
    let past = try #require(error(scored.replacingOccurrences(of: "duration_s: 1000", with: "duration_s: 0")))
    #expect(past.field == "scoring.history[0].duration_s")
  }
}

/// The loader hands over the engine it built to check a file; a run reuses it and records what a run
/// of the same scenario made in code records.
@Suite struct LoadedEngineTests {
  @Test func theLoadersEngineIsTheOneARunUses() throws {
    let loaded = try ScenarioDiscovery.loadFiles(paths: [scenarioDirectory + "/park-loop.yaml", scenarioDirectory + "/stop-and-go.yaml"])
    for (_, document) in loaded {
      let engine = try #require(document.engine, "\(document.scenario.name): the loader's engine is kept")
      #expect(engine.scenario == document.scenario)
    }
    let strategies = try ["raw", "kalman"].map { try Strategy(parsing: $0) }
    let fromFiles = try ExperimentRunner(Experiment.resolving(loaded, override: strategies, trials: 3, seed: 11))
    #expect(fromFiles.engines.map(\.scenario.trials) == [3, 3] && fromFiles.engines.map(\.scenario.seed) == [11, 11])
    let inCode = try ExperimentRunner(
      Experiment(scenarios: loaded.map(\.document.scenario), strategies: strategies, trials: 3, seed: 11, scoring: loaded.map(\.document.scoring)))
    #expect(try fromFiles.run(threads: 2) == inCode.run(threads: 2))
  }
}
