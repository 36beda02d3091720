import Evaluation
import Foundation
import Harness
import Testing

@Suite struct SweepFileTests {
  static func file(_ header: String, _ records: [String] = []) -> Data { Data(([header] + records).map { $0 + "\n" }.joined().utf8) }
  static let scenario = #"{"name":"a","description":"","seed":1,"trials":2,"fixes_per_trial":10,"true_distance_m":5,"duration_s":9,"first_cell":0}"#

  static func header(cells: Int = 2, scenarios: String = scenario, shard: String = "") -> String {
    #"{"schema":"trackbench.sweep","schema_version":1,"sweep":"s","cells":\#(cells),"scenarios":[\#(scenarios)]\#(shard)}"#
  }

  static func record(cell: Int, scenario: String = "a", trial: Int? = nil, strategies: String = #"[{"strategy":"raw","scores":{"distance_error_m":1}}]"#) -> String {
    #"{"sweep":"s","cell":\#(cell),"scenario":"\#(scenario)","trial":\#(trial ?? cell),"strategies":\#(strategies)}"#
  }

  @Test func aConsistentFileIsRead() throws {
    let contents = try SweepFile.read(data: Self.file(Self.header(), [Self.record(cell: 0), Self.record(cell: 1)]), name: "x")
    #expect(contents.records.map(\.cell) == [0, 1] && !contents.torn)
    #expect(contents.header.aggregate(contents.records).scenarios[0].trials == 2)
  }

  /// Headers and records that do not describe a sweep are errors naming the line, never a trap.
  @Test func inconsistentFilesAreErrorsNotTraps() {
    let cases: [(Data, String)] = [
      (Self.file(Self.header(cells: 3)), "add up to 3 cells"),
      (Self.file(Self.header(cells: 0)), "expected 1 to"),
      (Self.file(Self.header(shard: #","shard":{"index":0,"count":0}"#)), "shard K/N"),
      (Self.file(Self.header(scenarios: Self.scenario.replacingOccurrences(of: #""first_cell":0"#, with: #""first_cell":1"#))), "start at 0"),
      (Self.file(Self.header(), [Self.record(cell: 5)]), "expected a cell from 0 to 1"),
      (Self.file(Self.header(), [Self.record(cell: 1, trial: 0)]), "expected cell 1 to be a trial 1"),
      (Self.file(Self.header(), [Self.record(cell: 0, scenario: "b")]), "to be a trial 0"),
      (Self.file(#"{"schema":"other"}"#), "expected a sweep header"),
    ]
    for (data, expected) in cases {
      #expect { try SweepFile.read(data: data, name: "x") } throws: { error in "\(error)".contains(expected) }
    }
  }

  @Test func differentStrategiesWithinAScenarioAreRefused() throws {
    let contents = try SweepFile.read(
      data: Self.file(Self.header(), [Self.record(cell: 0), Self.record(cell: 1, strategies: "[]")]), name: "x")
    #expect(throws: SweepFileError.self) { try SweepFile.checkStrategies(contents.header, contents.records, file: "x") }
  }

  @Test func aTornLastLineIsReportedForAJournalOnly() throws {
    var data = Self.file(Self.header(), [Self.record(cell: 0)])
    let complete = data.count
    data.append(Data(Self.record(cell: 1).prefix(20).utf8))
    let journal = try SweepFile.read(data: data, name: "j", allowTorn: true)
    #expect(journal.torn && journal.records.count == 1 && journal.completeBytes == complete)
    #expect(throws: SweepFileError.self) { try SweepFile.read(data: data, name: "j") }
  }
}
