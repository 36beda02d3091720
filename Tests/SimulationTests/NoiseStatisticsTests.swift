import Foundation
import NumericKit
import Simulation
import Testing

@Suite struct NoiseStatisticsTests {
  func buffer(count: Int, interval: Double = 1) -> ObservationBuffer {
    var buffer = ObservationBuffer()
    buffer.reset(times: (0..<count).map { Double($0) * interval })
    return buffer
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func whiteNoiseHasItsSigmaAndNoMemory(seed: UInt64) throws {
    var b = buffer(count: 200_000)
    WhiteNoise(sigma: 2.5).perturb(&b, random: RandomSource(seed: seed))
    for axis in [b.errorEast, b.errorNorth] {
      // Standard error of a sample sd: σ/√(2n) ≈ 0.004 m; 0.03 m is > 7 of them.
      #expect(abs(try #require(Statistics.variance(axis)).squareRoot() - 2.5) < 0.03)
      #expect(abs(try #require(Statistics.autocorrelation(axis, lag: 1))) < 0.01)
    }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func gaussMarkovHasItsSigmaAndLagTauCorrelationOfOneOverE(seed: UInt64) throws {
    let tau = 30.0
    var b = buffer(count: 300_000)
    GaussMarkovNoise(sigma: 4, tau: tau).perturb(&b, random: RandomSource(seed: seed))
    for axis in [b.errorEast, b.errorNorth] {
      // ~10 000 correlation times: the sd estimate is good to ~1 %, r(τ) to ~0.015.
      #expect(abs(try #require(Statistics.variance(axis)).squareRoot() - 4) < 0.2)
      let r = try #require(Statistics.autocorrelation(axis, lag: Int(tau)))
      #expect(abs(r - exp(-1)) < 0.05, "r(τ) = \(r)")
      let r1 = try #require(Statistics.autocorrelation(axis, lag: 1))
      #expect(abs(r1 - exp(-1 / tau)) < 0.01, "r(1 s) = \(r1)")
    }
  }

  @Test func gaussMarkovFollowsIrregularIntervals() throws {
    // Fixes 0.5 s apart: r at 60 lags (30 s) is still e⁻¹.
    var b = buffer(count: 400_000, interval: 0.5)
    GaussMarkovNoise(sigma: 3, tau: 30).perturb(&b, random: RandomSource(seed: 9))
    let r = try #require(Statistics.autocorrelation(b.errorEast, lag: 60))
    #expect(abs(r - exp(-1)) < 0.06)
  }

  @Test func stagesAddUp() {
    var a = buffer(count: 100)
    var b = buffer(count: 100)
    WhiteNoise(sigma: 1).perturb(&a, random: RandomSource(seed: 5))
    WhiteNoise(sigma: 1).perturb(&b, random: RandomSource(seed: 5))
    WhiteNoise(sigma: 1).perturb(&b, random: RandomSource(seed: 6))
    #expect(a.errorEast != b.errorEast)
    var c = buffer(count: 100)
    WhiteNoise(sigma: 1).perturb(&c, random: RandomSource(seed: 6))
    for i in 0..<100 { #expect(abs(b.errorEast[i] - a.errorEast[i] - c.errorEast[i]) < 1e-12) }
  }
}
