import TrackCore

/// Exponential moving average of positions: p ← α·z + (1 − α)·p, recorded at each fix's time. Smooths
/// jitter at the cost of a lag of about (1 − α)/α fixes.
public struct ExponentialAverage: TrackFilter, DeclaredParameters {
  public static let name = "ema"
  public static let summary = "Exponential moving average of positions, p ← αz + (1 − α)p."
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.alpha, name: "alpha", unit: "1", minimum: 0.01, maximum: 1, summary: "weight of the newest fix"),
  ]

  public internal(set) var alpha = 0.3
  @usableFromInline var started = false
  @usableFromInline var east = 0.0, north = 0.0

  public init() {}
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
