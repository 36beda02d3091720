import Foundation
import NumericKit
import Simulation

/// Fits a receiver to a recording with known truth, then compares the fitted receiver's statistics
/// with the real ones.
///
/// Fitted by GSL's Nelder-Mead simplex (``Minimizer``) in log space (which keeps every parameter
/// positive): the wander's σ and τ, the jitter's σ and τ, the tails' share, σ and duration; the jitter's growth
/// with speed when the truth moves; the still factor and its speed when the truth both stands and moves;
/// the static hold's release distance and speed threshold when the recording repeats fixes (more than
/// 0.5 %). The offset is set by moments (the mean error) when the truth is not the recording's own mean.
/// The objective is the sum of squared differences between real and simulated statistics, each divided
/// by its tolerance (see ``ErrorStatistics``): error sd per axis, p50 and p95 (overall, still and moving),
/// autocorrelation at 1, 10, 30 and 120 s, roughness, repeated share, false distance and the distance
/// excess (the raw track's distance error along the motion: what the verdict ranks by) where defined.
/// Simulated statistics are means over ``trials(for:)`` simulations with fixed seeds (common random
/// numbers), so the objective is a deterministic, smooth-enough function of the parameters. The verdict
/// (``compare(_:noise:real:)``) is judged on other seeds (``judgingSeed``), never the fit's, so "ok" is
/// out of sample. The claimed accuracy: base = the median claim, rounding to whole metres when every claim
/// is whole, its log-σ and weight on the true error fitted on the claims alone. Jumps (a settling offset)
/// are not fitted: a recording of minutes holds too few satellite-set changes to estimate their rate;
/// the tails stand for the excursions a recording does show.
public struct Calibrator: Sendable {
  /// Simulations averaged per evaluation, at least: a short recording gets more, so the simulations
  /// cover an hour in all (at most 64), or its simulated statistics would scatter more than the
  /// tolerances allow.
  public var trials = 8

  /// The simulations for a recording spanning `seconds`.
  func trials(for real: ErrorSeries) -> Int {
    let span = max((real.time.last ?? 0) - (real.time.first ?? 0), 1)
    return min(max(trials, Int((3600 / span).rounded(.up))), 64)
  }
  /// Iteration budget of the simplex.
  public var maxIterations = 400
  /// Seed of the fit's simulations.
  public var seed: UInt64 = 1
  /// Threads each evaluation's simulations run on (each trial seeded by its number, the results summed in trial order: the fit is the same on any count).
  /// `calibrate` of one recording uses every core; a manifest's fits run one per core instead.
  public var threads = 1
  /// Seed of the simulations a fitted receiver is judged on: not the fit's, so the verdict is out of
  /// sample.
  public var judgingSeed: UInt64 = 0x5EED_0F_7E57

  public init() {}

  /// Fewest epochs a fit or a comparison of statistics is made from: below this the wander's
  /// correlation time and the tails are not estimated at all.
  public static let minimumEpochs = 30

  /// The fitted receiver and the side-by-side comparison.
  public struct Result: Sendable {
    public var receiver: ReceiverSpec
    /// Population parameters (``ReceiverPopulation/drawable`` names) the recording could tell; the
    /// others hold defaults.
    public var identified: Set<String>
    /// Median true speed of the recording, m/s: where a device fitted to it errs as fitted when its
    /// recording could not tell stopped from moving (see ``ReceiverPopulation/Device/speed``).
    public var speed: Double
    public var rows: [Row]
    public var iterations: Int
    public var converged: Bool
  }

  /// One statistic, real beside simulated (the mean over ``trials(for:)`` simulations).
  public struct Row: Sendable, Hashable, Codable {
    public var name: String
    public var real: Double?
    public var simulated: Double?
    /// `nil` when either side has no value.
    public var withinTolerance: Bool?
  }

  /// What a parameter must lower the fit's cost by to be kept (Akaike's 2 per parameter).
  static let costPerParameter = 2.0

  static let fitted = [
    "error_sd_east_m", "error_sd_north_m", "error_p50_m", "error_p95_m", "error_p50_still_m", "error_p50_moving_m",
    "autocorrelation_1s", "autocorrelation_10s", "autocorrelation_30s", "autocorrelation_120s", "false_distance_m_per_min",
    "distance_excess_percent", "roughness_m_per_s2", "repeated_share",
  ]

