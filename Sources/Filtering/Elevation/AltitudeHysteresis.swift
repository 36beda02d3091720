import TrackCore

/// The threshold most apps count elevation gain with: the recorded altitude moves to a fix's altitude only
/// when that is at least `threshold_m` away from the last one recorded, so wobble smaller than the
/// threshold is never counted; the sum of the recorded altitude's rises is the app's gain. Positions and
/// fixes without altitude pass unchanged.
public struct AltitudeHysteresis: ElevationStage, DeclaredParameters {
  public static let name = "altitude-hysteresis"
  public static let summary = "Counts an altitude change only once it reaches threshold_m from the last counted level."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.threshold, name: "threshold_m", unit: "m", minimum: 0, maximum: 100, summary: "smallest change of altitude counted"),
  ]

  public internal(set) var threshold = 5.0
  @usableFromInline var level = 0.0
  @usableFromInline var started = false

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.verticalAccuracy >= 0 else { return fix }
    if !started || abs(fix.altitude - level) >= threshold {
      started = true
      level = fix.altitude
    }
    var point = fix
    point.altitude = level
    return point
  }
}
