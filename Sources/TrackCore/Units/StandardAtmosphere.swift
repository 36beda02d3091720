import Foundation

/// Pressure and height in the International Standard Atmosphere's troposphere (ISO 2533: 1013.25 hPa
/// and 15 °C at sea level, 6.5 K/km lapse): how a phone's barometer reading becomes a height, and the
/// simulated barometer's reading of a true height. Heights are treated as above sea level (the geoid's
/// offset from the ellipsoid is a constant over a run, so gains and profiles do not see it).
public enum StandardAtmosphere {
  /// hPa at sea level.
  public static let seaLevelPressure = 1013.25
  /// The exponent g·M/(R·L) of the troposphere's pressure law.
  @usableFromInline static let exponent = 5.255_88
  /// Metres: T₀/L, the height at which the formula's temperature would reach 0 K.
  @usableFromInline static let scaleHeight = 44_330.77

  /// hPa at `height` metres (valid from -500 to 11,000 m).
  @inlinable public static func pressure(atHeight height: Double) -> Double {
    seaLevelPressure * pow(1 - height / scaleHeight, exponent)
  }

  /// Metres at `pressure` hPa; the inverse of ``pressure(atHeight:)``. `pressure` must be positive.
  @inlinable public static func height(atPressure pressure: Double) -> Double {
    scaleHeight * (1 - pow(pressure / seaLevelPressure, 1 / exponent))
  }
}
