import Foundation
import NumericKit
import Simulation
import Testing
import TrackCore

/// Each stage's statistics on fixed seeds, against its specification.
@Suite struct StageStatisticsTests {
  /// A buffer of `count` fixes `interval` s apart, moving east at 3 m/s, every fix inside one zone.
  func eastbound(count: Int, interval: Double = 1, zone: ZoneKind? = .urban) -> ObservationBuffer {
    var b = ObservationBuffer()
    b.reset(times: (0..<count).map { Double($0) * interval }, zones: zone.map { [PathZone(kind: $0, from: 0, to: 1e12)] } ?? [])
    return b
  }

  @Test func urbanCanyonIsWiderAcrossTheStreetThanAlong() throws {
    var b = eastbound(count: 200_000)
    UrbanCanyonNoise(crossStreetSigma: 12, alongStreetSigma: 4, tau: 8, jumpsPerHour: 0).perturb(&b, random: RandomSource(seed: 1))
    // Travelling east: along = east, across = north.
    let along = try #require(Statistics.variance(b.errorEast)).squareRoot()
    let across = try #require(Statistics.variance(b.errorNorth)).squareRoot()
    #expect(abs(along - 4) < 0.2 && abs(across - 12) < 0.6, "along \(along), across \(across)")
    #expect(abs(across / along - 3) < 0.2)
    // Second order: (1 + 1)·e^(−1) at one τ, and smooth from fix to fix: the second difference's rms
    // is about 0.08 σ at τ = 8 s (a first-order process's: 0.7 σ, the zig-zag real phones do not show).
    let r = try #require(Statistics.autocorrelation(b.errorNorth, lag: 8))
    #expect(abs(r - 2 * exp(-1)) < 0.05)
    let north = b.errorNorth
    var squares = 0.0
    for i in 1..<(north.count - 1) {
      let d: Double = north[i + 1] - 2 * north[i] + north[i - 1]
      squares += d * d
    }
    let rms = (squares / Double(north.count - 2)).squareRoot()
    #expect(abs(rms - 0.083 * 12) < 0.15, "second difference rms \(rms) m")
  }

  @Test func urbanCanyonJumpsPullToOneSideAtTheirRate() throws {
    for (side, sign) in [(1.0, 1.0), (-1.0, -1.0)] {
      var b = eastbound(count: 360_000)  // 100 h in the canyon
      UrbanCanyonNoise(crossStreetSigma: 0, alongStreetSigma: 0, tau: 8, jumpsPerHour: 60, jumpSize: 20...20, jumpDuration: 5...5, side: side)
        .perturb(&b, random: RandomSource(seed: 2))
      let shifted = b.errorNorth.filter { abs($0) > 1 }
      #expect(shifted.allSatisfy { $0 * sign > 0 }, "jumps go to one side")
      // 60 jumps/h × 100 h, 5 fixes each. A jump due while another lasts starts when it ends, merging
      // the two: a share 1 − e^(−5/60) of them is seen as one, so 6000·e^(−5/60) ≈ 5520 visible starts.
      let jumps = zip(b.errorNorth, b.errorNorth.dropFirst()).filter { abs($0.0) < 1 && abs($0.1) > 1 }.count
      let visible = 6000 * exp(-5.0 / 60)
      #expect(abs(Double(jumps) - visible) < visible * 0.05, "\(jumps) jumps")
      #expect(abs(Double(shifted.count) / Double(jumps) - 5) < 0.5)
    }
  }

  @Test func urbanCanyonStaysInItsZones() {
    var b = eastbound(count: 1000, zone: nil)
    UrbanCanyonNoise(zones: [StageZone(from: 300, to: 600)], crossStreetSigma: 10, alongStreetSigma: 3).perturb(&b, random: RandomSource(seed: 3))
    for i in 0..<1000 {
      let inside = b.truth[i].distance >= 300 && b.truth[i].distance < 600
      #expect((b.errorNorth[i] != 0) == inside, "fix \(i) at \(b.truth[i].distance) m")
    }
  }

