import Foundation
import Harness
import Testing

/// A sweep's outputs are checked together before any work: each clash is one `OutputError` naming the
/// option, and nothing is made.
@Suite struct SweepOutputsTests {
  func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func refusal(_ body: () throws -> Void) -> String? {
    do { try body() } catch let error as OutputError { return error.message } catch { return "not an OutputError: \(error)" }
    return nil
  }

  @Test func recordsAndReportClashesAreRefused() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let report = dir + "/report.md", records = dir + "/records.jsonl"
    #expect(refusal { _ = try SweepOutputs(output: nil, records: "-", inputs: [], sharded: false) }?.hasPrefix("--records: standard output already") == true)
    #expect(refusal { _ = try SweepOutputs(output: report, records: records, inputs: [], sharded: true) }?.hasPrefix("--records: a shard") == true)
    #expect(refusal { _ = try SweepOutputs(output: report, records: report, inputs: [], sharded: false) }?.contains("--records") == true)
    #expect(refusal { _ = try SweepOutputs(output: report, records: nil, others: [("--journal", dir + "/./report.md")], inputs: [], sharded: false) }?.contains("--journal") == true)
    let fine = try SweepOutputs(output: report, records: records, inputs: [], sharded: false)
    #expect(!fine.report.isStandardOutput && fine.records != nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing made before the work")
  }

  @Test func oneTrackFilePerRecordingNeverOverAnother() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let made = try SweepOutputs.perRecording(["a/walk.csv", "b/ride.gpx"], directory: dir, extension: "gpx", force: false, inputs: [], otherOutputs: [])
    #expect(made.map(\.name) == [dir + "/walk.gpx", dir + "/ride.gpx"])
    #expect(refusal { _ = try SweepOutputs.perRecording(["a/walk.csv", "b/walk.gpx"], directory: dir, extension: "gpx", force: false, inputs: [], otherOutputs: []) }?
      .contains("one file per recording") == true)
    #expect(refusal { _ = try SweepOutputs.perRecording(["a.csv"], directory: dir + "/none", extension: "gpx", force: false, inputs: [], otherOutputs: []) }?
      .contains("an existing directory") == true)
    try "x".write(toFile: dir + "/walk.gpx", atomically: true, encoding: .utf8)
    #expect(refusal { _ = try SweepOutputs.perRecording(["walk.csv"], directory: dir, extension: "gpx", force: false, inputs: [], otherOutputs: []) }?
      .contains("would be replaced") == true)
    #expect(try SweepOutputs.perRecording(["walk.csv"], directory: dir, extension: "gpx", force: true, inputs: [], otherOutputs: []).count == 1)
    #expect(refusal { _ = try SweepOutputs.perRecording(["walk.csv"], directory: dir, extension: "gpx", force: true, inputs: [], otherOutputs: [("--output", dir + "/walk.gpx")]) }?
      .contains("--tracks") == true)
  }
}
