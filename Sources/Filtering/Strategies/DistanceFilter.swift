import TrackCore

/// Core Location's `distanceFilter`: a fix is delivered only when it lies at least `minimumDistance`
/// metres from the last delivered fix; the first fix is always delivered.
///
/// On noise-free input the recorded distance falls short of the true one by less than
/// `minimumDistance` (the last partial step), plus chord-vs-arc on curves.
public struct DistanceFilter: TrackFilter, DeclaredParameters {
  public static let name = "distance-filter"
  public static let summary = "Core Location distanceFilter: deliver only when ≥ d m from the last delivered fix."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.minimumDistance, name: "d", unit: "m", minimum: 0, maximum: 1000, summary: "minimum distance from the last delivered fix"),
  ]

  /// Metres; 0 delivers every fix (`kCLDistanceFilterNone`).
  public internal(set) var minimumDistance = 10.0
  @usableFromInline var last: LocalFix?

  public init() {}
  /// Less than d: the last partial step.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { minimumDistance }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    if let last, last.distance(to: fix) < minimumDistance { return nil }
    last = fix
    return fix
  }
}
