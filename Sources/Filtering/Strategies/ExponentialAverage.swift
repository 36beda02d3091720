import TrackCore

/// Exponential moving average of positions: p ← α·z + (1 − α)·p, recorded at each fix's time. Smooths
/// jitter at the cost of a lag of about (1 − α)/α fixes.
public struct ExponentialAverage: TrackFilter, CatalogueStrategy {
  public static let name = "ema"
  public static let summary = "Exponential moving average of positions, p ← αz + (1 − α)p."
  public static let parameterTable = [
    Parameter(name: "alpha", unit: "1", defaultValue: 0.3, minimum: 0.01, maximum: 1, summary: "weight of the newest fix")
  ]

  public let alpha: Double
  @usableFromInline var started = false
  @usableFromInline var east = 0.0, north = 0.0

  public init(alpha: Double) { self.alpha = alpha }
  public init(parameters p: ParameterValues) { self.init(alpha: p["alpha"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["alpha": alpha]) }
  /// The lag at the end: about (1 − α)/α spacings.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * (1 - alpha) / alpha + 1e-9 }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    if started {
      east += alpha * (fix.east - east)
      north += alpha * (fix.north - north)
    } else {
      started = true
      east = fix.east
      north = fix.north
    }
    var point = fix
    point.east = east
    point.north = north
    return point
  }
}
