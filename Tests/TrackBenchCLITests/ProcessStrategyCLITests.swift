import Foundation
import Testing

/// Process strategies through the built `trackbench`: the same bytes on 1 and 2 threads, one `error:`
/// line and exit 2 when a child fails, and no child left behind when trackbench is killed.
@Suite(.serialized) struct ProcessStrategyCLITests {
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Processes whose command line contains `marker`: from /proc, or from `ps` where there is none
  /// (macOS).
  func processes(marked marker: String) -> [pid_t] {
    guard FileManager.default.fileExists(atPath: "/proc/self/stat") else {
      let ps = Process()
      ps.executableURL = URL(fileURLWithPath: "/bin/ps")
      ps.arguments = ["-Ao", "pid=,command="]
      let pipe = Pipe()
      ps.standardOutput = pipe
      guard (try? ps.run()) != nil else { return [] }
      let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      ps.waitUntilExit()
      return text.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard fields.count == 2, let pid = pid_t(fields[0]), pid != getpid(), pid != ps.processIdentifier, fields[1].contains(marker) else { return nil }
        return pid
      }
    }
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
  @Test func theGateChecksAProcessStrategy() async throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.jsonl").path
    let filter = { (alpha: String) in "process(cmd: \"\(python) Examples/Process/alpha_beta.py\", alpha: \(alpha))" }
    let recorded = try await trackbench(["baseline", "record", "scenarios/park-loop.yaml", "--trials", "4", "--strategies", "raw," + filter("0.3"), "-q", "--output", baseline])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    // The baseline names a program: without --allow-process, check refuses to run it.
    let refused = try await trackbench(["check", "--baseline", baseline, "--format", "json", "-q"])
    #expect(refused.status == 2 && refused.stdout.isEmpty && refused.stderr.contains("--allow-process"), "\(refused.stderr)")
    let rerun = try await trackbench(["check", "--baseline", baseline, "--format", "json", "-q", "--allow-process"])
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any])
    let cells = try #require(object["cells"] as? [[String: Any]])
    let processCells = cells.filter { ($0["strategy"] as? String)?.hasPrefix("process(") == true }
    #expect(!processCells.isEmpty)
    #expect(processCells.allSatisfy { ["identical", "not_judged"].contains(($0["change"] as? [String: Any])?["verdict"] as? String ?? "") })
    #expect(processCells.contains { ($0["change"] as? [String: Any])?["verdict"] as? String == "identical" })
    // A candidate: the same filter, much stiffer; its cells are judged against the recorded alpha.
    let candidate = try await trackbench(["check", "--baseline", baseline, "--strategies", "raw," + filter("0.02"), "-q"], environment: ["TRACKBENCH_ALLOW_PROCESS": "1"])
    #expect([0, 1].contains(candidate.status), "\(candidate.stderr)")
    // Reports name it by its program and parameters, never the whole command.
    #expect(candidate.stdout.contains("process:alpha_beta.py(alpha: 0.3) → process:alpha_beta.py(alpha: 0.02)"), "\(candidate.stdout.prefix(600))")
    #expect(!candidate.stdout.contains(python), "\(candidate.stdout.prefix(600))")
  }

  /// A process strategy with a `name:` is that name in every report, and `--candidate NAME=…` finds it
  /// as it finds a built-in.
  @Test func aNamedProcessStrategyIsItsNameAndTakesACandidate() async throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let baseline = folder.appendingPathComponent("baseline.jsonl").path
    let filter = { (alpha: String) in "process(name: my-ab, cmd: \"\(python) Examples/Process/alpha_beta.py\", alpha: \(alpha))" }
    let run = try await trackbench(["run", "scenarios/park-loop.yaml", "--trials", "2", "-q", "--strategies", "raw," + filter("0.3"), "--format", "markdown"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("`my-ab(alpha: 0.3)`") && !run.stdout.contains("alpha_beta.py"), "\(run.stdout.prefix(800))")
    let recorded = try await trackbench(["baseline", "record", "scenarios/park-loop.yaml", "--trials", "3", "--strategies", "raw," + filter("0.3"), "-q", "--output", baseline])
    #expect(recorded.status == 0, "\(recorded.stderr)")
    for format in ["text", "comment", "markdown"] {
      let check = try await trackbench(
        ["check", "--baseline", baseline, "--candidate", "my-ab=" + filter("0.02"), "--format", format, "-q"], environment: ["TRACKBENCH_ALLOW_PROCESS": "1"])
      #expect([0, 1].contains(check.status), "\(check.stderr)")
      #expect(check.stdout.contains("my-ab(alpha: 0.3) → my-ab(alpha: 0.02)") && !check.stdout.contains("alpha_beta.py"), "\(format): \(check.stdout.prefix(800))")
    }
    // throughput names it too (its JSON keeps the full text, as records do).
    let timed = try await trackbench(["throughput", "--strategy", filter("0.3"), "--fixes", "2000", "--repetitions", "1"])
    #expect(timed.status == 0 && timed.stdout.hasPrefix("my-ab(alpha: 0.3): ") && !timed.stdout.contains("alpha_beta.py"), "\(timed.stdout) \(timed.stderr)")
    let timedJSON = try await trackbench(["throughput", "--strategy", filter("0.3"), "--fixes", "2000", "--repetitions", "1", "--format", "json"])
    #expect(timedJSON.status == 0 && timedJSON.stdout.contains("alpha_beta.py"), "\(timedJSON.stdout)")
    // A name the baseline did not record is refused, naming the strategies it did.
    let unknown = try await trackbench(["check", "--baseline", baseline, "--candidate", "other=" + filter("0.02"), "-q"], environment: ["TRACKBENCH_ALLOW_PROCESS": "1"])
    #expect(unknown.status == 2 && unknown.stderr.hasPrefix("error: --candidate: other is in no scenario's strategies"), "\(unknown.stderr)")
  }

  @Test func theSameBytesOnOneAndTwoThreads() async throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let run = [
      "run", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "3", "--format", "json", "-q",
      "--strategies", "raw,process(cmd: \"\(python) Examples/Process/alpha_beta.py\", alpha: 0.3),kalman",
    ]
    let one = try await trackbench(run + ["--threads", "1"])
    let two = try await trackbench(run + ["--threads", "2"])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
    #expect(one.stdout == two.stdout && one.stdout.contains("alpha_beta.py"))
  }

  @Test func aFailingChildIsOneErrorLineAndExitTwo() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("never.json").path
    let r = try await trackbench([
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

  /// Runs trackbench on a small scenario with `strategy` for `trials` trials in the background; returns
  /// it once a process whose command line holds `marker` runs (at most 30 s). A filter that answers ends
  /// with its trial: give it enough trials that the run cannot end before the poll sees one.
  func startRun(strategy: String, marker: String, processes count: Int, trials: Int = 2) async throws -> Process {
    let process = Process()
    process.executableURL = try #require(trackbenchURL)
    process.arguments = ["run", "scenarios/park-loop.yaml", "--trials", String(trials), "-q", "--threads", "1", "--strategies", strategy]
    process.currentDirectoryURL = repositoryRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    // trackbench's own command line holds the marker too: count the others.
    func children() -> Int { processes(marked: marker).filter { $0 != process.processIdentifier }.count }
    // The most seen at once, not a second look: a process in the middle of exec shows an empty command
    // line for an instant, and a second look taken then counted 2 of 3 once (CI, 2026-11-29).
    var seen = children()
    while Date() < deadline, seen < count, process.isRunning {
      usleep(10_000)
      seen = max(seen, children())
    }
    #expect(seen >= count, "the child started: \(seen) of \(count) processes seen, trackbench running: \(process.isRunning)")
    return process
  }

  /// Waits up to 5 s for every process marked `marker` to be gone.
  func expectNoneLeft(marked marker: String, _ situation: String, sourceLocation: SourceLocation = #_sourceLocation) {
    // Up to 15 s: on two cores busy with the rest of the suite a child may take seconds to be scheduled
    // and see its end of input (5 s once proved too short); a process that stays fails all the same.
    let gone = Date().addingTimeInterval(15)
    while Date() < gone, !processes(marked: marker).isEmpty { usleep(20_000) }
    let left = processes(marked: marker)
    #expect(left.isEmpty, "\(situation): processes \(left) left running", sourceLocation: sourceLocation)
    for pid in left { kill(pid, SIGKILL) }
  }

  /// A shell line that forks: a grandchild sleeping in the background beside the filter. However the
  /// run ends (the end of input, a timeout, SIGINT, SIGTERM, SIGHUP), no process of the child's group is
  /// left: TrackBench signals the whole group, not only the shell.
  @Test func noProcessOfTheGroupOutlivesARun() async throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    func sleeper(_ marker: String) -> String { "\(python) -c 'import time; time.sleep(600)' \(marker) &" }

    // The end of input: the filter exits at EOF; the sleeping grandchild would stay.
    var marker = "trackbench-group-\(UUID().uuidString)"
    let ended = try await trackbench([
      "run", "scenarios/park-loop.yaml", "--trials", "1", "-q", "--format", "csv",
      "--strategies", "process(cmd: \"\(sleeper(marker)) \(python) Examples/Process/alpha_beta.py\")",
    ])
    #expect(ended.status == 0, "\(ended.stderr)")
    expectNoneLeft(marked: marker, "after the end of input")

    // A filter that never answers: reported after its timeout, its grandchild gone too.
    marker = "trackbench-group-\(UUID().uuidString)"
    let started = Date()
    let timedOut = try await trackbench([
      "run", "scenarios/park-loop.yaml", "--trials", "1", "-q",
      "--strategies", "process(cmd: \"\(sleeper(marker)) \(python) -c 'import time; time.sleep(600)' \(marker)\", timeout: 1)",
    ])
    #expect(timedOut.status == 2 && timedOut.stderr.contains("timeout"), "\(timedOut.stderr)")
    #expect(Date().timeIntervalSince(started) < 20)
    expectNoneLeft(marked: marker, "after a timeout")

    // Signals TrackBench handles, in the middle of a run.
    for received in [SIGINT, SIGTERM, SIGHUP] {
      marker = "trackbench-group-\(UUID().uuidString)"
      let process = try await startRun(
        strategy: "process(cmd: \"\(sleeper(marker)) \(python) -c 'import time; time.sleep(600)' \(marker)\", timeout: 60)", marker: marker,
        processes: 3)
      kill(process.processIdentifier, received)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == received)
      expectNoneLeft(marked: marker, "after signal \(received)")
    }
  }

  /// Killed outright (SIGKILL cannot be caught), trackbench leaves a filter that exits at EOF, as the
  /// protocol asks, nothing to outlive it.
  @Test func aFilterSeesTheEndOfInputWhenTrackbenchIsKilled() async throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let marker = "trackbench-test-\(UUID().uuidString)"
    // `exec` keeps the marker on the child's own command line. Two trials' filters once came and went
    // within one poll on a busy CI machine: a thousand trials outlast any poll (killed once seen).
    let process = try await startRun(
      strategy: "process(cmd: \"exec \(python) Examples/Process/alpha_beta.py \(marker)\")", marker: marker, processes: 1, trials: 1000)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    expectNoneLeft(marked: marker, "after SIGKILL")
  }
}
