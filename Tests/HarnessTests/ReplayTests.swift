import Evaluation
import Filtering
import Foundation
import Testing
import TrackCore
import TrackIO

@testable import Harness

let sharedRealData: URL? = {
  let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

@Suite struct ReplayTests {
  func mean(_ result: ScenarioResult, _ strategy: Int, _ metric: Metric) -> Double? { result.strategies[strategy].summary(metric)?.mean }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: replay of the real recordings is not checked"))
  func theTenLapTCXFindsItsLaps() throws {
    let file = try #require(sharedRealData).appendingPathComponent("runpandas/2020-12-04T19_09_21-300_Running.tcx").path
    let strategies = try ["raw", "kalman", "distance-filter(10)"].map { try Strategy(parsing: $0) }
    let result = try Replay.run([ReplayRecording(file: file, recording: try TCXReader().read(file), truth: .none)], strategies: strategies)
    let scenario = result.scenarios[0]
    #expect(scenario.recording?.laps == 10, "the runner went 10 times around the park loop")
    for i in strategies.indices {
      let spread = try #require(mean(scenario, i, .lapLengthSpread), "lap spread of \(strategies[i])")
      #expect(spread > 0 && spread < 20)
    }
    // Raw length 10,444 m against the device's 9,625 m: +8.5 % (the data README).
    let raw = try #require(mean(scenario, 0, .distanceVsDevice))
    #expect(abs(raw - 8.5) < 0.1, "\(raw) %")
    #expect(abs(try #require(mean(scenario, 0, .recordedDistance)) - 10_444) < 5)
    // The four formulas differ by millimetres to metres, not by percent.
    let formulas = [Metric.recordedDistance, .recordedDistanceEquatorial, .recordedDistanceEquirectangular, .recordedDistanceVincenty]
      .map { mean(scenario, 0, $0)! }
    #expect(formulas.max()! - formulas.min()! < 0.005 * formulas[0] && formulas.max()! - formulas.min()! > 0)
    // No truth: nothing against one is claimed.
    #expect(scenario.strategies[0].summary(.distanceErrorPercent) == nil && scenario.strategies[0].summary(.horizontalErrorMedian) == nil)
    try result.validate()
  }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: replay of the real recordings is not checked"))
  func aStaticRecordingAgainstItsMean() throws {
    let file = try #require(sharedRealData).appendingPathComponent("gpsbabel/track-nmea-static.nmea").path
    let recording = try NMEAReader().read(file)
    let n = Double(recording.points.count)
    let mean = GeodeticPosition(
      latitude: recording.points.reduce(0) { $0 + $1.latitude } / n, longitude: recording.points.reduce(0) { $0 + $1.longitude } / n)
    let result = try Replay.run(
      [ReplayRecording(file: file, recording: recording, truth: .staticAt(mean))], strategies: [try Strategy(parsing: "raw")])
    let scenario = result.scenarios[0]
    #expect(abs(try #require(self.mean(scenario, 0, .falseDistancePerMinute)) - 11.9) < 0.1, "the issue's 11.9 m/min")
    #expect(try #require(self.mean(scenario, 0, .scatterRadius)) < 5, "every fix inside a 5 × 5 m box")
    #expect(scenario.recording?.truth == "static" && scenario.trueDistanceM == 0)
  }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: replay of the real recordings is not checked"))
  func aPhoneAgainstItsReferenceReceiver() throws {
    let folder = try #require(sharedRealData).appendingPathComponent("gsdc")
    let phone = try NMEAReader().read(folder.appendingPathComponent("2020-05-14-US-MTV-1_Pixel4_chipset.nmea").path)
    let span = try NMEAReader().read(folder.appendingPathComponent("2020-05-14-US-MTV-1_SPAN_Pixel4_1Hz.nmea").path)
    let result = try Replay.run([ReplayRecording(file: "pixel4.nmea", recording: phone, truth: .reference(span))], strategies: [try Strategy(parsing: "raw")])
    let scenario = result.scenarios[0]
    // The data README: median error 0.86 m, p95 2.16 m; summed path +0.03 % against the reference.
    #expect(abs(try #require(mean(scenario, 0, .horizontalErrorMedian)) - 0.86) < 0.02)
    #expect(abs(try #require(mean(scenario, 0, .horizontalErrorP95)) - 2.16) < 0.05)
    #expect(abs(try #require(mean(scenario, 0, .distanceErrorPercent))) < 0.2)
    #expect(mean(scenario, 0, .crossTrackErrorRMS) != nil, "the simulated metric set applies")
    try result.validate()
  }
}
