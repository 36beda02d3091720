import Foundation
import Simulation
import Testing

@testable import Harness

/// A population manifest lists recordings or published statistics, never both, and a statistic it
/// names must be one `trackbench realism` measures.
@Suite struct ManifestFitsTests {
  func manifest(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  let entry = #"{ source: "a drive", seconds: 300, speed_mps: 8, stops: true, values: { autocorrelation_1s: 0.9 } }"#

  @Test func aManifestListsRecordingsOrStatisticsNotBoth() throws {
    let both = try manifest("name: p\nrecordings:\n  - { file: a.nmea, static_at: mean }\nstatistics:\n  - \(entry)\n")
    defer { try? FileManager.default.removeItem(atPath: both) }
    #expect(throws: ScenarioFileError.self) { try PopulationManifest.load(both) }
    let neither = try manifest("name: p\n")
    defer { try? FileManager.default.removeItem(atPath: neither) }
    #expect(throws: ScenarioFileError.self) { try PopulationManifest.load(neither) }
    let negative = try manifest("name: p\nstatistics:\n  - { source: x, seconds: 300, speed_mps: -1, stops: true, values: {} }\n")
    defer { try? FileManager.default.removeItem(atPath: negative) }
    do {
      _ = try PopulationManifest.load(negative)
      Issue.record("a negative speed was accepted")
    } catch let error as ScenarioFileError {
      #expect(error.field == "statistics[0].speed_mps" && error.line == 3, "\(error)")
    }
  }

  @Test func anUnknownStatisticIsRefusedNamingTheEntry() throws {
    let path = try manifest("name: p\nstatistics:\n  - \(entry)\n  - { source: b, seconds: 300, speed_mps: 8, stops: false, values: { wobble: 1 } }\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let loaded = try PopulationManifest.load(path, minimumRecordings: 2)
    #expect(loaded.statistics.count == 2 && loaded.recordings.isEmpty)
    do {
      _ = try ManifestFits(statisticsOf: loaded, file: path, threads: 1)
      Issue.record("an unknown statistic was accepted")
    } catch {
      #expect(error.message.contains("statistics[1].values") && error.message.contains("'wobble'"), "\(error)")
    }
  }
}
