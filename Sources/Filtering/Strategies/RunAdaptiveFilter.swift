import TrackCore

/// RUN.'s adaptive experiment: like ``RunAverageFilter``, but the number of fixes averaged into each
/// point follows their claimed accuracy: the block closes once it holds n = ⌈σ̄ / `metersPerFix`⌉ fixes
/// (σ̄ the mean claimed accuracy so far in the block), between 1 and `maximumCount`. A good fix is
/// recorded nearly alone; a poor one waits for company.
///
/// Our reading of RUN.'s description; the constants are parameters.
public struct RunAdaptiveFilter: TrackFilter, DeclaredParameters {
  public static let name = "run-adaptive"
  public static let summary = "RUN.'s adaptive queue: average n fixes, n from their claimed accuracy (σ̄ / m_per_fix, up to max)."
  public static let accuracyClaim = AccuracyClaim.propagated
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.metersPerFix, name: "m_per_fix", unit: "m", minimum: 0.1, maximum: 100, summary: "claimed accuracy per averaged fix"),
    .init(\.maximumCount, name: "max", unit: "fixes", minimum: 1, maximum: 100, summary: "most fixes in one point"),
  ]

  public internal(set) var metersPerFix = 2.0
  public internal(set) var maximumCount = 10
  @usableFromInline var block = AveragingBlock()

  public init() { parametersSet() }
  public mutating func parametersSet() {
    maximumCount = max(maximumCount, 1)
  }
  /// As run-average with n = max: ≤ (2·max − 2) spacings.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { Double(2 * maximumCount - 2) * spacing }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    block.add(fix)
    let wanted = min(maximumCount, max(1, Int((block.meanAccuracy / metersPerFix).rounded(.up))))
    guard block.filled >= wanted else { return nil }
    return block.close(at: fix.time)
  }
}
