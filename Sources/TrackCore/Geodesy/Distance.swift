import Foundation

/// Distances between geodetic points, metres. Angles in degrees.
public enum Geodesy {
  /// Great-circle distance on a sphere of the given radius (haversine form, well-conditioned for the
  /// short distances between fixes): a = sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2), d = 2R·asin(√a).
  /// - Complexity: O(1); about 5 libm calls.
  @inlinable
  public static func haversine(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    radius: Double = EarthRadius.iuggMean
  ) -> Double {
    let toRadians = Double.pi / 180
    let phi1 = lat1 * toRadians
    let phi2 = lat2 * toRadians
    let sinHalfDPhi = sin((phi2 - phi1) * 0.5)
    let sinHalfDLambda = sin((lon2 - lon1) * toRadians * 0.5)
    let a = sinHalfDPhi * sinHalfDPhi + cos(phi1) * cos(phi2) * sinHalfDLambda * sinHalfDLambda
    return 2 * radius * asin(min(1, a.squareRoot()))
  }

  /// Equirectangular approximation: x = Δλ·cos φₘ, y = Δφ, d = R·√(x² + y²). Within 0.1 % of the
  /// haversine below ~10 km apart away from the poles; one cosine per pair.
  @inlinable
  public static func equirectangular(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
    radius: Double = EarthRadius.iuggMean
  ) -> Double {
    let toRadians = Double.pi / 180
    let x = (lon2 - lon1) * toRadians * cos((lat1 + lat2) * 0.5 * toRadians)
    let y = (lat2 - lat1) * toRadians
    return radius * (x * x + y * y).squareRoot()
  }

  /// Sum of haversine distances along a track, metres: the "total distance" a naive app computes.
  ///
  /// Radians and cos φ are computed once per fix rather than once per pair end, which halves the
  /// libm work (TOOLCHAIN.md: ~42 → ~21 ns/pair).
  /// - Complexity: O(n), no allocation.
  @inlinable
  public static func haversineLength(
    latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>,
    radius: Double = EarthRadius.iuggMean
  ) -> Double {
    let n = min(latitudes.count, longitudes.count)
    guard n > 1 else { return 0 }
    let toRadians = Double.pi / 180
    var phiPrevious = latitudes[0] * toRadians
    var lambdaPrevious = longitudes[0] * toRadians
    var cosPrevious = cos(phiPrevious)
    var sum = 0.0
    for i in 1..<n {
      let phi = latitudes[i] * toRadians
      let lambda = longitudes[i] * toRadians
      let cosPhi = cos(phi)
      let sinHalfDPhi = sin((phi - phiPrevious) * 0.5)
      let sinHalfDLambda = sin((lambda - lambdaPrevious) * 0.5)
      let a = sinHalfDPhi * sinHalfDPhi + cosPrevious * cosPhi * sinHalfDLambda * sinHalfDLambda
      sum += asin(min(1, a.squareRoot()))
      phiPrevious = phi
      lambdaPrevious = lambda
      cosPrevious = cosPhi
    }
    return 2 * radius * sum
  }
}
