import Foundation
import Testing

/// Shards, merge, journals and resume, through the built `trackbench` as separate processes.
@Suite(.serialized) struct ScaleOutTests {
  static let sweep = ["run", "scenarios/park-loop.yaml", "scenarios/standing-still.yaml", "scenarios/budget-phone-5k.yaml", "--trials", "5", "-q"]

  @Test func threeShardsMergedAreByteForByteOneRun() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for k in 1...3 {
      let file = folder.appendingPathComponent("shard-\(k).jsonl").path
      let r = try await trackbench(Self.sweep + ["--shard", "\(k)/3", "--output", file])
      #expect(r.status == 0, "\(r.stderr)")
      files.append(file)
    }
    for format in ["json", "table", "csv"] {
      let one = try await trackbench(Self.sweep + ["--format", format, "--color", "never"])
      let merged = try await trackbench(["merge"] + files.reversed() + ["--format", format, "--color", "never"])
      #expect(one.status == 0 && merged.status == 0, "\(merged.stderr)")
      #expect(one.stdout == merged.stdout, "\(format)")
    }
    // A shard missing, twice, or of another sweep is refused, naming the cell or the file.
    let missing = try await trackbench(["merge", files[0], files[1]])
    #expect(missing.status == 2 && missing.stderr.contains("is in no shard") && missing.stdout.isEmpty, "\(missing.stderr)")
    let twice = try await trackbench(["merge", files[0], files[0], files[1], files[2]])
    #expect(twice.status == 2 && twice.stderr.contains("is also in"), "\(twice.stderr)")
    let other = folder.appendingPathComponent("other.jsonl").path
    _ = try await trackbench(Self.sweep + ["--seed", "9", "--shard", "3/3", "--output", other])
    let foreign = try await trackbench(["merge", files[0], files[1], other])
    #expect(foreign.status == 2 && foreign.stderr.contains("expected a shard of sweep"), "\(foreign.stderr)")
  }

  /// Shards of a run with drawn trials (`--tracks`) merge to the same results, drawings included.
  @Test func shardsWithDrawnTrialsMergeToTheSameBytes() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sweep = ["run", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "3", "--strategies", "raw,kalman", "--tracks", "-q"]
    var files: [String] = []
    for k in 1...2 {
      files.append(folder.appendingPathComponent("shard-\(k).jsonl").path)
      #expect(try await trackbench(sweep + ["--shard", "\(k)/2", "--output", files[k - 1]]).status == 0)
    }
    let one = try await trackbench(sweep + ["--format", "json"])
    let merged = try await trackbench(["merge"] + files + ["--format", "json"])
    #expect(one.status == 0 && merged.status == 0 && one.stdout.contains("\"illustration\""), "\(merged.stderr)")
    #expect(one.stdout == merged.stdout)
  }

  /// Three tune shards, each a process, merged by `tune --merge` give the single process's report, for a
  /// grid and for a random search with a Pareto front; the merge refuses missing, repeated or foreign shards.
  @Test(arguments: [
    ["--strategy", "kalman", "--param", "q=0.05..5:log:4", "--param", "r_scale=0.5..2:3", "--method", "grid"],
    ["--strategy", "speed-gate | kalman", "--param", "kalman.q=0.05..5:log", "--param", "speed-gate.vmax=5..20", "--method", "random",
     "--budget", "10", "--seed", "3", "--pareto", "abs(distance_error_percent),pace_lag_s"],
  ])
  func tuneShardsMergedAreByteForByteOneTune(search: [String]) async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tune = ["tune"] + search + ["--train", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "3", "-q"]
    var files: [String] = []
    for k in 1...3 {
      files.append(folder.appendingPathComponent("tune-\(k).jsonl").path)
      let r = try await trackbench(tune + ["--shard", "\(k)/3", "--output", files[k - 1]])
      #expect(r.status == 0, "\(r.stderr)")
    }
    for format in ["json", "markdown"] {
      let one = try await trackbench(tune + ["--format", format])
      let merged = try await trackbench(tune + ["--format", format, "--merge"] + files.reversed())
      #expect(one.status == 0 && merged.status == 0, "\(merged.stderr)")
      #expect(one.stdout == merged.stdout, "\(format)")
    }
    let missing = try await trackbench(tune + ["--merge", files[0], files[2]])
    #expect(missing.status == 2 && missing.stderr.contains("is in no shard") && missing.stdout.isEmpty, "\(missing.stderr)")
    let twice = try await trackbench(tune + ["--merge", files[0], files[1], files[1], files[2]])
    #expect(twice.status == 2 && twice.stderr.contains("expected each cell once"), "\(twice.stderr)")
    let other = try await trackbench(tune.map { $0 == "3" ? "2" : $0 } + ["--merge"] + files)
    #expect(other.status == 2 && other.stderr.contains("expected a shard of tune"), "\(other.stderr)")
    // The shards are sweep files: `trackbench merge` renders every point's scores as a strategy.
    let table = try await trackbench(["merge"] + files + ["--format", "csv"])
    #expect(table.status == 0 && table.stdout.contains("park-loop") && table.stdout.contains("kalman(q: "), "\(table.stderr)")
    // A shard cut short (a killed process) is refused, naming the cell.
    let text = try String(contentsOfFile: files[1], encoding: .utf8)
    try String(text.split(separator: "\n").dropLast().map { $0 + "\n" }.joined()).write(toFile: files[1], atomically: true, encoding: .utf8)
    let short = try await trackbench(tune + ["--merge"] + files)
    #expect(short.status == 2 && short.stderr.contains("is in no shard"), "\(short.stderr)")
  }

  @Test func aNelderMeadTuneIsNotSharded() async throws {
    let tune = ["tune", "--strategy", "kalman", "--param", "q=0.05..5:log", "--train", "scenarios/track-400m.yaml", "--trials", "2", "--budget", "4", "-q"]
    let refused = try await trackbench(tune + ["--shard", "1/2"])
    #expect(refused.status == 2 && refused.stderr.contains("expected --method grid or random"), "\(refused.stderr)")
    // Inside an array job it runs whole.
    let whole = try await trackbench(tune + ["--format", "json"], environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"])
    let alone = try await trackbench(tune + ["--format", "json"])
    #expect(whole.status == 0 && whole.stdout == alone.stdout, "\(whole.stderr)")
  }

  @Test func clusterVariablesChooseTheShard() async throws {
    let explicit = try await trackbench(Self.sweep + ["--shard", "2/3"])
    let slurm = try await trackbench(Self.sweep, environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
    let slurmRange = try await trackbench(Self.sweep, environment: ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_MAX": "6"])
    let kubernetes = try await trackbench(Self.sweep, environment: ["JOB_COMPLETION_INDEX": "1", "TRACKBENCH_SHARDS": "3"])
    let kubernetesOption = try await trackbench(Self.sweep + ["--shards", "3"], environment: ["JOB_COMPLETION_INDEX": "1"])
    #expect(explicit.status == 0 && !explicit.stdout.isEmpty)
    for r in [slurm, slurmRange, kubernetes, kubernetesOption] { #expect(r.stdout == explicit.stdout, "\(r.stderr)") }
    let bad = try await trackbench(Self.sweep, environment: ["JOB_COMPLETION_INDEX": "1"])
    #expect(bad.status == 2 && bad.stderr.contains("TRACKBENCH_SHARDS"), "\(bad.stderr)")
    let badShard = try await trackbench(Self.sweep + ["--shard", "4/3"])
    #expect(badShard.status == 2 && badShard.stderr.hasPrefix("error: --shard:"), "\(badShard.stderr)")
  }

  /// The parallel jobs of the CI systems mobile teams use choose the same shard as `--shard`, each
  /// counted from where that system counts (GitLab from 1, the others from 0); one job is no split.
  @Test func ciSystemsParallelJobsChooseTheShard() async throws {
    let explicit = try await trackbench(Self.sweep + ["--shard", "2/3"])
    let whole = try await trackbench(Self.sweep)
    #expect(explicit.status == 0 && whole.status == 0 && explicit.stdout != whole.stdout)
    for (variables, secondOfThree) in [
      (("CI_NODE_INDEX", "CI_NODE_TOTAL"), "2"), (("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL"), "1"),
      (("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT"), "1"), (("BITRISE_IO_PARALLEL_INDEX", "BITRISE_IO_PARALLEL_TOTAL"), "1"),
    ] {
      let shard = try await trackbench(Self.sweep, environment: [variables.0: secondOfThree, variables.1: "3"])
      #expect(shard.status == 0 && shard.stdout == explicit.stdout, "\(variables.0): \(shard.stderr)")
      let alone = try await trackbench(Self.sweep, environment: [variables.0: variables.0 == "CI_NODE_INDEX" ? "1" : "0", variables.1: "1"])
      #expect(alone.status == 0 && alone.stdout == whole.stdout, "\(variables.0) of one job: \(alone.stderr)")
      let outside = try await trackbench(Self.sweep, environment: [variables.0: "3", variables.1: "3"])
      let gitLab = variables.0 == "CI_NODE_INDEX"
      let third = try await trackbench(Self.sweep + ["--shard", "3/3"])
      #expect(gitLab ? outside.stdout == third.stdout : outside.status == 2, "\(variables.0): \(outside.stderr)")
      let noCount = try await trackbench(Self.sweep, environment: [variables.0: "1"])
      #expect(noCount.status == 2 && noCount.stderr.contains("\(variables.0) is set but not \(variables.1)"), "\(noCount.stderr)")
    }
  }

  /// A run killed with SIGKILL and resumed from its journal writes the bytes of an uninterrupted run.
  @Test func aKilledRunResumesToTheSameBytes() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal.jsonl").path
    let arguments = [
      "run", "scenarios/park-loop.yaml", "scenarios/budget-phone-5k.yaml", "scenarios/marathon-armband.yaml", "--trials", "12",
      "--strategies", "raw,kalman,rts", "--format", "json", "-q", "--threads", "1",
    ]
    let whole = try await trackbench(arguments)
    #expect(whole.status == 0)

    let process = Process()
    process.executableURL = try #require(trackbenchURL)
    process.arguments = arguments + ["--journal", journal, "--output", folder.appendingPathComponent("never.json").path]
    process.currentDirectoryURL = repositoryRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Kill it once some cells, but not all, are in the journal.
    let deadline = Date().addingTimeInterval(60)
    var lines = 0
    while Date() < deadline {
      lines = (try? String(contentsOfFile: journal, encoding: .utf8))?.split(separator: "\n").count ?? 0
      if lines > 4 || !process.isRunning { break }
      usleep(5000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "killed before it finished (\(lines) journal lines)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("never.json").path))

    let resumed = try await trackbench(arguments + ["--journal", journal, "--resume"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout == whole.stdout)
  }

  @Test func aTornJournalLineIsRedoneAndAForeignJournalRefused() async throws {
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journal = folder.appendingPathComponent("journal.jsonl").path
    let arguments = Self.sweep + ["--format", "json"]
    let whole = try await trackbench(arguments + ["--journal", journal])
    #expect(whole.status == 0, "\(whole.stderr)")
    // Cut the journal in the middle of its sixth record: as if killed while writing it.
    let text = try String(contentsOfFile: journal, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let torn = lines.prefix(6).joined(separator: "\n") + "\n" + lines[6].prefix(lines[6].count / 2)
    try torn.write(toFile: journal, atomically: true, encoding: .utf8)
    let resumed = try await trackbench(arguments + ["--journal", journal, "--resume"])
    #expect(resumed.status == 0 && resumed.stdout == whole.stdout, "\(resumed.stderr)")
    let after = try String(contentsOfFile: journal, encoding: .utf8)
    let records = lines.filter { (line: Substring) -> Bool in !line.isEmpty }.count
    #expect(after.split(separator: "\n").count == records, "the torn record redone once")

    let foreign = try await trackbench(Self.sweep + ["--seed", "3", "--journal", journal, "--resume"])
    #expect(foreign.status == 2 && foreign.stderr.contains("journal of another sweep"), "\(foreign.stderr)")
    let unasked = try await trackbench(arguments + ["--journal", journal])
    #expect(unasked.status == 2 && unasked.stderr.contains("expected --resume"), "\(unasked.stderr)")
  }
}