  /// What a recording can tell: which parts of the receiver are fitted to it.
  struct Identifiable {
    /// It repeats fixes (more than 0.5 %): the static hold's release distance and speed threshold.
    var holds: Bool
    /// Its truth moves: the jitter's growth with speed.
    var moving: Bool
    /// Its truth both stands (30 epochs) and moves (30 epochs at 1 m/s or more): the still factor.
    var byMotion: Bool
    /// Its truth is a surveyed point or a reference, not its own mean: the offset.
    var offset: Bool
  }

  /// The fix rate a recording was made at: one over its typical spacing, 0.2-10 Hz.
  public static func rate(of real: ErrorSeries) -> Double { min(max(1 / max(real.typicalInterval, 0.1), 0.2), 10) }

  /// Fits a receiver reporting at `rateHz` to `real`.
  public func calibrate(_ real: ErrorSeries, rateHz: Double = 1) -> Result {
    calibrate(statistics: Self.measured(real), along: real, rateHz: rateHz)
  }

  /// Every statistic of `series` by name.
  public static func measured(_ series: ErrorSeries) -> [String: Double?] {
    Dictionary(uniqueKeysWithValues: ErrorStatistics.measure(series).map { ($0.name, $0.value) })
  }

  /// Fits a receiver reporting at `rateHz` to `realStatistics`, measured of a recording whose truth
  /// moved as `motion` does: the recording itself (``calibrate(_:rateHz:)``), or a motion like its
  /// (``ErrorSeries/drive(seconds:speed:stops:)``) when only its statistics are published. The claim and
  /// the Doppler speed are fitted from `motion`'s claims and speeds, when it has them.
  public func calibrate(statistics realStatistics: [String: Double?], along real: ErrorSeries, rateHz: Double = 1) -> Result {
    let known = Identifiable(
      holds: (realStatistics["repeated_share"] ?? nil).map { $0 > 0.005 } ?? false,
      moving: real.truthSpeed.contains { $0 > ErrorStatistics.movingSpeed },
      byMotion: (realStatistics["error_p50_still_m"] ?? nil) != nil && (realStatistics["error_p50_moving_m"] ?? nil) != nil,
      offset: !real.truthIsMean)
    // The offset by moments: the mean error (a wander of mean 0 leaves the rest).
    let biasEast = known.offset ? (realStatistics["bias_east_m"] ?? nil) ?? 0 : 0
    let biasNorth = known.offset ? (realStatistics["bias_north_m"] ?? nil) ?? 0 : 0
    let offset = hypot(biasEast, biasNorth)
    let bearing = offset > 0 ? (atan2(biasEast, biasNorth) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360) : 0
    let sd = [realStatistics["error_sd_east_m"] ?? nil, realStatistics["error_sd_north_m"] ?? nil].compactMap { $0 }
    let scale = max(sd.isEmpty ? 1 : sd.reduce(0, +) / Double(sd.count), 0.05)
    // x = log of: wander σ, wander τ, jitter σ, jitter τ, jitter per speed, tail share, tail σ, tail τ,
    // [hold release, hold speed], [still factor, still speed].
    let holdIndex = 8, stillIndex = known.holds ? 10 : 8
    func receiver(_ x: [Double], tails: Bool = true) -> ReceiverSpec {
      let bounded = x.map { min(max($0, -9), 11) }
      var spec = ReceiverSpec(rateHz: rateHz, reportedAccuracy: ReportedAccuracy(base: 5))
      spec.error = ReceiverError(
        wanderSigma: exp(bounded[0]), wanderTau: min(max(exp(bounded[1]), 0.5), 86_400), jitterSigma: exp(bounded[2]),
        jitterTau: exp(bounded[3]) < 0.05 ? 0 : min(exp(bounded[3]), 86_400), jitterPerSpeed: known.moving ? min(exp(bounded[4]), 100) : 0,
        offset: min(offset, 1000), offsetBearing: offset > 0 ? bearing : nil,
        stillScale: known.byMotion ? min(max(exp(bounded[stillIndex]), 0.1), 10) : 1,
        stillSpeed: known.byMotion ? min(max(exp(bounded[stillIndex + 1]), 0.1), 100) : 1,
        tailShare: tails ? min(exp(bounded[5]), 0.5) : 0, tailSigma: tails ? min(exp(bounded[6]), 100_000) : 0,
        tailTau: !tails || exp(bounded[7]) < 0.05 ? 0 : min(exp(bounded[7]), 86_400))
      if known.holds {
        spec.staticHold = StaticHold(below: min(exp(bounded[holdIndex + 1]), 10), release: min(exp(bounded[holdIndex]), 1000))
      }
      return spec
    }
    func cost(_ simulated: [String: Double?], _ names: [String]) -> Double {
      var total = 0.0
      for name in names {
        guard let r = realStatistics[name] ?? nil else { continue }
        // A statistic the recording has and the simulation lacks (a constant series has no
        // autocorrelation) counts as three tolerances off, so the fit cannot escape by erasing it.
        guard let s = simulated[name] ?? nil else { total += 9; continue }
        let tolerance = max(ErrorStatistics.relativeTolerance * abs(r), ErrorStatistics.definitions.first { $0.name == name }!.absoluteTolerance)
        total += ((s - r) / tolerance) * ((s - r) / tolerance)
      }
      return total
    }
    // Restarts from a smooth, a mixed and a rough start: the objective has several valleys. The rough
    // start's tails are one fix long (white), the others' last seconds.
    var best: Minimizer.Result?
    for (jitterShare, wanderTau, tailTau) in [(0.1, 60.0, 5.0), (0.35, 20.0, 2.0), (0.7, 5.0, 0.02)] {
      var start = [
        log(scale * (1 - jitterShare * jitterShare).squareRoot()), log(wanderTau), log(scale * jitterShare), log(0.3), log(0.01),
        log(0.005), log(3 * scale), log(tailTau),
      ]
      if known.holds { start += [log(2.0), log(0.3)] }
      if known.byMotion { start += [log(1.0), log(1.0)] }
      let result = Minimizer.nelderMead(start: start, steps: [Double](repeating: 0.7, count: start.count), tolerance: 1e-3, maxIterations: maxIterations) {
        cost(simulatedStatistics(receiver($0), like: real), Self.fitted)
      }
      if best == nil || result.value < best!.value { best = result }
    }
    // Tails only where the statistics need them: the same search without tails, from where the best
    // one ended, wins unless tails lower the cost by more than 2 per parameter they add (Akaike's
    // criterion, the cost being a sum of squared errors in tolerances). A handful of statistics cannot
    // tell a few metres of tail from none, and a tail nobody asked for zig-zags a simulated track.
    let tailCoordinates = 5..<8
    func withTails(_ y: [Double]) -> [Double] { Array(y[..<tailCoordinates.lowerBound]) + [0, 0, 0] + Array(y[tailCoordinates.lowerBound...]) }
    var plainStart = best!.point
    plainStart.removeSubrange(tailCoordinates)
    let plain = Minimizer.nelderMead(start: plainStart, steps: [Double](repeating: 0.7, count: plainStart.count), tolerance: 1e-3, maxIterations: maxIterations) {
      cost(simulatedStatistics(receiver(withTails($0), tails: false), like: real), Self.fitted)
    }
    let tails = plain.value > best!.value + Self.costPerParameter * Double(tailCoordinates.count)
    if !tails {
      best!.point = withTails(plain.point)
      best!.value = plain.value
      best!.iterations += plain.iterations
      best!.converged = plain.converged
    }
    var fitted = receiver(best!.point, tails: tails)
    fitted.reportedAccuracy = fitClaim(fitted, real: real, statistics: realStatistics)
    var identified: Set<String> = ["error.wander_sigma_m", "error.wander_tau_s", "error.jitter_sigma_m", "error.jitter_tau_s", "error.tail_share"]
    // Without tails, their size and duration say nothing.
    if tails { identified.formUnion(["error.tail_sigma_m", "error.tail_tau_s"]) }
    if known.moving { identified.insert("error.jitter_per_speed_s") }
    if known.offset { identified.insert("error.offset_m") }
    if known.byMotion { identified.formUnion(["error.still_scale", "error.still_speed_mps"]) }
    if known.holds { identified.formUnion(["static_hold.below_mps", "static_hold.release_m"]) }
    if real.claimed.compactMap({ $0 }).count >= 10 {
      identified.formUnion(["reported_accuracy.base_m", "reported_accuracy.wander_log_sigma", "reported_accuracy.follows_true_error"])
    }
    if let speed = Self.fitDoppler(real) {
      fitted.doppler = ReceiverSpec.Doppler(speedSigma: speed.sigma, latency: speed.latency)
      identified.formUnion(["doppler.speed_sigma_mps", "doppler.latency_s"])
    }
    var rows = compare(fitted, statistics: realStatistics, along: real)
    // The vertical model, where the recording and its truth both have heights (VerticalFit); its rows
    // follow the horizontal ones, so a recording without heights reads as before.
    if let vertical = VerticalFit.fit(real) {
      fitted.vertical = vertical
      identified.formUnion(["vertical.sigma_m", "vertical.tau_s", "vertical.offset_m"])
      rows += compare(vertical: vertical, statistics: VerticalFit.measured(real), along: real)
    }
    return Result(
      receiver: fitted, identified: identified, speed: Statistics.quantile(real.truthSpeed, 0.5) ?? 0, rows: rows,
      iterations: best!.iterations, converged: best!.converged)
  }

