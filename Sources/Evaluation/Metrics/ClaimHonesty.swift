import Foundation
import NumericKit
import TrackCore

/// Whether the accuracy a track claims tells the truth (issue #67): each point's claimed horizontal
/// accuracy read as Android's `Location.getAccuracy()` defines it, the radius of a circle around the
/// point holding the true position with 68 % confidence, against where the runner truly was at the
/// point's time.
///
/// - **coverage**: the share of claiming points whose true position lies inside the claimed circle,
///   percent. 68 is honest; far below, the circle is drawn too small (overconfident), far above, too
///   large;
/// - **normalised error** (NEES-style): the mean over the claiming points of the squared error over the
///   claimed variance, the claim read as the 68 % radius of a circular 2-D Gaussian (σ per axis = radius
///   / √(−2 ln 0.32) ≈ radius / 1.5096). For an honest claim each term is chi-squared with two degrees
///   of freedom, so the mean is 2; more: overconfident;
/// - **median claim**, metres: a claim can be honest and useless (a 50 m circle around every point).
///
/// Points without a claim (accuracy ≤ 0 or not finite) are left out; no claiming point, no measures.
/// Bar-Shalom, Li and Kirubarajan, *Estimation with Applications to Tracking and Navigation* (2001),
/// §5.4 (the normalised estimation error squared); Android's `Location.getAccuracy()` reference.
public struct ClaimMeasures: Sendable, Hashable {
  public let coveragePercent: Double
  public let normalisedError: Double
  public let medianClaim: Double
  /// Points with a claim.
  public let claims: Int

  /// The 68 % radius of a circular 2-D Gaussian over its per-axis σ: √(−2 ln 0.32).
  public static let radiusPerSigma = (-2 * log(0.32)).squareRoot()
  static let radiusPerSigmaSquared = -2 * log(0.32)

  /// - Parameters:
  ///   - errors: each point's distance from its true position, metres.
  ///   - claims: each point's claimed accuracy, metres (the same points, in order).
  /// - Complexity: O(n) for n points.
  public init?(errors: [Double], claims: [Double]) {
    var sums = Sums(capacity: claims.count)
    for (error, claim) in zip(errors, claims) { sums.add(squaredError: error * error, claim: claim) }
    self.init(sums)
  }

  /// The measures of `points` against the true positions at their times: the truth's path at `along`,
  /// each point's true distance along it (``KnownDistances``).
  /// - Complexity: O(n + segments) for n points; one allocation (the claims, for their median).
  public init?(_ points: [LocalFix], along: [Double], path: Path) {
    var sums = Sums(capacity: points.count)
    var hint = 0
    for (fix, s) in zip(points, along) where fix.horizontalAccuracy > 0 {
      let truth = path.point(at: s, hint: &hint)
      let de = fix.east - truth.east, dn = fix.north - truth.north
      sums.add(squaredError: de * de + dn * dn, claim: fix.horizontalAccuracy)
    }
    self.init(sums)
  }

  /// What the measures sum over the claiming points, in one pass with no square root.
  private struct Sums {
    var inside = 0, normalised = 0.0, radii: [Double] = []
    init(capacity: Int) { radii.reserveCapacity(capacity) }
    mutating func add(squaredError: Double, claim: Double) {
      guard claim > 0, claim.isFinite, squaredError.isFinite else { return }
      let squaredClaim = claim * claim
      if squaredError <= squaredClaim { inside += 1 }
      // e² / σ² with σ = claim / k: one division.
      normalised += squaredError * ClaimMeasures.radiusPerSigmaSquared / squaredClaim
      radii.append(claim)
    }
  }

  private init?(_ sums: consuming Sums) {
    guard !sums.radii.isEmpty, let median = Statistics.quantile(reordering: &sums.radii, 0.5) else { return nil }
    let count = Double(sums.radii.count)
    coveragePercent = 100 * Double(sums.inside) / count
    normalisedError = sums.normalised / count
    medianClaim = median
    claims = sums.radii.count
  }
}

/// One of the ``ClaimMeasures`` of a run, computed on its own (the suite computes them once per run).
public struct ClaimHonesty: TrackMetric, Hashable {
  public enum Statistic: Sendable, Hashable { case coverage, normalisedError, medianClaim }
  public let statistic: Statistic
  public init(_ statistic: Statistic) { self.statistic = statistic }

  public func evaluate(_ run: RecordedRun, against truth: TruthTrack) -> Double? {
    guard let measures = ClaimMeasures(run.recorded, along: truth.distances(at: run.recorded), path: truth.path) else { return nil }
    switch statistic {
    case .coverage: return measures.coveragePercent
    case .normalisedError: return measures.normalisedError
    case .medianClaim: return measures.medianClaim
    }
  }
}

extension MetricDescriptor {
  public static let claimCoverage = MetricDescriptor(
    key: "claim_coverage_percent",
    words: "Truth inside the claimed accuracy circle (68 % is honest)",
    heading: "inside claim %",
    unit: "%",
    goal: .none,
    group: .claims,
    undefinedReason: "no recorded point claims an accuracy",
    floor: 2,
    decimals: 1,
    computation: .run { $0.claims?.coveragePercent }).reading(.claims)

  public static let claimNormalisedError = MetricDescriptor(
    key: "claim_normalised_error",
    words: "Squared error over the claimed variance, mean (2 is honest)",
    heading: "NEES",
    unit: "",
    goal: .none,
    group: .claims,
    undefinedReason: "no recorded point claims an accuracy",
    floor: 0.1,
    decimals: 2,
    computation: .run { $0.claims?.normalisedError }).reading(.claims)

  public static let claimMedian = MetricDescriptor(
    key: "claim_median_m",
    words: "Claimed accuracy, median",
    heading: "claim p50 m",
    unit: "m",
    goal: .none,
    group: .claims,
    undefinedReason: "no recorded point claims an accuracy",
    floor: 0.25,
    decimals: 2,
    computation: .run { $0.claims?.medianClaim }).reading(.claims)
}
