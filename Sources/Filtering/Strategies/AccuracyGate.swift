import TrackCore

/// Drops fixes whose claimed horizontal accuracy is worse than `maximumAccuracy` metres (and invalid
/// fixes, whose accuracy is negative). The most common app-side filter.
public struct AccuracyGate: TrackFilter, CatalogueStrategy {
  public static let name = "accuracy-gate"
  public static let summary = "Drop fixes whose claimed accuracy is worse than max."
  public static let parameterTable = [
    Parameter(name: "max", unit: "m", defaultValue: 20, minimum: 0, maximum: 1000, summary: "largest claimed accuracy kept")
  ]

  /// Metres: fixes claiming more than this are dropped.
  public let maximumAccuracy: Double

  public init(maximumAccuracy: Double) { self.maximumAccuracy = maximumAccuracy }
  public init(parameters p: ParameterValues) { self.init(maximumAccuracy: p["max"]) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["max": maximumAccuracy]) }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    fix.horizontalAccuracy >= 0 && fix.horizontalAccuracy <= maximumAccuracy ? fix : nil
  }
}
