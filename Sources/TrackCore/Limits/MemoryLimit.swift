import Foundation

/// The memory a command may plan to use before it refuses the work up front: a default per kind of
/// work, or `TRACKBENCH_MEMORY_LIMIT_MB` (mebibytes) when the user sets it.
public enum MemoryLimit {
  /// The environment variable that sets the limit.
  public static let variable = "TRACKBENCH_MEMORY_LIMIT_MB"
  /// Largest limit taken, MiB (16 TiB): beyond any machine, and far from the overflow of a byte count.
  public static let maximumMebibytes = 16_777_216.0

  /// `TRACKBENCH_MEMORY_LIMIT_MB` in bytes when it is set (and valid: ``problem``), else `defaultBytes`.
  public static func bytes(default defaultBytes: Double) -> Double {
    if let text = ProcessInfo.processInfo.environment[variable], let mebibytes = parse(text) { return mebibytes * 1_048_576 }
    return defaultBytes
  }

  /// Why `TRACKBENCH_MEMORY_LIMIT_MB` cannot be taken (one `error:` line, before any work), or nil
  /// when it is unset or a number of MiB above 0 and at most ``maximumMebibytes``. A limit never
  /// goes unheeded without a word: `-1`, `nan`, `1e999` and `0` are refused, not ignored.
  public static var problem: String? {
    guard let text = ProcessInfo.processInfo.environment[variable], parse(text) == nil else { return nil }
    return "\(variable): expected a number of MiB above 0 and at most \(Int(maximumMebibytes)), found \(QuotedText.quoted(TerminalText.escaped(text)))"
  }

  private static func parse(_ text: String) -> Double? {
    guard let mebibytes = DecimalNumber.parse(text), mebibytes.isFinite, mebibytes > 0, mebibytes <= maximumMebibytes else { return nil }
    return mebibytes
  }
}
