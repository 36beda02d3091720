import Evaluation
import Findings
import Filtering
import Foundation
import Harness
import Testing
import TrackIO

/// The accuracy gate in process: a baseline recorded from option texts reruns identical and passes; a
/// candidate that loses distance in place of a recorded strategy fails on it.
@Suite struct AccuracyGateTests {
  @Test func aRerunPassesAndAWorseCandidateFails() throws {
    let park = scenarioDirectory + "/park-loop.yaml"
    let setup = try ScenarioBaselineSweep.parsing(paths: [park], trials: 3, seed: nil, strategies: "raw,kalman", allowingPrograms: false)
    let header = BaselineHeader(toolVersion: "test", scenarioPaths: [park], trials: 3, seed: nil, strategies: "raw,kalman", scenarios: setup.fingerprints)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let records = try setup.records(threads: 2)
    try BaselineFile.text(header, sweep: setup.runner.header(illustrate: false), records: records, file: path).write(toFile: path, atomically: true, encoding: .utf8)
    let noRecordings: (String) throws -> Recording = { throw BaselineSetupError("no recording: \($0)") }
    var suites: [String] = []
    let same = try AccuracyGate.check(
      baseline: path, tolerance: nil, strategies: nil, candidates: [], threads: 2, allowingPrograms: false, beforeRerun: { suites.append($0) },
      read: noRecordings, readTruth: noRecordings)
    #expect(same.check.passed && same.check.regressions == 0 && suites == [same.suite])
    let sparse = try Strategy(parsing: "time-sample(s: 60)")
    let worse = try AccuracyGate.check(
      baseline: path, tolerance: nil, strategies: nil, candidates: [(try Strategy(parsing: "kalman").key.text, sparse)], threads: 2, allowingPrograms: false,
      read: noRecordings, readTruth: noRecordings)
    #expect(!worse.check.passed && worse.check.substitutions.count == 1)
    #expect(throws: BaselineSetupError.self) {
      try ScenarioBaselineSweep.parsing(paths: [park], trials: 0, seed: nil, strategies: nil, allowingPrograms: false)
    }
  }
}
