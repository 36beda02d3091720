import TrackCore

/// A catalogue entry: a strategy's name, what it emulates, its parameter table, and how to build it.
public struct StrategyDescriptor: Sendable {
  /// The name used on the command line, e.g. `distance-filter`.
  public let name: String
  public let summary: String
  /// The declared parameters, in order.
  public let parameters: [Parameter]
  /// Whether it runs on the phone during the run (`false`: offline, after the run).
  public let isStreaming: Bool
  /// Rules between its parameters, checked by ``make(parameters:)``, the strategy parser and `tune`.
  public let orders: [ParameterOrder]
  /// Whether it annotates the track it is given rather than filtering it (an ``ElevationStage`` or a
  /// ``PauseStage``): `run` and `transfer` without named strategies leave it out, since alone its track
  /// is the raw one.
  public let isAnnotatingStage: Bool
  /// Whether it needs a map of the venue (a ``VenueFilter``, `track-snap`): left out of the defaults too.
  public let needsVenue: Bool
  /// Strategy texts that show it in use (`speed-gate(12) | kalman(q: 0.5)`): docs/strategies.md lists
  /// them, and a test runs each through the laws.
  public let examples: [String]
  /// What its recorded points claim as their accuracy (docs/strategies.md's "claim" column).
  public let accuracyClaim: AccuracyClaim
  /// Builds the strategy from values of its table.
  private let build: @Sendable (ParameterValues) -> Strategy

  /// An entry by hand; ``filter(_:)`` and ``smoother(_:)`` make one from a catalogue type.
  public init(name: String, summary: String, parameters: [Parameter], isStreaming: Bool, build: @escaping @Sendable (ParameterValues) -> Strategy) {
    self.init(name: name, summary: summary, parameters: parameters, orders: [], isStreaming: isStreaming, build: build)
  }

  /// An entry by hand, with rules between its parameters; its claim not stated.
  public init(
    name: String, summary: String, parameters: [Parameter], orders: [ParameterOrder], isStreaming: Bool, isAnnotatingStage: Bool = false, needsVenue: Bool = false,
    examples: [String] = [], build: @escaping @Sendable (ParameterValues) -> Strategy
  ) {
    self.init(
      name: name, summary: summary, parameters: parameters, orders: orders, isStreaming: isStreaming, isAnnotatingStage: isAnnotatingStage,
      needsVenue: needsVenue, examples: examples, accuracyClaim: .unstated, build: build)
  }

  /// An entry by hand, with rules between its parameters and what its points claim.
  public init(
    name: String, summary: String, parameters: [Parameter], orders: [ParameterOrder], isStreaming: Bool, isAnnotatingStage: Bool = false, needsVenue: Bool = false,
    examples: [String] = [], accuracyClaim: AccuracyClaim, build: @escaping @Sendable (ParameterValues) -> Strategy
  ) {
    self.name = name; self.summary = summary; self.parameters = parameters; self.orders = orders; self.isStreaming = isStreaming
    self.isAnnotatingStage = isAnnotatingStage; self.needsVenue = needsVenue; self.examples = examples; self.accuracyClaim = accuracyClaim
    self.build = build
  }

  /// The strategy with `parameters` by name; the others take their defaults.
  /// - Throws: ``ParameterError`` for a name the table does not declare, a value out of range, or values
  ///   that break one of ``orders``.
  public func make(parameters given: [String: Double] = [:]) throws(ParameterError) -> Strategy {
    let values = try ParameterValues(parameters, given)
    try checkOrders(values)
    return build(values)
  }

  /// Refuses values that break one of ``orders``.
  public func checkOrders(_ values: ParameterValues) throws(ParameterError) {
    for order in orders { try order.check(values) }
  }

  /// The strategy with values already checked against its table.
  /// - Precondition: `values.table` is this entry's table.
  public func make(_ values: ParameterValues) -> Strategy {
    precondition(values.table == parameters, "values of \(name)'s table")
    return build(values)
  }
}
