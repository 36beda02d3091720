import Foundation
import TrackCore

/// A constant-velocity Kalman filter on east/north, the classic smoother for GPS tracks.
///
/// State per axis: position and velocity. Process noise is the continuous white-acceleration model with
/// spectral density `q` (m²/s³): over Δt, Q = q·[Δt³/3, Δt²/2; Δt²/2, Δt]. Measurement noise per axis is
/// R = `rScale`·σ², with σ the fix's claimed horizontal accuracy. Because R is isotropic and Q is the
/// same on both axes, both axes share one 2×2 covariance P = [p₀₀ p₀₁; p₀₁ p₁₁] (exactly equal to a 4×4
/// filter's, at a third of the work).
///
/// - Doppler fusion (`doppler`): a fix with speed and course also updates the velocity, v =
///   speed·(sin c, cos c), with isotropic noise `dopplerSigma` (so P stays shared).
/// - Innovation gating (`gate` > 0): a fix whose normalised innovation √(|y|²/S) exceeds `gate` is an
///   outlier: predict only, record nothing. After ``gateResetCount`` rejections in a row the filter
///   restarts at the fix (the runner really is there).
/// - The first valid fix starts the track with velocity 0 and variance `initialSpeedSigma`². A fix with
///   invalid accuracy (negative) or a time not after the last one records nothing; a dropout is
///   predict-only, done implicitly by the longer Δt at the next fix.
///
/// Each recorded point is the filtered position at the fix's time, with speed |v| and the 68 % radius
/// of its covariance as its claimed accuracy (`LocalFix.claimRadiusPerSigma`·√p₀₀, ``AccuracyClaim``;
/// √p₀₀, a 1-σ figure that covers 39 %, before 0.9).
/// - Complexity: O(1) per fix, ~40 flops, no allocation.
public struct KalmanFilter: TrackFilter, DeclaredParameters {
  public static let name = "kalman"
  public static let summary = "Constant-velocity Kalman filter: R from claimed accuracy, white-acceleration q, Doppler fusion, outlier gate."
  public static let accuracyClaim = AccuracyClaim.covariance
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.q, name: "q", unit: "m²/s³", minimum: 1e-6, maximum: 1000, scale: .log, summary: "process noise spectral density"),
    .init(\.rScale, name: "r_scale", unit: "1", minimum: 0.01, maximum: 100, scale: .log, summary: "scale on the claimed accuracy's variance"),
    .init(\.doppler, name: "doppler", summary: "fuse Doppler speed and course when reported"),
    .init(\.dopplerSigma, name: "doppler_sigma", unit: "m/s", minimum: 0.01, maximum: 10, scale: .log, summary: "per-axis noise of the Doppler velocity"),
    .init(\.gate, name: "gate", unit: "σ", minimum: 0, maximum: 100, summary: "reject fixes beyond this normalised innovation (0: off)"),
  ]

  /// Rejections in a row after which the filter restarts at the fix.
  public static let gateResetCount = 5

  /// Process noise spectral density, m²/s³: larger follows changes of speed faster, smooths less.
  public internal(set) var q = 0.5
  /// Scale on the claimed accuracy's variance (1 = trust the receiver's claim as 1-σ per axis).
  public internal(set) var rScale = 1.0
  /// Whether Doppler speed and course update the velocity.
  public internal(set) var doppler = true
  /// Per-axis standard deviation of the Doppler velocity, m/s.
  public internal(set) var dopplerSigma = 0.5
  /// Normalised-innovation gate in σ; 0 turns gating off.
  public internal(set) var gate = 5.0
  /// Prior standard deviation of the initial velocity, m/s.
  public internal(set) var initialSpeedSigma = 10.0

  @usableFromInline var started = false
  @usableFromInline var rejected = 0
  @usableFromInline var time = 0.0
  @usableFromInline var east = 0.0, north = 0.0, velocityEast = 0.0, velocityNorth = 0.0
  @usableFromInline var p00 = 0.0, p01 = 0.0, p11 = 0.0

  public init() {}

  /// One spacing: the start-up transient from the zero-velocity prior (the constant-velocity model has no
  /// steady-state lag on a straight line at constant speed).
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { spacing }

  /// Restarts the track at `fix`.
  @inlinable @inline(__always) mutating func start(at fix: LocalFix, r: Double) {
    started = true
    rejected = 0
    time = fix.time
    east = fix.east; north = fix.north; velocityEast = 0; velocityNorth = 0
    p00 = r; p01 = 0; p11 = initialSpeedSigma * initialSpeedSigma
  }

  /// Predicts the state and covariance `dt` seconds ahead: x ← F x, P ← F P Fᵀ + Q.
  @inlinable @inline(__always) mutating func predict(by dt: Double) {
    east += velocityEast * dt
    north += velocityNorth * dt
    let dt2 = dt * dt
    let qdt = q * dt
    p00 += 2 * dt * p01 + dt2 * p11 + qdt * dt2 * (1.0 / 3.0)
    p01 += dt * p11 + qdt * dt * 0.5
    p11 += qdt
  }

  /// The outcome of one fix for the filter.
  public enum Outcome: Sendable { case ignored, started, updated, rejected }

  /// The plain filter (no gate, no Doppler) as its own stepper: only the state it uses, the same
  /// arithmetic in the same order as ``update(_:)`` (so the same bits; the law-checker compares). With the
  /// calls to `sin` and `cos` of the Doppler update in the loop, the register allocator kept the state in
  /// memory: 75 against 83-84 M fixes/s.
  @usableFromInline struct PlainStepper: TrackFilter {
    @usableFromInline let q: Double, rScale: Double, initialVariance: Double
    @usableFromInline var started = false
    @usableFromInline var time = 0.0
    /// East and north of the position and of the velocity: one vector each, so both axes move in one
    /// instruction and the SLP vectoriser has no pairs of scalars left to pack (it used to pack the
    /// covariance terms, lengthening the loop-carried chain).
    @usableFromInline var position = SIMD2<Double>(), velocity = SIMD2<Double>()
    /// (p₀₀, p₀₁): the covariance terms that move together, one vector; p₁₁ alone.
    @usableFromInline var covariance = SIMD2<Double>(), p11 = 0.0

    @inlinable init(_ filter: KalmanFilter) {
      q = filter.q; rScale = filter.rScale; initialVariance = filter.initialSpeedSigma * filter.initialSpeedSigma
    }

    @inlinable @inline(__always) mutating func step(_ fix: LocalFix) -> LocalFix? {
      guard fix.horizontalAccuracy >= 0 else { return nil }
      let r = rScale * fix.horizontalAccuracy * fix.horizontalAccuracy
      let measured = SIMD2(fix.east, fix.north)
      if started {
        let dt = fix.time - time
        guard dt > 0 else { return nil }
        time = fix.time
        position += velocity * dt
        let dt2 = dt * dt
        let qdt = q * dt
        // Lane by lane the scalar filter's sums in its order: p₀₀ += 2Δt·p₀₁ + Δt²·p₁₁ + qΔt·Δt²/3,
        // p₀₁ += (0 +) Δt·p₁₁ + qΔt·Δt/2 (adding 0 to a positive term changes no bit).
        let steps = SIMD2(dt2, dt)
        // In typed steps (one expression took the type checker 2.2 s), summed in the same order.
        let growth: SIMD2<Double> = SIMD2(2 * dt * covariance.y, 0) + steps * p11
        let noise: SIMD2<Double> = qdt * steps * SIMD2(1.0 / 3.0, 0.5)
        covariance += growth + noise
        p11 += qdt
        let s = covariance.x + r
        let innovation = measured - position
        let gain = covariance / s
        position += gain.x * innovation
        velocity += gain.y * innovation
        p11 -= gain.y * covariance.y
        covariance -= gain.x * covariance
      } else {
        started = true
        time = fix.time
        position = measured; velocity = SIMD2()
        covariance = SIMD2(r, 0); p11 = initialVariance
      }
      let speed = (velocity * velocity).sum().squareRoot()
      return LocalFix(
        time: time, east: position.x, north: position.y, horizontalAccuracy: LocalFix.claimRadiusPerSigma * covariance.x.squareRoot(), speed: speed, age: fix.age,
        altitude: fix.altitude, verticalAccuracy: fix.verticalAccuracy, pressure: fix.pressure, marks: fix.marks)
    }
  }

  /// The same result as stepping each fix; the plain configuration (`doppler: 0, gate: 0`) runs a loop
  /// without the branches it never takes.
  @inlinable
  public func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    if !doppler && gate == 0 { PlainStepper(self).runByStepping(over: input, into: &output) } else { runByStepping(over: input, into: &output) }
  }

  /// Runs the filter's logic on one fix and says what happened; ``step(_:)`` turns it into a point.
  @inlinable @inline(__always) public mutating func update(_ fix: LocalFix) -> Outcome {
    guard fix.horizontalAccuracy >= 0 else { return .ignored }  // no position: predict-only, at the next fix
    let r = rScale * fix.horizontalAccuracy * fix.horizontalAccuracy
    guard started else {
      start(at: fix, r: r)
      return .started
    }
    let dt = fix.time - time
    guard dt > 0 else { return .ignored }
    time = fix.time
    predict(by: dt)
    let s = p00 + r
    let innovationEast = fix.east - east
    let innovationNorth = fix.north - north
    if gate > 0 && innovationEast * innovationEast + innovationNorth * innovationNorth > gate * gate * s {
      rejected += 1
      guard rejected >= Self.gateResetCount else { return .rejected }
      start(at: fix, r: r)
      return .started
    }
    rejected = 0
    // Position update with H = [1 0] on each axis; both axes share the gain.
    let k0 = p00 / s
    let k1 = p01 / s
    east += k0 * innovationEast
    north += k0 * innovationNorth
    velocityEast += k1 * innovationEast
    velocityNorth += k1 * innovationNorth
    p11 -= k1 * p01
    p01 -= k0 * p01
    p00 -= k0 * p00
    // Velocity update with H = [0 1] on each axis, when the receiver gives speed and course.
    if doppler && fix.speed >= 0 && fix.course >= 0 {
      let radians = fix.course * (Double.pi / 180)
      let sv = p11 + dopplerSigma * dopplerSigma
      let g0 = p01 / sv
      let g1 = p11 / sv
      let yEast = fix.speed * sin(radians) - velocityEast
      let yNorth = fix.speed * cos(radians) - velocityNorth
      east += g0 * yEast
      north += g0 * yNorth
      velocityEast += g1 * yEast
      velocityNorth += g1 * yNorth
      p00 -= g0 * p01
      p01 -= g0 * p11
      p11 -= g1 * p11
    }
    return .updated
  }

  /// The filter's current estimate as a recorded point at the last fix's time (its claim the 68 % radius
  /// of the position's covariance), with `fix`'s delivery age,
  /// altitude, pressure and marks (a lap press; the filter estimates the horizontal position alone).
  @inlinable @inline(__always) public func estimate(for fix: LocalFix) -> LocalFix {
    let speed = (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot()
    return LocalFix(
      time: time, east: east, north: north, horizontalAccuracy: LocalFix.claimRadiusPerSigma * p00.squareRoot(), speed: speed, age: fix.age,
      altitude: fix.altitude, verticalAccuracy: fix.verticalAccuracy, pressure: fix.pressure, marks: fix.marks)
  }

  @inlinable @inline(__always) public mutating func step(_ fix: LocalFix) -> LocalFix? {
    switch update(fix) {
    case .started, .updated: return estimate(for: fix)
    case .ignored, .rejected: return nil
    }
  }
}
