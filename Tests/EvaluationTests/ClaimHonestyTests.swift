import Evaluation
import Foundation
import Testing
import TrackCore

/// The honesty of claimed accuracy (#67), worked by hand.
@Suite struct ClaimHonestyTests {
  /// Four points claiming 5 m with errors 1, 4, 5 and 8 m: three inside (on the edge counts), 75 %;
  /// σ = 5 / 1.50959 = 3.3122 m, so the normalised errors are 1/10.970, 16/10.970, 25/10.970 and
  /// 64/10.970, mean 106/4/10.970 = 2.4156; the median claim 5 m. A point without a claim is left out.
  @Test func coverageNormalisedErrorAndMedianByHand() throws {
    let measures = try #require(ClaimMeasures(errors: [1, 4, 5, 8, 100], claims: [5, 5, 5, 5, -1]))
    #expect(measures.claims == 4 && measures.coveragePercent == 75 && measures.medianClaim == 5)
    let sigma = 5 / (-2 * log(0.32)).squareRoot()
    #expect(abs(sigma - 3.31216) < 1e-4)
    #expect(abs(measures.normalisedError - 106.0 / 4 / (sigma * sigma)) < 1e-12)
    #expect(abs(measures.normalisedError - 2.4156) < 1e-3)
    #expect(ClaimMeasures(errors: [1, 2], claims: [0, -1]) == nil, "no claim, no measures")
  }

  /// Errors drawn as a circular Gaussian with σ = 3 m: a claim of the true 68 % radius (4.53 m) covers
  /// about 68 % and normalises to about 2; claiming σ itself (what a Kalman filter's √P is) covers
  /// 1 − e^(−1/2) ≈ 39 % and normalises to about 4.56: overconfident.
  @Test func anHonestClaimCoversSixtyEightPercent() throws {
    var state: UInt64 = 42
    func uniform() -> Double {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return (Double(state >> 11) + 0.5) / Double(1 << 53)
    }
    // Rayleigh-distributed radii: r = σ √(−2 ln U).
    let errors = (0..<20000).map { _ in 3 * (-2 * log(uniform())).squareRoot() }
    let honest = try #require(ClaimMeasures(errors: errors, claims: Array(repeating: 3 * LocalFix.claimRadiusPerSigma, count: errors.count)))
    #expect(abs(honest.coveragePercent - 68) < 1.5 && abs(honest.normalisedError - 2) < 0.1, "\(honest)")
    let sigmaOnly = try #require(ClaimMeasures(errors: errors, claims: Array(repeating: 3, count: errors.count)))
    #expect(abs(sigmaOnly.coveragePercent - 100 * (1 - exp(-0.5))) < 1.5 && sigmaOnly.normalisedError > 4, "\(sigmaOnly)")
  }
}
