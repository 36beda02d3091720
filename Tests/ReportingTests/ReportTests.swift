import Evaluation
import Filtering
import Foundation
import Harness
import Reporting
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

func suiteResult(trials: Int, threads: Int) async throws -> ExperimentResult {
  let scenarios = try ScenarioDiscovery.load(paths: [repositoryRoot.appendingPathComponent("scenarios").path])
  return try await ExperimentRunner(Experiment(scenarios: scenarios, strategies: Strategy.builtInDefaults, trials: trials)).run(threads: threads)
}

@Suite struct ReportTests {
  @Test func jsonIsByteIdenticalAcrossRunsAndThreadCounts() async throws {
    let a = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 1))
    let b = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 2))
    let c = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 2))
    #expect(a == b && b == c)
  }

  @Test func jsonHasTheSchemaAndRoundTrips() async throws {
    let result = try await suiteResult(trials: 2, threads: 2)
    let text = try JSONRenderer().render(result)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "trackbench.results")
    #expect(object["schema_version"] as? Int == 1)
    let scenarios = try #require(object["scenarios"] as? [[String: Any]])
    let first = try #require(scenarios.first)
    for key in ["name", "trials", "fixes_per_trial", "true_distance_m", "duration_s", "strategies", "seed"] {
      #expect(first[key] != nil, "scenario key \(key)")
    }
    #expect(try ResultsCodec.results(from: Data(text.utf8)) == result)
    #expect(!text.lowercased().contains("nan") && !text.contains("inf"))
  }

  @Test func standingStillSaysWhyInsteadOfNaN() async throws {
    let result = try await suiteResult(trials: 2, threads: 2)
    let still = try #require(result.scenarios.first { $0.name == "standing-still" })
    let pace = try #require(still.strategies[0].summary(.currentPaceErrorRMS))
    #expect(pace.mean == nil && pace.note != nil)
    let table = try TableRenderer().render(result)
    #expect(table.contains("n/a"))
    #expect(!table.lowercased().contains("nan"))
  }
}
