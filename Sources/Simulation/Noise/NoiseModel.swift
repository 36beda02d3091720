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

  /// The stage's model; switched once per trial, not per fix.
  public var model: any NoiseModel {
    switch self {
    case .white(let m): return m
    case .gaussMarkov(let m): return m
    case .urbanCanyon(let m): return m
    case .antennaDegradation(let m): return m
    case .dropouts(let m): return m
    case .outliers(let m): return m
    case .coldStart(let m): return m
    }
  }

  /// Adds this stage's error (see ``NoiseModel``).
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

/// A first-order Gauss-Markov process of unit variance: xₖ = φ·xₖ₋₁ + √(1 − φ²)·wₖ, φ = e^(−Δt/τ),
/// started stationary (x₀ ~ N(0, 1)). φ is recomputed only when Δt changes.
public struct UnitGaussMarkov: Sendable {
  public let tau: Double
  @usableFromInline var value = 0.0
  @usableFromInline var lastDt = -1.0, phi = 0.0, innovation = 0.0

  public init(tau: Double, random: RandomSource) {
    self.tau = tau
    value = random.gaussian(sigma: 1)
  }

  /// The current value.
  @inlinable public var current: Double { value }

  /// Advances by `dt` seconds and returns the new value.
  @inlinable public mutating func advance(by dt: Double, random: RandomSource) -> Double {
    if dt != lastDt {
      lastDt = dt
      phi = exp(-dt / tau)
      innovation = (1 - phi * phi).squareRoot()
    }
    value = phi * value + random.gaussian(sigma: innovation)
    return value
  }
}
