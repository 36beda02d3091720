import Foundation

/// Writes output files atomically: a temporary file beside the target, then a rename, so a reader
/// never sees half a report and a failure leaves no file behind.
public enum ReportFile {
  public struct WriteError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): cannot write the output file: \(reason)" }
  }

  /// Writes `text` to `path` via `path.<random>.tmp` and `rename(2)`.
  /// - Throws: ``WriteError`` naming the path; the temporary file is removed on failure.
  public static func write(_ text: String, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let temporary = ((directory.isEmpty ? "." : directory) as NSString)
      .appendingPathComponent(".\(name).\(UInt32.random(in: 0...UInt32.max)).tmp")
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
      throw WriteError(path: path, reason: "could not create a file in '\(directory.isEmpty ? "." : directory)'")
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw WriteError(path: path, reason: reason)
    }
  }
}
