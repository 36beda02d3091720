import TrackCore

/// RUN.'s adaptive experiment: like ``RunAverageFilter``, but the number of fixes averaged into each
/// point follows their claimed accuracy: the block closes once it holds n = ⌈σ̄ / `metersPerFix`⌉ fixes
/// (σ̄ the mean claimed accuracy so far in the block), between 1 and `maximumCount`. A good fix is
/// recorded nearly alone; a poor one waits for company.
///
/// Our reading of RUN.'s description; the constants are parameters.
public struct RunAdaptiveFilter: TrackFilter, CatalogueStrategy {
  public static let name = "run-adaptive"
  public static let summary = "RUN.'s adaptive queue: average n fixes, n from their claimed accuracy (σ̄ / m_per_fix, up to max)."
  public static let parameterTable = [
    Parameter(name: "m_per_fix", unit: "m", defaultValue: 2, minimum: 0.1, maximum: 100, summary: "claimed accuracy per averaged fix"),
    Parameter(name: "max", unit: "fixes", defaultValue: 10, minimum: 1, maximum: 100, isInteger: true, summary: "most fixes in one point"),
  ]

  public let metersPerFix: Double
  public let maximumCount: Int
  @usableFromInline var block = AveragingBlock()

  public init(metersPerFix: Double, maximumCount: Int) { self.metersPerFix = metersPerFix; self.maximumCount = max(maximumCount, 1) }
  public init(parameters p: ParameterValues) { self.init(metersPerFix: p["m_per_fix"], maximumCount: Int(p["max"])) }
  public var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["m_per_fix": metersPerFix, "max": Double(maximumCount)]) }
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
