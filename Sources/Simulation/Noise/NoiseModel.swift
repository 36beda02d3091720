import NumericKit

/// The fixes of one simulated trial while their error is being built: structure of arrays, sized once
/// and reused across trials.
public struct ObservationBuffer: Sendable {
  /// Fix times, seconds, strictly increasing.
  public var times: [Double] = []
  /// Accumulated true error east and north, metres.
  public var errorEast: [Double] = []
  public var errorNorth: [Double] = []

  public init() {}

  /// Sets `count` fixes with zero error, reusing capacity.
  public mutating func reset(times newTimes: some Sequence<Double>) {
    times.removeAll(keepingCapacity: true)
    times.append(contentsOf: newTimes)
    errorEast.removeAll(keepingCapacity: true)
    errorEast.append(contentsOf: repeatElement(0, count: times.count))
    errorNorth.removeAll(keepingCapacity: true)
    errorNorth.append(contentsOf: repeatElement(0, count: times.count))
  }
}

/// One stage of GPS error: adds its own error to every fix of a trial.
public protocol NoiseModel: Sendable {
  /// Adds this stage's error to `buffer`, drawing from `random` (this stage's own stream).
  /// - Complexity: O(n) in the fixes, no allocation.
  func perturb(_ buffer: inout ObservationBuffer, random: RandomSource)
}

/// The catalogue of noise stages as written in scenario files: `- white: { sigma_m: 2.5 }`.
public enum NoiseStage: Sendable, Hashable, Decodable {
  case white(WhiteNoise)
  case gaussMarkov(GaussMarkovNoise)

  /// Names as written in YAML.
  public static let names = ["white", "gauss_markov"]

  public init(from decoder: any Decoder) throws {
    let (key, c) = try decoder.singleKey(allowed: NoiseStage.names)
    switch key.stringValue {
    case "white": self = .white(try c.decode(WhiteNoise.self, forKey: key))
    default: self = .gaussMarkov(try c.decode(GaussMarkovNoise.self, forKey: key))
    }
  }

  /// The stage as a model; switched once per trial, not per fix.
  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    switch self {
    case .white(let model): model.perturb(&buffer, random: random)
    case .gaussMarkov(let model): model.perturb(&buffer, random: random)
    }
  }
}
