import Foundation
import Harness
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
    #expect(workflow == StarterSuite.workflow(version: "9.9.9") && workflow.contains("TRACKBENCH_VERSION: \"9.9.9\""))
    // A second time every path exists: refused, and the files keep what they hold.
    try "edited\n".write(toFile: root + "/scenarios/" + scenarios[0], atomically: true, encoding: .utf8)
    #expect(throws: OutputError.self) { try StarterSuite.write(into: root, version: "9.9.9") }
    #expect(try String(contentsOfFile: root + "/scenarios/" + scenarios[0], encoding: .utf8) == "edited\n")
  }

  /// What a failed `init` made is taken back whole: the files, then the folders it made (the root too).
  @Test func whatWasMadeIsRemovedWhole() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("starter-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: parent) }
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
    let made = try StarterSuite.write(into: parent + "/new/suite", version: "9.9.9")
    #expect(made.first == parent + "/new" && made.count == BundledSuite.files.count + 1 + 6)
    StarterSuite.remove(made)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
  }
}
