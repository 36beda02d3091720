import Evaluation
import Foundation

/// Which shard of a sweep this process runs: `--shard K/N`, else a cluster's array-job variables.
public enum ShardChoice {
  /// `--shard K/N` when given; else `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT` (or
  /// `SLURM_ARRAY_TASK_MIN`/`MAX`); else Kubernetes' `JOB_COMPLETION_INDEX` with the count from `--shards`
  /// or `TRACKBENCH_SHARDS`; else a CI system's parallel jobs (``parallelJobs``: GitLab, CircleCI,
  /// Buildkite, Bitrise; one job is no split); else none (the whole sweep).
  /// - Throws: ``ShardChoiceError`` naming the option or variable and what was expected.
  @_optimize(none)
  public static func resolve(
    _ text: String?, shards: Int?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ShardChoiceError) -> SweepHeader.Shard? {
    if let text {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
        throw ShardChoiceError("--shard: expected K/N with 1 ≤ K ≤ N (e.g. 2/3), found '\(text)'")
      }
      return SweepHeader.Shard(index: k, count: n)
    }
    func number(_ name: String) throws(ShardChoiceError) -> Int? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      guard let n = Int(value), n >= 0 else { throw ShardChoiceError("\(name): expected a whole number, found '\(value)'") }
      return n
    }
    if let task = try number("SLURM_ARRAY_TASK_ID") {
      let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
      let count: Int
      if let given = try number("SLURM_ARRAY_TASK_COUNT") {
        count = given
      } else if let maximum = try number("SLURM_ARRAY_TASK_MAX") {
        count = maximum - minimum + 1
      } else {
        throw ShardChoiceError("SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MAX; expected the array's size")
      }
      guard count >= 1, (minimum..<(minimum + count)).contains(task) else {
        throw ShardChoiceError("SLURM_ARRAY_TASK_ID: expected \(minimum) to \(minimum + count - 1), found \(task)")
      }
      return SweepHeader.Shard(index: task - minimum + 1, count: count)
    }
    if let index = try number("JOB_COMPLETION_INDEX") {
      var given = shards
      if given == nil { given = try number("TRACKBENCH_SHARDS") }
      guard let count = given else {
        throw ShardChoiceError("JOB_COMPLETION_INDEX is set; expected the number of shards in --shards or TRACKBENCH_SHARDS")
      }
      guard count >= 1, index < count else {
        throw ShardChoiceError("JOB_COMPLETION_INDEX: expected 0 to \(count - 1) (\(count) shards), found \(index)")
      }
      return SweepHeader.Shard(index: index + 1, count: count)
    }
    for system in parallelJobs {
      guard let index = try number(system.index) else { continue }
      guard let count = try number(system.count) else {
        throw ShardChoiceError("\(system.index) is set but not \(system.count); expected \(system.name)'s number of parallel jobs")
      }
      let last = system.first + count - 1
      guard count >= 1, (system.first...max(system.first, last)).contains(index) else {
        throw ShardChoiceError("\(system.index): expected \(system.first) to \(last) (\(system.count) \(count)), found \(index)")
      }
      // One job is no split: the whole sweep and its usual output (CircleCI sets these on every job).
      return count == 1 ? nil : SweepHeader.Shard(index: index - system.first + 1, count: count)
    }
    return nil
  }

  /// CI systems' parallel-job variables: the job's index (counted from `first`) and how many jobs run.
  public static let parallelJobs: [(name: String, index: String, count: String, first: Int)] = [
    ("GitLab CI", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
    ("CircleCI", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
    ("Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),
    ("Bitrise", "BITRISE_IO_PARALLEL_INDEX", "BITRISE_IO_PARALLEL_TOTAL", 0),
  ]
}

/// A shard that cannot be chosen: the option or variable, and what was expected.
public struct ShardChoiceError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
