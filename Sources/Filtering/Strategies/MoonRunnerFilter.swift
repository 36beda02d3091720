import TrackCore

/// The location handling of Ray Wenderlich's "MoonRunner" tutorial app, which many running apps copied.
///
/// Core Location delivers an update only after the device moved `distanceFilter` = 10 m from the last
/// *delivered* location (the OS applies this before the app sees anything); the app then keeps a
/// location only if `horizontalAccuracy < 20` m and it is less than 10 s old
/// (`abs(timestamp.timeIntervalSinceNow) < 10`), and adds the distance from the last kept one.
public struct MoonRunnerFilter: TrackFilter, CatalogueStrategy {
  public static let name = "moonrunner"
  public static let summary = "MoonRunner tutorial: Core Location distanceFilter, then keep accuracy < max and age < max."
  public static let parameterTable = [
    Parameter(name: "distance", unit: "m", defaultValue: 10, minimum: 0, maximum: 1000, summary: "OS distanceFilter before delivery"),
    Parameter(name: "accuracy", unit: "m", defaultValue: 20, minimum: 0, maximum: 1000, summary: "keep fixes claiming strictly less"),
    Parameter(name: "age", unit: "s", defaultValue: 10, minimum: 0, maximum: 3600, summary: "keep fixes strictly younger"),
  ]

  /// Metres: the OS-level distance filter.
  public let distanceFilter: Double
  /// Metres: the app keeps fixes claiming strictly less.
  public let maximumAccuracy: Double
  /// Seconds: the app keeps fixes strictly younger.
  public let maximumAge: Double
  @usableFromInline var delivery: DistanceFilter

  public init(distanceFilter: Double = 10, maximumAccuracy: Double = 20, maximumAge: Double = 10) {
    self.distanceFilter = distanceFilter
    self.maximumAccuracy = maximumAccuracy
    self.maximumAge = maximumAge
    delivery = DistanceFilter(minimumDistance: distanceFilter)
  }

  public init(parameters p: ParameterValues) { self.init(distanceFilter: p["distance"], maximumAccuracy: p["accuracy"], maximumAge: p["age"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["distance": distanceFilter, "accuracy": maximumAccuracy, "age": maximumAge]) }
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
