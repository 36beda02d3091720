import Foundation
import Harness
import Testing

/// docs/strategies.md and docs/metrics.md hold the tables the catalogues generate, byte for byte.
/// After changing a descriptor (a summary, a parameter, an example, a metric's floor), `scripts/docs-tables`
/// rewrites them (TRACKBENCH_RECORD_SNAPSHOTS=1, like the renderers' snapshots).
@Suite struct CatalogueReferenceTests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs")

  @Test(arguments: [("strategies.md", CatalogueReference.strategies()), ("metrics.md", CatalogueReference.metrics())])
  func theDocsHoldTheGeneratedTable(file: String, table: String) throws {
    let url = Self.docs.appendingPathComponent(file)
    let document = try String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["TRACKBENCH_RECORD_SNAPSHOTS"] == "1" {
      try CatalogueReference.replacingGenerated(in: document, with: table).write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let held = try #require(CatalogueReference.generated(in: document), "docs/\(file): no generated table (\(CatalogueReference.begin))")
    #expect(held == table, "docs/\(file) differs from the catalogue: run scripts/docs-tables")
  }

  @Test func aGeneratedBlockIsReplacedWhole() throws {
    let document = "intro\n\(CatalogueReference.begin)\nold | table\n\(CatalogueReference.end)\nafter\n"
    #expect(try CatalogueReference.replacingGenerated(in: document, with: "new\n") == "intro\n\(CatalogueReference.begin)\nnew\n\(CatalogueReference.end)\nafter\n")
    #expect(throws: CatalogueReference.MarkerError.self) { try CatalogueReference.replacingGenerated(in: "no markers", with: "x") }
  }
}
