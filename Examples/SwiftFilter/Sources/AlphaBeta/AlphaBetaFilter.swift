import TrackBench

/// An alpha-beta tracker on east/north, as a running app might ship it: predict the position from the
/// last estimate and velocity, then move towards the fix by `alpha` and correct the velocity by `beta`.
/// Fixes claiming worse than `max_accuracy` metres are skipped (predict-only at the next fix).
/// - Complexity: O(1) per fix, no allocation.
public struct AlphaBetaFilter: TrackFilter, DeclaredParameters {
  public static let name = "alpha-beta"
  public static let summary = "Alpha-beta tracker: position gain alpha, velocity gain beta, accuracy gate."
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.alpha, name: "alpha", unit: "1", minimum: 0.01, maximum: 1, summary: "share of the position residual taken"),
    .init(\.beta, name: "beta", unit: "1", minimum: 0, maximum: 1, summary: "share of the residual rate added to the velocity"),
    .init(\.maxAccuracy, name: "max_accuracy", unit: "m", minimum: 1, maximum: 1000, summary: "skip fixes claiming worse than this"),
  ]

  /// The parameters, each at its default.
  public var alpha = 0.4, beta = 0.05, maxAccuracy = 30.0
  var started = false
  var time = 0.0, east = 0.0, north = 0.0, velocityEast = 0.0, velocityNorth = 0.0

  public init() {}

  public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0, fix.horizontalAccuracy <= maxAccuracy else { return nil }
    guard started else {
      started = true
      time = fix.time; east = fix.east; north = fix.north
      return LocalFix(time: time, east: east, north: north, horizontalAccuracy: fix.horizontalAccuracy, age: fix.age)
    }
    let dt = fix.time - time
    guard dt > 0 else { return nil }
    time = fix.time
    let predictedEast = east + velocityEast * dt, predictedNorth = north + velocityNorth * dt
    let residualEast = fix.east - predictedEast, residualNorth = fix.north - predictedNorth
    east = predictedEast + alpha * residualEast
    north = predictedNorth + alpha * residualNorth
    velocityEast += beta * residualEast / dt
    velocityNorth += beta * residualNorth / dt
    let speed = (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot()
    return LocalFix(time: time, east: east, north: north, horizontalAccuracy: fix.horizontalAccuracy * alpha.squareRoot(), speed: speed, age: fix.age)
  }
}
