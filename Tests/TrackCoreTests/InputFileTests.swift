import Foundation
import Testing
import TrackCore

/// The one rule for a path a command reads: a regular file, checked on the opened descriptor without
/// ever waiting, read whole up to a limit, and remembered under any spelling.
@Suite struct InputFileTests {
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func anythingButARegularFileIsRefusedAtOnce() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let started = Date()
    for (path, found) in [(fifo, "a FIFO (named pipe)"), (dir.path, "a directory"), ("/dev/zero", "a character device"), (dir.path + "/none", "no such file"), ("", "an empty path")] {
      #expect(throws: InputFile.Refusal(path: path, found: found)) { _ = try InputFile.contents(path, maximumBytes: 100) }
    }
    #expect(Date().timeIntervalSince(started) < 5, "no open waited for a writer")
  }

  @Test func aFileIsReadWholeUpToItsLimit() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("f.txt")
    try Data(repeating: 65, count: 5000).write(to: file)
    #expect(try InputFile.contents(file.path, maximumBytes: 5000) == Data(repeating: 65, count: 5000))
    #expect(throws: InputFile.Refusal(path: file.path, found: "5000 bytes")) { _ = try InputFile.contents(file.path, maximumBytes: 4999) }
    try Data().write(to: file)
    #expect(try InputFile.contents(file.path, maximumBytes: 10).isEmpty)
  }

  @Test func aFileReadIsKnownUnderAnySpelling() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("read.yaml"), link = dir.appendingPathComponent("link.yaml"), other = dir.appendingPathComponent("other.yaml")
    try Data("x".utf8).write(to: file)
    try Data("y".utf8).write(to: other)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    _ = try InputFile.contents(file.path, maximumBytes: 10)
    #expect(InputFile.readAs(link.path) == file.path)
    #expect(InputFile.readAs(dir.path + "/./read.yaml") == file.path)
    #expect(InputFile.readAs(other.path) != file.path, "another file is not the one read")
  }
}
