import Evaluation
import Findings
import Filtering
import Foundation
import TrackCore
import Simulation
import TrackIO

/// Why a baseline cannot be recorded or checked as asked: the message names the option, file, scenario or
/// recording, and says what was expected.
public struct BaselineSetupError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The strategies `check` reruns in place of those a baseline recorded, and which replaced which.
public enum StrategySubstitution {
  /// Applies `replacing` (every list replaced, in order) and then `candidates` (a candidate in place of
  /// its recorded strategy wherever a list holds it) to each case's recorded strategies. A candidate's
  /// recorded side is a strategy's text or the `name:` of a process strategy (`my-kalman`).
  /// - Parameters:
  ///   - lists: each case's recorded strategies (a scenario's, or the one list every recording ran).
  ///   - cases: the cases' names, and what they are (`scenario`, `recording`) for messages.
  /// - Returns: the lists to rerun, and per case the recorded strategy text → the text run in its place.
  /// - Throws: ``BaselineSetupError`` for a replacement of another length, a candidate for a strategy no
  ///   case recorded, or one that already runs.
  @_optimize(none)
  public static func apply(
    _ lists: [[Strategy]], cases: [String], kind: String, replacing: [Strategy]?, candidates: [(recorded: String, candidate: Strategy)]
  ) throws(BaselineSetupError) -> (strategies: [[Strategy]], substitutions: [String: [StrategyKey: StrategyKey]]) {
    var lists = lists
    var substitutions: [String: [StrategyKey: StrategyKey]] = [:]
    if let replacing {
      for (s, recorded) in lists.enumerated() {
        guard recorded.count == replacing.count else {
          throw BaselineSetupError(
            "--strategies: expected \(recorded.count) strategies to replace \(cases[s])'s recorded ones in order, found \(replacing.count); to try one strategy in place of another everywhere, use --candidate NAME=CANDIDATE")
        }
        for (old, new) in zip(recorded, replacing) where old.key != new.key {
          substitutions[cases[s], default: [:]][old.key] = new.key
        }
      }
      lists = lists.map { _ in replacing }
    }
    for (recorded, candidate) in candidates {
      var found = false
      for (s, list) in lists.enumerated() {
        guard let position = list.firstIndex(where: { $0.description == recorded || $0.processName == recorded }) else { continue }
        guard !list.contains(where: { $0.description == candidate.description }) else {
          throw BaselineSetupError(
            "--candidate: \(candidate.description) already runs on \(cases[s]); expected a candidate the baseline did not record")
        }
        substitutions[cases[s], default: [:]][list[position].key] = candidate.key
        lists[s][position] = candidate
        found = true
      }
      guard found else {
        let names = Set(lists.flatMap { $0.map(\.description) }).sorted()
        throw BaselineSetupError(
          "--candidate: \(recorded) is in no \(kind)'s strategies; expected one the baseline recorded (\(names.count) strategies: \(names.prefix(4).joined(separator: "; "))\(names.count > 4 ? "; …" : ""))")
      }
    }
    return (lists, substitutions)
  }
}

/// The sweep `baseline record` and `check` run over scenario files: the files with the same overrides,
/// each scenario's fingerprint as loaded, and (for `check`) the candidates run in place of recorded
/// strategies.
public struct ScenarioBaselineSweep {
  public let runner: ExperimentRunner
  public let files: [String]
  public let fingerprints: [BaselineHeader.ScenarioFingerprint]
  /// Per scenario, recorded strategy text → the candidate rerun in its place.
  public let substitutions: [String: [StrategyKey: StrategyKey]]

  /// - Parameters:
  ///   - strategies: strategies replacing every scenario's own (`--strategies` when recorded).
  ///   - replacing: strategies given to `check` that replace the recorded ones in order.
  ///   - candidates: the candidate replaces the recorded strategy wherever a scenario runs it.
  /// - Throws: a scenario file's error, ``BaselineSetupError``.
  @_optimize(none)
  public init(
    paths: [String], trials: Int?, seed: UInt64?, strategies: [Strategy]?, allowingPrograms: Bool,
    replacing: [Strategy]? = nil, candidates: [(recorded: String, candidate: Strategy)] = []
  ) throws {
    let loaded = try ScenarioDiscovery.loadFiles(paths: paths)
    var experiment = try Experiment.resolving(loaded, override: strategies, trials: trials, seed: seed, allowingPrograms: allowingPrograms)
    fingerprints = experiment.scenarios.map { BaselineHeader.ScenarioFingerprint(name: $0.name, fingerprint: Fingerprint.of([$0.identity])) }
    (experiment.strategies, substitutions) = try StrategySubstitution.apply(
      experiment.strategies, cases: experiment.scenarios.map(\.name), kind: "scenario", replacing: replacing, candidates: candidates)
    runner = try ExperimentRunner(experiment)
    files = loaded.map(\.file)
  }

