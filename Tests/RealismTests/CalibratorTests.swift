import Foundation
import NumericKit
import Testing

import Realism
import Simulation
import TrackCore
import TrackIO

/// A static truth of `seconds` epochs 1 s apart, as a real recording's series would give.
func staticTruth(seconds: Int) -> ErrorSeries {
  var series = ErrorSeries()
  for i in 0..<seconds { series.append(time: Double(i), east: 0, north: 0, truth: (0, 0, 0), claimed: nil, repeated: false) }
  return series
}

@Suite struct CalibratorTests {
  /// A known receiver simulated standing still for 4 hours, then calibrated: the wander's size and
  /// time constant come back, and the fitted receiver reproduces the recording's statistics. (The jitter's
  /// σ and τ trade against each other in every statistic here, so they are checked through what they
  /// produce: roughness and false distance. The bias is not: one recording's mean error is one draw of
  /// the wander's mean, about σ·√(4τ/T) = 0.16 m here, which no fit can or should reproduce.)
  /// 230 s of one core in a debug build, the longest single test: TRACKBENCH_LONG_TESTS=1 (make test-long).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TRACKBENCH_LONG_TESTS"] == "1", "a 4-hour recording calibrated: TRACKBENCH_LONG_TESTS=1 (make test-long)"))
  func recoversKnownParametersFromASimulatedRecording() {
    var known = ReceiverSpec()
    known.error = ReceiverError(wanderSigma: 1.5, wanderTau: 40, jitterSigma: 0.3, jitterTau: 0)
    // Four hours hold about 180 independent stretches of a 40 s wander, so σ and τ come back to within
    // about 5 and 15 % (one recording of 40 minutes scatters τ by 40 %).
    let truth = staticTruth(seconds: 14_400)
    let recorded = SeriesSimulation.simulate(ReceiverModel(receiver: known, noise: [], seed: 99), like: truth, trial: 0)
    var calibrator = Calibrator()
    calibrator.trials = 2
    let result = calibrator.calibrate(recorded)
    let fitted = result.receiver.error!
    #expect(abs(fitted.wanderSigma - 1.5) / 1.5 < 0.25, "wander σ \(fitted.wanderSigma)")
    #expect(abs(fitted.wanderTau - 40) / 40 < 0.4, "wander τ \(fitted.wanderTau)")
    #expect(result.receiver.staticHold == nil, "no repeated fixes, no hold")
    let failed = result.rows.filter { $0.withinTolerance == false && !$0.name.hasPrefix("bias_") }.map(\.name)
    #expect(failed.isEmpty, "not within tolerance: \(failed)")
  }

  /// A fit is the same on any thread count: each trial draws from its own streams and the trials'
  /// statistics are summed in trial order (``TrialMap``). A walk with a pause, a gap of 400 s (two
  /// simulated segments) and claims, fitted on one thread and on three: the same receiver, rows and
  /// iterations; a placement in a population likewise. And a timing made for other epochs is not used.
  @Test func aFitIsTheSameOnAnyThreadCount() throws {
    var walk = ErrorSeries()
    let random = RandomSource(seed: 11)
    for i in 0..<240 {
      let t = Double(i) + (i >= 120 ? 400 : 0)
      let speed = (60..<90).contains(i) ? 0.0 : 1.4
      walk.append(
        time: t, east: 1.4 * t + random.gaussian(sigma: 3), north: random.gaussian(sigma: 3), truth: (1.4 * t, 0, speed),
        claimed: 3 + abs(random.gaussian(sigma: 1)).rounded(), repeated: false)
    }
    func fitted(threads: Int) -> Calibrator.Result {
      var calibrator = Calibrator()
      calibrator.maxIterations = 4
      calibrator.threads = threads
      return calibrator.calibrate(walk)
    }
    let one = fitted(threads: 1), three = fitted(threads: 3)
    #expect(one.receiver == three.receiver && one.rows == three.rows && one.iterations == three.iterations)
    #expect(one.rows.contains { $0.simulated != nil }, "the fit simulated something")

    let population = try ReceiverPopulation.receiver(fromYAML: try #require(ReceiverPopulation.bundled.first).yaml)
    #expect(PopulationPlacement.place(population, real: walk, trials: 12, threads: 1) == PopulationPlacement.place(population, real: walk, trials: 12, threads: 3))

    let moved = ErrorStatistics.Timing(walk.time.map { $0 * 2 })
    #expect(ErrorStatistics.measure(walk, timing: moved) == ErrorStatistics.measure(walk))
    #expect(ErrorStatistics.measure(walk, timing: ErrorStatistics.Timing(walk.time)) == ErrorStatistics.measure(walk))
  }

  /// The reported speed's delay comes back from a recording's speeds against its truth's: a speed
  /// 0.6 s late with 0.1 m/s of noise, over a run that speeds up and slows down, fits to within 0.05 s
  /// and 0.02 m/s; a truth at one speed cannot tell a delay, and fits none.
  @Test func aLateSpeedIsFittedFromTheRecording() throws {
    let random = RandomSource(seed: 5)
    func series(accelerating: Bool) -> ErrorSeries {
      var series = ErrorSeries()
      func speed(_ t: Double) -> Double { accelerating ? 5 + 3 * sin(t / 15) : 5 }
      for i in 0..<1200 {
        let t = Double(i)
        series.append(
          time: t, east: 0, north: 0, truth: (0, 0, speed(t)), claimed: nil, repeated: false,
          reportedSpeed: speed(t - 0.6) + random.gaussian(sigma: 0.1))
      }
      return series
    }
    let fit = try #require(Calibrator.fitDoppler(series(accelerating: true)))
    #expect(abs(fit.latency - 0.6) < 0.05 && abs(fit.sigma - 0.1) < 0.02, "\(fit)")
    #expect(Calibrator.fitDoppler(series(accelerating: false)) == nil)
  }
}
