import NumericKit
import TrackCore

/// First-order Gauss-Markov error on each axis: the slow wander of a GPS position (multipath,
/// atmosphere, satellite geometry), stationary with variance σ² and autocorrelation e^(−|Δt|/τ).
///
/// Exact discretisation for a fix interval Δt: eₖ = φ·eₖ₋₁ + σ·√(1 − φ²)·wₖ with φ = e^(−Δt/τ) and
/// wₖ ~ N(0, 1); the first fix draws e₀ ~ N(0, σ²) so the process is stationary from the start.
/// Phone position errors show correlation times of tens of seconds.
public struct GaussMarkovNoise: CatalogueNoiseStage {
  public static let name = "gauss_markov"
  /// Stationary per-axis standard deviation, metres.
  public var sigma: Double
  /// Correlation time τ, seconds.
  public var tau: Double
  /// Applies only inside route zones of this kind, when set (the process runs throughout).
  public var zone: ZoneKind?

  public init(sigma: Double, tau: Double, zone: ZoneKind? = nil) { self.sigma = sigma; self.tau = tau; self.zone = zone }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable { case sigma_m, tau_s, zone }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    sigma = try c.value(.sigma_m, expected: "a standard deviation in metres from 0 to 1000") { (0...1000).contains($0) }
    tau = try c.value(.tau_s, expected: "a correlation time in seconds from 0.1 to 86400") { (0.1...86_400).contains($0) }
    zone = try c.zoneKind(.zone)
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard buffer.count > 0 else { return }
    var process = GaussMarkovPair(tau: tau, random: random)
    var cursor = zone.map { ZoneCursor(buffer.zones, kind: $0) }
    buffer.withErrors { truth, errorEast, errorNorth in
      for i in 0..<truth.count {
        if i > 0 { process.advance(by: truth[i].time - truth[i - 1].time, random: random) }
        if cursor != nil, !cursor!.contains(truth[i].distance) { continue }
        errorEast[i] += sigma * process.first
        errorNorth[i] += sigma * process.second
      }
    }
  }
}
