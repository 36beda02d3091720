import Foundation
import NumericKit
import Testing
import TrackCore

import Simulation

/// The receiver's own error, static hold, claim wander and presets, on fixed seeds.
@Suite struct ReceiverErrorTests {
  /// `count` epochs 1 s apart at `speed` m/s eastward.
  func buffer(count: Int, speed: Double = 0) -> ObservationBuffer {
    var b = ObservationBuffer()
    b.reset(times: (0..<count).map(Double.init), speed: speed)
    return b
  }

  /// Median |second difference| of the error, m/s² (1 s spacing).
  func roughness(_ b: ObservationBuffer) -> Double {
    var values: [Double] = []
    for i in 1..<(b.count - 1) {
      values.append(hypot(b.errorEast[i + 1] - 2 * b.errorEast[i] + b.errorEast[i - 1], b.errorNorth[i + 1] - 2 * b.errorNorth[i] + b.errorNorth[i - 1]))
    }
    return Statistics.quantile(values, 0.5)!
  }

  @Test func secondOrderWanderHasItsVarianceAndAutocorrelation() throws {
    var b = buffer(count: 400_000)
    ReceiverError(wanderSigma: 2, wanderTau: 20).perturb(&b, interval: 1, random: RandomSource(seed: 3))
    #expect(abs(try #require(Statistics.variance(b.errorEast)).squareRoot() - 2) < 0.06)
    #expect(abs(try #require(Statistics.variance(b.errorNorth)).squareRoot() - 2) < 0.06)
    for lag in [1, 10, 20, 60] {
      let expected = (1 + Double(lag) / 20) * exp(-Double(lag) / 20)
      let r = try #require(Statistics.autocorrelation(b.errorEast, lag: lag))
      #expect(abs(r - expected) < 0.03, "lag \(lag): \(r) vs \(expected)")
    }
  }

  /// The point of the model: a wander as large as a first-order Gauss-Markov error is far smoother, so
  /// standing still it adds little false distance.
  @Test func wanderIsSmootherThanFirstOrderNoise() {
    var smooth = buffer(count: 36_000), rough = buffer(count: 36_000)
    ReceiverError(wanderSigma: 3, wanderTau: 45).perturb(&smooth, interval: 1, random: RandomSource(seed: 4))
    GaussMarkovNoise(sigma: 3, tau: 45).perturb(&rough, random: RandomSource(seed: 4))
    #expect(roughness(smooth) * 20 < roughness(rough), "\(roughness(smooth)) vs \(roughness(rough)) m/s²")
  }

  @Test func jitterGrowsWithSpeed() throws {
    var still = buffer(count: 100_000, speed: 0), fast = buffer(count: 100_000, speed: 10)
    let model = ReceiverError(jitterSigma: 0.1, jitterTau: 0, jitterPerSpeed: 0.03)
    model.perturb(&still, interval: 1, random: RandomSource(seed: 5))
    model.perturb(&fast, interval: 1, random: RandomSource(seed: 5))
    #expect(abs(try #require(Statistics.variance(still.errorEast)).squareRoot() - 0.1) < 0.005)
    #expect(abs(try #require(Statistics.variance(fast.errorEast)).squareRoot() - 0.4) < 0.01)
    // With a correlated jitter the speed part stays white: 0.1·j + 0.3·w with cov(j, w) = √(1 − φ²).
    var slow = buffer(count: 200_000, speed: 10)
    ReceiverError(jitterSigma: 0.1, jitterTau: 5, jitterPerSpeed: 0.03).perturb(&slow, interval: 1, random: RandomSource(seed: 5))
    let phi = exp(-1.0 / 5), innovation = (1 - phi * phi).squareRoot()
    let expected = (0.01 + 0.09 + 2 * 0.1 * 0.3 * innovation).squareRoot()
    #expect(abs(try #require(Statistics.variance(slow.errorEast)).squareRoot() - expected) < 0.005)
    // Lag 1: only the correlated part carries over: (0.01·φ + 0.1·0.3·φ·√(1 − φ²)) / variance.
    let lag1 = (0.01 * phi + 0.1 * 0.3 * phi * innovation) / (expected * expected)
    #expect(abs(try #require(Statistics.autocorrelation(slow.errorEast, lag: 1)) - lag1) < 0.01)
  }

