import TrackCore

/// A constant-velocity Kalman filter on east/north, the classic smoother for GPS tracks.
///
/// State per axis: position and velocity. Process noise is the continuous white-acceleration model with
/// spectral density `q` (m²/s³): over Δt, Q = q·[Δt³/3, Δt²/2; Δt²/2, Δt]. Measurement noise per axis is
/// R = `rScale`·σ², with σ the fix's claimed horizontal accuracy. Because R is isotropic and Q is the
/// same on both axes, both axes share one 2×2 covariance P = [p₀₀ p₀₁; p₀₁ p₁₁] (exactly equal to a 4×4
/// filter's, at a third of the work).
///
/// The first valid fix starts the track with velocity 0 and velocity variance `initialSpeedSigma`².
/// A fix with invalid accuracy (negative) or a time not after the last update records nothing; a dropout
/// is predict-only, done implicitly by the longer Δt at the next fix. Each recorded point is the filtered
/// position at the fix's time, with accuracy √p₀₀ and speed |v|.
/// - Complexity: O(1) per fix, ~30 flops, no allocation.
public struct KalmanFilter: TrackFilter, Hashable {
  /// Process noise spectral density, m²/s³: larger follows changes of speed faster, smooths less.
  public let q: Double
  /// Scale on the claimed accuracy's variance (1 = trust the receiver's claim as 1-σ per axis).
  public let rScale: Double
  /// Prior standard deviation of the initial velocity, m/s.
  public let initialSpeedSigma: Double

  @usableFromInline var started = false
  @usableFromInline var time = 0.0
  @usableFromInline var east = 0.0, north = 0.0, velocityEast = 0.0, velocityNorth = 0.0
  @usableFromInline var p00 = 0.0, p01 = 0.0, p11 = 0.0

  public init(q: Double = 0.5, rScale: Double = 1, initialSpeedSigma: Double = 10) {
    self.q = q
    self.rScale = rScale
    self.initialSpeedSigma = initialSpeedSigma
  }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }  // no position: predict-only, at the next fix
    let r = rScale * fix.horizontalAccuracy * fix.horizontalAccuracy
    guard started else {
      started = true
      time = fix.time
      east = fix.east; north = fix.north; velocityEast = 0; velocityNorth = 0
      p00 = r; p01 = 0; p11 = initialSpeedSigma * initialSpeedSigma
      return LocalFix(time: fix.time, east: east, north: north, horizontalAccuracy: p00.squareRoot(), speed: 0)
    }
    let dt = fix.time - time
    guard dt > 0 else { return nil }
    time = fix.time
    // Predict: x ← F x, P ← F P Fᵀ + Q.
    east += velocityEast * dt
    north += velocityNorth * dt
    let dt2 = dt * dt
    let qdt = q * dt
    p00 += 2 * dt * p01 + dt2 * p11 + qdt * dt2 * (1.0 / 3.0)
    p01 += dt * p11 + qdt * dt * 0.5
    p11 += qdt
    // Update with H = [1 0] on each axis; both axes share the gain.
    let s = p00 + r
    let k0 = p00 / s
    let k1 = p01 / s
    let innovationEast = fix.east - east
    let innovationNorth = fix.north - north
    east += k0 * innovationEast
    north += k0 * innovationNorth
    velocityEast += k1 * innovationEast
    velocityNorth += k1 * innovationNorth
    p11 -= k1 * p01
    p01 -= k0 * p01
    p00 -= k0 * p00
    let speed = (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot()
    return LocalFix(
      time: fix.time, east: east, north: north, horizontalAccuracy: p00.squareRoot(), speed: speed, age: fix.age)
  }
}
