import Foundation

/// Paths a file stores about other files (a baseline's scenarios and recordings), written relative to
/// the storing file's folder, so the file keeps working from another checkout root or working directory.
public enum RelativePath {
  /// `path` (relative to the working directory, or absolute) as seen from `directory`: `../scenarios`
  /// from `baselines/` for `scenarios`. An absolute `path` stays absolute (the user chose a fixed place).
  /// - Complexity: O(length of the two paths).
  public static func relative(_ path: String, from directory: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let target = components(absolute(path)), base = components(absolute(directory))
    let shared = zip(target, base).prefix { $0 == $1 }.count
    let parts = Array(repeating: "..", count: base.count - shared) + target[shared...]
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// A path stored relative to `directory`, as a path from the working directory (relative when it lies
  /// under it, with `..` where it does not); an absolute stored path is returned as it is.
  public static func resolved(_ stored: String, from directory: String) -> String {
    guard !stored.hasPrefix("/") else { return stored }
    let joined = absolute(directory) + "/" + stored
    return relative(joined, from: FileManager.default.currentDirectoryPath)
  }

  /// The folder holding `file` (`.` for a bare name, `/` for a name at the root), lexically: trailing
  /// slashes are ignored, and the file system is not asked. (Foundation's `deletingLastPathComponent`
  /// traps on a one-character path on Linux, swift-corelibs-foundation 6.3; it is never used here.)
  /// - Complexity: O(length of the path).
  public static func folder(of file: String) -> String {
    parent(of: file) ?? "."
  }

  /// The path one level up from `path`, lexically (`a/b/c` → `a/b`, `/a` → `/`, `a//b/` → `a`), or nil
  /// for a bare name (`a`), `/` and the empty path. `.` and `..` are names like any other.
  /// - Complexity: O(length of the path).
  public static func parent(of path: String) -> String? {
    var bytes = Array(path.utf8)
    while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    guard bytes != [UInt8(ascii: "/")], let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    var end = slash
    while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
    return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// The last name of `path`, lexically (`a/b/` → `b`), or nil for `/` and the empty path.
  /// - Complexity: O(length of the path).
  public static func lastName(of path: String) -> String? {
    path.split(separator: "/").last.map(String.init)
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// The path's components with `.` and empty parts dropped and `..` applied, lexically.
  private static func components(_ path: String) -> [String] {
    var out: [String] = []
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !out.isEmpty { out.removeLast() }
      default: out.append(String(part))
      }
    }
    return out
  }
}
