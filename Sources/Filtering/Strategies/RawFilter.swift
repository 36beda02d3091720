import TrackCore

/// Records every fix: what a naive app does, and the baseline every other strategy must beat.
public struct RawFilter: TrackFilter, CatalogueStrategy {
  public static let name = "raw"
  public static let summary = "Every fix, summed: what a naive app does."
  public static let accuracyClaim = AccuracyClaim.receivers
  public init() {}
  public init(parameters: ParameterValues) {}
  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? { fix }
}
