import Evaluation
import Filtering
import Foundation
import Harness
import Simulation
import Testing

@Suite struct CellRecordTests {
  static func runner(trials: Int = 3) throws -> ExperimentRunner {
    let scenarios = try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml", scenarioDirectory + "/standing-still.yaml"])
    let strategies = try ["raw", "kalman(q: 0.5)", "speed-gate | kalman"].map { try Strategy(parsing: $0) }
    return try ExperimentRunner(Experiment(scenarios: scenarios, strategies: strategies, trials: trials))
  }

  @Test func theSweepIsScenarioThenTrial() throws {
    let runner = try Self.runner(trials: 3)
    #expect(runner.cells.map(\.index) == Array(0..<6))
    #expect(runner.cells.map(\.scenario) == [0, 0, 0, 1, 1, 1] && runner.cells.map(\.trial) == [0, 1, 2, 0, 1, 2])
  }

  /// Results are a pure function of the records: records written as JSON lines, read back in any
  /// order, aggregate to the very results of the run.
  @Test func recordsReadBackAggregateToTheSameResults() async throws {
    let runner = try Self.runner()
    var lines: [String] = []
    let result = try runner.run(threads: 2, records: { all in lines = try all.map(ResultsCodec.line) })
    #expect(lines.count == runner.cells.count)
    let decoded = try lines.reversed().map { try ResultsCodec.decode(CellRecord.self, from: Data($0.utf8)) }
    #expect(Set(decoded.map(\.cell)) == Set(0..<runner.cells.count))
    #expect(runner.aggregate(decoded) == result)
    #expect(try ResultsCodec.text(runner.aggregate(decoded)) == ResultsCodec.text(result))
  }

  @Test func recordsDoNotDependOnThreads() async throws {
    let runner = try Self.runner()
    var one: [CellRecord] = [], two: [CellRecord] = []
    _ = try runner.run(threads: 1, records: { one = $0 })
    _ = try runner.run(threads: 2, records: { two = $0 })
    #expect(one == two && one.map(\.cell) == Array(0..<runner.cells.count))
  }

  /// A cell executed alone gives the record it has in the whole sweep.
  @Test func aCellAloneGivesItsRecord() async throws {
    let runner = try Self.runner()
    var all: [CellRecord] = []
    _ = try runner.run(threads: 2, records: { all = $0 })
    var alone: [CellRecord] = []
    runner.execute([runner.cells[4]], threads: 1) { alone.append($0) }
    #expect(alone == [all[4]])
  }
}
