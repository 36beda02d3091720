import ArgumentParser
import Foundation
import Harness
import TrackCore

/// `trackbench docs-tables [DOCS]` (hidden): rewrites the generated tables of `DOCS/strategies.md` and
/// `DOCS/metrics.md` from the built-in catalogues, the tool `scripts/docs-tables` runs (a test checks the
/// files hold them). Each file is replaced atomically, and only when its table changed.
struct DocsTablesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "docs-tables", abstract: "Rewrite the generated tables of docs/strategies.md and docs/metrics.md from the catalogues.",
    shouldDisplay: false)

  /// A docs page is a few dozen kilobytes; a file far larger is not one.
  static let maximumBytes = 4 << 20

  @Argument(help: "The docs folder.", completion: .directory)
  var docs: String = "docs"

  func run() async throws {
    try await InputFailure.guarding {
      for (file, table) in [("strategies.md", CatalogueReference.strategies()), ("metrics.md", CatalogueReference.metrics())] {
        let path = docs + "/" + file
        let document: String
        do throws(InputFile.Refusal) {
          let data = try InputFile.contents(path, maximumBytes: Self.maximumBytes)
          guard let text = String(data: data, encoding: .utf8) else {
            throw InputFile.Refusal(path: path, found: "bytes that are not UTF-8 text")
          }
          document = text
        } catch {
          throw InputFailure(message: "\(path): expected the Markdown document holding the generated table (at most 4 MiB), found \(error.found)")
        }
        // Rewriting the file it read is this command's purpose: it is not an input the output must spare.
        InputFile.forgetReads()
        let updated: String
        do { updated = try CatalogueReference.replacingGenerated(in: document, with: table) } catch { throw InputFailure(message: "\(path): \(error)") }
        guard updated != document else { continue }
        try OutputDestination(path, option: "docs-tables").write(updated)
        try OutputDestination(nil).write("rewrote \(path)\n")
      }
    }
  }
}
