import Foundation
import Simulation
import Testing
import TrackIO

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

  /// A population states what its recordings report: fixes with no accuracy (replay assumes 5 m) or
  /// one constant figure give `accuracy_m`; claims that vary leave the claim model; most recordings
  /// without speed give `speed: false`.
  @Test func aPopulationStatesAConstantOrAbsentAccuracy() throws {
    func recording(_ accuracy: (Int) -> Double?) -> Recording {
      Recording(points: (0..<40).map { i in
        RecordedPoint(time: Double(i), latitude: 45, longitude: 7, horizontalAccuracy: accuracy(i), accuracySource: accuracy(i) == nil ? .unknown : .claimed)
      })
    }
    let silent = ReplayRecording.constantAccuracy(of: recording { _ in nil })
    let constant = ReplayRecording.constantAccuracy(of: recording { _ in 8 })
    let varying = ReplayRecording.constantAccuracy(of: recording { Double(3 + $0 % 4) })
    #expect(silent == 5 && constant == 8 && varying == nil)
    #expect(ManifestFits.reports(speed: [false, false, true], accuracy: [silent, constant, silent]) == "reports: { speed: false, accuracy_m: 5 }")
    #expect(ManifestFits.reports(speed: [true, true, false], accuracy: [constant, constant, varying]) == "reports: { accuracy_m: 8 }")
    #expect(ManifestFits.reports(speed: [true, false, true], accuracy: [varying, varying, silent]) == nil)
  }
}
