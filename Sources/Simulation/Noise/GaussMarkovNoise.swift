import Foundation
import NumericKit

/// First-order Gauss-Markov error on each axis: the slow wander of a GPS position (multipath,
/// atmosphere, satellite geometry), stationary with variance σ² and autocorrelation e^(−|Δt|/τ).
///
/// Exact discretisation for a fix interval Δt: eₖ = φ·eₖ₋₁ + σ·√(1 − φ²)·wₖ with φ = e^(−Δt/τ) and
/// wₖ ~ N(0, 1); the first fix draws e₀ ~ N(0, σ²) so the process is stationary from the start.
/// Phone position errors show correlation times of tens of seconds.
public struct GaussMarkovNoise: NoiseModel, Hashable, Decodable {
  /// Stationary per-axis standard deviation, metres.
  public var sigma: Double
  /// Correlation time τ, seconds.
  public var tau: Double

  public init(sigma: Double, tau: Double) { self.sigma = sigma; self.tau = tau }

  enum CodingKeys: String, CodingKey, CaseIterable { case sigma_m, tau_s }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    sigma = try c.value(.sigma_m, expected: "a standard deviation in metres from 0 to 1000") { (0...1000).contains($0) }
    tau = try c.value(.tau_s, expected: "a correlation time in seconds from 0.1 to 86400") { (0.1...86_400).contains($0) }
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard !buffer.times.isEmpty else { return }
    var east = random.gaussian(sigma: sigma)
    var north = random.gaussian(sigma: sigma)
    buffer.errorEast[0] += east
    buffer.errorNorth[0] += north
    // φ depends only on Δt; with a steady rate it is computed once.
    var lastDt = -1.0, phi = 0.0, innovation = 0.0
    for i in 1..<buffer.times.count {
      let dt = buffer.times[i] - buffer.times[i - 1]
      if dt != lastDt {
        lastDt = dt
        phi = exp(-dt / tau)
        innovation = sigma * (1 - phi * phi).squareRoot()
      }
      east = phi * east + random.gaussian(sigma: innovation)
      north = phi * north + random.gaussian(sigma: innovation)
      buffer.errorEast[i] += east
      buffer.errorNorth[i] += north
    }
  }
}