  @Test func jumpsComeAtTheirRateAndSettle() throws {
    var b = buffer(count: 360_000)  // 100 h
    ReceiverError(jumpsPerHour: 30, jumpSigma: 10, jumpSettle: 20).perturb(&b, interval: 1, random: RandomSource(seed: 6))
    // A jump's first second moves the error by 1 − e^(−1/2) ≈ 39 % of its size (the 2 s rise); between
    // jumps the error only settles, by 5 % of the offset a second. Count 1 s steps over 1 m after a step
    // under 0.3 m.
    var starts = 0
    for i in 2..<b.count {
      let step = hypot(b.errorEast[i] - b.errorEast[i - 1], b.errorNorth[i] - b.errorNorth[i - 1])
      let before = hypot(b.errorEast[i - 1] - b.errorEast[i - 2], b.errorNorth[i - 1] - b.errorNorth[i - 2])
      if step > 1 && before < 0.3 { starts += 1 }
    }
    // 3000 jumps; the 3 % under 2.6 m (0.39 × 2.6 ≈ 1 m; 2D Rayleigh of σ 10 m) and those that come while
    // the last still rises or settles fast are not seen.
    #expect(starts > 2500 && starts < 3050, "\(starts) jump starts")
    let median = Statistics.quantile(b.errorEast.map(abs), 0.5)!
    #expect(median < 3, "settled between jumps: median |error| \(median) m")
  }

  /// Lasting tails: the same share of fixes far out and the same size, but an excursion holds for
  /// seconds, so the error stays smooth and a moving track barely lengthens, where white tails of the
  /// same share and size zig-zag every fix they touch.
  @Test func lastingTailsKeepTheirShareAndSizeAndAreSmooth() throws {
    func errors(tau: Double) -> (share: Double, lag1: Double, excess: Double) {
      var b = buffer(count: 200_000, speed: 8)
      ReceiverError(tailShare: 0.05, tailSigma: 10, tailTau: tau).perturb(&b, interval: 1, random: RandomSource(seed: 8))
      let radial = (0..<b.count).map { hypot(b.errorEast[$0], b.errorNorth[$0]) }
      // Length of the track along the truth's 8 m steps, over the truth's.
      var length = 0.0
      for i in 1..<b.count { length += hypot(8 + b.errorEast[i] - b.errorEast[i - 1], b.errorNorth[i] - b.errorNorth[i - 1]) }
      return (
        Double(radial.filter { $0 > 1 }.count) / Double(b.count), Statistics.autocorrelation(b.errorEast, lag: 1) ?? 0,
        100 * (length / (8 * Double(b.count - 1)) - 1)
      )
    }
    let white = errors(tau: 0), lasting = errors(tau: 10)
    // Over 1 m: 99.5 % of excursions of σ 10 m (white).
    #expect(abs(white.share - 0.05 * 0.995) < 0.003, "\(white.share)")
    // A lasting one also while it falls back, about (τ/2)·ln(|A| / 1 m) more, and while it rises: up to
    // twice the share for offsets of σ 10 m with τ 10 s.
    #expect(lasting.share > 0.05 && lasting.share < 0.1, "\(lasting.share)")
    #expect(white.lag1 < 0.05, "white tails: lag-1 \(white.lag1)")
    #expect(lasting.lag1 > 0.85, "lasting tails: lag-1 \(lasting.lag1)")
    #expect(lasting.excess * 10 < white.excess, "track length: +\(lasting.excess) % against +\(white.excess) %")
    // Without tails, a duration changes nothing: not a single draw.
    var plain = buffer(count: 1000, speed: 3), timed = buffer(count: 1000, speed: 3)
    ReceiverError(wanderSigma: 2, wanderTau: 20).perturb(&plain, interval: 1, random: RandomSource(seed: 9))
    ReceiverError(wanderSigma: 2, wanderTau: 20, tailTau: 10).perturb(&timed, interval: 1, random: RandomSource(seed: 9))
    #expect(plain.errorEast == timed.errorEast && plain.errorNorth == timed.errorNorth)
  }

