import Foundation
import Synchronization

/// What one command owns in a process that may run several at once (the CLI's tests run commands in
/// process, side by side): the files it read, which no output of it may replace, when captured its
/// standard output and standard error, and whether it sees the strategies, metrics and report formats
/// registered in the process.
///
/// The `trackbench` binary runs in the process's scope, ``current``'s default, which writes to the
/// real descriptors. A caller that runs a command in process binds a capturing scope with
/// `CommandScope.$current.withValue(scope) { … }`; threads the command starts of its own (cell workers,
/// a child's standard error) carry it over with ``carried(_:)``.
public final class CommandScope: Sendable {
  /// The scope of the command running in this task (or thread, carried over).
  @TaskLocal public static var current = CommandScope(capturing: false)

  /// Whether standard output and error go to buffers instead of the process's descriptors.
  public let isCapturing: Bool

  /// Whether the catalogues (strategies, metrics, report formats) include what was registered in the
  /// process; without, a command sees the built-in ones alone, as the `trackbench` binary does.
  public let seesRegistrations: Bool

  struct Streams: ~Copyable {
    var output = Data()
    var error = Data()
  }
  private let streams = Mutex(Streams())
  let reads = Mutex<[InputFile.Identity: String]>([:])

  /// - Parameters:
  ///   - capturing: keep standard output and error in buffers (read back with ``capturedOutput`` and
  ///     ``capturedError``).
  ///   - seesRegistrations: see ``seesRegistrations``.
  public init(capturing: Bool, seesRegistrations: Bool = true) {
    isCapturing = capturing
    self.seesRegistrations = seesRegistrations
  }

  /// Writes `data` to standard output: the buffer when capturing, else descriptor 1.
  /// - Returns: `errno` when the descriptor refused it, `nil` when everything was written.
  public func writeOutput(_ data: Data) -> Int32? {
    if isCapturing {
      streams.withLock { $0.output.append(data) }
      return nil
    }
    return Self.writeAll(STDOUT_FILENO, data)
  }

  /// Writes `data` to standard error (best effort: a failure to report is not itself reported).
  public func writeError(_ data: Data) {
    if isCapturing {
      streams.withLock { $0.error.append(data) }
    } else {
      _ = Self.writeAll(STDERR_FILENO, data)
    }
  }

  /// Everything written to standard output so far (capturing scopes only).
  public var capturedOutput: Data { streams.withLock { $0.output } }

  /// Everything written to standard error so far (capturing scopes only).
  public var capturedError: Data { streams.withLock { $0.error } }

  /// Whether standard output (descriptor 1, or 2 when `error`) is a terminal: never for a capturing scope.
  public func isTerminal(error: Bool = false) -> Bool {
    !isCapturing && isatty(error ? STDERR_FILENO : STDOUT_FILENO) == 1
  }

  /// `body` with this task's scope bound, for a thread the command starts (threads do not inherit
  /// task-local values).
  public static func carried(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    let scope = current
    return { $current.withValue(scope) { body() } }
  }

  /// Writes every byte, retrying on `EINTR` and short writes; returns `errno` on failure.
  public static func writeAll(_ descriptor: Int32, _ data: Data) -> Int32? {
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
      guard var cursor = buffer.baseAddress else { return nil }
      var left = buffer.count
      while left > 0 {
        let written = Foundation.write(descriptor, cursor, left)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        cursor += written
        left -= written
      }
      return nil
    }
  }
}
