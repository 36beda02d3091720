import Foundation
import Testing
import TrackCore

/// A command's scope: what it writes and the files it reads stay its own, even with other commands
/// running side by side in the process, and threads it starts write into it too.
@Suite struct CommandScopeTests {
  @Test func scopesSideBySideKeepTheirOwnOutputAndReads() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scope-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scopes = (0..<4).map { _ in CommandScope(capturing: true) }
    await withTaskGroup(of: Void.self) { group in
      for (k, scope) in scopes.enumerated() {
        group.addTask {
          CommandScope.$current.withValue(scope) {
            let file = folder.appendingPathComponent("in\(k).txt").path
            try? Data("\(k)".utf8).write(to: URL(fileURLWithPath: file))
            _ = try? InputFile.contents(file, maximumBytes: 10)
            for line in 0..<50 { _ = scope.writeOutput(Data("\(k).\(line)\n".utf8)) }
            // A thread the command starts writes into the command's scope, not the process's.
            let done = DispatchSemaphore(value: 0)
            Thread(block: CommandScope.carried {
              CommandScope.current.writeError(Data("worker \(k)\n".utf8))
              done.signal()
            }).start()
            done.wait()
          }
        }
      }
    }
    for (k, scope) in scopes.enumerated() {
      let lines = String(decoding: scope.capturedOutput, as: UTF8.self).split(separator: "\n")
      #expect(lines == (0..<50).map { "\(k).\($0)"[...] })
      #expect(String(decoding: scope.capturedError, as: UTF8.self) == "worker \(k)\n")
      #expect(!scope.isTerminal() && !scope.isTerminal(error: true))
      for other in 0..<4 {
        let path = folder.appendingPathComponent("in\(other).txt").path
        let known = CommandScope.$current.withValue(scope) { InputFile.readAs(path) }
        #expect((known != nil) == (other == k), "scope \(k) knows only its own read, not \(other)'s")
      }
    }
    #expect(CommandScope.current.isCapturing == false, "outside a bound scope: the process's own")
  }
}
