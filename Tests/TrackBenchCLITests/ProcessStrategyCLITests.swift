import Foundation
import Testing

/// Process strategies through the built `trackbench`: the same bytes on 1 and 2 threads, one `error:`
/// line and exit 2 when a child fails, and no child left behind when trackbench is killed.
@Suite(.serialized) struct ProcessStrategyCLITests {
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Processes whose command line contains `marker`.
  func processes(marked marker: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let pid = pid_t(entry), pid != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
        String(decoding: data, as: UTF8.self).contains(marker),
        // A zombie counts as left behind too (state Z in /proc/PID/stat).
        FileManager.default.contents(atPath: "/proc/\(entry)/stat") != nil
      else { return nil }
      return pid
    }
  }

  /// The CI gate with a user's filter in another language: recorded once, a rerun is identical cell for
  /// cell; the same filter with another parameter is judged against what was recorded.
  @Test func theGateChecksAProcessStrategy() throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.jsonl").path
    let filter = { (alpha: String) in "process(cmd: \"\(python) Examples/Process/alpha_beta.py\", alpha: \(alpha))" }
    let recorded = try trackbench(["baseline", "record", "scenarios/park-loop.yaml", "--trials", "4", "--strategies", "raw," + filter("0.3"), "-q", "--output", baseline])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let rerun = try trackbench(["check", "--baseline", baseline, "--format", "json", "-q"])
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
    let cells = try #require(object["cells"] as? [[String: Any]])
    let processCells = cells.filter { ($0["strategy"] as? String)?.hasPrefix("process(") == true }
    #expect(!processCells.isEmpty)
    #expect(processCells.allSatisfy { ["identical", "not_judged"].contains(($0["change"] as? [String: Any])?["verdict"] as? String ?? "") })
    #expect(processCells.contains { ($0["change"] as? [String: Any])?["verdict"] as? String == "identical" })
    // A candidate: the same filter, much stiffer; its cells are judged against the recorded alpha.
    let candidate = try trackbench(["check", "--baseline", baseline, "--strategies", "raw," + filter("0.02"), "-q"])
    #expect([0, 1].contains(candidate.status), "\(candidate.stderr)")
    #expect(candidate.stdout.contains("alpha: 0.3") && candidate.stdout.contains("→ process("), "\(candidate.stdout.prefix(600))")
  }

  @Test func theSameBytesOnOneAndTwoThreads() throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let run = [
      "run", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "3", "--format", "json", "-q",
      "--strategies", "raw,process(cmd: \"\(python) Examples/Process/alpha_beta.py\", alpha: 0.3),kalman",
    ]
    let one = try trackbench(run + ["--threads", "1"])
    let two = try trackbench(run + ["--threads", "2"])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
    #expect(one.stdout == two.stdout && one.stdout.contains("alpha_beta.py"))
  }

  @Test func aFailingChildIsOneErrorLineAndExitTwo() throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("never.json").path
    let r = try trackbench([
      "run", "scenarios/park-loop.yaml", "--trials", "2", "-q", "--strategies", "raw,process(cmd: \"echo oops >&2; exit 4\")", "--output", output,
    ])
    #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stderr)")
    let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
    #expect(errors.count == 1 && errors[0].hasPrefix("error: process(cmd: \"echo oops >&2; exit 4\"), run park-loop trial "), "\(r.stderr)")
    #expect(errors[0].contains("exited with status 4"), "\(r.stderr)")
    // The child's stderr is passed through with its command as a prefix.
    #expect(r.stderr.contains("[echo oops >&2; exit 4] oops"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test(arguments: [SIGKILL, SIGINT])
  func noChildOutlivesTrackbench(signal: Int32) throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let marker = "trackbench-test-\(UUID().uuidString)"
    let process = Process()
    process.executableURL = try #require(trackbenchURL)
    // `exec` keeps the marker on the child's own command line; a long run keeps it busy when killed.
    process.arguments = [
      "run", "scenarios/marathon-armband.yaml", "--trials", "200", "-q", "--threads", "2",
      "--strategies", "process(cmd: \"exec \(python) Examples/Process/alpha_beta.py \(marker)\")",
    ]
    process.currentDirectoryURL = repositoryRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, processes(marked: marker).isEmpty, process.isRunning { usleep(10_000) }
    #expect(!processes(marked: marker).isEmpty, "the child started")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    // Killed outright, the children see the end of their input and exit; interrupted, trackbench kills them.
    let gone = Date().addingTimeInterval(10)
    while Date() < gone, !processes(marked: marker).isEmpty { usleep(20_000) }
    #expect(processes(marked: marker).isEmpty, "no child left after signal \(signal)")
  }
}
