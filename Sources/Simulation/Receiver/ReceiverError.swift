import Foundation
import NumericKit

/// The position error of the receiver's own output: what the chipset's filter reports, not its raw
/// measurements. Real phones and watches wander smoothly, jitter a little, and jump when the satellite set
/// changes; a first-order Gauss-Markov error on every fix (the `white` and `gauss_markov` stages) is
/// nowhere smooth and makes summed distance grow with the fix rate, which real receivers do not show.
///
/// Per axis, the error is the sum of:
/// - **wander**: a second-order (critically damped) Gauss-Markov process, σ = `wander_sigma_m`,
///   autocorrelation (1 + |Δt|/τ)·e^(−|Δt|/τ) with τ = `wander_tau_s` (see ``SecondOrderGaussMarkov``);
///   it has a velocity, so its path is
///   smooth and its second differences are small, like the output of a constant-velocity filter;
///   σ grows by `growth_m_per_h` per hour of the run (an antenna that degrades; the claimed accuracy
///   grows by √2 times as much, as the receiver sees its signal weaken);
/// - **jitter**: a first-order Gauss-Markov process jₖ = φjₖ₋₁ + √(1 − φ²)·wₖ (φ = e^(−Δt/τ), τ =
///   `jitter_tau_s`, 0: white) scaled by `jitter_sigma_m`, plus a white part `jitter_per_speed_s` × true
///   speed × wₖ (the same draw: an ARMA(1, 1) error at no extra cost): the measurement noise the chipset's
///   filter lets through. The white part grows with speed because the filter follows a moving receiver
///   more tightly (measured on the Pixel 4 against SPAN: median |second difference| of the error
///   0.05 m/s² stopped, 0.23 below 8 m/s, 0.66 above 15 m/s);
/// - **jumps**: at a Poisson rate of `jumps_per_hour`, an offset N(0, `jump_sigma_m`²) per axis is added
///   to a target that decays back to zero with time constant `jump_settle_s`; the error follows the target
///   through a 2 s first-order lag (the filter settles onto the new satellite set);
/// - **tails**: a share `tail_share` of fixes carries an extra error N(0, `tail_sigma_m`²) per axis (the
///   multi-metre excursions of a phone's p95, the kilometre outliers of a snapshot receiver). With
///   `tail_tau_s` 0 (the default) each is white, for that fix alone, as a snapshot receiver's outliers
///   are. With `tail_tau_s` > 0 an excursion lasts: it starts, holds one drawn offset for a time of mean
///   `tail_tau_s` (ending with probability 1 − e^(−Δt/τ) per fix, starting with the probability that
///   keeps the share of fixes inside one at `tail_share`), and the error follows that offset through a
///   first-order lag of τ/2, so it rises and falls smoothly: a chipset's filter pulled off by multipath
///   for seconds, which is how a phone's error reaches its p95 (its 1-s autocorrelation stays 0.9 and
///   more) without the zig-zag, and the inflated distance, of per-fix outliers;
/// - **offset**: a constant vector of `offset_m` metres towards `offset_bearing_deg` (clockwise from
///   north; absent: a bearing drawn once per trial), so a standing phone sits metres from the truth with
///   a small spread, as phones at a surveyed point do (one sat 4.8 m off with an sd of 0.1-0.2 m).
///
/// Wander and jitter are scaled by 1 + (`still_scale` − 1)·e^(−v / `still_speed_mps`) at true speed v:
/// `still_scale` > 1 is a receiver that errs more standing than moving (the Pixel 4 against SPAN:
/// median 2.5 m stopped, 0.9 m above 20 m/s), < 1 one that errs less.
///
/// Every coefficient is computed once for the fixed fix interval Δt.
/// - Complexity: O(n), two Gaussian draws per axis per fix at most (plus one per jump), no allocation.
public struct ReceiverError: Sendable, Hashable, Decodable {
  public var wanderSigma: Double
  public var wanderTau: Double
  public var jitterSigma: Double
  public var jitterTau: Double
  /// Metres of jitter σ per m/s of true speed, i.e. seconds.
  public var jitterPerSpeed: Double
  public var jumpsPerHour: Double
  public var jumpSigma: Double
  public var jumpSettle: Double
  public var growthPerHour: Double
  /// Share of fixes with a tail excursion, 0-0.5.
  public var tailShare: Double
  /// Metres: σ per axis of a tail excursion.
  public var tailSigma: Double
  /// Seconds a tail excursion lasts on average (0: one fix, white).
  public var tailTau: Double
  /// Metres of the constant offset.
  public var offset: Double
  /// Degrees clockwise from north the offset points to; `nil`: drawn once per trial.
  public var offsetBearing: Double?
  /// Factor on wander and jitter standing still (1: the same as moving).
  public var stillScale: Double
  /// m/s over which the still factor fades to 1 (e-folding speed).
  public var stillSpeed: Double

