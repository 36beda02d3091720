import TrackCore

/// Tests name strategies by their stored text, as records do.
extension StrategyKey: ExpressibleByStringLiteral {
  public init(stringLiteral text: String) { self.init(stored: text) }
}
