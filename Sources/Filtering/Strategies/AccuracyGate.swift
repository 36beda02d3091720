import TrackCore

/// Drops fixes whose claimed horizontal accuracy is worse than `maximumAccuracy` metres (and invalid
/// fixes, whose accuracy is negative). The most common app-side filter.
public struct AccuracyGate: TrackFilter, DeclaredParameters {
  public static let name = "accuracy-gate"
  public static let summary = "Drop fixes whose claimed accuracy is worse than max."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.maximumAccuracy, name: "max", unit: "m", minimum: 0, maximum: 1000, summary: "largest claimed accuracy kept"),
  ]

  /// Metres: fixes claiming more than this are dropped.
  public internal(set) var maximumAccuracy = 20.0

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    fix.horizontalAccuracy >= 0 && fix.horizontalAccuracy <= maximumAccuracy ? fix : nil
  }
}
