import TrackCore

/// Drops fixes whose claimed horizontal accuracy is worse than `maximumAccuracy` metres (and invalid
/// fixes, whose accuracy is negative). The most common app-side filter.
public struct AccuracyGate: TrackFilter, CatalogueStrategy {
  public static let name = "accuracy-gate"
  public static let summary = "Drop fixes whose claimed accuracy is worse than max."
  public static let parameters = [
    StrategyParameter(name: "max", unit: "m", defaultValue: 20, minimum: 0, maximum: 1000, summary: "largest claimed accuracy kept")
  ]

  /// Metres: fixes claiming more than this are dropped.
  public let maximumAccuracy: Double

  public init(maximumAccuracy: Double) { self.maximumAccuracy = maximumAccuracy }
  public init(parameterValues v: [Double]) { self.init(maximumAccuracy: v[0]) }
  public var parameterValues: [Double] { [maximumAccuracy] }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    fix.horizontalAccuracy >= 0 && fix.horizontalAccuracy <= maximumAccuracy ? fix : nil
  }
}
