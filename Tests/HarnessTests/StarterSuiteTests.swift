import Foundation
import Harness
import StandardSuite
import Testing

/// `trackbench init` as a library call: the suite and the recipe written once, never over a file.
@Suite struct StarterSuiteTests {
  @Test func writesTheSuiteOnceAndNeverOverwrites() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("starter-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try StarterSuite.write(into: root, version: "9.9.9")
    let scenarios = try FileManager.default.contentsOfDirectory(atPath: root + "/scenarios").sorted()
    #expect(scenarios == BundledSuite.files.map(\.name).sorted())
    let workflow = try String(contentsOfFile: root + "/.github/workflows/trackbench.yml", encoding: .utf8)
    #expect(workflow == StarterSuite.workflow(version: "9.9.9") && workflow.contains("TRACKBENCH_REF: ${{ vars.TRACKBENCH_REF || '9.9.9' }}"))
    // A second time every path exists: refused, and the files keep what they hold.
    try "edited\n".write(toFile: root + "/scenarios/" + scenarios[0], atomically: true, encoding: .utf8)
    #expect(throws: OutputError.self) { try StarterSuite.write(into: root, version: "9.9.9") }
    #expect(try String(contentsOfFile: root + "/scenarios/" + scenarios[0], encoding: .utf8) == "edited\n")
  }

  /// What a failed `init` made is taken back whole: the outermost folder it made, with all in it; into
  /// a folder that was there, each part it placed (a file beside the user's in a folder they had).
  @Test func whatWasMadeIsRemovedWhole() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("starter-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: parent) }
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
    let made = try StarterSuite.write(into: parent + "/new/suite", version: "9.9.9")
    #expect(made == [parent + "/new"])
    StarterSuite.remove(made)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
    try FileManager.default.createDirectory(atPath: parent + "/scenarios", withIntermediateDirectories: false)
    try "mine\n".write(toFile: parent + "/scenarios/mine.yaml", atomically: true, encoding: .utf8)
    let merged = try StarterSuite.write(into: parent, version: "9.9.9")
    #expect(merged.count == BundledSuite.files.count + 2, "each scenario, .github and baselines: \(merged)")
    StarterSuite.remove(merged)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["scenarios"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent + "/scenarios") == ["mine.yaml"])
  }
}
