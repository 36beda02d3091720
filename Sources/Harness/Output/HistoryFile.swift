import Evaluation
import Findings
import Foundation
import TrackCore

/// `check --history FILE`: a JSON-lines history of checks of one suite, appended to whole or not at all.
///
/// Appending is atomic and safe between concurrent checks: the history is locked (`flock`), read and
/// checked (every line, one suite: the baseline's), and replaced by a copy with the new line
/// (temporary file, fsync, rename). A new history is linked into place only if none appeared meanwhile.
public struct HistoryFile {
  /// The path as given, for messages.
  public let name: String
  /// The file written: the path with symbolic links resolved (a link keeps pointing at the history).
  private let target: String

  /// Memory to read a history of `bytes` bytes (to report it, or to check and append to it), bytes:
  /// 1.2 per byte of the file + 64 MiB, measured on 140 and 560 MB histories of the bundled suite
  /// (report: 212 and 644 MB peak; appending to 560 MB: 701 MB).
  @_optimize(none)
  public static func memoryEstimate(bytes: Int) -> Double { 1.2 * Double(bytes) + 64 * 1_048_576 }

  /// Largest ``memoryEstimate(bytes:)`` accepted: 1.5 GiB (a history of about 1.2 GB, 5,000 checks of the
  /// bundled suite), or `TRACKBENCH_MEMORY_LIMIT_MB`.
  public static var memoryLimitBytes: Double { MemoryLimit.bytes(default: 1.5 * 1_073_741_824) }

  /// The largest history read, bytes: the one whose estimate meets the limit.
  public static var largest: off_t { off_t(max(0, (memoryLimitBytes - 64 * 1_048_576) / 1.2)) }

