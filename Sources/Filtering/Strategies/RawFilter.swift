import TrackCore

/// Records every fix: what a naive app does, and the baseline every other strategy must beat.
public struct RawFilter: TrackFilter, Hashable {
  public init() {}
  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? { fix }
}
