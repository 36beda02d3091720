import TrackCore

/// Best efforts with an error bar, as speed-sailing analysis software reports them ("± two sigma"):
/// the bar of a best 2 s or 10 s comes from the claimed speed accuracy of the fixes in its window
/// (docs/metrics.md, "Best efforts"); this stage sets the claim the bar is made from. Each fix with a
/// Doppler speed claims `scale` times the receiver's claimed speed accuracy, at least `floor_mps`: a
/// scale above 1 for errors that do not average out over a window (they are correlated over seconds),
/// a floor for what the receiver's claim does not know of (a wrist's swing is real motion of the
/// antenna). A fix with a speed but no claim gets the floor when it is above 0. Positions, speeds and
/// marks are kept, so it composes after any filter (`kalman | effort-bars`).
public struct EffortBars: AnnotatingStage, DeclaredParameters {
  public static let name = "effort-bars"
  public static let summary = "Best efforts with an error bar: each speed claims scale × the receiver's speed accuracy, at least floor_mps."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.scale, name: "scale", unit: "×", minimum: 0.1, maximum: 100, summary: "times the receiver's claimed speed accuracy"),
    .init(\.floor, name: "floor_mps", unit: "m/s", minimum: 0, maximum: 10, summary: "the least speed accuracy claimed (0: none)"),
  ]

  public internal(set) var scale = 1.0
  public internal(set) var floor = 0.0

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    if fix.speed >= 0 {
      let claimed = fix.speedAccuracy >= 0 ? max(scale * fix.speedAccuracy, floor) : floor
      point.speedAccuracy = claimed > 0 ? claimed : -1
    }
    return point
  }
}
