import TrackCore

/// The location handling of Ray Wenderlich's "MoonRunner" tutorial app, which many running apps copied.
///
/// Core Location delivers an update only after the device moved `distanceFilter` = 10 m from the last
/// *delivered* location (the OS applies this before the app sees anything); the app then keeps a
/// location only if `horizontalAccuracy < 20` m and it is less than 10 s old
/// (`abs(timestamp.timeIntervalSinceNow) < 10`), and adds the distance from the last kept one.
public struct MoonRunnerFilter: TrackFilter, DeclaredParameters {
  public static let name = "moonrunner"
  public static let summary = "MoonRunner tutorial: Core Location distanceFilter, then keep accuracy < max and age < max."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.distanceFilter, name: "distance", unit: "m", minimum: 0, maximum: 1000, summary: "OS distanceFilter before delivery"),
    .init(\.maximumAccuracy, name: "accuracy", unit: "m", minimum: 0, maximum: 1000, summary: "keep fixes claiming strictly less"),
    .init(\.maximumAge, name: "age", unit: "s", minimum: 0, maximum: 3600, summary: "keep fixes strictly younger"),
  ]

  /// Metres: the OS-level distance filter.
  public internal(set) var distanceFilter = 10.0
  /// Metres: the app keeps fixes claiming strictly less.
  public internal(set) var maximumAccuracy = 20.0
  /// Seconds: the app keeps fixes strictly younger.
  public internal(set) var maximumAge = 10.0
  @usableFromInline var delivery = DistanceFilter()

  public init() { parametersSet() }
  public mutating func parametersSet() {
    delivery = DistanceFilter()
    delivery.minimumDistance = distanceFilter
  }

  /// Less than the distance filter: the last partial step.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { distanceFilter }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard let delivered = delivery.step(fix) else { return nil }
    guard delivered.horizontalAccuracy >= 0, delivered.horizontalAccuracy < maximumAccuracy,
      delivered.age < maximumAge
    else { return nil }
    return delivered
  }
}
