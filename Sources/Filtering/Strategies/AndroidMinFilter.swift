import TrackCore

/// Android's `LocationManager.requestLocationUpdates(provider, minTime, minDistance, …)`: an update is
/// delivered only when at least `minimumTime` seconds have passed *and* the device moved at least
/// `minimumDistance` metres since the last delivered one (both conditions must hold). The first fix is
/// always delivered.
public struct AndroidMinFilter: TrackFilter, CatalogueStrategy {
  public static let name = "android-min"
  public static let summary = "Android requestLocationUpdates(minTime, minDistance): both must hold since the last delivery."
  public static let parameterTable = [
    Parameter(name: "time", unit: "s", defaultValue: 1, minimum: 0, maximum: 3600, summary: "minimum time since the last delivered fix"),
    Parameter(name: "distance", unit: "m", defaultValue: 5, minimum: 0, maximum: 1000, summary: "minimum distance from the last delivered fix"),
  ]

  public let minimumTime: Double
  public let minimumDistance: Double
  @usableFromInline var last: LocalFix?

  public init(minimumTime: Double, minimumDistance: Double) { self.minimumTime = minimumTime; self.minimumDistance = minimumDistance }
  public init(parameters p: ParameterValues) { self.init(minimumTime: p["time"], minimumDistance: p["distance"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["time": minimumTime, "distance": minimumDistance]) }
  /// Less than max(d, speed·t): the last partial step, at most one fix interval's worth past d.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { minimumDistance + spacing * (minimumTime.rounded(.up) + 1) }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    if let last, fix.time - last.time < minimumTime || last.distance(to: fix) < minimumDistance { return nil }
    last = fix
    return fix
  }
}
