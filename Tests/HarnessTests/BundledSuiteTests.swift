import Foundation
import Harness
import StandardSuite
import Testing

/// The standard suite inside the binary is `scenarios/` byte for byte (rerun `scripts/bundled-suite`
/// after editing a scenario), and loads as the same scenarios.
@Suite struct BundledSuiteTests {
  @Test func theEmbeddedSuiteIsTheScenariosFolder() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: scenarioDirectory).filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(BundledSuite.files.map(\.name) == names, "run scripts/bundled-suite")
    for (name, text) in BundledSuite.files {
      let file = try String(contentsOfFile: scenarioDirectory + "/" + name, encoding: .utf8)
      #expect(text == file, "\(name) differs from scenarios/\(name): run scripts/bundled-suite")
    }
  }

  @Test func itLoadsAsTheSameScenarios() throws {
    let fromFiles = try ScenarioDiscovery.loadFiles(paths: [scenarioDirectory])
    let bundled = try ScenarioDiscovery.loadBundled()
    #expect(bundled.map(\.file) == fromFiles.map { "(bundled)/" + ($0.file as NSString).lastPathComponent })
    #expect(bundled.map(\.document.scenario.identity) == fromFiles.map(\.document.scenario.identity))
    #expect(!ScenarioDiscovery.usesBundledSuite([scenarioDirectory]))
  }
}
