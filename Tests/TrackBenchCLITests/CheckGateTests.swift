import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import Testing

/// The CI gate through the built `trackbench`: a rerun passes with every cell identical, a swapped-in
/// strategy fails naming its cells (Markdown, JUnit, step summary), a changed scenario or another
/// baseline version is exit 2 with what to do.
@Suite(.serialized) struct CheckGateTests {
  final class Elements: NSObject, XMLParserDelegate {
    var found: [(name: String, attributes: [String: String])] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
      found.append((name, attributes))
    }
  }

  func record(_ folder: URL, scenario: String = "scenarios/park-loop.yaml") throws -> String {
    let baseline = folder.appendingPathComponent("baseline.jsonl").path
    let r = try trackbench(["baseline", "record", scenario, "scenarios/track-400m.yaml", "--trials", "6", "--strategies", "raw,kalman", "-q", "--output", baseline])
    #expect(r.status == 0, "\(r.stderr)")
    return baseline
  }

  @Test func aRerunPassesWithEveryCellIdentical() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = try record(folder)
    let r = try trackbench(["check", "--baseline", baseline, "--format", "json", "-q"])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let cells = try #require(object["cells"] as? [[String: Any]])
    #expect(!cells.isEmpty && object["regressions"] as? Int == 0 && object["passed"] as? Bool == true)
    // Every cell with values on both sides is identical to the bit.
    let verdicts = Set(cells.compactMap { ($0["change"] as? [String: Any])?["verdict"] as? String })
    #expect(verdicts.isSubset(of: ["identical", "not_judged"]) && verdicts.contains("identical"), "\(verdicts)")
  }

  @Test func aSwappedInStrategyFailsNamingItsCells() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = try record(folder)
    let junit = folder.appendingPathComponent("junit.xml").path
    let summary = folder.appendingPathComponent("summary.md").path
    try "previous step\n".write(toFile: summary, atomically: true, encoding: .utf8)
    let r = try trackbench(["check", "--baseline", baseline, "--strategies", "raw,raw", "--junit", junit, "-q"], environment: ["GITHUB_STEP_SUMMARY": summary])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.hasPrefix("failed: ") && r.stderr.contains("regression"), "\(r.stderr)")
    // Markdown: regressions first, each naming the recorded and the rerun strategy; raw's own cells never regress.
    #expect(r.stdout.hasPrefix("## TrackBench check\n\n### Regressions ("), "\(r.stdout.prefix(200))")
    let regressionLines = r.stdout.components(separatedBy: "### Improvements")[0].split(separator: "\n").filter { $0.hasPrefix("| park-loop") || $0.hasPrefix("| track-400m") }
    #expect(!regressionLines.isEmpty && regressionLines.allSatisfy { $0.contains("kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5) → raw") })
    #expect(r.stdout.contains("**Failed**: "))
    // JUnit: well-formed, counts that match the failures inside.
    let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: junit)))
    let elements = Elements()
    parser.delegate = elements
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    let root = try #require(elements.found.first { $0.name == "testsuites" })
    let failures = elements.found.filter { $0.name == "failure" }.count
    #expect(Int(root.attributes["failures"] ?? "") == failures && failures == regressionLines.count)
    #expect(Int(root.attributes["tests"] ?? "") == elements.found.filter { $0.name == "testcase" }.count)
    let suites = elements.found.filter { $0.name == "testsuite" }
    #expect(suites.map { $0.attributes["name"] } == ["park-loop", "track-400m"])
    #expect(suites.compactMap { Int($0.attributes["failures"] ?? "") }.reduce(0, +) == failures)
    // The step summary was appended to, not overwritten.
    let written = try String(contentsOfFile: summary, encoding: .utf8)
    #expect(written.hasPrefix("previous step\n## TrackBench check"), "\(written.prefix(80))")
  }

  @Test func aChangedScenarioOrAnotherVersionIsExitTwo() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("park-loop.yaml").path
    try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("scenarios/park-loop.yaml").path, toPath: copy)
    let baseline = try record(folder, scenario: copy)
    let wrongCount = try trackbench(["check", "--baseline", baseline, "--strategies", "raw", "-q"])
    #expect(wrongCount.status == 2 && wrongCount.stderr.contains("--strategies: expected 2 strategies to replace park-loop's recorded ones in order"), "\(wrongCount.stderr)")
    // The seed line changed: the cells would not be the same.
    let text = try String(contentsOfFile: copy, encoding: .utf8)
    try text.replacingOccurrences(of: "seed: 42", with: "seed: 43").write(toFile: copy, atomically: true, encoding: .utf8)
    let changed = try trackbench(["check", "--baseline", baseline, "-q"])
    #expect(changed.status == 2 && changed.stdout.isEmpty, "\(changed.stderr)")
    #expect(changed.stderr.contains("scenario park-loop changed since the baseline was recorded") && changed.stderr.contains("re-record it: trackbench baseline record"), "\(changed.stderr)")
    // Another schema version.
    var lines = try String(contentsOfFile: baseline, encoding: .utf8).components(separatedBy: "\n")
    lines[0] = lines[0].replacingOccurrences(of: "\"schema_version\":1", with: "\"schema_version\":2")
    try lines.joined(separator: "\n").write(toFile: baseline, atomically: true, encoding: .utf8)
    let version = try trackbench(["check", "--baseline", baseline, "-q"])
    #expect(version.status == 2 && version.stderr.contains("expected schema trackbench.baseline version 1, found trackbench.baseline version 2"), "\(version.stderr)")
    #expect(version.stderr.contains("re-record"))
  }
}