  @Test func zoneRestrictedWhiteNoise() {
    var b = eastbound(count: 1000, zone: nil)
    b.zones = [PathZone(kind: .canopy, from: 900, to: 1500)]
    WhiteNoise(sigma: 2, zone: .canopy).perturb(&b, random: RandomSource(seed: 4))
    for i in 0..<1000 { #expect((b.errorEast[i] != 0) == (b.truth[i].distance >= 900 && b.truth[i].distance < 1500)) }
  }

  @Test func antennaDegradationGrowsAtItsSlope() throws {
    var b = eastbound(count: 36_000 * 3)  // 30 h
    let model = AntennaDegradation(from: 3600, growthPerHour: 6, step: 1, tau: 5)
    model.perturb(&b, random: RandomSource(seed: 5))
    #expect(b.errorEast[0..<3600].allSatisfy { $0 == 0 }, "nothing before from_s")
    // The claimed accuracy rises by √2·σ(t): exactly linear at √2·6 m/h after the 1 m step.
    let hourlyRise = b.accuracyBias[3600 + 7200] - b.accuracyBias[3600 + 3600]
    #expect(abs(hourlyRise - 2.0.squareRoot() * 6) < 1e-9)
    #expect(abs(b.accuracyBias[3600] - 2.0.squareRoot()) < 1e-9)
    // The true error follows σ(t): mean square per axis over each 5 h block vs the integral of σ².
    for block in 0..<5 {
      let range = (3600 + block * 18_000)..<(3600 + (block + 1) * 18_000)
      var meanSquare = 0.0, expected = 0.0
      for i in range {
        meanSquare += (b.errorEast[i] * b.errorEast[i] + b.errorNorth[i] * b.errorNorth[i]) / 2
        expected += pow(model.sigma(at: b.truth[i].time), 2)
      }
      #expect(abs(meanSquare / expected - 1) < 0.08, "block \(block): \(meanSquare) vs \(expected) (sums)")
    }
  }

  @Test func dropoutsHaveTheirRateAndLength() {
    var b = eastbound(count: 720_000)  // 200 h
    Dropouts(perHour: 4, seconds: 5...30).perturb(&b, random: RandomSource(seed: 6))
    var gaps = 0, dropped = 0
    for i in 0..<b.count where b.dropped[i] {
      dropped += 1
      if i == 0 || !b.dropped[i - 1] { gaps += 1 }
    }
    // 800 expected (±3.5 %, Poisson sd 28); mean length 17.5 s ± 1.
    #expect(abs(Double(gaps) - 800) < 80, "\(gaps) gaps")
    #expect(abs(Double(dropped) / Double(gaps) - 17.5) < 1.5)
  }

  @Test func outliersHaveTheirRateAndHeavyTail() throws {
    var b = eastbound(count: 720_000)
    Outliers(perHour: 10, jump: 40...250, tailAlpha: 1.5).perturb(&b, random: RandomSource(seed: 7))
    let sizes: [Double] = zip(b.errorEast, b.errorNorth).map { (e: Double, n: Double) -> Double in (e * e + n * n).squareRoot() }
      .filter { $0 > 0 }
    #expect(abs(Double(sizes.count) - 2000) < 150, "\(sizes.count) outliers in 200 h at 10/h")
    #expect(sizes.allSatisfy { $0 >= 40 - 1e-9 && $0 <= 250 + 1e-9 })
    // Pareto median min·2^(1/α) = 63.5 m.
    let median = try #require(Statistics.quantile(sizes, 0.5))
    #expect(abs(median - 40 * pow(2, 1 / 1.5)) < 4, "median \(median)")
    #expect(sizes.contains { $0 == 250 }, "the clip is reached")
  }

  @Test func coldStartConverges() {
    var b = eastbound(count: 100)
    ColdStart(initialError: 40, converge: 25).perturb(&b, random: RandomSource(seed: 8))
    func error(_ i: Int) -> Double { (b.errorEast[i] * b.errorEast[i] + b.errorNorth[i] * b.errorNorth[i]).squareRoot() }
    #expect(abs(error(0) - 40) < 1e-9 && abs(b.accuracyBias[0] - 40) < 1e-9)
    #expect(abs(error(25) - 40 * exp(-3)) < 1e-9, "95 % gone after converge_s")
    #expect(error(99) < 1e-3)
  }
}
