import Foundation
import Testing

import Realism
import Simulation
import TrackCore
import TrackIO

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let sharedRealData: URL? = {
  let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

@Suite struct ErrorStatisticsTests {
  func series(_ errors: [(Double, Double)], speed: Double = 0, claims: [Double?]? = nil) -> ErrorSeries {
    var s = ErrorSeries()
    for (i, e) in errors.enumerated() {
      let repeated = i > 0 && errors[i - 1] == e
      s.append(time: Double(i), east: e.0, north: e.1, truth: (0, 0, speed), claimed: claims?[i], repeated: repeated)
    }
    return s
  }

  func value(_ statistics: [Statistic], _ name: String) -> Double? { statistics.first { $0.name == name }?.value ?? nil }

  /// The receiver's claim judged as Android defines it: of the square's errors 0, 1, √2 and 1 m, a 1 m
  /// claim holds three in four (the boundary counts inside), a 0.5 m claim one; no claims, no coverage.
  @Test func claimCoverageCountsTheErrorsInsideTheClaim() throws {
    let corners: [(Double, Double)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
    let errors = (0..<40).map { corners[$0 % 4] }
    #expect(value(ErrorStatistics.measure(series(errors, claims: Array(repeating: 1, count: 40))), "claim_coverage_percent") == 75)
    #expect(value(ErrorStatistics.measure(series(errors, claims: Array(repeating: 0.5, count: 40))), "claim_coverage_percent") == 25)
    #expect(value(ErrorStatistics.measure(series(errors)), "claim_coverage_percent") == nil)
    // Fewer than 10 claims say nothing.
    #expect(value(ErrorStatistics.measure(series(errors, claims: (0..<40).map { $0 < 9 ? 1 : nil })), "claim_coverage_percent") == nil)
  }

  @Test func definitionsOnAKnownSeries() throws {
    // A square of side 1 m walked once every 4 s while the truth stands at (0, 0): every step 1 m, so
    // 60 m/min of false distance; every |Δ²| = √2; no exact repeats; errors 0, 1, √2, 1 m.
    let corners: [(Double, Double)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
    let s = series((0..<800).map { corners[$0 % 4] })
    let statistics = ErrorStatistics.measure(s)
    #expect(value(statistics, "false_distance_m_per_min") == 60)
    #expect(abs(try #require(value(statistics, "roughness_m_per_s2")) - 2.0.squareRoot()) < 1e-12)
    #expect(value(statistics, "repeated_share") == 0)
    #expect(value(statistics, "bias_east_m") == 0.5 && value(statistics, "bias_north_m") == 0.5)
    #expect(value(statistics, "error_p50_m") == 1)
    // Period 4: east runs 0, 1, 1, 0, so its lag-1 correlation is 0 (north likewise).
    #expect(abs(try #require(value(statistics, "autocorrelation_1s"))) < 0.02)
    #expect(value(statistics, "claim_error_correlation") == nil, "no claims")
    #expect(abs(try #require(value(statistics, "autocorrelation_120s")) - 1) < 1e-12, "120 s is 30 periods")
  }

  @Test func distanceExcessIsTheTracksExtraLengthOverTheTruths() throws {
    // The truth runs east 3 m a second; the fixes alternate 4 m north and back each second: every step
    // is √(3² + 4²) = 5 m against the truth's 3 m, so the track is 66.7 % longer (the zig-zag of outliers).
    var zigzag = ErrorSeries()
    for i in 0..<100 {
      let t = 3 * Double(i)
      zigzag.append(time: Double(i), east: t, north: i % 2 == 0 ? 0 : 4, truth: (t, 0, 3), claimed: nil, repeated: false)
    }
    let excess = try #require(ErrorStatistics.distanceExcess(zigzag))
    #expect(abs(excess - 100 * (5.0 / 3 - 1)) < 1e-9, "\(excess) %")
    // An offset that never changes adds no length; a standing truth (no path of 100 m) has no value.
    var shifted = ErrorSeries()
    for i in 0..<100 { shifted.append(time: Double(i), east: 3 * Double(i) + 2, north: 5, truth: (3 * Double(i), 0, 3), claimed: nil, repeated: false) }
    #expect(abs(try #require(ErrorStatistics.distanceExcess(shifted))) < 1e-9)
    let still = series((0..<100).map { _ in (1.0, 1.0) })
    #expect(value(ErrorStatistics.measure(still), "distance_excess_percent") == nil)
  }

  @Test func repeatsAndMovingTruth() {
    let s = series([(0, 0), (0, 0), (1, 1), (1, 1), (1, 1), (2, 0)] + Array(repeating: (3.0, 0.0), count: 30), speed: 3)
    let statistics = ErrorStatistics.measure(s)
    #expect(abs(value(statistics, "repeated_share")! - 32.0 / 35) < 1e-12)
    #expect(value(statistics, "false_distance_m_per_min") == nil, "the truth never stands still")
    #expect(value(statistics, "autocorrelation_120s") == nil, "36 s is shorter than 4 lags of 120 s")
  }

  @Test func pairingByTimeInterpolatesAndCountsGaps() {
    func recording(_ times: [Double], east: (Double) -> Double) -> Recording {
      let frame = LocalFrame(origin: GeodeticPosition(latitude: 45, longitude: 7))
      return Recording(points: times.map { t in
        let p = frame.geodetic(east: east(t), north: 0)
        return RecordedPoint(time: t, latitude: p.latitude, longitude: p.longitude)
      }, hasDate: true)
    }
    // The reference starts 5 s later, misses 20-29 s (a 11 s gap) and has a 2 s gap at 40-42 s.
    let referenceTimes = (5...60).map(Double.init).filter { !(20...29).contains($0) && $0 != 41 }
    let reference = recording(referenceTimes) { 3 * $0 }
    let phone = recording((0...60).map { Double($0) + 0.5 }) { 3 * $0 + 1 }
    let series = ErrorSeries(recording: phone, truth: reference)
    // Paired: 5.5…18.5 (14), 30.5…39.5 (10), 40.5 and 41.5 by interpolation across 40-42, 42.5…59.5 (18).
    #expect(series.count == 14 + 10 + 2 + 18)
    #expect(series.unpaired == 61 - series.count)
    for i in 0..<series.count {
      #expect(abs(series.error(i).east - 1) < 1e-6 && abs(series.error(i).north) < 0.01, "tangent planes of two origins 15 m apart")
      #expect(abs(series.truthSpeed[i] - 3) < 1e-6)
    }
  }
}

@Suite struct PresetSourceTests {
  /// Every preset fitted to a recording with truth stays within tolerance of it, statistic by statistic.
  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: the presets are not checked against their recordings"))
  func presetsStayWithinToleranceOfTheirSources() throws {
    let real = try #require(sharedRealData)
    let phone = try NMEAReader().read(real.appendingPathComponent("gsdc/2020-05-14-US-MTV-1_Pixel4_chipset.nmea").path)
    let span = try NMEAReader().read(real.appendingPathComponent("gsdc/2020-05-14-US-MTV-1_SPAN_Pixel4_1Hz.nmea").path)
    let gsdc = ErrorSeries(recording: phone, truth: span)
    #expect(gsdc.count == 1737, "the data README pairs 1,737 epochs")
    let openSky = Calibrator().compare(try ReceiverPreset.named("phone-open-sky")!.receiver(), real: gsdc)
    #expect(openSky.filter { $0.withinTolerance == false }.map(\.name) == [])
    let p50 = try #require(openSky.first { $0.name == "error_p50_m" }?.real)
    #expect(abs(p50 - 0.86) < 0.01, "the data README: median error 0.86 m")

    let still = try NMEAReader().read(real.appendingPathComponent("gpsbabel/track-nmea-static.nmea").path)
    let staticSeries = ErrorSeries(recordingAboutItsMean: still)
    let lowCost = Calibrator().compare(try ReceiverPreset.named("low-cost-receiver")!.receiver(), real: staticSeries)
    #expect(lowCost.filter { $0.withinTolerance == false }.map(\.name) == [])
    let falseDistance = try #require(lowCost.first { $0.name == "false_distance_m_per_min" }?.real)
    #expect(abs(falseDistance - 11.9) < 0.05, "the issue's 11.9 m/min")
  }
}
