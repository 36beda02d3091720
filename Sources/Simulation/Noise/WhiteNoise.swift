import NumericKit
import TrackCore

/// Independent Gaussian error on each axis of each fix: N(0, σ²) east and north.
///
/// The fast, uncorrelated part of receiver error. Phone chipsets smooth their output, so on a phone it
/// is small (< 1 m); its radial error is Rayleigh-distributed with mean σ·√(π/2) ≈ 1.25 σ.
public struct WhiteNoise: CatalogueNoiseStage {
  public static let name = "white"
  /// Per-axis standard deviation, metres.
  public var sigma: Double
  /// Applies only inside route zones of this kind, when set.
  public var zone: ZoneKind?

  public init(sigma: Double, zone: ZoneKind? = nil) { self.sigma = sigma; self.zone = zone }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable { case sigma_m, zone }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    sigma = try c.value(.sigma_m, expected: "a standard deviation in metres from 0 to 1000") { (0...1000).contains($0) }
    zone = try c.zoneKind(.zone)
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    var cursor = zone.map { ZoneCursor(buffer.zones, kind: $0) }
    buffer.withErrors { truth, errorEast, errorNorth in
      for i in 0..<truth.count {
        let east = random.gaussian(sigma: sigma)
        let north = random.gaussian(sigma: sigma)
        if cursor != nil, !cursor!.contains(truth[i].distance) { continue }
        errorEast[i] += east
        errorNorth[i] += north
      }
    }
  }
}
