import Foundation
import Testing

/// Every human-readable output fits `COLUMNS` and ends no line in spaces; the verdict ships a live
/// strategy and ranks smoothers apart.
@Suite(.serialized) struct OutputWidthTests {
  func expectFits(_ arguments: [String], width: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let r = try await trackbench(arguments, environment: ["COLUMNS": "\(width)"])
    #expect([0, 1].contains(r.status), "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let wide = lines.filter { $0.count > width }
    #expect(wide.isEmpty, "\(arguments.prefix(3)) at \(width): \(wide.count) lines wider, e.g. \(wide.first ?? "")", sourceLocation: sourceLocation)
    let trailing = lines.filter { $0.hasSuffix(" ") }
    #expect(trailing.isEmpty, "\(arguments.prefix(3)): \(trailing.count) lines end in spaces, e.g. '\(trailing.first ?? "")'", sourceLocation: sourceLocation)
  }

  @Test(arguments: [100, 80])
  func humanOutputFitsTheWidth(width: Int) async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("b.jsonl").path
    let recording = folder.appendingPathComponent("r.gpx").path
    #expect(try await trackbench(["baseline", "record", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw,kalman,speed-gate(12) | kalman(q: 0.3)", "-q", "--output", baseline]).status == 0)
    #expect(try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", recording]).status == 0)
    try await expectFits(["run", "scenarios/park-loop.yaml", "scenarios/standing-still.yaml", "--trials", "3", "-q", "--strategies", "raw,kalman,rts,speed-gate(12) | kalman(q: 0.3) | distance-filter(3)"], width: width)
    try await expectFits(["check", "--baseline", baseline, "-q", "--format", "text", "--candidate", "kalman=kalman(q: 5)"], width: width)
    if width >= 100 {
      // The YAML to paste holds the best strategy's whole text on one line.
      try await expectFits(["tune", "--strategy", "kalman", "--param", "q=0.1..1", "--train", "scenarios/park-loop.yaml", "--trials", "2", "-q"], width: width)
    }
    try await expectFits(["replay", recording, "--strategies", "raw,kalman"], width: width)
    try await expectFits(["strategies"], width: width)
    for command in ["run", "check", "tune", "replay", "realism", "calibrate", "throughput", "merge", "report", "compare", "generate"] {
      try await expectFits([command, "--help"], width: width)
    }
  }

  @Test func theVerdictShipsALiveStrategyAndRanksSmoothersApart() async throws {
    let arguments = ["run", "scenarios/park-loop.yaml", "scenarios/budget-phone-5k.yaml", "--trials", "3", "-q", "--strategies", "raw,kalman,rts,douglas-peucker,weighted-average"]
    for format in ["table", "markdown"] {
      let r = try await trackbench(arguments + ["--format", format])
      #expect(r.status == 0, "\(r.stderr)")
      let verdict = r.stdout.components(separatedBy: "park-loop:")[0]
      let ship = try #require(verdict.split(separator: "\n").first { $0.contains("Ship ") }, "\(verdict)")
      #expect(!ship.contains("rts") && !ship.contains("douglas-peucker"), "\(ship)")
      let cleanup = try #require(verdict.range(of: "For post-run cleanup"), "\(verdict)")
      #expect(verdict[cleanup.upperBound...].contains("rts") && verdict[cleanup.upperBound...].contains("douglas-peucker"))
      #expect(!verdict[..<cleanup.lowerBound].contains("douglas-peucker"), "smoothers only in their own section")
      #expect(verdict.contains("Scores are unitless"))
    }
    let json = try await trackbench(arguments + ["--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let ranking = try #require((object["verdict"] as? [String: Any])?["ranking"] as? [[String: Any]])
    #expect(ranking.filter { $0["offline"] as? Bool == true }.compactMap { $0["strategy"] as? String }.allSatisfy { $0.hasPrefix("rts") || $0.hasPrefix("douglas") })
  }
}
