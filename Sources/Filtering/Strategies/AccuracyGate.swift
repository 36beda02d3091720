import TrackCore

/// Drops fixes whose claimed horizontal accuracy is worse than `maximumAccuracy` metres (and invalid
/// fixes, whose accuracy is negative). The most common app-side filter.
public struct AccuracyGate: TrackFilter, Hashable {
  /// Metres: fixes claiming more than this are dropped.
  public let maximumAccuracy: Double

  public init(maximumAccuracy: Double) { self.maximumAccuracy = maximumAccuracy }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    fix.horizontalAccuracy >= 0 && fix.horizontalAccuracy <= maximumAccuracy ? fix : nil
  }
}
