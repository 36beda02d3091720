import Foundation
import Harness
import Testing

/// docs/strategies.md and docs/metrics.md hold the tables the catalogues generate, byte for byte.
/// After changing a descriptor (a summary, a parameter, an example, a metric's floor), `scripts/docs-tables`
/// rewrites them (the release binary's hidden `docs-tables` command, not a test run).
@Suite struct CatalogueReferenceTests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs")

  @Test(arguments: [("strategies.md", CatalogueReference.strategies()), ("metrics.md", CatalogueReference.metrics())])
  func theDocsHoldTheGeneratedTable(file: String, table: String) throws {
    let url = Self.docs.appendingPathComponent(file)
    let document = try String(contentsOf: url, encoding: .utf8)
    let held = try #require(CatalogueReference.generated(in: document), "docs/\(file): no generated table (\(CatalogueReference.begin))")
    #expect(held == table, "docs/\(file) differs from the catalogue: run scripts/docs-tables")
  }

  @Test func aGeneratedBlockIsReplacedWhole() throws {
    let document = "intro\n\(CatalogueReference.begin)\nold | table\n\(CatalogueReference.end)\nafter\n"
    #expect(try CatalogueReference.replacingGenerated(in: document, with: "new\n") == "intro\n\(CatalogueReference.begin)\nnew\n\(CatalogueReference.end)\nafter\n")
    #expect(throws: CatalogueReference.MarkerError.self) { try CatalogueReference.replacingGenerated(in: "no markers", with: "x") }
  }
}
