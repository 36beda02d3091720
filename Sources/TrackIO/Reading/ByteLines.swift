import Foundation

/// Reads a file (or standard input, `-`) line by line in fixed chunks, so memory stays bounded by the
/// chunk and the longest line, whatever the file's size.
///
/// Lines are handed out as byte buffers without their `\n` (and a `\r` before it), valid only during
/// the call; a line longer than ``maximumLineBytes`` is handed out cut, flagged as too long.
struct ByteLines {
  static let chunkBytes = 1 << 20
  static let maximumLineBytes = 1 << 16

  /// Calls `body(line, number, tooLong)` for every line. `body` returns the points its reader has kept so
  /// far, or `nil` to stop early: with none kept after ``Recording/bytesWithoutPoint`` bytes
  /// (`/dev/zero`, a disk image), reading stops with an error.
  /// - Throws: ``RecordingError`` when the file cannot be opened or read, or holds no point early enough.
  static func forEach(
    in path: String, _ body: (UnsafeBufferPointer<UInt8>, Int, Bool) throws -> Int?
  ) throws {
    let descriptor = try RecordingInput.open(path).descriptor
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var buffer = [UInt8](repeating: 0, count: chunkBytes + maximumLineBytes)
    var pending = 0  // bytes of an unfinished line at the buffer's start
    var lineNumber = 0
    var skippingLongLine = false
    var bytesRead = 0
    var kept = 0
    var input = TextInput(descriptor)
    try buffer.withUnsafeMutableBufferPointer { storage in
      let base = storage.baseAddress!
      while true {
        let count = input.read(base + pending, chunkBytes)
        if count < 0 {
          throw RecordingError(file: path, place: "line \(lineNumber + 1)", expected: "a readable file", found: String(cString: strerror(errno)))
        }
        bytesRead += count
        try Recording.checkProgress(bytesRead: bytesRead, kept: kept, file: path)
        let end = pending + count
        var start = 0
        var cursor = pending
        // A UTF-8 byte-order mark (what some Windows tools write first) is not part of the first line.
        if bytesRead == count, count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { start = 3; cursor = 3 }
        while cursor < end, let found = memchr(base + cursor, 10, end - cursor) {
          let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          lineNumber += 1
          if !skippingLongLine {
            var stop = newline
            if stop > start && base[stop - 1] == 13 { stop -= 1 }
            guard let now = try body(UnsafeBufferPointer(start: base + start, count: stop - start), lineNumber, false) else { return }
            kept = now
          }
          skippingLongLine = false
          start = newline + 1
          cursor = newline + 1
        }
        if count == 0 {
          if start < end && !skippingLongLine {
            lineNumber += 1
            _ = try body(UnsafeBufferPointer(start: base + start, count: end - start), lineNumber, false)
          }
          return
        }
        pending = end - start
        if pending > maximumLineBytes {
          // Too long for any line of a text track format: report it once, cut, and skip to its end.
          if !skippingLongLine {
            guard let now = try body(UnsafeBufferPointer(start: base + start, count: maximumLineBytes), lineNumber + 1, true) else { return }
            kept = now
          }
          skippingLongLine = true
          pending = 0
        } else if pending > 0 && start > 0 {
          memmove(base, base + start, pending)
        }
      }
    }
  }

  /// The same over bytes in memory (tests, fuzzing): `body(line, number)` for every line, without its
  /// `\n` or a `\r` before it.
  static func forEach(inMemory given: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
    if let transcoded = TextInput.utf8(given) {
      try transcoded.withUnsafeBufferPointer { try forEach(inMemory: $0, body) }
      return
    }
    let bytes = given
    var start = 0, number = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    for i in start...bytes.count where i == bytes.count || bytes[i] == 10 {
      var stop = i
      if stop > start && bytes[stop - 1] == 13 { stop -= 1 }
      number += 1
      try body(UnsafeBufferPointer(rebasing: bytes[start..<stop]), number)
      start = i + 1
    }
  }
}
