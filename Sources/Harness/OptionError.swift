/// A value given to a command's option that cannot be used: the option (or the file it names), what was
/// found and what was expected, as one line (the command line prints it as its `error:` line, exit 2).
/// What the Harness use cases throw when they read option texts (`--strategies`, `--candidate`,
/// `--objective`, `--weights`, `--label`, `--preset`, `--input-fixes`).
public struct OptionError: Error, Sendable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
