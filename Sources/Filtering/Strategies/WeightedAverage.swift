import TrackCore

/// Inverse-variance weighted average of the last `count` fixes, recorded at each fix's time: each fix
/// weighs 1/σ² by its claimed accuracy σ (at least 0.1 m), so a 20 m fix counts 1/16 of a 5 m one.
/// The point's accuracy is 1/√Σw.
public struct WeightedAverage: TrackFilter, DeclaredParameters {
  public static let name = "weighted-average"
  public static let summary = "Inverse-variance (1/σ²) weighted average of the last n fixes."
  public static let accuracyClaim = AccuracyClaim.propagated
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.count, name: "n", unit: "fixes", minimum: 1, maximum: 100, summary: "fixes in the window"),
  ]

  public internal(set) var count = 5
  @usableFromInline var window = FixWindow(capacity: 1)

  public init() { parametersSet() }
  public mutating func parametersSet() {
    count = max(count, 1)
    window = FixWindow(capacity: count)
  }
  /// The window's lag at the end: (n − 1)/2 spacings.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { Double(count - 1) / 2 * spacing + 1e-9 }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    window.append(fix)
    var sumWeight = 0.0, sumEast = 0.0, sumNorth = 0.0
    // A sum needs no order: read the ring's storage directly, no index arithmetic.
    for i in 0..<window.count {
      let f = window.storage[i]
      let sigma = max(f.horizontalAccuracy, 0.1)
      let w = 1 / (sigma * sigma)
      sumWeight += w
      sumEast += w * f.east
      sumNorth += w * f.north
    }
    var point = fix
    point.east = sumEast / sumWeight
    point.north = sumNorth / sumWeight
    point.horizontalAccuracy = 1 / sumWeight.squareRoot()
    return point
  }
}
