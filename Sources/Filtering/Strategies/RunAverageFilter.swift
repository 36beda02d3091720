import TrackCore

/// RUN.'s smoothing queue: collect `count` fixes, record their average as one point, start again.
///
/// The recorded point carries the mean time, mean position and mean claimed accuracy divided by √n
/// (the averaged error of n independent fixes). It is emitted when the n-th fix arrives, so it never
/// uses a later fix. Fixes with invalid accuracy (negative) are skipped. On noise-free straight input
/// the recorded distance falls short by at most (2n − 2) fix spacings: (n − 1)/2 at each end, plus up
/// to n − 1 trailing fixes that never fill a block.
public struct RunAverageFilter: TrackFilter, DeclaredParameters {
  public static let name = "run-average"
  public static let summary = "RUN.'s queue: average each n fixes into one recorded point."
  public static let accuracyClaim = AccuracyClaim.propagated
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.count, name: "n", unit: "fixes", minimum: 1, maximum: 100, summary: "fixes averaged per recorded point"),
  ]

  /// Fixes per recorded point, n.
  public internal(set) var count = 5
  @usableFromInline var block = AveragingBlock()

  public init() { parametersSet() }
  public mutating func parametersSet() {
    count = max(count, 1)
  }
  /// (n − 1)/2 spacings at each end plus an unfilled last block: ≤ (2n − 2)·spacing.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { Double(2 * count - 2) * spacing }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    block.add(fix)
    guard block.filled == count else { return nil }
    return block.close(at: fix.time)
  }
}
