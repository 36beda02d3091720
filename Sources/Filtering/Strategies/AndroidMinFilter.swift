import TrackCore

/// Android's `LocationManager.requestLocationUpdates(provider, minTime, minDistance, …)`: an update is
/// delivered only when at least `minimumTime` seconds have passed *and* the device moved at least
/// `minimumDistance` metres since the last delivered one (both conditions must hold). The first fix is
/// always delivered.
public struct AndroidMinFilter: TrackFilter, DeclaredParameters {
  public static let name = "android-min"
  public static let summary = "Android requestLocationUpdates(minTime, minDistance): both must hold since the last delivery."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.minimumTime, name: "time", unit: "s", minimum: 0, maximum: 3600, summary: "minimum time since the last delivered fix"),
    .init(\.minimumDistance, name: "distance", unit: "m", minimum: 0, maximum: 1000, summary: "minimum distance from the last delivered fix"),
  ]

  public internal(set) var minimumTime = 1.0
  public internal(set) var minimumDistance = 5.0
  @usableFromInline var last: LocalFix?

  public init() {}
  /// Less than max(d, speed·t): the last partial step, at most one fix interval's worth past d.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { minimumDistance + spacing * (minimumTime.rounded(.up) + 1) }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    if let last, fix.time - last.time < minimumTime || last.distance(to: fix) < minimumDistance { return nil }
    last = fix
    return fix
  }
}
