import TrackCore

/// A catalogue strategy whose parameters are each declared once: a stored property whose initial value
/// is the default, and its row in ``parameterBindings`` (name, unit, range, meaning). The table, the
/// build from values by name, the current values and a checked build from a dictionary all follow, so a
/// new parameter is one property and one row.
public protocol DeclaredParameters: CatalogueStrategy {
  /// Each parameter's row and the stored property it sets, in the order a strategy's text lists them.
  static var parameterBindings: [ParameterBinding<Self>] { get }
  /// The strategy with every parameter at its default.
  init()
  /// Derives what the parameters imply (a window's size, a stage built from them) once they are set;
  /// by default nothing.
  mutating func parametersSet()
}

extension DeclaredParameters {
  /// The rows of ``parameterBindings``, each default read from ``init()``.
  /// - Complexity: O(parameters); one strategy value made.
  public static var parameterTable: [Parameter] {
    let defaults = Self()
    return parameterBindings.map { $0.parameter(defaults: defaults) }
  }

  /// The defaults with each parameter of `values` set by name.
  public init(parameters values: ParameterValues) {
    self.init()
    for binding in Self.parameterBindings { binding.set(values[binding.name], in: &self) }
    parametersSet()
  }

  public var parameters: ParameterValues {
    ParameterValues(Self.parameterTable, values: Self.parameterBindings.map { $0.value(in: self) })
  }

  /// The defaults with `given` values by name, checked as a strategy text's are.
  /// - Throws: ``ParameterError`` for a name the table does not declare, a value out of its range, or
  ///   values that break one of the ``CatalogueStrategy/parameterOrders``.
  public init(_ given: [String: Double]) throws(ParameterError) {
    let values = try ParameterValues(Self.parameterTable, given)
    for order in Self.parameterOrders { try order.check(values) }
    self.init(parameters: values)
  }

  public mutating func parametersSet() {}
}
