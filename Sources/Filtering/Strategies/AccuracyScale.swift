import TrackCore

/// Recalibrates the accuracy each point claims (issue #67): `k` times the claim, at least `floor_m`
/// metres. A filter's claim is often a 1-σ figure or assumes independent errors, so the circle an app
/// draws from it holds the truth far less often than the 68 % Android's `getAccuracy()` promises
/// (`claim_coverage_percent`, docs/metrics.md); `tune` fits `k` to honest coverage on training seeds
/// (`--objective 'abs(mean(claim_coverage_percent) - 68)'`: the mean coverage over trials, not each
/// trial's). Positions, times and speeds are kept, and a point without a valid position (a negative
/// claim) stays without one, so it composes after any filter (`kalman | accuracy-scale(k: 1.8)`). A
/// claim of 0 (none) becomes the floor.
public struct AccuracyScale: AnnotatingStage, DeclaredParameters {
  public static let name = "accuracy-scale"
  public static let summary = "Recalibrate the claimed accuracy: k × the claim, at least floor_m."
  public static let accuracyClaim = AccuracyClaim.recalibrated
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.k, name: "k", unit: "×", minimum: 0.01, maximum: 100, summary: "times the claimed accuracy"),
    .init(\.floor, name: "floor_m", unit: "m", minimum: 0, maximum: 1000, summary: "the least accuracy claimed (0: none)"),
  ]

  public internal(set) var k = 1.0
  public internal(set) var floor = 0.0

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return fix }
    var point = fix
    point.horizontalAccuracy = max(k * fix.horizontalAccuracy, floor)
    return point
  }
}
