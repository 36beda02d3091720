import Foundation
import Testing

/// Opening someone's file never runs a program: a scenario, a baseline or a speed recording naming
/// `process(cmd: …)` is refused (one `error:` line naming the file, the strategy and the flag; exit 2;
/// the program never starts) unless `--allow-process` or `TRACKBENCH_ALLOW_PROCESS=1` says so.
@Suite(.serialized) struct ProgramPermissionTests {
  /// A program that leaves a marker file when it runs.
  static func marking(_ marker: String) -> String { "process(cmd: \"touch \(marker)\")" }

  /// One `error:` line starting with `prefix` and naming the flag, nothing on standard output, and the
  /// program never ran.
  func expectRefused(_ r: Invocation, prefix: String, marker: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.stderr.hasPrefix(prefix) && r.stderr.contains("--allow-process"), "\(r.stderr)", sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: marker), "the program ran", sourceLocation: sourceLocation)
  }

  func scenario(strategies: [String]) -> String {
    let list = strategies.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ")
    return HostileInputTests.goodScenario + "strategies: [\(list)]\n"
  }

  @Test func aScenarioFileNeverRunsAProgramUnlessAllowed() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let file = folder.appendingPathComponent("small.yaml")
    try scenario(strategies: ["raw", "speed-gate(12) | " + Self.marking(marker)]).write(to: file, atomically: true, encoding: .utf8)
    for command in [["run", file.path], ["baseline", "record", file.path, "--output", folder.appendingPathComponent("b.jsonl").path]] {
      let r = try await trackbench(command + ["-q"])
      #expect(r.status == 2 && r.stdout.isEmpty, "\(command): \(r.stderr)")
      let lines = r.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].hasPrefix("error: \(file.path):") && r.stderr.contains("strategies[1]"), "\(r.stderr)")
      #expect(r.stderr.contains("touch") && r.stderr.contains("--allow-process"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: marker), "\(command): the program ran")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.jsonl").path))
    // Allowed, it runs (touch answers nothing, so the run then fails as a filter: exit 2).
    let allowed = try await trackbench(["run", file.path, "-q", "--allow-process"])
    #expect(allowed.status == 2 && FileManager.default.fileExists(atPath: marker), "\(allowed.stderr)")
    try FileManager.default.removeItem(atPath: marker)
    _ = try await trackbench(["run", file.path, "-q"], environment: ["TRACKBENCH_ALLOW_PROCESS": "1"])
    #expect(FileManager.default.fileExists(atPath: marker), "the environment variable allows it too")
  }

  @Test func aSpeedRecordingNeverRunsAProgramUnlessAllowed() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let recording = folder.appendingPathComponent("speed.json")
    let kernel = Self.marking(marker).replacingOccurrences(of: "\"", with: "\\\"")
    for (schema, figure) in [("trackbench.throughput", "fixes_per_second"), ("trackbench.instructions", "instructions_per_fix")] {
      let text = """
        {"schema": "\(schema)", "schema_version": 1, "fixes": 1000, "repetitions": 1,
         "kernels": [{"strategy": "\(kernel)", "\(figure)": 5, "fixes": 1000, "repetitions": 1, "median_seconds": 1, "build": "release", "instructions": 5000}]}
        """
      try text.write(to: recording, atomically: true, encoding: .utf8)
      expectRefused(try await trackbench(["check", "--throughput", recording.path, "-q"]), prefix: "error: \(recording.path): kernels[0].strategy:", marker: marker)
    }
  }

  @Test func aBaselineNeverRunsAProgramUnlessAllowed() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let baseline = folder.appendingPathComponent("b.jsonl").path
    // Recorded with raw, then edited as a hostile pull request would: its strategies name a program.
    let recorded = try await trackbench(["baseline", "record", "scenarios/standing-still.yaml", "--trials", "1", "--strategies", "raw", "-q", "--output", baseline])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    var lines = try String(contentsOfFile: baseline, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    header["strategies"] = Self.marking(marker)
    lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: header), as: UTF8.self)
    try lines.joined(separator: "\n").write(toFile: baseline, atomically: true, encoding: .utf8)
    expectRefused(try await trackbench(["check", "--baseline", baseline, "-q"]), prefix: "error: \(baseline): strategies:", marker: marker)
  }

  /// A scenario's `route.recording` is read relative to the scenario, and a file that is not a recording
  /// is refused without echoing its content.
  @Test func aRouteRecordingThatIsNotOneIsNotEchoed() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "secret-token-1234,abc\nmore-secret\n".write(to: folder.appendingPathComponent("notes.csv"), atomically: true, encoding: .utf8)
    let scenario = """
      name: small
      trials: 1
      route:
        recording: notes.csv

      """
    try scenario.write(to: folder.appendingPathComponent("small.yaml"), atomically: true, encoding: .utf8)
    let r = try await trackbench(["run", folder.appendingPathComponent("small.yaml").path, "--strategies", "raw", "-q"])
    #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stderr)")
    #expect(r.stderr.contains("route.recording") && r.stderr.contains("notes.csv"), "\(r.stderr)")
    #expect(!r.stderr.contains("secret"), "the file's content is not echoed: \(r.stderr)")
  }
}