  /// Checks the path before any work: a regular file (or none yet) in a directory that exists, not one
  /// of `inputs`.
  @_optimize(none)
  public init(_ path: String, inputs: [String]) throws {
    name = path
    guard !path.isEmpty, path != "-" else { throw OutputError("--history: expected a file path, found '\(path)'") }
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw OutputError("--history: '\(path)' is not a regular file; expected a history file (JSON lines) or a new path")
      }
      for input in inputs {
        var other = stat()
        if stat(input, &other) == 0, other.st_dev == status.st_dev, other.st_ino == status.st_ino {
          throw OutputError("--history: '\(path)' is also an input (\(input)); expected a history file of its own")
        }
      }
      target = OutputDestination.resolved(path)
    } else {
      var link = stat()
      if lstat(path, &link) == 0 {
        throw OutputError("--history: '\(path)' is a symbolic link to a missing file; expected a history file or a new path")
      }
      let directory = OutputDestination.directory(of: path)
      var folder = stat()
      guard stat(directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
        throw OutputError("--history: cannot write '\(path)': no directory '\(directory)'")
      }
      target = path
    }
    guard access(OutputDestination.directory(of: target), W_OK) == 0 else {
      throw OutputError("--history: cannot write '\(path)': the directory '\(OutputDestination.directory(of: target))' is not writable")
    }
  }

  /// Reads a history whole, every line checked.
  /// - Throws: ``OutputError`` naming the file (and the line) for a file that cannot be read, is too
  ///   large, or holds anything but checks of one suite.
  @_optimize(none)
  public static func read(_ path: String) throws -> CheckHistory {
    let data = try contents(path)
    do { return try CheckHistory(data, file: path) } catch { throw OutputError("\(error)") }
  }

  /// Fails now, before the check runs, if the history exists and is not a history of `suite`.
  @_optimize(none)
  public func refuseOtherSuite(_ suite: String) throws {
    var status = stat()
    guard stat(target, &status) == 0 else { return }
    let data = try Self.contents(target)
    guard !Self.isBlank(data) else { return }
    try Self.check(data, name: name, suite: suite)
  }

  /// Appends `line` (one JSON object, no newline) under the history's lock.
  /// - Throws: ``OutputError`` for a history of another suite or with a bad line, or one that cannot be
  ///   written; the file is then as it was.
  @_optimize(none)
  public func append(_ line: String, suite: String) throws {
    let addition = Data((line + "\n").utf8)
    // A history replaced by another check between our open and our lock is opened again.
    for _ in 0..<1000 {
      let descriptor = open(target, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        guard errno == ENOENT else { throw OutputDestination.failure(name, errno, pipe: false) }
        if try create(addition) { return }
        continue
      }
      defer { close(descriptor) }
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else { throw OutputDestination.failure(name, errno, pipe: false) }
      }
      var held = stat(), now = stat()
      guard fstat(descriptor, &held) == 0, stat(target, &now) == 0, held.st_dev == now.st_dev, held.st_ino == now.st_ino else { continue }
      guard held.st_size <= Self.largest else { throw Self.tooLarge(name, held.st_size) }
      var data = try Self.readAll(descriptor, name: name)
      if !Self.isBlank(data) {
        try Self.check(data, name: name, suite: suite)
        if data.last != 10 { data.append(10) }
      } else {
        data = Data()
      }
      data.append(addition)
      let temporary = try OutputDestination.writeTemporary(beside: target, data, mode: held.st_mode & 0o7777, shownAs: name)
      defer { TemporaryFiles.unregister() }
      _ = chmod(temporary, held.st_mode & 0o7777)
      if rename(temporary, target) != 0 {
        let reason = errno
        unlink(temporary)
        throw OutputDestination.failure(name, reason, pipe: false)
      }
      return
    }
    throw OutputError("\(name): cannot write: replaced by other writers 1000 times while appending")
  }

  /// A new history holding `addition`, linked into place unless one exists by then.
  /// - Returns: `false` when another check created the history first.
  @_optimize(none)
  private func create(_ addition: Data) throws -> Bool {
    let temporary = try OutputDestination.writeTemporary(beside: target, addition, mode: 0o666, shownAs: name)
    defer {
      unlink(temporary)
      TemporaryFiles.unregister()
    }
    if link(temporary, target) == 0 { return true }
    guard errno == EEXIST else { throw OutputDestination.failure(name, errno, pipe: false) }
    return false
  }

  @_optimize(none)
  private static func check(_ data: Data, name: String, suite: String) throws {
    let history: CheckHistory
    do { history = try CheckHistory(data, file: name) } catch { throw OutputError("\(error)") }
    guard history.suite == suite else {
      throw OutputError(
        "\(name):1: expected a history of this baseline's suite (\(suite)), found another suite's (\(history.suite)); give each suite a history of its own")
    }
  }

  @_optimize(none)
  private static func isBlank(_ data: Data) -> Bool { data.allSatisfy { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 } }

  @_optimize(none)
  private static func tooLarge(_ name: String, _ size: off_t) -> OutputError {
    OutputError(
      "\(name): expected a history that reads in \(Int(memoryLimitBytes / 1_048_576)) MB (at most \(largest >> 20) MiB; TRACKBENCH_MEMORY_LIMIT_MB raises it), "
        + "found \(size >> 20) MiB, an estimated \(Int(memoryEstimate(bytes: Int(size)) / 1_048_576)) MB; start a new history (or keep its newest lines)")
  }

  @_optimize(none)
  private static func contents(_ path: String) throws -> Data {
    let (descriptor, size): (Int32, Int)
    do { (descriptor, size) = try InputFile.open(path) } catch {
      throw OutputError("\(path): expected a regular history file (JSON lines, check --history), found \(error.found)")
    }
    defer { close(descriptor) }
    guard size <= largest else { throw tooLarge(path, off_t(size)) }
    return try readAll(descriptor, name: path)
  }

  /// Every byte from `descriptor`'s current offset, in 1 MiB reads, never more than ``largest``.
  @_optimize(none)
  private static func readAll(_ descriptor: Int32, name: String) throws -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw OutputError("\(name): cannot read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
      guard data.count <= Int(largest) else { throw tooLarge(name, off_t(data.count)) }
    }
  }
}
