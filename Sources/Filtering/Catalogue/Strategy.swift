import TrackCore

/// A configured strategy: the runtime choice of filter, switched once per run, never per fix.
///
/// Its text form is the catalogue name with parameters, `kalman(q: 0.5, r_scale: 1)`; that is also its
/// `Codable` form and how reports name it.
public enum Strategy: Sendable, Hashable {
  case raw(RawFilter)
  case moonrunner(MoonRunnerFilter)
  case distanceFilter(DistanceFilter)
  case accuracyGate(AccuracyGate)
  case runAverage(RunAverageFilter)
  case kalman(KalmanFilter)

  /// Runs the strategy over `input` into `output` (emptied first). The switch happens once; each branch
  /// runs a loop specialised for its filter type.
  /// - Complexity: O(n); no allocation once `output` has capacity.
  public func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    switch self {
    case .raw(let f): f.run(over: input, into: &output)
    case .moonrunner(let f): f.run(over: input, into: &output)
    case .distanceFilter(let f): f.run(over: input, into: &output)
    case .accuracyGate(let f): f.run(over: input, into: &output)
    case .runAverage(let f): f.run(over: input, into: &output)
    case .kalman(let f): f.run(over: input, into: &output)
    }
  }

  /// Runs the strategy over `input` and returns what it records.
  public func run(over input: [LocalFix]) -> [LocalFix] {
    var output: [LocalFix] = []
    input.withUnsafeBufferPointer { run(over: $0, into: &output) }
    return output
  }

  /// The catalogue name, e.g. `kalman`.
  public var name: String { Strategy.descriptor(of: self).name }

  /// Current parameter values, in the descriptor's order.
  public var parameterValues: [Double] {
    switch self {
    case .raw: return []
    case .moonrunner(let f): return [f.distanceFilter, f.maximumAccuracy, f.maximumAge]
    case .distanceFilter(let f): return [f.minimumDistance]
    case .accuracyGate(let f): return [f.maximumAccuracy]
    case .runAverage(let f): return [Double(f.count)]
    case .kalman(let f): return [f.q, f.rScale]
    }
  }

  /// How far below the true distance this strategy may record on noise-free fixes along a straight line
  /// spaced `spacing` metres apart: the loss its own sampling must cause, metres.
  ///
  /// - raw, accuracy-gate: 0 (every noise-free fix is kept).
  /// - distance-filter(d), moonrunner: < d (the last partial step).
  /// - run-average(n): ≤ (2n − 2)·spacing ((n − 1)/2 spacings at each end plus an unfilled last block).
  /// - kalman: ≤ 1 spacing (the start-up transient from the zero-velocity prior; the constant-velocity
  ///   model has no steady-state lag on a straight line at constant speed).
  public func noiseFreeDistanceLoss(spacing: Double) -> Double {
    switch self {
    case .raw, .accuracyGate: return 0
    case .moonrunner(let f): return f.distanceFilter
    case .distanceFilter(let f): return f.minimumDistance
    case .runAverage(let f): return Double(2 * f.count - 2) * spacing
    case .kalman: return spacing
    }
  }
}

extension Strategy: CustomStringConvertible {
  /// `name(p1: v1, p2: v2)` with every parameter, or the bare name when it has none.
  public var description: String {
    let descriptor = Strategy.descriptor(of: self)
    guard !descriptor.parameters.isEmpty else { return descriptor.name }
    let arguments = zip(descriptor.parameters, parameterValues).map { parameter, value in
      "\(parameter.name): \(StrategyParameter.format(value))"
    }
    return "\(descriptor.name)(\(arguments.joined(separator: ", ")))"
  }
}

extension Strategy: Codable {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      self = try Strategy(parsing: text)
    } catch {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    try c.encode(description)
  }
}

extension StrategyParameter {
  /// Shortest text for a parameter value: `10`, `0.5`.
  static func format(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
