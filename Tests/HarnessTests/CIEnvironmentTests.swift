import Foundation
import Harness
import Testing

/// What the gate takes from and gives to a CI system, in process.
@Suite struct CIEnvironmentTests {
  @Test func theLabelIsTheCommitTheCISystemNames() throws {
    #expect(CIEnvironment.label(["GITHUB_SHA": "0123456789abcdef0123"]) == "0123456789ab")
    #expect(CIEnvironment.label(["CI_COMMIT_SHORT_SHA": "abc1234"]) == "abc1234")
    #expect(CIEnvironment.label(["GITHUB_SHA": "", "CI_COMMIT_SHORT_SHA": "abc1234"]) == "abc1234")
    #expect(CIEnvironment.label([:]).isEmpty)
    #expect(try CIEnvironment.checkedLabel("v1.2 candidate") == "v1.2 candidate")
    #expect(throws: OptionError.self) { try CIEnvironment.checkedLabel("two\nlines") }
    #expect(throws: OptionError.self) { try CIEnvironment.checkedLabel(String(repeating: "x", count: 201)) }
  }

  @Test func theStepSummaryIsAppendedToNeverReplaced() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "earlier step\n".write(toFile: path, atomically: true, encoding: .utf8)
    try CIEnvironment.appendStepSummary({ "## check\n" }, environment: ["GITHUB_STEP_SUMMARY": path])
    try CIEnvironment.appendStepSummary({ Issue.record("rendered without a summary file"); return "" }, environment: [:])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier step\n## check\n")
  }
}
