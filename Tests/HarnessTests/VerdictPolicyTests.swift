import Evaluation
import Filtering
import Harness
import Testing

/// The verdict's options read once: the objective parsed, the weights checked as text first and against
/// the result's scenarios later, each failure naming its option.
@Suite struct VerdictPolicyTests {
  @Test func optionsAreReadOnceAndFailuresNameTheirOption() throws {
    let plain = try VerdictPolicy(objective: nil, weights: nil, transfer: nil)
    #expect(plain.objectiveText == ShipVerdict.defaultObjective && !plain.given)
    #expect(try VerdictPolicy(objective: "abs(distance_error_percent)", weights: nil, transfer: nil).given)
    #expect(throws: OptionError.self) { try VerdictPolicy(objective: "abs(nothing", weights: nil, transfer: nil) }
    do {
      _ = try VerdictPolicy(objective: nil, weights: "a=b", transfer: nil)
      Issue.record("weights 'a=b' accepted")
    } catch { #expect(error.message.hasPrefix("--weights: 'a=b'")) }
  }

  @Test func weightsAreCheckedAgainstTheResultsScenarios() throws {
    let scenarios = try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml"])
    let result = try ExperimentRunner(Experiment(scenarios: scenarios, strategies: [try Strategy(parsing: "raw"), try Strategy(parsing: "kalman")], trials: 2)).run(threads: 1)
    let weighted = try VerdictPolicy(objective: nil, weights: "park-loop=2", transfer: nil)
    #expect(try weighted.verdict(result, records: []).weights == ["park-loop": 2])
    let elsewhere = try VerdictPolicy(objective: nil, weights: "nowhere=2", transfer: nil)
    do {
      _ = try elsewhere.verdict(result, records: [])
      Issue.record("a weight for a scenario the result lacks was accepted")
    } catch { #expect(error.message.contains("no scenario named nowhere")) }
    // A simulated result always opens with a verdict; so does a replay whose verdict can pick.
    #expect(try weighted.verdictIfAny(result, records: [], replay: false) != nil)
  }
}