  /// The reported speed's delay and noise, from the epochs where the recording states a speed and its
  /// truth moves (0.5 m/s or more) with a neighbour on each side at the typical spacing: the error
  /// (reported − true) regressed on the true acceleration (the centred difference of the truth's speeds;
  /// `gsl_fit_linear`): a speed `latency` seconds late errs by −latency · acceleration, so latency =
  /// −slope (0-5 s) and σ = the RMS of what the delay leaves (0-10 m/s). `nil` with fewer than 30 such
  /// epochs or too little acceleration to tell a delay by (an sd under 0.05 m/s²). Phones against SPAN:
  /// Pixel 4 0.25 s and 0.10 m/s, Pixel 4 XL 0.67 s and 0.14 m/s (docs/transfer.md).
  package static func fitDoppler(_ real: ErrorSeries) -> (latency: Double, sigma: Double)? {
    let spacing = real.typicalInterval
    var accelerations: [Double] = [], errors: [Double] = []
    for i in 1..<max(real.count - 1, 1) where real.reportedSpeed[i] >= 0 && real.truthSpeed[i] >= 0.5 {
      let before = real.time[i] - real.time[i - 1], after = real.time[i + 1] - real.time[i]
      guard abs(before - spacing) <= 0.1 * spacing, abs(after - spacing) <= 0.1 * spacing else { continue }
      accelerations.append((real.truthSpeed[i + 1] - real.truthSpeed[i - 1]) / (before + after))
      errors.append(real.reportedSpeed[i] - real.truthSpeed[i])
    }
    guard accelerations.count >= 30, (Statistics.variance(accelerations) ?? 0).squareRoot() >= 0.05,
      let line = Statistics.linearFit(accelerations, errors)
    else { return nil }
    let latency = min(max(-line.slope, 0), 5)
    let left = zip(errors, accelerations).map { error, a in error + latency * a }
    let sigma = (left.map { $0 * $0 }.reduce(0, +) / Double(left.count)).squareRoot()
    return (latency, min(sigma, 10))
  }

