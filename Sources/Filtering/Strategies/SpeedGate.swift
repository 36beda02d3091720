import TrackCore

/// Rejects fixes that imply an impossible speed: more than `maximumSpeed` m/s from the last accepted
/// fix. So that one wild fix cannot lock the track out, a fix arriving ≥ `resetTime` seconds after the
/// last accepted one is accepted whatever it implies.
public struct SpeedGate: TrackFilter, CatalogueStrategy {
  public static let name = "speed-gate"
  public static let summary = "Reject fixes implying more than vmax from the last accepted one (re-anchors after reset s)."
  public static let parameterTable = [
    Parameter(name: "vmax", unit: "m/s", defaultValue: 12, minimum: 0.1, maximum: 100, summary: "fastest plausible speed"),
    Parameter(name: "reset", unit: "s", defaultValue: 10, minimum: 1, maximum: 3600, summary: "accept anything after this long without an accepted fix"),
  ]

  public let maximumSpeed: Double
  public let resetTime: Double
  @usableFromInline var last: LocalFix?

  public init(maximumSpeed: Double, resetTime: Double = 10) { self.maximumSpeed = maximumSpeed; self.resetTime = resetTime }
  public init(parameters p: ParameterValues) { self.init(maximumSpeed: p["vmax"], resetTime: p["reset"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["vmax": maximumSpeed, "reset": resetTime]) }

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
