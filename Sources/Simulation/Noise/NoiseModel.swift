import Foundation
import NumericKit

/// One stage of GPS error: adds its own error to every fix of a trial.
public protocol NoiseModel: Sendable {
  /// Adds this stage's error to `buffer` (and may mark fixes dropped or raise the claimed accuracy),
  /// drawing from `random`, this stage's own stream.
  /// - Complexity: O(n) in the fixes, no allocation.
  func perturb(_ buffer: inout ObservationBuffer, random: RandomSource)
}

/// The catalogue of noise stages as written in scenario files: `- white: { sigma_m: 2.5 }`.
public enum NoiseStage: Sendable, Hashable, Decodable {
  case white(WhiteNoise)
  case gaussMarkov(GaussMarkovNoise)
  case urbanCanyon(UrbanCanyonNoise)
  case antennaDegradation(AntennaDegradation)
  case dropouts(Dropouts)
  case outliers(Outliers)
  case coldStart(ColdStart)

  /// Names as written in YAML.
  public static let names = ["white", "gauss_markov", "urban_canyon", "antenna_degradation", "dropouts", "outliers", "cold_start"]

  public init(from decoder: any Decoder) throws {
    let (key, c) = try decoder.singleKey(allowed: NoiseStage.names)
    switch key.stringValue {
    case "white": self = .white(try c.decode(WhiteNoise.self, forKey: key))
    case "gauss_markov": self = .gaussMarkov(try c.decode(GaussMarkovNoise.self, forKey: key))
    case "urban_canyon": self = .urbanCanyon(try c.decode(UrbanCanyonNoise.self, forKey: key))
    case "antenna_degradation": self = .antennaDegradation(try c.decode(AntennaDegradation.self, forKey: key))
    case "dropouts": self = .dropouts(try c.decode(Dropouts.self, forKey: key))
    case "outliers": self = .outliers(try c.decode(Outliers.self, forKey: key))
    default: self = .coldStart(try c.decode(ColdStart.self, forKey: key))
    }
  }

  /// Adds this stage's error (see ``NoiseModel``); switched once per trial, not per fix.
  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    switch self {
    case .white(let m): m.perturb(&buffer, random: random)
    case .gaussMarkov(let m): m.perturb(&buffer, random: random)
    case .urbanCanyon(let m): m.perturb(&buffer, random: random)
    case .antennaDegradation(let m): m.perturb(&buffer, random: random)
    case .dropouts(let m): m.perturb(&buffer, random: random)
    case .outliers(let m): m.perturb(&buffer, random: random)
    case .coldStart(let m): m.perturb(&buffer, random: random)
    }
  }
}

/// Two independent first-order Gauss-Markov processes of unit variance with the same τ (the two axes of
/// one error stage), sharing φ = e^(−Δt/τ): one exp per fix for both, recomputed only when Δt changes.
public struct GaussMarkovPair: Sendable {
  public let tau: Double
  @usableFromInline var a = 0.0, b = 0.0
  @usableFromInline var lastDt = -1.0, phi = 0.0, innovation = 0.0

  public init(tau: Double, random: RandomSource) {
    self.tau = tau
    restart(random: random)
  }

  /// The two current values.
  @inlinable public var first: Double { a }
  @inlinable public var second: Double { b }

  /// Draws both values afresh from the stationary N(0, 1): the process after a long gap.
  @inlinable public mutating func restart(random: RandomSource) {
    a = random.gaussian(sigma: 1)
    b = random.gaussian(sigma: 1)
  }

  /// Advances both by `dt` seconds.
  @inlinable public mutating func advance(by dt: Double, random: RandomSource) {
    if dt != lastDt {
      lastDt = dt
      phi = exp(-dt / tau)
      innovation = (1 - phi * phi).squareRoot()
    }
    a = phi * a + random.gaussian(sigma: innovation)
    b = phi * b + random.gaussian(sigma: innovation)
  }
}