  /// The claim: base = the median real claim; its log-σ and its weight on the true error fitted (Nelder-
  /// Mead on the claims only) so the simulated claims spread like the real ones (the standard deviation
  /// of their logarithm) and correlate with the error as much; a constant 5 m when the recording claims
  /// nothing.
  func fitClaim(_ receiver: ReceiverSpec, real: ErrorSeries, statistics: [String: Double?]) -> ReportedAccuracy {
    let claims = real.claimed.compactMap { $0 }.filter { $0 > 0 }
    guard claims.count >= 10, let median = Statistics.quantile(claims, 0.5) else { return ReportedAccuracy() }
    // Claims in whole metres are rounded by the receiver (so is the simulated claim).
    let rounding = claims.allSatisfy { $0 == $0.rounded() } ? 1.0 : 0
    let realSpread = Statistics.variance(claims.map { log($0) }).map { $0.squareRoot() } ?? 0
    let realCorrelation = (statistics["claim_error_correlation"] ?? nil) ?? 0
    func claim(_ x: [Double]) -> ReportedAccuracy {
      ReportedAccuracy(
        base: median, followsTrueError: 1 / (1 + exp(-x[0])), minimum: min(1, claims.min() ?? 1), wanderLogSigma: min(exp(x[1]), 3), wanderTau: 60,
        rounding: rounding)
    }
    let result = Minimizer.nelderMead(start: [-3, log(max(realSpread, 0.01))], steps: [1, 0.7], tolerance: 1e-3, maxIterations: 150) { x in
      var spec = receiver
      spec.reportedAccuracy = claim(x)
      let model = ReceiverModel(receiver: spec, noise: [], seed: seed)
      let trials = trials(for: real)
      let plan = SeriesSimulation.Plan(like: real, rateHz: spec.rateHz)
      let figures = TrialMap.map(count: trials, threads: threads) { trial in
        let simulated = SeriesSimulation.simulate(model, along: plan, trial: trial)
        let c = simulated.claimed.compactMap { $0 }
        let errors = (0..<simulated.count).map { hypot(simulated.error($0).east, simulated.error($0).north) }
        return (spread: Statistics.variance(c.map { log($0) }).map { $0.squareRoot() } ?? 0, correlation: Statistics.correlation(c[...], errors[...]) ?? 0)
      }
      var spread = 0.0, correlation = 0.0
      for figure in figures {
        spread += figure.spread / Double(trials)
        correlation += figure.correlation / Double(trials)
      }
      return pow((correlation - realCorrelation) / 0.15, 2) + pow((spread - realSpread) / max(0.2 * realSpread, 0.02), 2)
    }
    return claim(result.point)
  }

