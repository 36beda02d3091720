import Foundation
import TrackCore

/// Files and folders a command makes under a folder the user names (`init DIR`), all at once or not at
/// all: the one path check and the one writer for every command that creates folders.
///
/// The path is checked before anything is made (not empty, no control character, each name at most
/// 255 bytes and the longest file's path under 4,096, every existing part of it a folder, the folder
/// where the first missing part goes writable). The tree is then written into a hidden staging folder
/// beside where it goes (`.tb-new-<hex>`) and moved into place with `rename(2)`, part by part, never
/// replacing a file or a folder that has something in it: a second command racing for the same folder
/// fails on the first part it would share, and whatever it had moved is taken back. A failure leaves
/// nothing behind; a signal during the writing leaves at most the hidden staging folder, safe to delete.
public enum NewFiles {
  /// Longest name of one folder or file (bytes): NAME_MAX on Linux file systems.
  public static let maximumNameBytes = 255
  /// Longest path (bytes) of a file made: under PATH_MAX (4,096 with its terminating zero).
  public static let maximumPathBytes = 4_095

  /// Writes `files` (paths relative to `root`, with their texts) and makes `folders` (relative too, made
  /// empty when missing) under `root`, which is made when missing.
  /// - Parameter option: what the messages name (`init`).
  /// - Returns: every file and folder made, outermost first.
  /// - Throws: ``OutputError`` naming the path and what was expected; nothing made stays.
  @_optimize(none)
  @discardableResult
  public static func write(_ files: [(path: String, text: String)], folders: [String] = [], into root: String, option: String) throws -> [String] {
    try check(root, option: option, longest: (files.map(\.path) + folders).map { $0.utf8.count }.max() ?? 0)
    for (path, _) in files where exists(join(root, path)) {
      throw OutputError("\(option): \(shown(join(root, path))) exists; expected a path that does not (\(option) never overwrites): move it or choose another folder")
    }
    // The deepest part of root that exists: the staging folder goes there, and the parts below it are
    // made in staging with the rest.
    var existing = root, missing: [String] = []
    while !exists(existing) {
      guard let up = RelativePath.parent(of: existing) else {
        missing.insert(existing, at: 0)
        existing = "."
        break
      }
      missing.insert(RelativePath.lastName(of: existing) ?? existing, at: 0)
      existing = up
    }
    guard access(existing, W_OK) == 0 else {
      throw OutputError("\(option): cannot write in \(shown(existing)): expected a folder you may write in, found one you may not")
    }
    let staging = join(existing, ".tb-new-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
    guard mkdir(staging, 0o777) == 0 else { throw failure(option, staging, errno) }
    defer { removeTree(staging) }
    let below = missing.joined(separator: "/")
    let stagedRoot = below.isEmpty ? staging : join(staging, below)
    try makeFolders(stagedRoot, option: option)
    for folder in folders { try makeFolders(join(stagedRoot, folder), option: option) }
    for (path, text) in files {
      let target = join(stagedRoot, path)
      if let parent = RelativePath.parent(of: path) { try makeFolders(join(stagedRoot, parent), option: option) }
      let temporary = try OutputDestination.writeTemporary(beside: target, Data(text.utf8), mode: 0o666, shownAs: shown(join(root, path)))
      TemporaryFiles.unregister()
      guard rename(temporary, target) == 0 else { throw failure(option, join(root, path), errno) }
    }
    var placed: [String] = []
    do {
      try place(staging, into: existing, placed: &placed, option: option)
    } catch {
      for path in placed.reversed() { removeTree(path) }
      throw error
    }
    return placed
  }

  /// Refuses `root` before anything is made: the checks every command that creates folders makes.
  /// - Parameter longest: bytes of the longest path that will be made under it.
  @_optimize(none)
  public static func check(_ root: String, option: String, longest: Int = 0) throws {
    guard !root.isEmpty else { throw OutputError("\(option): expected a folder path, found an empty text") }
    if let bad = root.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
      throw OutputError("\(option): \(shown(root)): expected a path without control characters, found U+\(String(format: "%04X", bad.value))")
    }
    if let long = root.split(separator: "/").first(where: { $0.utf8.count > maximumNameBytes }) {
      throw OutputError("\(option): expected each name in the path at most \(maximumNameBytes) bytes, found one of \(long.utf8.count) (\(QuotedText.quoted(long)))")
    }
    let total = root.utf8.count + 1 + longest
    guard total <= maximumPathBytes else {
      throw OutputError("\(option): expected a path of at most \(maximumPathBytes - 1 - longest) bytes (its files' paths under \(maximumPathBytes + 1)), found \(root.utf8.count) (\(QuotedText.quoted(root)))")
    }
    // Each part that exists must be a folder (a file in the way is named, not the system's code).
    var part = root
    while true {
      var status = stat()
      if stat(part, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw OutputError("\(option): \(shown(part)) is \(InputFile.kind(status.st_mode)); expected a folder (or nothing) there")
        }
        break
      }
      if errno != ENOENT {
        if errno == ENOTDIR {
          part = RelativePath.parent(of: part) ?? "."
          continue
        }
        throw failure(option, part, errno)
      }
      guard let up = RelativePath.parent(of: part) else { break }
      part = up
    }
  }

  // MARK: - Implementation

  /// Moves each entry of `staged` into `folder`: renamed whole where `folder` has nothing of that name
  /// (or an empty folder), merged into a folder that exists. `placed` gains what was renamed in.
  @_optimize(none)
  private static func place(_ staged: String, into folder: String, placed: inout [String], option: String) throws {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: staged).sorted() } catch {
      throw OutputError("\(option): cannot read \(shown(staged)): \(error.localizedDescription)")
    }
    for name in names {
      let from = join(staged, name), to = join(folder, name)
      var target = stat(), source = stat()
      if lstat(to, &target) == 0, target.st_mode & S_IFMT == S_IFDIR, lstat(from, &source) == 0, source.st_mode & S_IFMT == S_IFDIR {
        try place(from, into: to, placed: &placed, option: option)
        continue
      }
      if lstat(to, &target) == 0 {
        throw OutputError("\(option): \(shown(to)) appeared while writing (another command?); expected a path that does not exist")
      }
      // A file is linked (fails where anything exists); a folder renamed (fails onto a folder with
      // something in it), so nothing of another's is replaced.
      if lstat(from, &source) == 0, source.st_mode & S_IFMT != S_IFDIR {
        guard link(from, to) == 0 else {
          let reason = errno
          if reason == EEXIST { throw OutputError("\(option): \(shown(to)) appeared while writing (another command?); expected a path that does not exist") }
          throw failure(option, to, reason)
        }
        placed.append(to)
        continue
      }
      guard rename(from, to) == 0 else {
        let reason = errno
        if reason == EEXIST || reason == ENOTEMPTY { throw OutputError("\(option): \(shown(to)) appeared while writing (another command?); expected a path that does not exist") }
        throw failure(option, to, reason)
      }
      placed.append(to)
    }
  }

  /// Makes `path` and the folders above it that are missing (within staging).
  @_optimize(none)
  private static func makeFolders(_ path: String, option: String) throws {
    guard !exists(path) else { return }
    if let up = RelativePath.parent(of: path) { try makeFolders(up, option: option) }
    guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw failure(option, path, errno) }
  }

  /// Removes `path`: a file, or a folder with everything in it (no link is followed).
  @_optimize(none)
  static func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { removeTree(join(path, name)) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  @_optimize(none)
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  @_optimize(none)
  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// A path as messages show it: quoted, cut, control characters escaped.
  @_optimize(none)
  static func shown(_ path: String) -> String { QuotedText.quoted(TerminalText.escaped(path)) }

  @_optimize(none)
  private static func failure(_ option: String, _ path: String, _ reason: Int32) -> OutputError {
    OutputError("\(option): cannot make \(shown(path)): \(String(cString: strerror(reason)))")
  }
}
