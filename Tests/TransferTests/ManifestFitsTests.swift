import Foundation
import Harness
import Realism
import Simulation
import Testing
import TrackIO
import Transfer

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

  /// A statistic's name and value are checked where the manifest is read: an unknown name or a value
  /// out of its range (a correlation above 1, a negative spread) is an error naming its line and column.
  @Test func aStatisticIsCheckedByNameAndRangeWhereItIsRead() throws {
    for (values, field, found) in [
      ("{ wobble: 1 }", "statistics[1].values.wobble", "'wobble'"), ("{ autocorrelation_1s: 1e308 }", "statistics[1].values.autocorrelation_1s", "1e+308"),
      ("{ error_sd_east_m: -4 }", "statistics[1].values.error_sd_east_m", "-4.0"),
    ] {
      let path = try manifest("name: p\nstatistics:\n  - \(entry)\n  - { source: b, seconds: 300, speed_mps: 8, stops: false, values: \(values) }\n")
      defer { try? FileManager.default.removeItem(atPath: path) }
      do {
        _ = try PopulationManifest.load(path, minimumRecordings: 2)
        Issue.record("\(values) was accepted")
      } catch let error as ScenarioFileError {
        #expect(error.field == field && error.line == 4 && error.column != nil && "\(error)".contains(found), "\(error)")
      }
    }
    // Every statistic realism measures has its range, and only those.
    #expect(ErrorStatisticRanges.all.map(\.name) == ErrorStatistics.definitions.map(\.name))
    let good = try manifest("name: p\nstatistics:\n  - \(entry)\n  - \(entry)\n")
    defer { try? FileManager.default.removeItem(atPath: good) }
    #expect(try PopulationManifest.load(good, minimumRecordings: 2).statistics.map(\.values) == [["autocorrelation_1s": 0.9], ["autocorrelation_1s": 0.9]])
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
