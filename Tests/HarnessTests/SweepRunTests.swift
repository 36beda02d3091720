import Evaluation
import Filtering
import Foundation
import Harness
import Testing

/// A sweep run with a shard and a journal, in process: a journal of part of the cells, resumed, gives
/// the records of one uninterrupted run; a shard holds its own cells only.
@Suite struct SweepRunTests {
  @Test func aResumedJournalFinishesTheRunWithItsRecords() throws {
    let scenarios = try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml", scenarioDirectory + "/stop-and-go.yaml"])
    let runner = try ExperimentRunner(Experiment(scenarios: scenarios, strategies: [try Strategy(parsing: "raw"), try Strategy(parsing: "kalman")], trials: 3))
    let header = runner.header(illustrate: false)
    let whole = try runner.records(shard: nil, journal: nil, header: header, threads: 2, illustrate: false)
    #expect(whole.map(\.cell) == Array(0..<6))

    let half = SweepHeader.Shard(index: 1, count: 2)
    let shard = try runner.records(shard: half, journal: nil, header: header, threads: 1, illustrate: false)
    #expect(shard.map(\.cell) == whole.map(\.cell).filter { half.holds($0) } && shard.allSatisfy { whole.contains($0) })

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-run-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // The first run stops after the shard's cells (as a killed run would); the resume does the rest.
    _ = try runner.records(shard: half, journal: (path, false), header: header, threads: 2, illustrate: false)
    let resumed = try runner.records(shard: nil, journal: (path, true), header: header, threads: 2, illustrate: false)
    #expect(resumed == whole)
    // A journal without --resume is refused rather than overwritten.
    #expect(throws: ExperimentRunner.SweepRunFailure.self) {
      try runner.records(shard: nil, journal: (path, false), header: header, threads: 1, illustrate: false)
    }
  }
}
