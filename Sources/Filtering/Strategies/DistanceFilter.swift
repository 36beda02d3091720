import TrackCore

/// Core Location's `distanceFilter`: a fix is delivered only when it lies at least `minimumDistance`
/// metres from the last delivered fix; the first fix is always delivered.
///
/// On noise-free input the recorded distance falls short of the true one by less than
/// `minimumDistance` (the last partial step), plus chord-vs-arc on curves.
public struct DistanceFilter: TrackFilter, Hashable {
  /// Metres; 0 delivers every fix (`kCLDistanceFilterNone`).
  public let minimumDistance: Double
  @usableFromInline var last: LocalFix?

  public init(minimumDistance: Double) { self.minimumDistance = minimumDistance }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    if let last, last.distance(to: fix) < minimumDistance { return nil }
    last = fix
    return fix
  }
}
