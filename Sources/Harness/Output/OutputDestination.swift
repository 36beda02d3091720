import Filtering
import Foundation
import Synchronization
import TrackCore

/// Why an output cannot be written, or would overwrite what it must not: one line naming the option or
/// the file and the reason (the command line prints it as its `error:` line, exit 2).
public struct OutputError: Error, Sendable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Where a command's document goes: standard output (no `--output`, or `-`), a device or FIFO written in
/// place, or a regular file replaced atomically.
///
/// Every command's output passes through here, so the rules hold everywhere: a reader never sees half a
/// file, a failure leaves no file behind, a signal (INT, TERM, HUP) removes the temporary file before the
/// process dies, and an output that is one of the command's inputs is refused: before any work when the
/// input is named on the command line, and before the first byte is written when it is a file the command
/// found on its way (a scenario a baseline names, a population, a recording a manifest lists): every file
/// read goes through ``InputFile``, which remembers it.
/// Only `SIGKILL` can leave a temporary file behind: `.tb-<hex>.tmp` in the target's directory, safe to delete.
public struct OutputDestination {
  private enum Kind {
    case standardOutput
    /// A character device, FIFO or socket (or a symlink to one): written in place, never replaced.
    case inPlace(String)
    /// A regular file (existing or not) at its resolved path: temporary file, fsync, rename.
    case atomic(String)
  }

  /// The path as the user wrote it, for messages.
  public let name: String
  private let kind: Kind

  /// Checks `path` before any work: its directory exists, it is not a directory, and it is not one of
  /// `inputs` (compared by device and inode, so another spelling or a link is caught too).
  /// - Parameter path: `nil` or `-` for standard output.
  /// - Throws: ``OutputError`` naming the option and the path.
  @_optimize(none)
  public init(_ path: String?, option: String = "--output", inputs: [String] = []) throws {
    guard let path, path != "-" else {
      name = "standard output"
      kind = .standardOutput
      return
    }
    name = path
    guard !path.isEmpty else { throw OutputError("\(option): expected a file path or '-', found an empty text") }
    var target = stat()
    var link = stat()
    if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &target) != 0 {
      let reason = errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to a missing file"
      throw OutputError("\(option): '\(path)' is \(reason); expected a file path or a link to an existing file")
    }
    if stat(path, &target) == 0 {
      for input in inputs where input != "-" {
        var other = stat()
        if stat(input, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
          throw OutputError("\(option): '\(path)' is also an input (\(input)); expected a different file")
        }
      }
      switch target.st_mode & S_IFMT {
      case S_IFREG:
        kind = .atomic(Self.resolved(path))
        Self.planned.withLock { $0.append(Planned(option: option, name: path, path: Self.resolved(path))) }
      case S_IFDIR:
        throw OutputError("\(option): '\(path)' is a directory; expected a file path")
      default:
        kind = .inPlace(path)
      }
      return
    }
    let directory = Self.directory(of: path)
    var folder = stat()
    guard stat(directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
      throw OutputError("\(option): cannot write '\(path)': no directory '\(directory)'")
    }
    guard access(directory, W_OK) == 0 else {
      throw OutputError("\(option): cannot write '\(path)': the directory '\(directory)' is not writable")
    }
    kind = .atomic(path)
  }

  /// Refuses two outputs of one command that are the same file (another spelling or a link included):
  /// one would overwrite the other. Standard output and devices (`/dev/null`) may be shared.
  /// - Parameter outputs: each option with its path, `nil` when not given.
  /// - Throws: ``OutputError`` naming both options.
  @_optimize(none)
  public static func refuseSameFile(_ outputs: [(option: String, path: String?)]) throws {
    var seen: [(option: String, identity: String)] = []
    for (option, path) in outputs {
      guard let path, path != "-", !path.isEmpty else { continue }
      var status = stat()
      let exists = stat(path, &status) == 0
      if exists, status.st_mode & S_IFMT != S_IFREG { continue }
      let identity = exists ? resolved(path) : resolved(directory(of: path)) + "/" + (path as NSString).lastPathComponent
      if let earlier = seen.first(where: { $0.identity == identity }) {
        throw OutputError("\(option): '\(path)' is also the file of \(earlier.option); expected a different file for each output")
      }
      seen.append((option, identity))
    }
  }

  /// A file some output of this command will replace.
  private struct Planned: Sendable {
    let option: String
    let name: String
    let path: String
  }
  private static let planned = Mutex<[Planned]>([])

  /// Refuses every planned output that replaces a file the command has read (by device and inode): called
  /// before each write, so nothing is written when any output of the command would replace an input.
  /// - Throws: ``OutputError`` naming the option, the output and the input.
  @_optimize(none)
  public static func refuseReplacingInputs() throws {
    for output in planned.withLock({ $0 }) {
      if let input = InputFile.readAs(output.path) {
        throw OutputError("\(output.option): '\(output.name)' is also an input (\(input), read by this command); expected a different file")
      }
    }
  }

  public var isStandardOutput: Bool {
    if case .standardOutput = kind { return true }
    return false
  }

  /// Writes the whole document.
  /// - Throws: ``OutputError`` with the system's reason (no space, broken pipe, …); a broken pipe on
  ///   standard output ends the process as `SIGPIPE` would, quietly.
  @_optimize(none)
  public func write(_ text: String) throws { try write(Data(text.utf8)) }

  @_optimize(none)
  public func write(_ data: Data) throws {
    try Self.refuseReplacingInputs()
    switch kind {
    case .standardOutput:
      if let reason = CommandScope.current.writeOutput(data) { throw Self.failure(name, reason, pipe: true) }
    case .inPlace(let path):
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw Self.failure(name, errno, pipe: false) }
      defer { close(descriptor) }
      if let reason = CommandScope.writeAll(descriptor, data) { throw Self.failure(name, reason, pipe: false) }
    case .atomic(let path):
      try Self.replace(path, with: data, shownAs: name)
    }
  }

  // MARK: - Implementation

  @_optimize(none)
  public static func failure(_ name: String, _ reason: Int32, pipe: Bool) -> OutputError {
    if reason == EPIPE && pipe {
      // The reader went away (`| head`): end as a process killed by SIGPIPE does, without a message.
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
      exit(141)
    }
    return OutputError("\(name): cannot write: \(String(cString: strerror(reason)))")
  }

  /// Temporary file beside the target (short name, so a 255-byte target name still fits), fsync, rename.
  @_optimize(none)
  private static func replace(_ path: String, with data: Data, shownAs name: String) throws {
    var existing = stat()
    let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o666
    let temporary = try writeTemporary(beside: path, data, mode: mode, shownAs: name)
    defer { TemporaryFiles.unregister() }
    if stat(path, &existing) == 0 { _ = chmod(temporary, mode) }
    if rename(temporary, path) != 0 {
      let reason = errno
      unlink(temporary)
      throw failure(name, reason, pipe: false)
    }
  }

  /// `data` written (and synced) to a new temporary file in `path`'s directory, registered with
  /// ``TemporaryFiles`` (the caller renames or links it into place, then unregisters it).
  /// - Returns: the temporary file's path.
  @_optimize(none)
  public static func writeTemporary(beside path: String, _ data: Data, mode: mode_t, shownAs name: String) throws -> String {
    let directory = directory(of: path)
    let temporary = (directory == "." && !path.hasPrefix("./") ? "" : directory + "/")
      + ".tb-\(String(UInt32.random(in: 0...UInt32.max), radix: 16)).tmp"
    TemporaryFiles.register(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      let reason = errno
      TemporaryFiles.unregister()
      throw failure(name, reason, pipe: false)
    }
    var reason = CommandScope.writeAll(descriptor, data)
    if reason == nil, fsync(descriptor) != 0 { reason = errno }
    if close(descriptor) != 0, reason == nil { reason = errno }
    if let reason {
      unlink(temporary)
      TemporaryFiles.unregister()
      throw failure(name, reason, pipe: false)
    }
    return temporary
  }

  /// The directory part of a path (`.` for a bare name).
  @_optimize(none)
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let head = String(path[..<slash])
    return head.isEmpty ? "/" : head
  }

  /// An existing file's real path, so replacing it through a symbolic link replaces the file the link
  /// points at and keeps the link.
  @_optimize(none)
  public static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }
}

