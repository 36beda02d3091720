import TrackCore

/// What a strategy's recorded points claim as their horizontal accuracy (`LocalFix.horizontalAccuracy`),
/// a value every catalogue entry states (docs/strategies.md, "accuracy claim"). Whatever its origin, a claim is read
/// as Android's `Location.getAccuracy()` defines it: the radius of the circle around the point that holds
/// the true position with 68 % confidence. The claim metrics (docs/metrics.md, "Accuracy claims") measure
/// whether it does; a claim of 0 is no claim (left out of them).
public enum AccuracyClaim: String, Sendable, Hashable, CaseIterable {
  /// The receiver's claim of the fix a point records, unchanged: pass-through, gates, sampling policies,
  /// and the stages that annotate a track.
  case receivers
  /// The 68 % radius of the filter's own position covariance: for a per-axis variance p of a circular
  /// Gaussian, `LocalFix.claimRadiusPerSigma`·√p ≈ 1.5096·√p (Kalman, RTS).
  case covariance
  /// Combined from the claims of the fixes it combines, by what its arithmetic implies: a mean as for
  /// independent errors (a mean of n equal claims is 1/√n of one; receiver errors are correlated from
  /// one second to the next, so these claims are optimistic, and the claim metrics show by how much), a
  /// median the median of the claims.
  case propagated
  /// The incoming claim rescaled (`accuracy-scale`), to be fitted to honest coverage with `tune`.
  case recalibrated
  /// No claim (0): the strategy's arithmetic implies none it could state honestly. No built-in
  /// strategy states it; a stage after one reads 0 as a fix that claims nothing (`kalman` then trusts
  /// the position fully).
  case none
  /// What a process filter answers for each point it records (`acc`, docs: "Your filter"), read as the
  /// same 68 % radius; 0 for none.
  case answered
  /// Not stated: a strategy registered from outside the catalogue that does not say what it claims.
  case unstated

  /// One phrase for docs/strategies.md's tables.
  public var words: String {
    switch self {
    case .receivers: "the receiver's"
    case .covariance: "68 % radius of its covariance"
    case .propagated: "propagated from the claims it combines"
    case .recalibrated: "the incoming claim rescaled"
    case .none: "none (0)"
    case .answered: "the process's answer"
    case .unstated: "not stated"
    }
  }
}
