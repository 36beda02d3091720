import Foundation
import TrackCore

/// A whole file as bytes for binary formats: regular files are memory-mapped (pages come from the
/// kernel's cache on demand and are not the process's heap); standard input is read whole.
enum MappedFile {
  /// Most bytes read from standard input, 1 GiB: beyond any recording of
  /// ``Recording/maximumPoints`` points, and within the memory a run may use.
  static let maximumStreamBytes = 1 << 30

  /// Calls `body` with the bytes of `path` (`-`: standard input).
  /// - Parameter checkHead: called once with the first `headBytes` bytes of a stream, before more is
  ///   read: a stream that does not start as the format should is refused before it fills memory.
  /// - Throws: ``RecordingError`` when the file cannot be opened, mapped or read, or what `body` or
  ///   `checkHead` throws.
  static func withBytes<T>(
    of path: String, headBytes: Int = 0, checkHead: (UnsafeRawBufferPointer) throws -> Void = { _ in }, _ body: (UnsafeRawBufferPointer) throws -> T
  ) throws -> T {
    let (descriptor, size) = try RecordingInput.open(path)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    if descriptor != STDIN_FILENO, size > 0 {
      guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
        throw RecordingError(file: path, expected: "a file that can be mapped", found: String(cString: strerror(errno)))
      }
      defer { munmap(address, size) }
      return try body(UnsafeRawBufferPointer(start: address, count: size))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw RecordingError(file: path, place: "byte \(bytes.count)", expected: "a readable file", found: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      let before = bytes.count
      bytes.append(contentsOf: chunk[0..<count])
      if before < headBytes, bytes.count >= headBytes { try bytes.withUnsafeBytes { try checkHead(UnsafeRawBufferPointer(rebasing: $0[0..<headBytes])) } }
      guard bytes.count <= maximumStreamBytes else {
        throw RecordingError(file: path, place: "byte \(bytes.count)", expected: "at most \(maximumStreamBytes >> 20) MB from a stream", found: "more")
      }
    }
    return try bytes.withUnsafeBytes(body)
  }
}
