import Foundation
import Testing
import TrackCore

/// One row of `Vectors/geodesic.csv` (GeographicLib, see `tools/geodesic_vectors.py`).
struct GeodesicVector: CustomStringConvertible {
  let lat1, lon1, lat2, lon2, distance, azimuth1, azimuth2, haversine: Double
  var description: String { "(\(lat1), \(lon1)) → (\(lat2), \(lon2))" }

  static let all: [GeodesicVector] = {
    guard let url = Bundle.module.url(forResource: "geodesic", withExtension: "csv", subdirectory: "Vectors"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    return text.split(separator: "\n").dropFirst().map { line in
      let v = line.split(separator: ",").map { Double($0)! }
      return GeodesicVector(
        lat1: v[0], lon1: v[1], lat2: v[2], lon2: v[3], distance: v[4], azimuth1: v[5], azimuth2: v[6], haversine: v[7])
    }
  }()
}

@Suite struct GeodesyTests {
  @Test func vectorsArePresent() {
    #expect(GeodesicVector.all.count > 200)
  }

  @Test func vincentyAgreesWithGeographicLibToAMillimetre() throws {
    var worst = 0.0
    for v in GeodesicVector.all {
      let result = try #require(Geodesy.vincenty(v.lat1, v.lon1, v.lat2, v.lon2), "\(v)")
      let error = abs(result.distance - v.distance)
      worst = max(worst, error)
      #expect(error < 1e-3, "\(v): \(result.distance) vs \(v.distance)")
      if v.distance > 1 {
        let azimuthError = abs(remainder(result.initialAzimuth - v.azimuth1, 360))
        #expect(azimuthError < 1e-5, "\(v): azimuth \(result.initialAzimuth) vs \(v.azimuth1)")
      }
    }
    #expect(worst < 1e-3)
  }

  /// Legs of 1 m to 10,000 km (issue #28) against GeographicLib 2.1's inverse (`Geodesic.WGS84.Inverse`
  /// in Python, endpoints from its `Direct`, seed 28): within 1e-9 relative on every length. On the two
  /// 1 m legs the reference is the ellipsoid's local arc √((M Δφ)² + (N cos φₘ Δλ)²) at the mid-latitude
  /// in 40-digit arithmetic (mpmath; its own error ~(d/R)² ≈ 1e-14): GeographicLib's double result
  /// (1.000000000045698 and 0.999999999000049 m) is 1.4e-10 and 1.35e-9 from it, within the 15 nm
  /// round-off Karney states, so a billionth of a metre is below what it resolves there.
  @Test func vincentyLegsOfAnyLengthAgreeWithGeographicLibToABillionth() throws {
    let legs: [(Double, Double, Double, Double, Double)] = [
      (-61.92685277181391, -132.8932199147643, -61.926860120884356, -132.89323083886526, 1.0000000001847762),
      (-51.512732235900636, -132.30118103581393, -51.512740996303386, -132.30117781392497, 1.0000000003500255),
      (-13.18912480959699, -103.20150783692495, -13.189195059328972, -103.20144978735364, 9.999999999535401),
      (54.76222986604225, -132.80319140624374, 54.76226419814387, -132.80304785199118, 10.000000000148033),
      (-75.55257271885937, -93.64064525786196, -75.55183170926784, -93.6386281698616, 100.00000000035558),
      (77.55840050921663, -66.76014564372667, 77.55929409809576, -66.76043242388155, 100.00000000005595),
      (-59.289867667685954, 145.44001561279032, -59.298836930736854, 145.43930413614, 1000.0000000008789),
      (30.49180236206645, 58.3983228135082, 30.490632757737337, 58.4086507312914, 999.9999999999543),
      (-42.791415551231395, 64.60538805738884, -42.73034855144141, 64.69514395645078, 9999.99999999967),
      (-77.88259037186617, 97.57888542375343, -77.94246692506026, 97.26086096333337, 9999.999999999778),
      (-38.38188042800617, 7.32283705548997, -37.619882008927625, 6.715394246806744, 99999.99999999974),
      (-35.37449869436075, -135.4251232197756, -36.155374167403025, -134.8729527915153, 100000.00000000063),
      (-53.193690535882766, -47.48120408564981, -44.35825244662726, -44.937741173986396, 999999.9999999986),
      (42.19860295742215, 110.33079159064994, 35.59945746587559, 118.19241910532273, 1000000.000000001),
      (-19.595040324399733, -87.298763832717, 23.842965579267332, -100.02645617049316, 5000000.0),
      (60.43829501194435, 58.46208126473232, 50.79075117722792, 141.951347237584, 5000000.0),
      (-52.42171727576466, 96.22879901067563, 13.148606455667311, 168.6224898902919, 10000000.0),
      (30.167247695168413, -28.426593094615583, 58.26593591739479, 129.94776627681725, 10000000.0),
    ]
    for (lat1, lon1, lat2, lon2, expected) in legs {
      let distance = try #require(Geodesy.vincenty(lat1, lon1, lat2, lon2)).distance
      #expect(abs(distance - expected) / expected < 1e-9, "\(expected) m: \(distance)")
    }
  }

  @Test func vincentyReportsNonConvergenceForAntipodalPoints() {
    #expect(Geodesy.vincenty(0, 0, 0.5, 179.7) == nil)
  }

  @Test func haversineMatchesAnIndependentImplementation() {
    for v in GeodesicVector.all {
      let d = Geodesy.haversine(v.lat1, v.lon1, v.lat2, v.lon2)
      #expect(abs(d - v.haversine) <= 1e-9 * max(1, v.haversine), "\(v)")
    }
  }

  @Test func haversineUsesTheNamedRadius() {
    let oneDegree = Geodesy.haversine(0, 0, 0, 1, radius: EarthRadius.rounded)
    #expect(abs(oneDegree - EarthRadius.rounded * .pi / 180) < 1e-6)
  }

  @Test func equirectangularIsCloseToHaversineAtRunScale() {
    for v in GeodesicVector.all where v.haversine < 10_000 && abs(v.lat1) < 70 {
      let e = Geodesy.equirectangular(v.lat1, v.lon1, v.lat2, v.lon2)
      #expect(abs(e - v.haversine) <= 1e-3 * v.haversine + 1e-9, "\(v)")
    }
  }

  @Test func haversineLengthSumsThePairs() {
    let lats = [51.5, 51.5005, 51.501, 51.5012]
    let lons = [-0.12, -0.1205, -0.1199, -0.1190]
    var expected = 0.0
    for i in 1..<lats.count { expected += Geodesy.haversine(lats[i - 1], lons[i - 1], lats[i], lons[i]) }
    let sum = lats.withUnsafeBufferPointer { la in lons.withUnsafeBufferPointer { Geodesy.haversineLength(latitudes: la, longitudes: $0) } }
    #expect(abs(sum - expected) < 1e-9)
  }
}
