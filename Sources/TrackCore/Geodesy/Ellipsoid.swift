/// A reference ellipsoid, defined by its equatorial radius and flattening.
public struct Ellipsoid: Sendable, Hashable {
  /// Equatorial (semi-major) radius, metres.
  public let equatorialRadius: Double
  /// Flattening f = (a − b) / a.
  public let flattening: Double

  public init(equatorialRadius: Double, flattening: Double) {
    self.equatorialRadius = equatorialRadius
    self.flattening = flattening
  }

  /// WGS84 as defined in NIMA TR8350.2: a = 6 378 137 m, 1/f = 298.257223563.
  public static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137.0, flattening: 1 / 298.257223563)

  /// Polar (semi-minor) radius b = a(1 − f), metres.
  @inlinable public var polarRadius: Double { equatorialRadius * (1 - flattening) }
  /// First eccentricity squared e² = f(2 − f).
  @inlinable public var eccentricitySquared: Double { flattening * (2 - flattening) }
}

/// Mean Earth radii for spherical distance formulas, metres.
public enum EarthRadius {
  /// IUGG mean radius R₁ = (2a + b) / 3 of WGS84: 6 371 008.8 m (Moritz, Geodetic Reference System 1980).
  public static let iuggMean = 6_371_008.8
  /// The 6 371 000 m value many apps and libraries hard-code.
  public static let rounded = 6_371_000.0
}
