/// A parameter declared once: its row of the table (name, unit, range, meaning) and the stored property
/// of `Component` it sets and is read back from. The property's initial value is the default, so a
/// component's parameter is one property and one row beside it; a `Bool` property is a 0/1 parameter,
/// an `Int` one takes whole numbers.
public struct ParameterBinding<Component>: Sendable {
  public let name: String
  public let unit: String
  public let minimum: Double
  public let maximum: Double
  public let isInteger: Bool
  public let scale: Parameter.Scale
  public let summary: String
  private let read: @Sendable (Component) -> Double
  private let write: @Sendable (inout Component, Double) -> Void

  /// A parameter in `unit` from `minimum` to `maximum` that sets `property`.
  public init(
    _ property: WritableKeyPath<Component, Double> & Sendable, name: String, unit: String, minimum: Double, maximum: Double,
    scale: Parameter.Scale = .linear, summary: String
  ) {
    self.init(
      name: name, unit: unit, minimum: minimum, maximum: maximum, isInteger: false, scale: scale, summary: summary,
      read: { $0[keyPath: property] }, write: { $0[keyPath: property] = $1 })
  }

  /// A whole-number parameter that sets `property`.
  public init(_ property: WritableKeyPath<Component, Int> & Sendable, name: String, unit: String, minimum: Int, maximum: Int, summary: String) {
    self.init(
      name: name, unit: unit, minimum: Double(minimum), maximum: Double(maximum), isInteger: true, scale: .linear, summary: summary,
      read: { Double($0[keyPath: property]) }, write: { $0[keyPath: property] = Int($1) })
  }

  /// A switch (0 off, 1 on) that sets `property`.
  public init(_ property: WritableKeyPath<Component, Bool> & Sendable, name: String, summary: String) {
    self.init(
      name: name, unit: "0/1", minimum: 0, maximum: 1, isInteger: true, scale: .linear, summary: summary,
      read: { $0[keyPath: property] ? 1 : 0 }, write: { $0[keyPath: property] = $1 != 0 })
  }

  private init(
    name: String, unit: String, minimum: Double, maximum: Double, isInteger: Bool, scale: Parameter.Scale, summary: String,
    read: @escaping @Sendable (Component) -> Double, write: @escaping @Sendable (inout Component, Double) -> Void
  ) {
    self.name = name; self.unit = unit; self.minimum = minimum; self.maximum = maximum; self.isInteger = isInteger
    self.scale = scale; self.summary = summary; self.read = read; self.write = write
  }

  /// The table row, its default the property's value in `defaults`.
  public func parameter(defaults: Component) -> Parameter {
    Parameter(
      name: name, unit: unit, defaultValue: read(defaults), minimum: minimum, maximum: maximum, isInteger: isInteger, scale: scale,
      summary: summary)
  }

  /// The property's value in `component`, as a parameter value.
  public func value(in component: Component) -> Double { read(component) }

  /// Sets the property of `component` to `value`.
  public func set(_ value: Double, in component: inout Component) { write(&component, value) }
}
