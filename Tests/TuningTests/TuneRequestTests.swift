import Harness
import Testing
import Tuning

/// tune's options read once into typed values, before any scenario is loaded; each failure names its option.
@Suite struct TuneRequestTests {
  @Test func optionsBecomeTypedValuesOrNameTheirOption() throws {
    let request = try TuneRequest(
      strategy: "speed-gate | kalman", parameters: ["kalman.q=0.05..5:log:4"], objective: "abs(distance_error_percent)",
      pareto: "abs(distance_error_percent), pace_lag_s", trainSeeds: "1, 2", validateSeeds: nil, method: .grid)
    #expect(request.space.tuned.count == 1 && request.pareto.map(\.text) == ["abs(distance_error_percent)", "pace_lag_s"])
    #expect(request.trainSeeds == [1, 2] && request.validateSeeds == nil)
    func message(_ make: () throws -> TuneRequest) -> String {
      do { _ = try make(); return "" } catch { return "\(error)" }
    }
    #expect(message { try TuneRequest(strategy: "kalman", parameters: ["q=0.01..5:1000", "r_scale=0.1..10:1000", "gate=1..10:2"], objective: "pace_lag_s", pareto: nil, trainSeeds: nil, validateSeeds: nil, method: .grid) }.hasPrefix("--param: a grid of 1000 × 1000 × 2"))
    #expect(message { try TuneRequest(strategy: "kalman", parameters: ["q=1..2"], objective: "abs(", pareto: nil, trainSeeds: nil, validateSeeds: nil, method: .random) }.hasPrefix("--objective:"))
    #expect(message { try TuneRequest(strategy: "kalman", parameters: ["q=1..2"], objective: "pace_lag_s", pareto: "pace_lag_s", trainSeeds: nil, validateSeeds: nil, method: .random) }.hasPrefix("--pareto: expected two"))
    #expect(message { try TuneRequest(strategy: "kalman", parameters: ["q=1..2"], objective: "pace_lag_s", pareto: nil, trainSeeds: nil, validateSeeds: "3,3", method: .random) }.hasPrefix("--validate-seeds: expected distinct"))
  }

  @Test func aValidationSeedTrainingUsesIsRefused() throws {
    let documents = try ScenarioDiscovery.loadFiles(paths: [scenarioDirectory + "/park-loop.yaml"]).map(\.document)
    let request = try TuneRequest(strategy: "kalman", parameters: ["q=1..2"], objective: "pace_lag_s", pareto: nil, trainSeeds: "5", validateSeeds: "5", method: .random)
    #expect(throws: TuneInputError.self) { try request.tuner(train: documents, validate: documents, threads: 1) }
  }
}
