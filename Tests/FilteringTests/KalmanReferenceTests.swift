import Filtering
import Foundation
import TrackBenchTestSupport
import Testing
import TrackCore

/// A textbook 4×4 constant-velocity Kalman filter (state e, n, vₑ, vₙ), written independently with full
/// matrices, to check the shared-covariance form in `KalmanFilter`.
struct ReferenceKalman {
  var x = [Double](repeating: 0, count: 4)
  var p = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
  var time = 0.0
  var started = false
  let q: Double, rScale: Double, speedSigma: Double

  static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<a.count).map { (i: Int) -> [Double] in
      (0..<b[0].count).map { (j: Int) -> Double in (0..<b.count).reduce(0.0) { (sum: Double, k: Int) -> Double in sum + a[i][k] * b[k][j] } }
    }
  }
  static func transpose(_ a: [[Double]]) -> [[Double]] { (0..<a[0].count).map { j in a.map { $0[j] } } }

  mutating func step(_ fix: LocalFix) -> (Double, Double)? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    let r = rScale * fix.horizontalAccuracy * fix.horizontalAccuracy
    if !started {
      started = true
      time = fix.time
      x = [fix.east, fix.north, 0, 0]
      p = [[r, 0, 0, 0], [0, r, 0, 0], [0, 0, speedSigma * speedSigma, 0], [0, 0, 0, speedSigma * speedSigma]]
      return (x[0], x[1])
    }
    let dt = fix.time - time
    guard dt > 0 else { return nil }
    time = fix.time
    let f = [[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]]
    let a = q * dt * dt * dt / 3, b = q * dt * dt / 2, c = q * dt
    let qm = [[a, 0, b, 0], [0, a, 0, b], [b, 0, c, 0], [0, b, 0, c]]
    x = (0..<4).map { i in (0..<4).reduce(0) { $0 + f[i][$1] * x[$1] } }
    let fp = Self.multiply(f, p)
    p = Self.multiply(fp, Self.transpose(f)).enumerated().map { i, row in row.enumerated().map { $1 + qm[i][$0] } }
    // S = H P Hᵀ + R (2×2), K = P Hᵀ S⁻¹ (4×2).
    let s = [[p[0][0] + r, p[0][1]], [p[1][0], p[1][1] + r]]
    let det = s[0][0] * s[1][1] - s[0][1] * s[1][0]
    let sInverse = [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]]
    let pht = p.map { [$0[0], $0[1]] }
    let k = Self.multiply(pht, sInverse)
    let y = [fix.east - x[0], fix.north - x[1]]
    x = (0..<4).map { x[$0] + k[$0][0] * y[0] + k[$0][1] * y[1] }
    let kh = k.map { [$0[0], $0[1], 0, 0] }
    let ikh = (0..<4).map { (i: Int) -> [Double] in
      (0..<4).map { (j: Int) -> Double in
        let identity: Double = i == j ? 1 : 0
        return identity - kh[i][j]
      }
    }
    p = Self.multiply(ikh, p)
    return (x[0], x[1])
  }
}

@Suite struct KalmanReferenceTests {
  @Test(arguments: [(0.5, 1.0), (0.05, 2.0), (20.0, 0.3)])
  func sharedCovarianceEqualsTheFullFilter(q: Double, rScale: Double) throws {
    let input = LawInputs.input
    var reference = ReferenceKalman(q: q, rScale: rScale, speedSigma: 10)
    let expected = input.compactMap { reference.step($0) }
    let actual = try KalmanFilter(["q": q, "r_scale": rScale, "doppler": 0, "gate": 0]).run(over: input)
    #expect(actual.count == expected.count)
    var worst = 0.0
    for (a, e) in zip(actual, expected) { worst = max(worst, abs(a.east - e.0), abs(a.north - e.1)) }
    #expect(worst < 1e-9, "largest difference \(worst) m")
  }

  /// The claim is the 68 % radius of the full filter's position covariance: 1.5096 · √P₀₀ (P₁₁ the same).
  @Test(arguments: [(0.5, 1.0), (0.05, 2.0)])
  func theClaimIsTheCovariances68PercentRadius(q: Double, rScale: Double) throws {
    #expect(LocalFix.claimRadiusPerSigma == (-2 * log(0.32)).squareRoot())
    var reference = ReferenceKalman(q: q, rScale: rScale, speedSigma: 10)
    var expected: [Double] = []
    for fix in LawInputs.input where reference.step(fix) != nil {
      #expect(abs(reference.p[0][0] - reference.p[1][1]) <= 1e-9 * reference.p[0][0])
      expected.append(1.5095921854516634 * reference.p[0][0].squareRoot())
    }
    for parameters in [["doppler": 0.0, "gate": 0.0], ["doppler": 1, "gate": 0]] {
      let actual = try KalmanFilter(parameters.merging(["q": q, "r_scale": rScale]) { $1 }).run(over: LawInputs.input)
      #expect(actual.count == expected.count)
      // Without Doppler speeds in the input both steppers are the reference's filter.
      let worst = zip(actual, expected).map { abs($0.horizontalAccuracy - $1) / $1 }.max() ?? 1
      #expect(worst < 1e-9, "largest relative difference \(worst)")
    }
  }

  /// Smoothing never widens the claim (Pˢ ≤ P), and the last point is the filter's.
  @Test func rtsClaimsNoMoreThanTheFilter() throws {
    let input = LawInputs.input
    let filtered = try KalmanFilter(["doppler": 0, "gate": 0]).run(over: input)
    var smoothed: [LocalFix] = []
    let smoother = RTSSmoother(filter: try KalmanFilter(["doppler": 0, "gate": 0]))
    input.withUnsafeBufferPointer { smoother.smooth($0, into: &smoothed) }
    #expect(smoothed.count == filtered.count)
    #expect(smoothed.last?.horizontalAccuracy == filtered.last?.horizontalAccuracy)
    #expect(zip(smoothed, filtered).allSatisfy { $0.horizontalAccuracy <= $1.horizontalAccuracy * (1 + 1e-12) })
    #expect(zip(smoothed, filtered).contains { $0.horizontalAccuracy < 0.9 * $1.horizontalAccuracy }, "smoothing narrows some claims")
  }
}
