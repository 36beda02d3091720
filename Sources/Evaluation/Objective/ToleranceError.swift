/// Text of a gate tolerance (`--tolerance`) or of scenario weights (`--weights`) that does not read:
/// the item and what was expected, in one line.
public struct ToleranceError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public var description: String { message }

  public init(message: String) { self.message = message }
}