/// The temporary file being written, for the signal handler to remove: kept as a C string so the
/// handler does nothing but `unlink(2)`, which is async-signal-safe.
public enum TemporaryFiles {
  nonisolated(unsafe) private static var current: UnsafeMutablePointer<CChar>?
  /// Set (lock-free) when a handled signal arrives: from then on nothing is printed and the command
  /// does not exit on its own, so the process dies of the signal (status 128 + N), however far the
  /// workers got while the children's groups were being ended.
  private static let terminating = Atomic<Bool>(false)

  /// Installs handlers for INT, TERM and HUP that remove the temporary file, end every child's process
  /// group (TERM, then KILL), then die of the signal. The signals are unblocked first: a parent may have
  /// started TrackBench with them blocked (a blocked mask is inherited), and a run it cannot interrupt
  /// would leave its children running.
  @_optimize(none)
  public static func installSignalHandlers() {
    _ = terminating.load(ordering: .relaxed)
    var handled = sigset_t()
    sigemptyset(&handled)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      sigaddset(&handled, signalNumber)
      signal(signalNumber) { received in
        TemporaryFiles.terminating.store(true, ordering: .relaxed)
        if let path = TemporaryFiles.current { unlink(path) }
        ChildRegistry.killAll()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// Whether a handled signal is ending the process.
  public static var isTerminating: Bool { terminating.load(ordering: .relaxed) }

  /// Waits for the signal handler to end the process, when one is running; returns at once otherwise.
  @_optimize(none)
  public static func holdIfTerminating() {
    while isTerminating { pause() }
  }

  @_optimize(none)
  public static func register(_ path: String) { current = strdup(path) }

  @_optimize(none)
  public static func unregister() {
    let path = current
    current = nil
    free(path)
  }
}
