import ArgumentParser
import Foundation
import Harness

/// `trackbench docs-tables [DOCS]` (hidden): rewrites the generated tables of `DOCS/strategies.md` and
/// `DOCS/metrics.md` from the built-in catalogues, the tool `scripts/docs-tables` runs (a test checks the
/// files hold them). Each file is replaced atomically, and only when its table changed.
struct DocsTablesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "docs-tables", abstract: "Rewrite the generated tables of docs/strategies.md and docs/metrics.md from the catalogues.",
    shouldDisplay: false)

  @Argument(help: "The docs folder.", completion: .directory)
  var docs: String = "docs"

  func run() async throws {
    try await InputFailure.guarding {
      for (file, table) in [("strategies.md", CatalogueReference.strategies()), ("metrics.md", CatalogueReference.metrics())] {
        let path = docs + "/" + file
        // Read as the file to rewrite, not as an input (an output never replaces an input it read).
        let document: String
        do { document = try String(contentsOfFile: path, encoding: .utf8) } catch {
          throw InputFailure(message: "\(path): expected the document holding the generated table, found none readable")
        }
        let updated: String
        do { updated = try CatalogueReference.replacingGenerated(in: document, with: table) } catch { throw InputFailure(message: "\(path): \(error)") }
        guard updated != document else { continue }
        try OutputDestination(path, option: "docs-tables").write(updated)
        try OutputDestination(nil).write("rewrote \(path)\n")
      }
    }
  }
}
