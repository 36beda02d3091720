import Foundation
import TrackCore

/// Where a reader's bytes come from: standard input for `-`, else a regular file opened by the shared
/// rule (``InputFile``): a FIFO, device or directory is refused at once, never read or waited on.
enum RecordingInput {
  /// The descriptor to read (``STDIN_FILENO`` for `-`; the caller closes any other) and the file's size
  /// in bytes (0 for standard input, whose size is unknown).
  /// - Throws: ``RecordingError`` naming the file and what is there instead.
  static func open(_ path: String) throws -> (descriptor: Int32, size: Int) {
    if path == "-" { return (STDIN_FILENO, 0) }
    do {
      return try InputFile.open(path)
    } catch {
      throw RecordingError(file: path, expected: "a regular file (or - for standard input)", found: error.found)
    }
  }
}
