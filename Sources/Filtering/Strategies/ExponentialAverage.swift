import TrackCore

/// Exponential moving average of positions: p ← α·z + (1 − α)·p, recorded at each fix's time. Smooths
/// jitter at the cost of a lag of about (1 − α)/α fixes.
///
/// Its claim is what the average implies for independent errors: c ← √((α·a)² + ((1 − α)·c)²) for the
/// fix's claim a (``AccuracyClaim/propagated``); from a fix without a claim (0) on, none.
public struct ExponentialAverage: TrackFilter, DeclaredParameters {
  public static let name = "ema"
  public static let summary = "Exponential moving average of positions, p ← αz + (1 − α)p."
  public static let accuracyClaim = AccuracyClaim.propagated
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.alpha, name: "alpha", unit: "1", minimum: 0.01, maximum: 1, summary: "weight of the newest fix"),
  ]

  public internal(set) var alpha = 0.3
  @usableFromInline var started = false
  @usableFromInline var east = 0.0, north = 0.0
  /// The claim of the last recorded point, metres (0: none).
  @usableFromInline var claim = 0.0

  public init() {}
  /// The lag at the end: about (1 − α)/α spacings.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing * (1 - alpha) / alpha + 1e-9 }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    if started {
      east += alpha * (fix.east - east)
      north += alpha * (fix.north - north)
      let new = alpha * fix.horizontalAccuracy, old = (1 - alpha) * claim
      claim = claim > 0 && fix.horizontalAccuracy > 0 ? (new * new + old * old).squareRoot() : 0
    } else {
      started = true
      east = fix.east
      north = fix.north
      claim = fix.horizontalAccuracy
    }
    var point = fix
    point.east = east
    point.north = north
    point.horizontalAccuracy = claim
    return point
  }
}
