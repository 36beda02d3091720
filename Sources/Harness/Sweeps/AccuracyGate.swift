import Evaluation
import Findings
import Filtering
import Foundation
import TrackCore
import TrackIO

extension ScenarioBaselineSweep {
  /// The sweep over scenario files from the options' texts (`baseline record`, and `check` rerunning a
  /// baseline): trials checked, strategy lists parsed, a program named by a file refused unless allowed.
  /// - Parameters:
  ///   - strategies: `--strategies` (or a baseline's recorded list), or nil for each scenario's own.
  ///   - strategiesFile: the baseline `strategies` came from, when a file named them (its programs need
  ///     permission; the command line's do not).
  ///   - replacing: `check --strategies`: the recorded ones replaced in order.
  /// - Throws: ``OptionError``, ``BaselineSetupError``, a scenario file's error.
  @_optimize(none)
  public static func parsing(
    paths: [String], trials: Int?, seed: UInt64?, strategies: String?, allowingPrograms: Bool, strategiesFile: String? = nil,
    replacing: String? = nil, candidates: [(recorded: String, candidate: Strategy)] = []
  ) throws -> ScenarioBaselineSweep {
    if let trials, !(1...100_000).contains(trials) {
      throw BaselineSetupError("--trials: expected a whole number from 1 to 100000, found \(trials)")
    }
    let chosen = try strategies.map(StrategyList.parse)
    if let chosen, let strategiesFile, !allowingPrograms, let program = chosen.first(where: \.runsProgram) {
      throw BaselineSetupError(ProgramPermission.refusal(file: strategiesFile, field: "strategies", strategy: program.description))
    }
    return try ScenarioBaselineSweep(
      paths: paths, trials: trials, seed: seed, strategies: chosen, allowingPrograms: allowingPrograms,
      replacing: try replacing.map(StrategyList.positional), candidates: candidates)
  }

  /// Every cell's record, in cell order.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed.
  @_optimize(none)
  public func records(threads: Int, progress: ((Int, Int) -> Void)? = nil) throws -> [CellRecord] {
    var records: [CellRecord] = []
    if let failure = runner.execute(runner.cells, threads: threads, illustrate: false, progress: progress, sink: { records.append($0) }) {
      throw failure
    }
    return records.sorted { $0.cell < $1.cell }
  }
}

/// The accuracy gate (`check --baseline`): a baseline's cells rerun (its scenarios, or its recordings
/// replayed), optionally with other strategies or candidates in place of recorded ones, and judged
/// against the recorded cells.
public enum AccuracyGate {
  /// Reruns `baseline`'s cells and judges them.
  /// - Parameters:
  ///   - tolerance: `--tolerance` (`METRIC=5%,…`), or nil for each metric's floor.
  ///   - strategies: `check --strategies`: replacing the recorded ones in order.
  ///   - beforeRerun: called with the suite's fingerprint (``CheckHistory/suite(of:)``) before anything
  ///     runs (a history of another suite refuses there).
  ///   - read, readTruth: how a replayed baseline's recordings and truths are read.
  /// - Returns: the check and its suite's fingerprint.
  /// - Throws: ``BaselineSetupError``, ``OptionError``, what reading the baseline or rerunning throws.
  @_optimize(none)
  public static func check(
    baseline: String, tolerance: String?, strategies: String?, candidates: [(recorded: String, candidate: Strategy)], threads: Int,
    allowingPrograms: Bool, progress: ((Int, Int) -> Void)? = nil, beforeRerun: (String) throws -> Void = { _ in },
    read: @escaping (String) throws -> Recording, readTruth: @escaping (String) throws -> Recording
  ) throws -> (check: BaselineCheck, suite: String) {
    let tolerances: [Metric: Tolerance]
    do { tolerances = try tolerance.map(Tolerance.parse) ?? [:] } catch { throw BaselineSetupError("--tolerance: \(error)") }
    let recorded: (header: BaselineHeader, sweep: SweepHeader, records: [CellRecord])
    do { recorded = try BaselineFile.read(baseline) } catch { throw BaselineSetupError("\(error)") }
    let header = recorded.header
    let suite = CheckHistory.suite(of: header)
    try beforeRerun(suite)
    if let source = header.replay {
      let rerun = try ReplayBaseline.rerun(
        header, source: source, baseline: baseline, recorded: try header.strategies.map(StrategyList.parse) ?? Strategy.defaults,
        replacing: try strategies.map(StrategyList.positional), candidates: candidates, threads: threads, read: read, readTruth: readTruth)
      let check = BaselineCheck(
        baseline: recorded.records, current: rerun.records, scenarios: recorded.sweep.scenarios, tolerances: tolerances, substitutions: rerun.substitutions)
      return (check, suite)
    }
    // A scenario path the baseline names that is gone is the baseline's field, not a bare path.
    for (index, path) in header.scenarioPaths.enumerated() where access(path, F_OK) != 0 {
      throw BaselineSetupError(
        "\(baseline):1: scenario_paths[\(index)]: expected a scenario file or folder (stored relative to the baseline's folder), found nothing at \(QuotedText.quoted(TerminalText.escaped(path)))")
    }
    let setup = try ScenarioBaselineSweep.parsing(
      paths: header.scenarioPaths, trials: header.trials, seed: header.seed, strategies: header.strategies, allowingPrograms: allowingPrograms,
      strategiesFile: baseline, replacing: strategies, candidates: candidates)
    try setup.verify(header, baseline: baseline)
    let records = try setup.records(threads: threads, progress: progress)
    let check = BaselineCheck(
      baseline: recorded.records, current: records, scenarios: recorded.sweep.scenarios, tolerances: tolerances, substitutions: setup.substitutions)
    return (check, suite)
  }
}
