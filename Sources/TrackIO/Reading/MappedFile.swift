import Foundation

/// A whole file as bytes for binary formats: regular files are memory-mapped (pages come from the
/// kernel's cache on demand and are not the process's heap); standard input, pipes and devices are read
/// whole.
enum MappedFile {
  /// Calls `body` with the bytes of `path` (`-`: standard input).
  /// - Throws: ``RecordingError`` when the file cannot be opened, mapped or read, or what `body` throws.
  static func withBytes<T>(of path: String, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw RecordingError(file: path, expected: "a readable file", found: String(cString: strerror(errno)))
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
      let size = Int(status.st_size)
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
      bytes.append(contentsOf: chunk[0..<count])
    }
    return try bytes.withUnsafeBytes(body)
  }
}
