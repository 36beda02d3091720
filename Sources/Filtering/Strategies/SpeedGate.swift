import TrackCore

/// Rejects fixes that imply an impossible speed: more than `maximumSpeed` m/s from the last accepted
/// fix. So that one wild fix cannot lock the track out, a fix arriving ≥ `resetTime` seconds after the
/// last accepted one is accepted whatever it implies.
public struct SpeedGate: TrackFilter, DeclaredParameters {
  public static let name = "speed-gate"
  public static let summary = "Reject fixes implying more than vmax from the last accepted one (re-anchors after reset s)."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.maximumSpeed, name: "vmax", unit: "m/s", minimum: 0.1, maximum: 100, summary: "fastest plausible speed"),
    .init(\.resetTime, name: "reset", unit: "s", minimum: 1, maximum: 3600, summary: "accept anything after this long without an accepted fix"),
  ]

  public internal(set) var maximumSpeed = 12.0
  public internal(set) var resetTime = 10.0
  @usableFromInline var last: LocalFix?

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    if let last {
      let dt = fix.time - last.time
      guard dt > 0 else { return nil }
      if dt < resetTime && last.distance(to: fix) > maximumSpeed * dt { return nil }
    }
    last = fix
    return fix
  }
}