  @Test func staticHoldRepeatsFixesWhileStillOnly() throws {
    let hold = ReceiverSpec(error: ReceiverError(wanderSigma: 1, wanderTau: 30), staticHold: StaticHold(below: 0.3, release: 1))
    func scenario(_ pace: PaceSpec) throws -> [LocalFix] {
      try ScenarioEngine(Scenario(
        name: "h", seed: 2,
        route: RouteSpec(origin: GeodeticPosition(latitude: 10, longitude: 20), shape: .waypoints([.init(east: 0, north: 0), .init(east: 0, north: 3000)])),
        pace: pace, receiver: hold)).observe(trial: 0)
    }
    let still = try ScenarioEngine(Scenario(
      name: "s", seed: 2, route: RouteSpec(origin: GeodeticPosition(latitude: 10, longitude: 20), shape: .waypoints([.init(east: 0, north: 0)])),
      pace: PaceSpec(profile: .standing(seconds: 3600)), receiver: hold)).observe(trial: 0)
    let repeats = zip(still, still.dropFirst()).filter { $0.0.east == $0.1.east && $0.0.north == $0.1.north }.count
    #expect(Double(repeats) / Double(still.count) > 0.5, "\(repeats) of \(still.count) standing fixes repeat")
    let moving = try scenario(PaceSpec(profile: .steady(secondsPerKilometer: 330)))
    #expect(!zip(moving, moving.dropFirst()).contains { $0.0.east == $0.1.east && $0.0.north == $0.1.north })
  }

  @Test func claimWandersOnItsOwnAndFollowsTheErrorOnlyWhenAsked() throws {
    func claims(_ accuracy: ReportedAccuracy) throws -> (claims: [Double], errors: [Double]) {
      let engine = try ScenarioEngine(Scenario(
        name: "c", seed: 8, route: RouteSpec(origin: GeodeticPosition(latitude: 10, longitude: 20), shape: .waypoints([.init(east: 0, north: 0)])),
        pace: PaceSpec(profile: .standing(seconds: 36_000)),
        receiver: ReceiverSpec(reportedAccuracy: accuracy, error: ReceiverError(wanderSigma: 2, wanderTau: 30))))
      let fixes = engine.observe(trial: 0)
      let origin = engine.truth.path.point(at: 0)
      return (fixes.map(\.horizontalAccuracy), fixes.map { hypot($0.east - origin.east, $0.north - origin.north) })
    }
    let loose = try claims(ReportedAccuracy(base: 4, wanderLogSigma: 0.3, wanderTau: 60))
    let logSpread = try #require(Statistics.variance(loose.claims.map { log($0) })).squareRoot()
    #expect(abs(logSpread - 0.3) < 0.03)
    #expect(abs(try #require(Statistics.mean(loose.claims)) - 4) < 0.2, "the wander has mean 1")
    #expect(abs(try #require(Statistics.correlation(loose.claims[...], loose.errors[...]))) < 0.05, "the default claim says nothing about the error")
    let oracle = try claims(ReportedAccuracy(base: 4, followsTrueError: 1))
    #expect(try #require(Statistics.correlation(oracle.claims[...], oracle.errors[...])) > 0.99, "an oracle is opted into")
  }

  @Test func everyPresetDecodesAndOverridesFieldByField() throws {
    for preset in ReceiverPreset.all {
      let receiver = try preset.receiver()
      #expect(receiver.error != nil, "\(preset.name) has an error process")
      #expect(!preset.source.isEmpty && !preset.summary.isEmpty)
    }
    let yaml = """
      name: o
      route: { origin: { latitude: 1, longitude: 2 }, waypoints_m: [[0, 0], [1000, 0]] }
      receiver: { preset: phone-open-sky, rate_hz: 2, error: { wander_sigma_m: 5 } }
      """
    let receiver = try ScenarioLoader.parse(yaml, file: "o.yaml").receiver
    let preset = try ReceiverPreset.named("phone-open-sky")!.receiver()
    #expect(receiver.rateHz == 2 && receiver.error?.wanderSigma == 5)
    #expect(receiver.error?.wanderTau == preset.error?.wanderTau && receiver.staticHold == preset.staticHold, "the rest is the preset's")
    #expect(receiver.reportedAccuracy == preset.reportedAccuracy)
    let error = #expect(throws: ScenarioFileError.self) {
      try ScenarioLoader.parse(yaml.replacingOccurrences(of: "phone-open-sky", with: "phone-x"), file: "o.yaml")
    }
    #expect(error?.description.hasPrefix("o.yaml:3:21: receiver.preset: expected one of phone-open-sky, ") == true, "\(String(describing: error))")
  }
}
