import Foundation

extension Geodesy {
  /// The result of an inverse geodesic problem on an ellipsoid.
  public struct GeodesicInverse: Sendable, Hashable {
    /// Length of the geodesic, metres.
    public var distance: Double
    /// Forward azimuth at the first point, degrees clockwise from north.
    public var initialAzimuth: Double
    /// Forward azimuth at the second point, degrees clockwise from north.
    public var finalAzimuth: Double
  }

  /// Ellipsoidal geodesic distance and azimuths by Vincenty's inverse method.
  ///
  /// T. Vincenty, "Direct and inverse solutions of geodesics on the ellipsoid with application of nested
  /// equations", Survey Review 23(176), 1975, with the series in his 1976 correction. Iterates on the
  /// longitude on the auxiliary sphere until it moves less than 1e-15 of itself; checked against
  /// GeographicLib (Karney 2013) to 1e-9 relative on legs of 10 m to 10,000 km, and on 1 m legs against
  /// the ellipsoid's local arc in 40-digit arithmetic, in `Tests/TrackCoreTests`.
  /// - Returns: `nil` for nearly antipodal points, where the iteration does not converge (never the case
  ///   for points on one run).
  /// - Complexity: O(1), typically 3-6 iterations.
  public static func vincenty(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    ellipsoid: Ellipsoid = .wgs84
  ) -> GeodesicInverse? {
    let a = ellipsoid.equatorialRadius
    let f = ellipsoid.flattening
    let b = ellipsoid.polarRadius
    let toRadians = Double.pi / 180
    let l = remainder(lon2 - lon1, 360) * toRadians  // the short way round, across the antimeridian too
    let u1 = atan((1 - f) * tan(lat1 * toRadians))
    let u2 = atan((1 - f) * tan(lat2 * toRadians))
    let sinU1 = sin(u1), cosU1 = cos(u1), sinU2 = sin(u2), cosU2 = cos(u2)

    var lambda = l
    var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cosSqAlpha = 0.0, cos2SigmaM = 0.0
    var sinLambda = 0.0, cosLambda = 0.0
    var converged = false
    for _ in 0..<200 {
      sinLambda = sin(lambda)
      cosLambda = cos(lambda)
      let t1 = cosU2 * sinLambda
      // cosU1·sinU2 − sinU1·cosU2·cosλ with 1 − cosλ as 2 sin²(λ/2): no cancellation on short legs.
      let halfLambda = sin(lambda / 2)
      let t2 = (cosU1 * sinU2 - sinU1 * cosU2) + 2 * sinU1 * cosU2 * halfLambda * halfLambda
      sinSigma = (t1 * t1 + t2 * t2).squareRoot()
      if sinSigma == 0 {  // coincident points
        return GeodesicInverse(distance: 0, initialAzimuth: 0, finalAzimuth: 0)
      }
      cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
      sigma = atan2(sinSigma, cosSigma)
      let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
      cosSqAlpha = 1 - sinAlpha * sinAlpha
      // On the equator cos²α = 0 and the term vanishes.
      cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0
      let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
      let previous = lambda
      lambda = l + (1 - c) * f * sinAlpha
        * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
      // Relative: on a leg of metres λ itself is ~1e-7 rad, and an absolute 1e-13 left 1e-7 of it.
      if abs(lambda - previous) <= 1e-15 * abs(lambda) { converged = true; break }
      if abs(lambda) > .pi { return nil }
    }
    guard converged else { return nil }

    let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
    let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
    let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
    let deltaSigma = bigB * sinSigma
      * (cos2SigmaM + bigB / 4
        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
          - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
    let distance = b * bigA * (sigma - deltaSigma)
    let alpha1 = atan2(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
    let alpha2 = atan2(cosU1 * sinLambda, -sinU1 * cosU2 + cosU1 * sinU2 * cosLambda)
    func degrees(_ r: Double) -> Double {
      let d = r * 180 / .pi
      return d < 0 ? d + 360 : d
    }
    return GeodesicInverse(distance: distance, initialAzimuth: degrees(alpha1), finalAzimuth: degrees(alpha2))
  }
}
