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
