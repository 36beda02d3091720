import Evaluation
import Filtering
import Foundation
import Harness
import Reporting
import Testing

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// `TRACKBENCH_LONG_TESTS=1` (`make test-long`, run by CI) enables the checks over the whole bundled
/// suite; `make test` checks the same properties on a few scenarios that cover its kinds of run.
let longTests = ProcessInfo.processInfo.environment["TRACKBENCH_LONG_TESTS"] == "1"

/// Open sky, an urban canyon with stops and corners, dropouts, standing still.
let coveringScenarios = ["park-loop", "downtown-grid", "tunnel-dropouts", "standing-still"]

func suiteResult(trials: Int, threads: Int, scenarios names: [String]? = nil) async throws -> ExperimentResult {
  let folder = repositoryRoot.appendingPathComponent("scenarios").path
  let scenarios = try ScenarioDiscovery.load(paths: names.map { $0.map { folder + "/\($0).yaml" } } ?? [folder])
  return try ExperimentRunner(Experiment(scenarios: scenarios, strategies: Strategy.builtInDefaults, trials: trials)).run(threads: threads)
}

/// The whole suite at 2 trials on 2 threads, computed once for the tests that read it.
let sharedSuiteResult = Task { try await suiteResult(trials: 2, threads: 2) }

@Suite struct ReportTests {
  @Test func jsonIsByteIdenticalAcrossRunsAndThreadCounts() async throws {
    let a = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 1, scenarios: coveringScenarios))
    let b = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 2, scenarios: coveringScenarios))
    let c = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 2, scenarios: coveringScenarios))
    #expect(a == b && b == c)
  }

  @Test(.enabled(if: longTests, "the whole suite: TRACKBENCH_LONG_TESTS=1 (make test-long)"))
  func jsonOfTheWholeSuiteIsByteIdenticalAcrossThreadCounts() async throws {
    let a = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 1))
    let b = try JSONRenderer().render(try await suiteResult(trials: 3, threads: 2))
    #expect(a == b)
  }

  @Test func jsonHasTheSchemaAndRoundTrips() async throws {
    let result = try await sharedSuiteResult.value
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
    let result = try await sharedSuiteResult.value
    let still = try #require(result.scenarios.first { $0.name == "standing-still" })
    let pace = try #require(still.strategies[0].summary(.currentPaceErrorRMS))
    #expect(pace.mean == nil && pace.note != nil)
    let table = try TableRenderer().render(result)
    #expect(table.contains("n/a"))
    #expect(!table.lowercased().contains("nan"))
  }
}