  /// Seconds of the lag through which the error follows a jump's offset.
  public static let jumpRise = 2.0

  public init(
    wanderSigma: Double = 0, wanderTau: Double = 60, jitterSigma: Double = 0, jitterTau: Double = 0, jitterPerSpeed: Double = 0,
    jumpsPerHour: Double = 0, jumpSigma: Double = 0, jumpSettle: Double = 30, growthPerHour: Double = 0, offset: Double = 0,
    offsetBearing: Double? = nil, stillScale: Double = 1, stillSpeed: Double = 1, tailShare: Double = 0, tailSigma: Double = 0,
    tailTau: Double = 0
  ) {
    self.tailShare = tailShare; self.tailSigma = tailSigma; self.tailTau = tailTau
    self.offset = offset; self.offsetBearing = offsetBearing; self.stillScale = stillScale; self.stillSpeed = stillSpeed
    self.wanderSigma = wanderSigma; self.wanderTau = wanderTau; self.jitterSigma = jitterSigma; self.jitterTau = jitterTau
    self.jitterPerSpeed = jitterPerSpeed
    self.jumpsPerHour = jumpsPerHour; self.jumpSigma = jumpSigma; self.jumpSettle = jumpSettle; self.growthPerHour = growthPerHour
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case wander_sigma_m, wander_tau_s, jitter_sigma_m, jitter_tau_s, jitter_per_speed_s, jumps_per_hour, jump_sigma_m, jump_settle_s, growth_m_per_h
    case offset_m, offset_bearing_deg, still_scale, still_speed_mps, tail_share, tail_sigma_m, tail_tau_s
  }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    wanderSigma = try c.value(.wander_sigma_m, default: 0, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    wanderTau = try c.value(.wander_tau_s, default: 60, expected: "seconds from 0.5 to 86400") { (0.5...86_400).contains($0) }
    jitterSigma = try c.value(.jitter_sigma_m, default: 0, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    jitterTau = try c.value(.jitter_tau_s, default: 0, expected: "seconds from 0 (white) to 86400") { (0...86_400).contains($0) }
    jitterPerSpeed = try c.value(.jitter_per_speed_s, default: 0, expected: "seconds (metres per m/s) from 0 to 100") { (0...100).contains($0) }
    jumpsPerHour = try c.value(.jumps_per_hour, default: 0, expected: "a rate from 0 to 3600 per hour") { (0...3600).contains($0) }
    jumpSigma = try c.value(.jump_sigma_m, default: 0, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    jumpSettle = try c.value(.jump_settle_s, default: 30, expected: "seconds from 0.5 to 86400") { (0.5...86_400).contains($0) }
    growthPerHour = try c.value(.growth_m_per_h, default: 0, expected: "metres per hour from 0 to 1000") { (0...1000).contains($0) }
    offset = try c.value(.offset_m, default: 0, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    offsetBearing = try c.contains(.offset_bearing_deg)
      ? c.value(.offset_bearing_deg, default: 0, expected: "degrees from 0 to 360") { (0...360).contains($0) } : nil
    stillScale = try c.value(.still_scale, default: 1, expected: "a factor from 0.1 to 10") { (0.1...10).contains($0) }
    stillSpeed = try c.value(.still_speed_mps, default: 1, expected: "m/s from 0.1 to 100") { (0.1...100).contains($0) }
    tailShare = try c.value(.tail_share, default: 0, expected: "a share from 0 to 0.5") { (0...0.5).contains($0) }
    tailSigma = try c.value(.tail_sigma_m, default: 0, expected: "metres from 0 to 100000") { (0...100_000).contains($0) }
    tailTau = try c.value(.tail_tau_s, default: 0, expected: "seconds from 0 (one fix) to 86400") { (0...86_400).contains($0) }
  }

  /// The factor on wander and jitter at true speed `speed` (m/s): 1 + (`still_scale` − 1)·e^(−v / `still_speed_mps`).
  @inlinable public func motionFactor(atSpeed speed: Double) -> Double {
    stillScale == 1 ? 1 : 1 + (stillScale - 1) * exp(-speed / stillSpeed)
  }

  /// Whether this block adds nothing.
  public var isZero: Bool {
    wanderSigma == 0 && jitterSigma == 0 && jitterPerSpeed == 0 && (jumpsPerHour == 0 || jumpSigma == 0) && growthPerHour == 0 && offset == 0
      && (tailShare == 0 || tailSigma == 0)
  }

  /// Adds the error to `buffer`'s columns; epochs must be equally spaced by `interval` seconds (the
  /// engine's are), `random` is this block's own stream, `offsetRandom` draws an offset's bearing when
  /// it has none (its own stream, so a receiver without an offset draws as before; made only then).
  public func perturb(
    _ buffer: inout ObservationBuffer, interval: Double, random: RandomSource, offsetRandom: @autoclosure () -> RandomSource? = nil
  ) {
    guard buffer.count > 0, !isZero else { return }
    let bearing = offset > 0 ? (offsetBearing ?? (offsetRandom() ?? random).uniform(0, 360)) * .pi / 180 : 0
    let offsetEast = offset * sin(bearing), offsetNorth = offset * cos(bearing)
    let stillExcess = stillScale - 1, stillSpeed = stillSpeed
    let tailsOn = tailShare > 0, tailsLast = tailsOn && tailTau > 0
    // A lasting excursion: its end and start probabilities per fix (the start keeps the share inside
    // one at tail_share), the lag's factor, the offset it holds and the lagged error.
    let tailEnd = tailsLast ? 1 - exp(-interval / tailTau) : 0
    let tailStart = tailsLast ? min(tailShare / max(1 - tailShare, 1e-9) * tailEnd, 1) : 0
    let tailFollow = tailsLast ? 1 - exp(-2 * interval / tailTau) : 0
    var tailOn = false, tailTargetEast = 0.0, tailTargetNorth = 0.0, tailEast = 0.0, tailNorth = 0.0
    var motionSpeed = 0.0, motion = stillScale
    var wanderEast = SecondOrderGaussMarkov(tau: wanderTau, interval: interval, random: random)
    var wanderNorth = SecondOrderGaussMarkov(tau: wanderTau, interval: interval, random: random)
    let jitterPhi = jitterTau > 0 ? exp(-interval / jitterTau) : 0
    let jitterInnovation = (1 - jitterPhi * jitterPhi).squareRoot()
    var jitterEast = random.gaussian(sigma: 1), jitterNorth = random.gaussian(sigma: 1)
    var whiteEast = 0.0, whiteNorth = 0.0  // this fix's draws wₖ
    let jumpProbability = jumpsPerHour * interval / 3600
    let settle = exp(-interval / jumpSettle), rise = 1 - exp(-interval / Self.jumpRise)
    var targetEast = 0.0, targetNorth = 0.0, jumpEast = 0.0, jumpNorth = 0.0
    let growth = growthPerHour / 3600
    buffer.withErrors { truth, east, north in
      for i in 0..<truth.count {
        if i > 0 {
          wanderEast.advance(random: random)
          wanderNorth.advance(random: random)
          if jitterSigma > 0 || jitterPerSpeed > 0 {
            whiteEast = random.gaussian(sigma: 1)
            whiteNorth = random.gaussian(sigma: 1)
            jitterEast = jitterPhi * jitterEast + jitterInnovation * whiteEast
            jitterNorth = jitterPhi * jitterNorth + jitterInnovation * whiteNorth
          }
          if jumpProbability > 0 {
            targetEast *= settle
            targetNorth *= settle
            if random.uniform() < jumpProbability {
              targetEast += random.gaussian(sigma: jumpSigma)
              targetNorth += random.gaussian(sigma: jumpSigma)
            }
            jumpEast += rise * (targetEast - jumpEast)
            jumpNorth += rise * (targetNorth - jumpNorth)
          }
        }
        if tailsLast {
          if random.uniform() < (tailOn ? tailEnd : tailStart) {
            tailOn.toggle()
            tailTargetEast = tailOn ? random.gaussian(sigma: tailSigma) : 0
            tailTargetNorth = tailOn ? random.gaussian(sigma: tailSigma) : 0
          }
          tailEast += tailFollow * (tailTargetEast - tailEast)
          tailNorth += tailFollow * (tailTargetNorth - tailNorth)
          east[i] += tailEast
          north[i] += tailNorth
        } else if tailsOn, random.uniform() < tailShare {
          east[i] += random.gaussian(sigma: tailSigma)
          north[i] += random.gaussian(sigma: tailSigma)
        }
        // The factor is computed once per change of speed (a steady pace repeats it).
        let v = truth[i].speed
        if v != motionSpeed {
          motionSpeed = v
          motion = stillExcess == 0 ? 1 : 1 + stillExcess * exp(-v / stillSpeed)
        }
        let sigma = (wanderSigma + growth * truth[i].time) * motion
        let white = jitterPerSpeed * v * motion, jitter = jitterSigma * motion
        east[i] += sigma * wanderEast.value + jitter * jitterEast + white * whiteEast + jumpEast + offsetEast
        north[i] += sigma * wanderNorth.value + jitter * jitterNorth + white * whiteNorth + jumpNorth + offsetNorth
      }
    }
    // The receiver sees its signal weaken (C/N0 drops), so its claim grows with the radial RMS it adds.
    if growth > 0 {
      for i in 0..<buffer.count { buffer.accuracyBias[i] += 2.0.squareRoot() * growth * buffer.truth[i].time }
    }
  }
}

/// A unit-variance critically damped second-order Gauss-Markov process sampled every `interval`
/// seconds (x″ + 2ωx′ + ω²x = noise, ω = 1/τ, autocorrelation (1 + |Δt|/τ)·e^(−|Δt|/τ)), drawn as the
/// AR(2) process with a double root φ = e^(−Δt/τ): xₖ = 2φxₖ₋₁ − φ²xₖ₋₂ + c·wₖ, c² = (1 − φ²)³/(1 + φ²)
/// for unit variance. Its autocorrelation is φᵏ·(1 + k·tanh(Δt/τ)), the continuous one with Δt/τ read
/// as tanh(Δt/τ): within 0.1 % for Δt ≤ τ/5, and both near 0 where they part. One Gaussian draw per step
/// (the exact two-state discretisation needs two); it starts stationary: x₋₁ ~ N(0, 1), x₀ correlated
/// with it by ρ(1) = 2φ/(1 + φ²).
public struct SecondOrderGaussMarkov: Sendable {
  @usableFromInline var x: Double, previous: Double
  @usableFromInline let a1: Double, a2: Double, c: Double

  public init(tau: Double, interval dt: Double, random: RandomSource) {
    let phi = exp(-dt / tau), phi2 = phi * phi
    a1 = 2 * phi
    a2 = -phi2
    c = ((1 - phi2) * (1 - phi2) * (1 - phi2) / (1 + phi2)).squareRoot()
    let rho1 = 2 * phi / (1 + phi2)
    previous = random.gaussian(sigma: 1)
    x = rho1 * previous + (1 - rho1 * rho1).squareRoot() * random.gaussian(sigma: 1)
  }

  @inlinable public var value: Double { x }

  @inlinable public mutating func advance(random: RandomSource) {
    let next = a1 * x + a2 * previous + c * random.gaussian(sigma: 1)
    previous = x
    x = next
  }
}

/// The receiver's static hold: while it believes it is still (its own speed estimate below `below_mps`),
/// it repeats the last fix exactly instead of wandering; it lets go when the speed estimate rises or the
/// position it would report is more than `release_m` from the held one. Android chipsets do this (about
/// 90 % of static fixes repeat); old receivers do not. The speed estimate is the true speed plus
/// N(0, `speed_sigma_mps`²) noise, Doppler-like.
public struct StaticHold: Sendable, Hashable, Decodable {
  public var below: Double
  public var release: Double
  public var speedSigma: Double

  public init(below: Double = 0.3, release: Double = 5, speedSigma: Double = 0.1) {
    self.below = below; self.release = release; self.speedSigma = speedSigma
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case below_mps, release_m, speed_sigma_mps }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    below = try c.value(.below_mps, default: 0.3, expected: "m/s from 0 to 10") { (0...10).contains($0) }
    release = try c.value(.release_m, default: 5, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    speedSigma = try c.value(.speed_sigma_mps, default: 0.1, expected: "m/s from 0 to 10") { (0...10).contains($0) }
  }
}
