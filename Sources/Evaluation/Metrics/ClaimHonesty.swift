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

  /// The square of the 68 % radius of a circular 2-D Gaussian over its per-axis σ
  /// (`LocalFix.claimRadiusPerSigma`²), computed as −2 ln 0.32.
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
    /// ``radiusPerSigmaSquared``, read once per run rather than per point.
    let radiusPerSigmaSquared = ClaimMeasures.radiusPerSigmaSquared
    init(capacity: Int) { radii.reserveCapacity(capacity) }
    mutating func add(squaredError: Double, claim: Double) {
      guard claim > 0, claim.isFinite, squaredError.isFinite else { return }
      let squaredClaim = claim * claim
      if squaredError <= squaredClaim { inside += 1 }
      // e² / σ² with σ = claim / k: one division.
      normalised += squaredError * radiusPerSigmaSquared / squaredClaim
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

extension ClaimMeasures {
  /// The three figures, each a metric twice: of a run against a moving truth (`claim_…`, group
  /// "Accuracy claims") and of a replayed recording against a fixed point (`standing_claim_…`, group
  /// "Error against the truth"), where the run metrics do not apply.
  enum Figure {
    case coverage, normalisedError, median

    var key: String {
      switch self {
      case .coverage: "claim_coverage_percent"
      case .normalisedError: "claim_normalised_error"
      case .median: "claim_median_m"
      }
    }

    func words(standing: Bool) -> String {
      switch self {
      case .coverage: "\(standing ? "Fixed point" : "Truth") inside the claimed accuracy circle (68 % is honest)"
      case .normalisedError: "Squared error \(standing ? "from the fixed point " : "")over the claimed variance, mean (2 is honest)"
      case .median: "Claimed accuracy\(standing ? " standing" : ""), median"
      }
    }

    var heading: String {
      switch self {
      case .coverage: "inside claim %"
      case .normalisedError: "NEES"
      case .median: "claim p50 m"
      }
    }

    var unit: String {
      switch self {
      case .coverage: "%"
      case .normalisedError: ""
      case .median: "m"
      }
    }

    var floor: Double {
      switch self {
      case .coverage: 2
      case .normalisedError: 0.1
      case .median: 0.25
      }
    }

    var decimals: Int { self == .coverage ? 1 : 2 }

    func value(_ measures: ClaimMeasures) -> Double {
      switch self {
      case .coverage: measures.coveragePercent
      case .normalisedError: measures.normalisedError
      case .median: measures.medianClaim
      }
    }
  }
}

extension MetricDescriptor {
  /// A claim figure's metric: of a run (`standing` false) or against a fixed point. No goal: 68 % and
  /// 2 are honest, and neither more nor less is better.
  static func claim(_ figure: ClaimMeasures.Figure, standing: Bool) -> MetricDescriptor {
    let descriptor = MetricDescriptor(
      key: (standing ? "standing_" : "") + figure.key, words: figure.words(standing: standing), heading: figure.heading, unit: figure.unit,
      goal: .none, group: standing ? .error : .claims,
      undefinedReason: standing ? "no point claims an accuracy, or the truth moves (\(figure.key))" : "no recorded point claims an accuracy",
      floor: figure.floor, decimals: figure.decimals,
      computation: standing ? .againstTruth { $0.claims.map(figure.value) } : .run { $0.claims.map(figure.value) })
    return standing ? descriptor : descriptor.reading(.claims)
  }

  public static let claimCoverage = claim(.coverage, standing: false)
  public static let claimNormalisedError = claim(.normalisedError, standing: false)
  public static let claimMedian = claim(.median, standing: false)
  public static let standingClaimCoverage = claim(.coverage, standing: true)
  public static let standingClaimNormalisedError = claim(.normalisedError, standing: true)
  public static let standingClaimMedian = claim(.median, standing: true)
}
