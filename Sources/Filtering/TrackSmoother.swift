import TrackCore

/// An offline smoother: reads the whole recording after the run, may look ahead, never invents a time.
public protocol TrackSmoother: Sendable {
  /// Writes the smoothed track for `input` into `output` (emptied first).
  func smooth(_ input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix])
}

/// A strategy type in the catalogue: its name, what it emulates, its parameters, and how to build it
/// from parameter values.
public protocol CatalogueStrategy: Sendable, Hashable {
  /// The command-line name, e.g. `distance-filter`.
  static var name: String { get }
  /// One line: what it is and whom it emulates.
  static var summary: String { get }
  /// Declared parameters, in order (the order a strategy's text lists them in).
  static var parameterTable: [Parameter] { get }
  /// Rules between its parameters (`min_s` ≤ `max_s`), checked wherever values are given by name.
  static var parameterOrders: [ParameterOrder] { get }
  /// What its recorded points claim as their accuracy (``AccuracyClaim``); `.unstated` unless declared.
  static var accuracyClaim: AccuracyClaim { get }
  /// Builds the strategy from values of its table, read by name (validated against the table).
  init(parameters: ParameterValues)
  /// Its current values, by name.
  var parameters: ParameterValues { get }
  /// How far below the true distance it may record on noise-free fixes along a straight line spaced
  /// `spacing` metres apart, metres: the loss its own sampling must cause.
  func noiseFreeDistanceLoss(spacing: Double) -> Double
}

extension CatalogueStrategy {
  /// Rules between parameters that their ranges cannot say (none unless the type declares them).
  public static var parameterOrders: [ParameterOrder] { [] }
  public static var accuracyClaim: AccuracyClaim { .unstated }
}

// MARK: - Default implementations

extension CatalogueStrategy {
  public static var parameterTable: [Parameter] { [] }
  public var parameters: ParameterValues { ParameterValues(defaultsOf: Self.parameterTable) }
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { 0 }
}