  /// Real and simulated statistics of `receiver` (with any `noise` stages) beside each other.
  public func compare(_ receiver: ReceiverSpec, noise: [NoiseStage] = [], real: ErrorSeries) -> [Row] {
    compare(receiver, noise: noise, statistics: Self.measured(real), along: real)
  }

  /// `realStatistics` beside those of `receiver` (with any `noise` stages) simulated along `motion`.
  public func compare(_ receiver: ReceiverSpec, noise: [NoiseStage] = [], statistics realStatistics: [String: Double?], along motion: ErrorSeries) -> [Row] {
    let simulated = simulatedStatistics(receiver, noise: noise, like: motion, seed: judgingSeed)
    return ErrorStatistics.definitions.map { definition in
      let r = realStatistics[definition.name] ?? nil, s = simulated[definition.name] ?? nil
      return Row(name: definition.name, real: r, simulated: s, withinTolerance: ErrorStatistics.matches(name: definition.name, real: r, simulated: s))
    }
  }

  /// Mean of each statistic over ``trials(for:)`` simulations of `receiver` along `real`'s truth.
  /// The same of the vertical statistics (``VerticalFit``) with `measure` and `names` given; without,
  /// ``ErrorStatistics`` with one ``ErrorStatistics/Timing`` for every trial.
  func simulatedStatistics(
    _ receiver: ReceiverSpec, noise: [NoiseStage] = [], like real: ErrorSeries, seed: UInt64? = nil,
    measure: (@Sendable (ErrorSeries) -> [Statistic])? = nil, names: [String] = ErrorStatistics.definitions.map(\.name)
  ) -> [String: Double?] {
    let model = ReceiverModel(receiver: receiver, noise: noise, seed: seed ?? self.seed)
    let trials = trials(for: real)
    let plan = SeriesSimulation.Plan(like: real, rateHz: receiver.rateHz)
    let timing = measure == nil ? ErrorStatistics.Timing(real.time) : nil
    let measure = measure ?? { ErrorStatistics.measure($0, timing: timing) }
    let measured = TrialMap.map(count: trials, threads: threads) { measure(SeriesSimulation.simulate(model, along: plan, trial: $0)) }
    var sums: [String: (Double, Int)] = [:]
    for statistics in measured {
      for statistic in statistics {
        guard let value = statistic.value else { continue }
        sums[statistic.name, default: (0, 0)].0 += value
        sums[statistic.name, default: (0, 0)].1 += 1
      }
    }
    var means: [String: Double?] = [:]
    for name in names {
      // A statistic defined in fewer than half the simulations is taken as undefined.
      if let (sum, count) = sums[name], count * 2 >= trials { means[name] = sum / Double(count) } else {
        means[name] = .some(nil)
      }
    }
    return means
  }

  /// `real`'s vertical statistics (``VerticalFit``) beside those of `vertical` simulated along `motion`'s
  /// truth: how a fitted vertical model is judged, in or out of sample.
  public func compare(vertical: ReceiverSpec.Vertical, statistics real: [String: Double?], along motion: ErrorSeries) -> [Row] {
    let receiver = ReceiverSpec(rateHz: Self.rate(of: motion), vertical: vertical)
    let names = VerticalFit.definitions.map(\.name)
    let simulated = simulatedStatistics(receiver, like: motion, seed: judgingSeed, measure: VerticalFit.measure, names: names)
    return VerticalFit.definitions.map { definition in
      let r = real[definition.name] ?? nil, s = simulated[definition.name] ?? nil
      return Row(
        name: definition.name, real: r, simulated: s,
        withinTolerance: ErrorStatistics.matches(real: r, simulated: s, absoluteTolerance: definition.absoluteTolerance))
    }
  }
}
