/// The phone's GNSS receiver: how often and how late it reports, what accuracy it claims, and what else
/// it measures (Doppler speed and course, altitude).
public struct ReceiverSpec: Sendable, Hashable, Decodable {
  /// Fixes per second, 0.2-10 Hz (phones deliver 1 Hz by default).
  public var rateHz: Double
  /// Timestamp jitter: the time stamped on each fix is its epoch plus U(−j, +j) seconds (the position is
  /// the epoch's); j < half the fix interval keeps stamps in order.
  public var jitter: Double
  public var reportedAccuracy: ReportedAccuracy
  public var delivery: Delivery
  /// Doppler speed and course; `nil`: the receiver reports neither (speed and course −1).
  public var doppler: Doppler?
  /// Altitude; `nil`: no altitude (vertical accuracy −1).
  public var vertical: Vertical?
  /// The phone's barometer; `nil`: none (pressure 0).
  public var barometer: Barometer?
  /// The swing of the arm a watch is worn on; `nil`: none (a phone in a pocket or an armband).
  public var armSwing: ArmSwing?
  /// The receiver's own position error (see ``ReceiverError``); `nil`: none, the noise stages only.
  public var error: ReceiverError?
  /// Repeating the fix while still (see ``StaticHold``); `nil`: never.
  public var staticHold: StaticHold?
  /// Devices to draw one of per trial (see ``ReceiverPopulation``); `nil`: this receiver on every trial.
  public var population: ReceiverPopulation?
  /// What the fixes carry besides positions, as the recordings this receiver stands for do; applied
  /// after a population's device is drawn, so it holds for every device.
  public var reports = Reports()

  /// What a receiver's fixes carry: a real phone may report no speed (its chipset gives none, or the
  /// app logs none) and no accuracy or one constant figure, and the simulated phone must report the same,
  /// or the simulation's live pace comes from a Doppler speed the real app never sees.
  public struct Reports: Sendable, Hashable, Decodable {
    /// Whether fixes carry the Doppler speed and course (`false`: none, whatever `doppler` says).
    public var speed: Bool
    /// A constant claimed accuracy, metres, in place of the model (a logger that writes one figure, or
    /// none: then what replay assumes, 5 m); `nil`: the ``ReportedAccuracy`` model.
    public var constantAccuracy: Double?

    public init(speed: Bool = true, constantAccuracy: Double? = nil) { self.speed = speed; self.constantAccuracy = constantAccuracy }

