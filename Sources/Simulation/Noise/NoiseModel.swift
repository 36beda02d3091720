import Foundation
import NumericKit

/// One stage of GPS error: adds its own error to every fix of a trial.
public protocol NoiseModel: Sendable {
  /// Adds this stage's error to `buffer` (and may mark fixes dropped or raise the claimed accuracy),
  /// drawing from `random`, this stage's own stream.
  /// - Complexity: O(n) in the fixes, no allocation.
  func perturb(_ buffer: inout ObservationBuffer, random: RandomSource)
}

/// A noise stage type of the catalogue: its name as written in scenario files (`- white: { sigma_m: 2.5 }`),
/// the keys of its block, and its decoder (which checks every value and names the field it refuses).
public protocol CatalogueNoiseStage: NoiseModel, Hashable, Decodable {
  /// The stage's name in YAML.
  static var name: String { get }
  /// The keys its block may hold.
  static var parameterNames: [String] { get }
}

/// A noise stage's catalogue entry: its YAML name, its block's keys, and how to decode one.
public struct NoiseStageDescriptor: Sendable {
  public let name: String
  public let parameterNames: [String]
  let decode: @Sendable (KeyedDecodingContainer<AnyKey>, AnyKey) throws -> NoiseStage

  /// The entry of `type`.
  public static func stage<M: CatalogueNoiseStage>(_ type: M.Type) -> NoiseStageDescriptor {
    NoiseStageDescriptor(name: M.name, parameterNames: M.parameterNames) { container, key in
      NoiseStage(try container.decode(M.self, forKey: key))
    }
  }
}

/// One configured stage of a receiver's error, as a scenario file lists them under `noise:`.
public struct NoiseStage: Sendable, Hashable, Decodable {
  /// The configured stage.
  public let model: any CatalogueNoiseStage

  public init(_ model: some CatalogueNoiseStage) { self.model = model }

  /// The stage's name in YAML.
  public var name: String { type(of: model).name }

  /// TrackBench's noise stages. Adding one: its file (a ``CatalogueNoiseStage``), one line here, and its
  /// entry in docs/scenarios.md.
  public static let catalogue: [NoiseStageDescriptor] = [
    .stage(WhiteNoise.self),
    .stage(GaussMarkovNoise.self),
    .stage(UrbanCanyonNoise.self),
    .stage(AntennaDegradation.self),
    .stage(Dropouts.self),
    .stage(Outliers.self),
    .stage(ColdStart.self),
  ]

  /// Names as written in YAML, in catalogue order.
  public static var names: [String] { catalogue.map(\.name) }

  /// Decodes `- NAME: { … }`; an unknown or missing name is an error listing the valid ones.
  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let (key, c) = try decoder.singleKey(allowed: NoiseStage.names)
    guard let descriptor = Self.catalogue.first(where: { $0.name == key.stringValue }) else {
      throw decoder.specError(expected: "one of \(NoiseStage.names.joined(separator: ", "))", found: key.stringValue)
    }
    self = try descriptor.decode(c, key)
  }

  /// Adds this stage's error (see ``NoiseModel``): one dynamic call per trial, the stage's own loop
  /// over the fixes.
  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    model.perturb(&buffer, random: random)
  }

  public static func == (a: NoiseStage, b: NoiseStage) -> Bool { AnyHashable(a.model) == AnyHashable(b.model) }
  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(model)) }
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
