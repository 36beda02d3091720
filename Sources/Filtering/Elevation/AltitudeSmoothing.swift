import Foundation
import TrackCore

/// Exponential smoothing of altitude in time: a ← a + (1 − e^(−Δt/τ))·(z − a), τ = `tau_s`; positions
/// and fixes without altitude pass unchanged. Apps smooth before a threshold (`altitude-smooth(10) |
/// altitude-hysteresis(3)`); alone it lags a climb by about τ seconds.
public struct AltitudeSmoothing: ElevationStage, DeclaredParameters {
  public static let name = "altitude-smooth"
  public static let summary = "Exponential smoothing of altitude with time constant tau_s."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.timeConstant, name: "tau_s", unit: "s", minimum: 0, maximum: 3600, summary: "time constant of the smoothing (0: none)"),
  ]

  public internal(set) var timeConstant = 10.0
  @usableFromInline var level = 0.0
  @usableFromInline var lastTime = 0.0
  @usableFromInline var started = false

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.verticalAccuracy >= 0 else { return fix }
    if started, timeConstant > 0 {
      level += (1 - exp(-max(fix.time - lastTime, 0) / timeConstant)) * (fix.altitude - level)
    } else {
      started = true
      level = fix.altitude
    }
    lastTime = fix.time
    var point = fix
    point.altitude = level
    return point
  }
}
