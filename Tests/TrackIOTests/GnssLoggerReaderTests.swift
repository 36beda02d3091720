import Foundation
import Testing
import TrackIO

@Suite struct GnssLoggerReaderTests {
  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real GnssLogger log is not checked"))
  func providersOfTheSharedLog() throws {
    let path = try #require(sharedRealData).appendingPathComponent("gnss_lib_py/pixel6.txt").path
    // The data README: 94 GPS fixes claiming 2.9-4.3 m, 95 FLP 3.7-9.6 m, 54 NLP 13-136 m.
    let expected: [(String, Int, ClosedRange<Double>)] = [("GPS", 94, 2.9...4.3), ("FLP", 95, 3.7...9.6), ("NLP", 54, 13...136)]
    for (provider, count, claims) in expected {
      let recording = try GnssLoggerReader(provider: provider.lowercased()).read(path)
      #expect(recording.provider == provider && recording.points.count == count)
      #expect(recording.skipped == [.otherProvider: 243 - count])
      let accuracies = recording.points.compactMap(\.horizontalAccuracy)
      #expect(accuracies.count == count && claims.contains(accuracies.min()!.rounded(toPlaces: 1)) && claims.contains(accuracies.max()!.rounded(toPlaces: 1)))
      #expect(recording.hasDate && recording.points.first!.time == 1_699_400_582 || provider != "GPS")
      // The GPS fixes claim their speed to 0.12-0.22 m/s while the phone walks at about 1.1 m/s.
      let speedClaims = recording.points.compactMap(\.speedAccuracy)
      #expect(provider != "GPS" || (speedClaims.count == 94 && speedClaims.min()! > 0.11 && speedClaims.max()! < 0.22))
    }
    #expect(try GnssLoggerReader().read(path).provider == "GPS", "GPS is kept by default")
    let missing = #expect(throws: RecordingError.self) { try GnssLoggerReader(provider: "raw").read(path) }
    #expect(missing?.description.hasSuffix("expected fixes from provider RAW, found only GPS, FLP, NLP") == true)
  }

  @Test func layoutsWithoutAHeader() throws {
    let old = """
      Fix,gps,45.000100,7.000200,310.5,1.5,4.0,1600000000000
      Fix,gps,45.000110,7.000210,310.5,1.6,5.0E-1,1600000001000
      Fix,network,45.001,7.001,0.0,0.0,30.0,1600000001500
      Raw,1,2,3
      """
    let recording = try GnssLoggerReader().read(text: Array(old.utf8))
    #expect(recording.points.count == 2 && recording.provider == "GPS" && recording.skipped == [.otherProvider: 1])
    #expect(recording.points[1].time == 1_600_000_001 && recording.points[1].horizontalAccuracy == 0.5 && recording.points[0].speed == 1.5)
    let new = "Fix,FLP,45.0,7.0,1.0,0.5,3.9,271.5,1600000000000,0.2,,123,1.4\nFix,FLP,45.0,7.0,1.0,0.5,3.9,,1600000000000,0.2,,124,1.4\n"
    let fused = try GnssLoggerReader().read(text: Array(new.utf8))
    #expect(fused.points.count == 1 && fused.points[0].course == 271.5 && fused.skipped == [.notAfterPrevious: 1])
    #expect(fused.points[0].speedAccuracy == 0.2 && recording.points[0].speedAccuracy == nil)
  }

  @Test func hostileInputIsAnError() {
    for text in ["", "# Fix,Provider,LatitudeDegrees\n", "Fix,GPS,95,7,0,0,1,1000\n", "Fix,GPS,nan,7,0,0,1,1000\n", "Fix,GPS,45,7,0,0,1,\n"] {
      #expect(throws: RecordingError.self, "\(text)") { try GnssLoggerReader().read(text: Array(text.utf8)) }
    }
  }
}

extension Double {
  func rounded(toPlaces places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (self * scale).rounded() / scale
  }
}
