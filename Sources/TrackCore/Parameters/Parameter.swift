/// One tunable parameter of a component (a strategy, later a noise stage): what the CLI lists, the
/// parser checks and the tuner sweeps.
public struct Parameter: Sendable, Hashable, Codable {
  /// How a sweep or an optimiser spaces the parameter's values.
  public enum Scale: String, Sendable, Hashable, Codable {
    /// Equal steps of the value.
    case linear
    /// Equal ratios: for values spanning decades (a process noise, a variance scale). Needs minimum > 0.
    case log
  }

  /// The name used in strategy texts and `--param`, e.g. `q` or `r_scale`.
  public let name: String
  /// Unit as shown to people (`m`, `m²/s³`, `fixes`, `1`).
  public let unit: String
  public let defaultValue: Double
  /// The valid range, inclusive.
  public let minimum: Double
  public let maximum: Double
  /// Whether the value must be a whole number.
  public let isInteger: Bool
  public let scale: Scale
  public let summary: String

  /// - Precondition: minimum ≤ default ≤ maximum, and minimum > 0 on a log scale.
  public init(
    name: String, unit: String, defaultValue: Double, minimum: Double, maximum: Double,
    isInteger: Bool = false, scale: Scale = .linear, summary: String
  ) {
    precondition(minimum <= defaultValue && defaultValue <= maximum && (scale == .linear || minimum > 0), "parameter \(name): range")
    self.name = name; self.unit = unit; self.defaultValue = defaultValue; self.minimum = minimum; self.maximum = maximum
    self.isInteger = isInteger; self.scale = scale; self.summary = summary
  }

  /// Whether `value` is in range (and whole, for integer parameters).
  public func accepts(_ value: Double) -> Bool {
    value.isFinite && value >= minimum && value <= maximum && (!isInteger || value.rounded() == value)
  }

  /// What a valid value is, for messages: `a number from 0.01 to 100 m`.
  public var expectation: String {
    "\(isInteger ? "a whole number" : "a number") from \(Parameter.format(minimum)) to \(Parameter.format(maximum)) \(unit)"
  }

  /// A value as strategy texts and reports write it: integers without a decimal point, others in
  /// Swift's shortest round-trip form (`0.5`, `1e-06`).
  public static func format(_ value: Double) -> String {
    if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}

/// A component's parameter values, by name, for the parameters of its table (every one has a value:
/// those not given take their default).
public struct ParameterValues: Sendable, Hashable {
  /// The declared parameters, in order.
  public let table: [Parameter]
  /// One value per parameter of `table`, in its order.
  public private(set) var values: [Double]

  /// Every parameter at its default.
  public init(defaultsOf table: [Parameter]) {
    self.table = table
    values = table.map(\.defaultValue)
  }

  /// The defaults with `given` values by name.
  /// - Throws: ``ParameterError`` for a name the table does not declare or a value out of its range.
  public init(_ table: [Parameter], _ given: [String: Double]) throws(ParameterError) {
    self.init(defaultsOf: table)
    for (name, value) in given.sorted(by: { $0.key < $1.key }) { try set(name, to: value) }
  }

  /// A configured component's current values, by name (its own, so not checked against the ranges; a
  /// name the table lacks is ignored in release builds and stops a debug build).
  public init(_ table: [Parameter], current: KeyValuePairs<String, Double>) {
    self.init(defaultsOf: table)
    for (name, value) in current {
      guard let index = table.firstIndex(where: { $0.name == name }) else {
        assertionFailure("\(name) is not declared")
        continue
      }
      values[index] = value
    }
  }

  /// A configured component's current values, one per parameter of `table`, in its order (its own, so
  /// not checked against the ranges).
  /// - Precondition: `values.count == table.count`.
  public init(_ table: [Parameter], values: [Double]) {
    precondition(values.count == table.count, "one value per parameter")
    self.table = table
    self.values = values
  }

  /// The value of the parameter `name`.
  /// - Precondition: `name` is declared in `table` (a component reads its own parameters).
  public subscript(_ name: String) -> Double {
    guard let index = table.firstIndex(where: { $0.name == name }) else { preconditionFailure("\(name) is not declared") }
    return values[index]
  }

  /// Sets the parameter `name` to `value`.
  /// - Throws: ``ParameterError`` for an undeclared name or a value out of range.
  public mutating func set(_ name: String, to value: Double) throws(ParameterError) {
    guard let index = table.firstIndex(where: { $0.name == name }) else {
      let known = table.map(\.name).joined(separator: ", ")
      throw ParameterError(parameter: name, message: "unknown parameter '\(name)'; expected \(known.isEmpty ? "none" : known)")
    }
    let parameter = table[index]
    guard parameter.accepts(value) else {
      throw ParameterError(parameter: name, message: "\(name) expects \(parameter.expectation), found \(Parameter.format(value))")
    }
    values[index] = value
  }

  /// (name, value) in the table's order.
  public var named: [(name: String, value: Double)] { zip(table, values).map { ($0.name, $1) } }
}

/// A parameter name or value a table does not accept.
public struct ParameterError: Error, Sendable, Equatable, CustomStringConvertible {
  public let parameter: String
  public let message: String

  public init(parameter: String, message: String) { self.parameter = parameter; self.message = message }

  public var description: String { message }
}

/// A rule between two parameters of one table that their ranges alone cannot say: `lower` may not
/// exceed `upper` (a shortest interval is no longer than the longest).
public struct ParameterOrder: Sendable, Hashable {
  public let lower: String
  public let upper: String

  /// `lower` ≤ `upper`, both names of the table the rule is declared with.
  public init(_ lower: String, atMost upper: String) { self.lower = lower; self.upper = upper }

  /// Refuses `values` that break the rule.
  /// - Throws: ``ParameterError`` naming both parameters and their values (reported at `upper`).
  public func check(_ values: ParameterValues) throws(ParameterError) {
    let low = values[lower], high = values[upper]
    guard low <= high else {
      throw ParameterError(
        parameter: upper,
        message: "\(lower) (\(Parameter.format(low))) must be at most \(upper) (\(Parameter.format(high))); expected \(upper) ≥ \(lower)")
    }
  }
}
