import Evaluation
import Foundation
import Reporting
import Testing
import TrackCore

/// Issue #64: where nothing beats the fixes as the receiver gave them, the verdict says "leave the fixes
/// alone" in those words, for the whole ranking and for a kind of phone.
@Suite struct LeaveAloneTests {
  func verdict(_ scores: [(String, Double)], device: DeviceInfo? = nil) -> ShipVerdict {
    var records: [CellRecord] = []
    for t in 0..<4 {
      let strategies = scores.map { name, x in StrategyScores(strategy: StrategyKey(stringLiteral: name), scores: Scores(metrics: [.crossTrackErrorRMS], values: [x + 0.01 * Double(t)])) }
      records.append(CellRecord(sweep: "v", cell: t, scenario: "drive", trial: t, strategies: strategies))
    }
    let info = SweepHeader.ScenarioInfo(
      name: "drive", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: 0, category: "urban",
      device: device)
    let result = SweepHeader(sweep: "v", cells: records.count, scenarios: [info]).aggregate(records)
    return ShipVerdict(result: result, objective: try! Objective(parsing: "cross_track_error_rms_m"), objectiveText: "cross_track_error_rms_m", records: records)
  }

  @Test func rawFirstIsLeaveTheFixesAlone() throws {
    let first = try #require(VerdictText.lead(verdict([("raw", 1), ("kalman", 2)])))
    #expect(first.strategy == "raw" && first.rest.contains(": leave the fixes alone. No filter here beats the fixes as the receiver gave them."))
    // A pass-through that scores exactly what raw scores says which it is.
    let gate = try #require(VerdictText.lead(verdict([("accuracy-gate", 1), ("raw", 1), ("kalman", 2)])))
    #expect(gate.strategy == "accuracy-gate" && gate.rest.contains("(accuracy-gate passes them all and scores the same as raw)"))
    // A filter that beats raw is shipped in the usual words.
    let kalman = try #require(VerdictText.lead(verdict([("raw", 2), ("kalman", 1)])))
    #expect(kalman.strategy == "kalman" && !kalman.rest.contains("leave the fixes alone"))
  }
}