    enum CodingKeys: String, CodingKey, CaseIterable { case speed, accuracy_m }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      speed = try c.decodeIfPresent(Bool.self, forKey: .speed) ?? true
      constantAccuracy = c.contains(.accuracy_m) ? try c.value(.accuracy_m, expected: "metres from 0.1 to 1000") { (0.1...1000).contains($0) } : nil
    }
  }

  /// This receiver as its ``reports`` say: no Doppler when it reports no speed, a constant claim when
  /// it claims one figure.
  public func reporting() -> ReceiverSpec {
    var spec = self
    if !reports.speed { spec.doppler = nil }
    if let claim = reports.constantAccuracy { spec.reportedAccuracy = ReportedAccuracy(base: claim, minimum: 0) }
    return spec
  }

  public init(
    rateHz: Double = 1, jitter: Double = 0, reportedAccuracy: ReportedAccuracy = ReportedAccuracy(),
    delivery: Delivery = Delivery(), doppler: Doppler? = nil, vertical: Vertical? = nil, error: ReceiverError? = nil,
    staticHold: StaticHold? = nil
  ) {
    self.rateHz = rateHz; self.jitter = jitter; self.reportedAccuracy = reportedAccuracy
    self.delivery = delivery; self.doppler = doppler; self.vertical = vertical; self.error = error; self.staticHold = staticHold
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case rate_hz, jitter_s, reported_accuracy, delivery, doppler, vertical, barometer, arm_swing, error, static_hold, population, reports
  }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    rateHz = try c.value(.rate_hz, default: 1, expected: "a rate in Hz from 0.2 to 10") { (0.2...10).contains($0) }
    let limit = 0.5 / rateHz
    jitter = try c.value(.jitter_s, default: 0, expected: "seconds from 0 to below half the fix interval (\(limit) s)") {
      $0 >= 0 && $0 < limit
    }
    reportedAccuracy = try c.value(.reported_accuracy, default: ReportedAccuracy(), expected: "a reported accuracy model")
    delivery = try c.value(.delivery, default: Delivery(), expected: "a delivery model")
    doppler = try c.decodeIfPresent(Doppler.self, forKey: .doppler)
    vertical = try c.decodeIfPresent(Vertical.self, forKey: .vertical)
    barometer = try c.decodeIfPresent(Barometer.self, forKey: .barometer)
    armSwing = try c.decodeIfPresent(ArmSwing.self, forKey: .arm_swing)
    error = try c.decodeIfPresent(ReceiverError.self, forKey: .error)
    staticHold = try c.decodeIfPresent(StaticHold.self, forKey: .static_hold)
    population = try c.decodeIfPresent(ReceiverPopulation.self, forKey: .population)
    reports = try c.decodeIfPresent(Reports.self, forKey: .reports) ?? Reports()
  }

  /// When fixes reach the app: each after `latency` seconds, or in batches every `batch` seconds
  /// (a fix waits for the next batch boundary, then the latency). A fix's `age` is that wait.
  public struct Delivery: Sendable, Hashable, Decodable {
    public var latency: Double
    /// Seconds between batch deliveries; 0 delivers each fix on its own.
    public var batch: Double
    public init(latency: Double = 0, batch: Double = 0) { self.latency = latency; self.batch = batch }

    enum CodingKeys: String, CodingKey, CaseIterable { case latency_s, batch_s }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      latency = try c.value(.latency_s, default: 0, expected: "seconds from 0 to 3600") { (0...3600).contains($0) }
      batch = try c.value(.batch_s, default: 0, expected: "seconds from 0 to 3600") { (0...3600).contains($0) }
    }

    /// Seconds between a fix at `time` and its delivery.
    @inlinable public func age(of time: Double) -> Double {
      guard batch > 0 else { return latency }
      return (time / batch).rounded(.up) * batch - time + latency
    }
  }

  /// Doppler-derived speed and course: far more precise than differences of positions (a few cm/s),
  /// since they come from carrier frequency shifts rather than from the wandering position.
  public struct Doppler: Sendable, Hashable, Decodable {
    public var speedSigma: Double
    public var courseSigma: Double
    /// Below this true speed (m/s) the receiver reports no course, as phones do when nearly still.
    public var minimumSpeedForCourse: Double
    /// Seconds the reported speed is late: it is the true speed of `latency_s` earlier (phones against a
    /// survey-grade reference: 0.25 and 0.67 s, fitted by `calibrate`), so it errs by about −latency ·
    /// acceleration while the runner or car speeds up or slows down. 0: the speed of the fix's epoch.
    public var latency: Double
    /// m/s, the speed accuracy each fix claims (`reported_mps`, Android's 68 % `SpeedAccuracyMps`; a
    /// Pixel 7 walking logs 0.12-0.22): by default `speed_sigma_mps`, a claim true to the white noise and
    /// blind to what else moves the speed (the latency, an arm's swing).
    public var reported: Double
    public init(speedSigma: Double = 0.1, courseSigma: Double = 3, minimumSpeedForCourse: Double = 0.5, latency: Double = 0, reported: Double? = nil) {
      self.speedSigma = speedSigma; self.courseSigma = courseSigma; self.minimumSpeedForCourse = minimumSpeedForCourse
      self.latency = latency; self.reported = reported ?? speedSigma
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case speed_sigma_mps, course_sigma_deg, minimum_speed_for_course_mps, latency_s, reported_mps }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      speedSigma = try c.value(.speed_sigma_mps, default: 0.1, expected: "m/s from 0 to 10") { (0...10).contains($0) }
      courseSigma = try c.value(.course_sigma_deg, default: 3, expected: "degrees from 0 to 180") { (0...180).contains($0) }
      minimumSpeedForCourse = try c.value(.minimum_speed_for_course_mps, default: 0.5, expected: "m/s from 0 to 10") {
        (0...10).contains($0)
      }
      latency = try c.value(.latency_s, default: 0, expected: "seconds from 0 to 5") { (0...5).contains($0) }
      reported = try c.value(.reported_mps, default: speedSigma, expected: "m/s from 0 to 10") { (0...10).contains($0) }
    }
  }

  /// Altitude: the truth's height (the origin's plus the terrain's rise) plus Gauss-Markov vertical error,
  /// typically 1.5-2 times the horizontal error on phones. The claimed vertical accuracy is `reported`.
  public struct Vertical: Sendable, Hashable, Decodable {
    /// Metres: the stationary standard deviation of the error (`sigma_m`).
    public var sigma: Double
    /// Seconds: its correlation time (`tau_s`).
    public var tau: Double
    /// Metres claimed as the vertical accuracy (`reported_m`).
    public var reported: Double
    /// Metres added to every altitude (`offset_m`): a phone's constant offset from a survey reference.
    public var offset: Double
    public init(sigma: Double = 6, tau: Double = 60, reported: Double = 8, offset: Double = 0) {
      self.sigma = sigma; self.tau = tau; self.reported = reported; self.offset = offset
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case sigma_m, tau_s, reported_m, offset_m }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      sigma = try c.value(.sigma_m, default: 6, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
      tau = try c.value(.tau_s, default: 60, expected: "seconds from 0.1 to 86400") { (0.1...86_400).contains($0) }
      reported = try c.value(.reported_m, default: 8, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
      offset = try c.value(.offset_m, default: 0, expected: "metres from -100 to 100") { (-100...100).contains($0) }
    }
  }
}

