import TrackCore

/// A battery-saving mode: keep one fix every `interval` seconds (the first, then each at least
/// `interval` s after the last kept).
public struct TimeSample: TrackFilter, CatalogueStrategy {
  public static let name = "time-sample"
  public static let summary = "Keep one fix per s seconds (a battery-saving recording interval)."
  public static let parameterTable = [
    Parameter(name: "s", unit: "s", defaultValue: 5, minimum: 0, maximum: 3600, summary: "seconds between kept fixes")
  ]

  public let interval: Double
  @usableFromInline var lastTime = -Double.infinity

  public init(interval: Double) { self.interval = interval }
  public init(parameters p: ParameterValues) { self.init(interval: p["s"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["s": interval]) }
  /// Up to one interval's worth of fixes after the last kept one.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * interval.rounded(.up) }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0, fix.time - lastTime >= interval else { return nil }
    lastTime = fix.time
    return fix
  }
}
