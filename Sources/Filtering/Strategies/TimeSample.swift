import TrackCore

/// A battery-saving mode: keep one fix every `interval` seconds (the first, then each at least
/// `interval` s after the last kept).
public struct TimeSample: TrackFilter, DeclaredParameters {
  public static let name = "time-sample"
  public static let summary = "Keep one fix per s seconds (a battery-saving recording interval)."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.interval, name: "s", unit: "s", minimum: 0, maximum: 3600, summary: "seconds between kept fixes"),
  ]

  public internal(set) var interval = 5.0
  @usableFromInline var lastTime = -Double.infinity

  public init() {}
  /// Up to one interval's worth of fixes after the last kept one.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * interval.rounded(.up) }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0, fix.time - lastTime >= interval else { return nil }
    lastTime = fix.time
    return fix
  }
}
