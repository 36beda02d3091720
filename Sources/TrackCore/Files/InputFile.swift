import Foundation
import Synchronization

/// The one rule for every path a command reads: a regular file, checked on the open descriptor before a
/// byte is read, and remembered so no output of the command may replace it.
///
/// The open never waits: it is non-blocking, so a FIFO without a writer (or a device that blocks on
/// open) returns at once and is refused by the check that follows, instead of hanging the command.
/// Standard input (`-`) is the caller's to handle: it is the one stream a command reads, and only where
/// it says so.
public enum InputFile {
  /// Why a path could not be read: `found` says what is there (`a FIFO (named pipe)`, `a directory`,
  /// `no such file`, the system's reason), for the caller's own error type.
  public struct Refusal: Error, Sendable, Equatable {
    public let path: String
    public let found: String
    public init(path: String, found: String) { self.path = path; self.found = found }
  }

  /// A file read by this command: its device and inode (another spelling or a link of the same file has
  /// the same pair).
  struct Identity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    init(_ status: stat) { device = UInt64(status.st_dev); inode = UInt64(status.st_ino) }
  }

  /// Opens `path` for reading.
  /// - Returns: the descriptor (blocking, close-on-exec; the caller closes it) and the file's size in bytes.
  /// - Throws: ``Refusal`` when the path is missing, unreadable, or anything but a regular file.
  /// - Complexity: two system calls, never waits on the file.
  public static func open(_ path: String) throws(Refusal) -> (descriptor: Int32, size: Int) {
    guard !path.isEmpty else { throw Refusal(path: path, found: "an empty path") }
    let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      throw Refusal(path: path, found: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw Refusal(path: path, found: reason)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw Refusal(path: path, found: kind(status.st_mode))
    }
    // Reads of a regular file never wait anyway; clear the flag so the descriptor behaves as usual.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    // The latest path wins: an inode of a file read earlier and since deleted may be reused.
    CommandScope.current.reads.withLock { $0[Identity(status)] = path }
    return (descriptor, Int(status.st_size))
  }

  /// The whole of the regular file at `path`, at most `maximumBytes` of it.
  /// - Throws: ``Refusal`` as ``open(_:)`` does, and when the file holds more than `maximumBytes` (checked
  ///   on its size before reading, and again while reading a file that grows).
  /// - Complexity: O(size), one allocation of the file's size.
  public static func contents(_ path: String, maximumBytes: Int) throws(Refusal) -> Data {
    let (descriptor, size) = try open(path)
    defer { close(descriptor) }
    guard size <= maximumBytes else {
      throw Refusal(path: path, found: "\(size) bytes")
    }
    // One byte more than the size, so the end is seen without growing; a file that grows while read
    // grows the buffer up to one byte past the limit, which is then refused.
    var data = Data(count: size + 1)
    var filled = 0
    while true {
      if filled == data.count {
        guard data.count <= maximumBytes else {
          throw Refusal(path: path, found: "more (a file that grows while read)")
        }
        data.count = min(maximumBytes + 1, data.count * 2)
      }
      let count = data.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Refusal(path: path, found: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  /// The path under which this command read the file at `path`, if it read it (compared by device and
  /// inode, so another spelling, a hard link or a symbolic link to it is found too).
  /// A path recorded for a file since deleted, whose inode another file now has, is not that file: it
  /// counts only while it still names the same device and inode.
  public static func readAs(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    let identity = Identity(status)
    guard let recorded = CommandScope.current.reads.withLock({ $0[identity] }) else { return nil }
    var now = stat()
    guard stat(recorded, &now) == 0, Identity(now) == identity else { return nil }
    return recorded
  }

  /// Forgets what was read: a command starts with none (a library user may run several in one process).
  public static func forgetReads() { CommandScope.current.reads.withLock { $0.removeAll() } }

  /// What a file of mode `mode` is, in words (for messages about a path that is not what was expected).
  public static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: return "a file"
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }
}
