import NumericKit

/// Independent Gaussian error on each axis of each fix: N(0, σ²) east and north.
///
/// The fast, uncorrelated part of receiver error (a few metres in open sky). Its radial error is
/// Rayleigh-distributed with mean σ·√(π/2) ≈ 1.25 σ.
public struct WhiteNoise: NoiseModel, Hashable, Decodable {
  /// Per-axis standard deviation, metres.
  public var sigma: Double

  public init(sigma: Double) { self.sigma = sigma }

  enum CodingKeys: String, CodingKey, CaseIterable { case sigma_m }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    sigma = try c.value(.sigma_m, expected: "a standard deviation in metres from 0 to 1000") { (0...1000).contains($0) }
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    for i in buffer.times.indices {
      buffer.errorEast[i] += random.gaussian(sigma: sigma)
      buffer.errorNorth[i] += random.gaussian(sigma: sigma)
    }
  }
}
