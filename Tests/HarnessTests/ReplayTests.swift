import Evaluation
import Filtering
import Foundation
import Testing
import TrackCore
import TrackIO

import Harness

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

  /// The one standing phone with a surveyed point (#67): it claims 3-4 m and sits about 4.8 m off, so
  /// the point is inside its circle on none of its fixes. Counted here by hand from the log's text (an
  /// equirectangular distance, the claim in its seventh column), and by replay.
  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: replay of the real recordings is not checked"))
  func aStandingPhonesClaimAgainstItsSurveyedPoint() throws {
    let file = try #require(sharedRealData).appendingPathComponent("gps-measurement-tools/pseudoranges_log_2016_06_30_21_26_07.txt").path
    let point = (latitude: 37.422578, longitude: -122.081678)
    var inside = 0, claims: [Double] = []
    for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") where line.hasPrefix("Fix,gps,") {
      let fields = line.split(separator: ",").map { Double($0) }
      let latitude = try #require(fields[2]), longitude = try #require(fields[3]), accuracy = try #require(fields[6])
      let north = (latitude - point.latitude) * .pi / 180 * 6_371_000
      let east = (longitude - point.longitude) * .pi / 180 * 6_371_000 * cos(point.latitude * .pi / 180)
      if (east * east + north * north).squareRoot() <= accuracy { inside += 1 }
      claims.append(accuracy)
    }
    #expect(claims.count == 216 && inside == 0, "by hand: \(inside) of \(claims.count)")
    let recording = try GnssLoggerReader().read(file)
    let result = try Replay.run(
      [ReplayRecording(file: file, recording: recording, truth: .staticAt(GeodeticPosition(latitude: point.latitude, longitude: point.longitude)))],
      strategies: [try Strategy(parsing: "raw"), try Strategy(parsing: "kalman | accuracy-scale(k: 3)")])
    let scenario = result.scenarios[0]
    #expect(mean(scenario, 0, .standingClaimCoverage) == 100 * Double(inside) / Double(claims.count))
    #expect(mean(scenario, 0, .standingClaimMedian) == claims.sorted()[claims.count / 2 - 1] / 2 + claims.sorted()[claims.count / 2] / 2)
    #expect(try #require(mean(scenario, 0, .standingClaimNormalisedError)) > 2, "overconfident")
    #expect(try #require(mean(scenario, 1, .standingClaimCoverage)) > 90, "three times the Kalman filter's claim holds the point")
    #expect(mean(scenario, 0, .claimCoverage) == nil, "a fixed point's honesty is the standing metrics'")
    try result.validate()
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
    // Against a moving reference the claims are the run metrics'; the standing ones have no value.
    #expect(mean(scenario, 0, .claimCoverage) != nil && mean(scenario, 0, .standingClaimCoverage) == nil)
    try result.validate()
  }

  /// Issue #43: the SPAN reference's heights are the truth's terrain, so a phone's altitude is scored.
  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: replay of the real recordings is not checked"))
  func aPhonesAltitudeAgainstItsReferenceReceiver() throws {
    let folder = try #require(sharedRealData).appendingPathComponent("gsdc")
    let phone = try NMEAReader().read(folder.appendingPathComponent("2020-05-14-US-MTV-1_Pixel4_chipset.nmea").path)
    let span = try NMEAReader().read(folder.appendingPathComponent("2020-05-14-US-MTV-1_SPAN_Pixel4_1Hz.nmea").path)
    let strategies = try ["raw", "altitude-hysteresis(3)", "kalman"].map { try Strategy(parsing: $0) }
    let result = try Replay.run([ReplayRecording(file: "pixel4.nmea", recording: phone, truth: .reference(span))], strategies: strategies)
    let scenario = result.scenarios[0]
    // The phone's altitude sits about 5.6 m below SPAN's (VerticalFitTests): RMS of 5-6.5 m.
    let rms = try #require(mean(scenario, 0, .altitudeErrorRMS))
    #expect(rms > 5 && rms < 6.5, "\(rms)")
    // Summed raw, its smooth error still adds climb on a nearly flat drive (43 m of true climb, 50 m
    // averaged); a 3 m threshold counts less than the truth, whose undulations are under 3 m.
    let raw = try #require(mean(scenario, 0, .ascentError)), thresholded = try #require(mean(scenario, 1, .ascentError))
    #expect(raw > 20 && thresholded < 0, "raw \(raw) m, hysteresis \(thresholded) m")
    // A position filter carries the phone's altitude: it counts what raw counts.
    #expect(mean(scenario, 2, .ascentError) == raw)
    // Without heights in the reference, the truth is flat and no elevation metric is scored.
    var flatSpan = span
    for i in flatSpan.points.indices { flatSpan.points[i].altitude = nil }
    let flat = try Replay.run([ReplayRecording(file: "pixel4.nmea", recording: phone, truth: .reference(flatSpan))], strategies: [strategies[0]])
    #expect(mean(flat.scenarios[0], 0, .ascentError) == nil)
  }

  /// Issue #28: recorded distances come from the file's latitudes and longitudes, not through the local
  /// plane. A track near Boulder with one (0, 0) glitch fix (two legs of ~11,300 km, beyond 90° from the
  /// frame's origin) sums to GeographicLib 2.1's 22,572,895.220217526 m (`Geodesic.WGS84.Inverse` over
  /// the same points, in Python) in the Vincenty column; before, every formula came out short.
  @Test func aFarGlitchIsMeasuredOnTheFileCoordinates() throws {
    var points = (0..<30).map { k -> RecordedPoint in
      let latitude: Double = ((40.0 + Double(k) * 1e-4) * 1e7).rounded() / 1e7
      return RecordedPoint(time: Double(k), latitude: latitude, longitude: -105)
    }
    points[15].latitude = 0
    points[15].longitude = 0
    var recording = Recording(hasDate: true)
    recording.points = points
    let result = try Replay.run([ReplayRecording(file: "glitch.gpx", recording: recording, truth: .none)], strategies: [try Strategy(parsing: "raw")])
    let vincenty = try #require(mean(result.scenarios[0], 0, .recordedDistanceVincenty))
    #expect(abs(vincenty - 22_572_895.220217526) / 22_572_895.220217526 < 1e-9, "\(vincenty)")
    let haversine = try #require(mean(result.scenarios[0], 0, .recordedDistance))
    #expect(abs(haversine - vincenty) / vincenty < 0.005, "the mean-radius sphere within 0.5 %: \(haversine)")
  }

  /// Two GPX tracks 4,000 km apart (or a pause in a TCX lap, a FIT timer restart): the distance is that
  /// of each part, and the report states each (issue #28: 4,184,520 m where the tracks are 10,772 m).
  @Test func partsOfARecordingAreMeasuredApart() throws {
    var recording = Recording(hasDate: true)
    recording.points = (0..<20).map { k -> RecordedPoint in
      let step = Double(k) * 1e-3
      let latitude: Double = k < 10 ? 40 + step : 10 + step
      let longitude: Double = k < 10 ? -105 : 20
      return RecordedPoint(time: Double(k), latitude: latitude, longitude: longitude)
    }
    recording.segmentStarts = [10]
    let result = try Replay.run([ReplayRecording(file: "two.gpx", recording: recording, truth: .none)], strategies: [try Strategy(parsing: "raw")])
    let part1 = Geodesy.vincenty(40, -105, 40.009, -105)!.distance, part2 = Geodesy.vincenty(10.01, 20, 10.019, 20)!.distance
    let vincenty = try #require(mean(result.scenarios[0], 0, .recordedDistanceVincenty))
    #expect(abs(vincenty - (part1 + part2)) < 1e-6, "\(vincenty) vs \(part1 + part2)")
    #expect(result.scenarios[0].description.contains("2 parts (segments, tracks or pauses; no distance counted across them) of 999 and 995 m"), "\(result.scenarios[0].description)")
  }
}
