import ArgumentParser
import Evaluation
import Foundation
import Harness

/// `--threads` and `-q`, shared by every command that runs cells (`run`, `replay`, `tune`, `baseline
/// record`, `check`, `transfer`), so each means the same on all of them: how many cells at once on the
/// ``CellExecutor``, and no progress line.
package struct WorkOptions: ParsableArguments {
  package init() {}
  @Option(help: "Cells run at once (scenario trials, recordings, a tune's training cells), 1-1024 (the default is this machine's number of cores).")
  package var threads: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(name: .shortAndLong, help: "No progress line on standard error.")
  var quiet = false

  package func validate() throws {
    guard (1...1024).contains(threads) else { throw ValidationError("--threads: expected 1 to 1024, found \(threads)") }
  }
}

/// `--shard K/N` and `--shards N`, shared by `run`, `replay` and `tune`: which part of the cells this
/// process runs (``ShardChoice``: the option, else a cluster's array-job variables).
package struct ShardOptions: ParsableArguments {
  package init() {}
  @Option(help: "Run only shard K of N (K from 1): every N-th cell (a scenario's trial, a recording, a tune's training cell), written as a sweep file (JSON lines) for `trackbench merge` or `tune --merge`. Without it, SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX with --shards / TRACKBENCH_SHARDS, choose the shard.")
  package var shard: String?

  @Option(help: "Number of shards when JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) picks the shard.")
  package var shards: Int?

  package func validate() throws {
    if let shard { do { _ = try ShardChoice.resolve(shard, shards: nil) } catch { throw ValidationError("\(error)") } }
    if let shards, !(1...1_000_000).contains(shards) { throw ValidationError("--shards: expected 1 to 1000000, found \(shards)") }
  }

  /// The shard this process runs, or `nil` for the whole sweep; `environment` is the process's.
  package func chosen(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SweepHeader.Shard? {
    try ShardChoice.resolve(shard, shards: shards, environment: environment)
  }
}

/// `--trials`, shared by `run`, `baseline record` and `tune`: trials per scenario in place of each file's own.
struct TrialsOption: ParsableArguments {
  @Option(help: "Trials per scenario, replacing each scenario's own count (1-100000).")
  package var trials: Int?

  package func validate() throws {
    if let trials, !(1...100_000).contains(trials) { throw ValidationError("--trials: expected a whole number from 1 to 100000, found \(trials)") }
  }
}

/// `--trials`, `--strategies` and `--seed`, shared by `run` and `baseline record`: what replaces each
/// scenario file's own (a baseline stores them, so `check` reruns the same cells).
package struct ScenarioOverrides: ParsableArguments {
  package init() {}
  @OptionGroup var trialCount: TrialsOption
  package var trials: Int? { trialCount.trials }

  @Option(help: "Comma-separated strategies or pipelines, e.g. 'raw,speed-gate(12) | kalman(q: 0.5)' (default: each scenario's own `strategies`, else every strategy).")
  var strategies: String?

  @Option(help: "Seed for every scenario, replacing each scenario's own (0 to 18446744073709551615).")
  package var seed: UInt64?
}
