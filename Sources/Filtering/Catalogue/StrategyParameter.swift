/// A tunable parameter a strategy declares: what the CLI lists and the tuner sweeps.
public struct StrategyParameter: Sendable, Hashable, Codable {
  public let name: String
  /// Unit as shown to people (`m`, `m²/s³`, `fixes`, `1`).
  public let unit: String
  public let defaultValue: Double
  /// The valid range, inclusive.
  public let minimum: Double
  public let maximum: Double
  /// Whether the value must be a whole number.
  public let isInteger: Bool
  public let summary: String

  public init(
    name: String, unit: String, defaultValue: Double, minimum: Double, maximum: Double,
    isInteger: Bool = false, summary: String
  ) {
    self.name = name; self.unit = unit; self.defaultValue = defaultValue
    self.minimum = minimum; self.maximum = maximum; self.isInteger = isInteger; self.summary = summary
  }

  /// Whether `value` is in range (and whole, for integer parameters).
  public func accepts(_ value: Double) -> Bool {
    value.isFinite && value >= minimum && value <= maximum && (!isInteger || value.rounded() == value)
  }
}

/// A catalogue entry: a strategy's name, what it emulates, and its parameters.
public struct StrategyDescriptor: Sendable {
  /// The name used on the command line, e.g. `distance-filter`.
  public let name: String
  public let summary: String
  public let parameters: [StrategyParameter]
  /// Whether it runs on the phone during the run (`false`: offline, after the run).
  public let isStreaming: Bool
  /// Builds the strategy from one value per parameter, in declaration order (already validated).
  let make: @Sendable ([Double]) -> Strategy

  init(name: String, summary: String, parameters: [StrategyParameter], isStreaming: Bool, make: @escaping @Sendable ([Double]) -> Strategy) {
    self.name = name; self.summary = summary; self.parameters = parameters; self.isStreaming = isStreaming; self.make = make
  }

  /// The same entry marked offline.
  var offline: StrategyDescriptor {
    StrategyDescriptor(name: name, summary: summary, parameters: parameters, isStreaming: false, make: make)
  }
}