  /// Checks that these are the scenarios `header` recorded, unchanged.
  /// - Throws: ``BaselineSetupError`` naming the scenario, with the command that re-records the baseline.
  @_optimize(none)
  public func verify(_ header: BaselineHeader, baseline: String) throws(BaselineSetupError) {
    let rerecord = "re-record it: trackbench baseline record \(header.scenarioPaths.joined(separator: " "))"
      + (header.trials.map { " --trials \($0)" } ?? "") + (header.seed.map { " --seed \($0)" } ?? "")
      + (header.strategies.map { " --strategies '\($0)'" } ?? "") + " --output \(baseline)"
    let names = fingerprints.map(\.name), recordedNames = header.scenarios.map(\.name)
    guard names == recordedNames else {
      throw BaselineSetupError("\(baseline): the scenarios are \(names.joined(separator: ", ")), the baseline recorded \(recordedNames.joined(separator: ", ")); \(rerecord)")
    }
    for (now, then) in zip(fingerprints, header.scenarios) where now.fingerprint != then.fingerprint {
      throw BaselineSetupError("\(baseline): scenario \(now.name) changed since the baseline was recorded (its route, receiver, noise, seed or trials); \(rerecord)")
    }
  }
}

/// A baseline of recordings (`baseline record --replay`): the replay it records and `check` reruns.
public enum ReplayBaseline {
  /// The recordings of `source` read again with their truth, ready to replay through `strategies`.
  /// - Parameters: read, readTruth: as ``ReplayInputs/inputs(_:read:readTruth:assumedAccuracy:)``.
  @_optimize(none)
  public static func sweep(
    _ source: BaselineHeader.ReplaySource, strategies: [Strategy], read: (String) throws -> Recording, readTruth: (String) throws -> Recording
  ) throws -> ReplaySweep {
    let entries = try ReplayInputs.entries(files: source.files, manifest: source.manifest, truth: source.truth, staticAt: source.staticAt)
    return ReplaySweep(try ReplayInputs.inputs(entries, read: read, readTruth: readTruth, assumedAccuracy: 5), strategies: strategies)
  }

  /// Replays a baseline's recordings again through `recorded` with check's substitutions, after checking
  /// that no recording (or its truth) changed since; the records of the rerun and the substitutions per
  /// recording.
  /// - Throws: ``BaselineSetupError`` naming a recording that changed or a bad substitution; a reader's
  ///   error; the ``ProcessFailure`` of a process strategy that failed.
  @_optimize(none)
  public static func rerun(
    _ header: BaselineHeader, source: BaselineHeader.ReplaySource, baseline: String, recorded: [Strategy], replacing: [Strategy]?,
    candidates: [(recorded: String, candidate: Strategy)], threads: Int,
    read: (String) throws -> Recording, readTruth: (String) throws -> Recording
  ) throws -> (records: [CellRecord], substitutions: [String: [StrategyKey: StrategyKey]]) {
    let names = header.scenarios.map(\.name)
    let (lists, substitutions) = try StrategySubstitution.apply(
      names.map { _ in recorded }, cases: names, kind: "recording", replacing: replacing, candidates: candidates)
    let sweep = try sweep(source, strategies: lists.first ?? recorded, read: read, readTruth: readTruth)
    var rerecord = "re-record it: trackbench baseline record --replay \(source.files.joined(separator: " "))"
    if let manifest = source.manifest { rerecord += " --manifest \(manifest)" }
    if let truth = source.truth { rerecord += " --truth \(truth)" }
    if let staticAt = source.staticAt { rerecord += " --static-at \(staticAt)" }
    rerecord += (header.strategies.map { " --strategies '\($0)'" } ?? "") + " --output \(baseline)"
    guard sweep.fingerprints.map(\.name) == names else {
      throw BaselineSetupError("\(baseline): the recordings are \(sweep.fingerprints.map(\.name).joined(separator: ", ")), the baseline recorded \(names.joined(separator: ", ")); \(rerecord)")
    }
    for (now, then) in zip(sweep.fingerprints, header.scenarios) where now.fingerprint != then.fingerprint {
      throw BaselineSetupError("\(baseline): recording \(now.name) changed since the baseline was recorded (its points or its truth); \(rerecord)")
    }
    return (try sweep.execute(sweep.cells, threads: threads).map(\.record), substitutions)
  }
}
