import Foundation

/// The memory a command may plan to use before it refuses the work up front: a default per kind of
/// work, or `TRACKBENCH_MEMORY_LIMIT_MB` (mebibytes) when the user sets it.
public enum MemoryLimit {
  /// `TRACKBENCH_MEMORY_LIMIT_MB` in bytes when it is a number above 0, else `defaultBytes`.
  public static func bytes(default defaultBytes: Double) -> Double {
    if let text = ProcessInfo.processInfo.environment["TRACKBENCH_MEMORY_LIMIT_MB"], let mebibytes = DecimalNumber.parse(text), mebibytes > 0 {
      return mebibytes * 1_048_576
    }
    return defaultBytes
  }
}