/// The horizontal accuracy a receiver claims, modelled apart from the true error:
/// reported = max(minimum, (1 − w)·base·m(t) + w·scale·|true error|) + bias + what stages add (cold
/// start, degradation), with w = `follows_true_error` and m(t) = exp(s·z(t) − s²/2) the claim's own
/// slow wander (z a unit first-order Gauss-Markov process of τ = `wander_tau_s`, s =
/// `wander_log_sigma`; m has mean 1).
///
/// w = 0 (the default) is a receiver whose claim says nothing about its error at a given moment, as
/// measured on real phones (correlation 0.07 on one, a constant claim on another); w = 1 with scale 1
/// is an oracle that claims its error, which a scenario must opt into. scale < 1 is an optimistic
/// receiver (claims 5 m while 15 m off), > 1 a pessimistic one. Phones in open sky typically claim 3-5 m
/// (Android `getAccuracy`, iOS `horizontalAccuracy`).
public struct ReportedAccuracy: Sendable, Hashable, Decodable {
  /// Metres claimed regardless of the error.
  public var base: Double
  /// Weight w in [0, 1] of the true error in the claim.
  public var followsTrueError: Double
  /// Metres: the smallest claim the receiver makes.
  public var minimum: Double
  /// Factor on the true error in the claim.
  public var scale: Double
  /// Metres added to every claim.
  public var bias: Double
  /// Standard deviation of the logarithm of the claim's own wander (0: a constant base).
  public var wanderLogSigma: Double
  /// Correlation time of the claim's wander, seconds.
  public var wanderTau: Double
  /// Metres the claim is rounded to (1: whole metres, as some Android chipsets report; 0: not rounded).
  public var rounding: Double

  public init(
    base: Double = 5, followsTrueError: Double = 0, minimum: Double = 1, scale: Double = 1, bias: Double = 0,
    wanderLogSigma: Double = 0, wanderTau: Double = 60, rounding: Double = 0
  ) {
    self.rounding = rounding
    self.base = base; self.followsTrueError = followsTrueError; self.minimum = minimum; self.scale = scale; self.bias = bias
    self.wanderLogSigma = wanderLogSigma; self.wanderTau = wanderTau
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case base_m, follows_true_error, minimum_m, scale, bias_m, wander_log_sigma, wander_tau_s, rounding_m
  }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    base = try c.value(.base_m, default: 5, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    followsTrueError = try c.value(.follows_true_error, default: 0, expected: "a weight from 0 to 1") { (0...1).contains($0) }
    minimum = try c.value(.minimum_m, default: 1, expected: "metres from 0 to 100") { (0...100).contains($0) }
    scale = try c.value(.scale, default: 1, expected: "a factor from 0 to 10") { (0...10).contains($0) }
    bias = try c.value(.bias_m, default: 0, expected: "metres from -100 to 1000") { (-100...1000).contains($0) }
    wanderLogSigma = try c.value(.wander_log_sigma, default: 0, expected: "a standard deviation from 0 to 3") { (0...3).contains($0) }
    wanderTau = try c.value(.wander_tau_s, default: 60, expected: "seconds from 0.5 to 86400") { (0.5...86_400).contains($0) }
    rounding = try c.value(.rounding_m, default: 0, expected: "metres from 0 to 100") { (0...100).contains($0) }
  }

  /// The claimed accuracy for a true error of `errorMagnitude` metres, the claim's wander factor
  /// `wander` (m(t), 1 without wander) and a stage's `extra` metres.
  @inlinable public func reported(forError errorMagnitude: Double, wander: Double = 1, extra: Double = 0) -> Double {
    let claim = max(minimum, (1 - followsTrueError) * base * wander + followsTrueError * scale * errorMagnitude + bias + extra)
    return rounding > 0 ? max(rounding, (claim / rounding).rounded() * rounding) : claim
  }
}
