import ArgumentParser
import Evaluation
import Filtering
import Findings
import Foundation
import Harness
import Reporting
import TrackCore
import Tuning

struct TuneCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Tune a strategy's parameters on training scenarios; report them on validation scenarios with seeds training never saw.",
      usage: "trackbench tune [<options>] --strategy <strategy> --param <spec> ...")

  @Option(help: "The strategy or pipeline to tune, e.g. 'kalman' or 'speed-gate | kalman(gate: 0)'.")
  var strategy: String

  @Option(name: .customLong("param"), help: "A parameter to vary, NAME=LOW..HIGH[:log|:linear][:POINTS], or to fix, NAME=VALUE; in a pipeline STAGE.NAME (kalman.q). Repeat for several.")
  var parameters: [String] = []

  @Option(parsing: .unconditional, help: "What to minimise: metric names, numbers, + - * /, parentheses, abs, min, max (on each trial), mean(x), median(x), p90(x), p95(x) over trials (without one: the mean); summed over the scenarios.")
  var objective = ShipVerdict.defaultObjective

  @Option(help: "Two objectives, comma-separated (e.g. 'abs(distance_error_percent),pace_lag_s'): report the evaluated points no other beats on both, beside the defaults and raw, moonrunner and run-average.")
  var pareto: String?

  @Option(parsing: .upToNextOption, help: "Training scenario files or directories (default: scenarios/).")
  var train: [String] = []

  @Option(name: .customLong("validate"), parsing: .upToNextOption, help: "Validation scenario files or directories (default: the training scenarios, with other seeds).")
  var validation: [String] = []

  @Option(help: "Comma-separated seeds for the training scenarios (each seed a copy of every scenario; default: each scenario's own).")
  var trainSeeds: String?

  @Option(help: "Comma-separated seeds for validation (default: each scenario's own, or its seed + 1000003 when it is also a training scenario).")
  var validateSeeds: String?

  @OptionGroup var trialCount: TrialsOption

  @Option(help: "The search: grid, random (Latin hypercube) or nelder-mead.")
  var method: TuneMethod = .nelderMead

  @Option(help: "Most points scored on the training set (random: 50, nelder-mead: 100; grid: all its points).")
  var budget: Int?

  @Option(help: "Seed of the random search's generator.")
  var seed: UInt64 = 1

  @Option(
    help: "Recommend only a point that passes `check --baseline FILE --candidate` (the accuracy gate CI runs) in place of the tuned strategy, which FILE must record. Default: the gate's rules against the defaults on the validation cells.",
    completion: .file())
  var baseline: String?

  @Flag(help: "Recommend the best point on training without judging it by the accuracy gate.")
  var noGate = false

  @OptionGroup var programs: ProgramOptions

  @Option(help: "The report's format.")
  var format: TuneFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output.", completion: .file())
  var output: String?

  @OptionGroup var work: WorkOptions


  @OptionGroup var sharding: ShardOptions

  @Option(parsing: .upToNextOption, help: "Tune shards (tune --shard K/N with these same arguments) whose scores are taken instead of scoring the points; the report is the one a single process writes.")
  var merge: [String] = []

  /// The checks of options against each other, before any file is read.
  func validate() throws {
    if method == .nelderMead, sharding.shard != nil || !merge.isEmpty {
      throw ValidationError("--\(sharding.shard != nil ? "shard" : "merge"): expected --method grid or random (their points are known in advance), found nelder-mead, which chooses each point from the last")
    }
    if sharding.shard != nil, !merge.isEmpty { throw ValidationError("--merge: expected either --shard (score a part) or --merge (join the parts), found both") }
    if baseline != nil && noGate { throw ValidationError("--baseline: expected either --baseline FILE (judge against it) or --no-gate, found both") }
    if let budget, !(1...Tuner.maximumPoints).contains(budget) { throw ValidationError("--budget: expected a whole number from 1 to \(Tuner.maximumPoints), found \(budget)") }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let request = try TuneRequest(
        strategy: strategy, parameters: parameters, objective: objective, pareto: pareto, trainSeeds: trainSeeds, validateSeeds: validateSeeds,
        method: method)
      let trainFiles = try ScenarioDiscovery.loadFiles(paths: train)
      let validateFiles = try ScenarioDiscovery.loadFiles(paths: validation.isEmpty ? train : validation)
      let trainLoaded = trainFiles.map { $0.document.withTrials(trialCount.trials) }
      let validateLoaded = validateFiles.map { $0.document.withTrials(trialCount.trials) }
      // The report never replaces a scenario it was tuned on, nor a shard it merges.
      let destination = try OutputDestination(output, inputs: merge + trainFiles.map(\.file) + validateFiles.map(\.file) + [baseline].compactMap { $0 })

      let tuner = try request.tuner(train: trainLoaded, validate: validateLoaded, threads: work.threads)
      let part = try TuneRequest.part(method: method, merging: !merge.isEmpty) { try sharding.chosen() }
      if let part {
        let line = Terminal.showsProgress && !work.quiet ? ProgressLine(unit: "points") : nil
        let (header, records) = try tuner.evaluate(shard: part, method: method, budget: budget, seed: seed) { done, total in
          line?.update(done: done, total: total)
        }
        line?.finish()
        try destination.write(try SweepFile.text(header, records))
        return
      }
      if !merge.isEmpty {
        let merged = try SweepFile.merge(merge)
        try tuner.preload(merged.header, merged.records, method: method, budget: budget, seed: seed)
      }
      let gating = try self.gating(tuned: tuner.space.base)
      let line = Terminal.showsProgress && !work.quiet ? ProgressLine(unit: "evaluations") : nil
      let report = try tuner.run(method: method, budget: budget, seed: seed, gating: gating) { done, limit, best in
        line?.update(done: done, total: limit, note: best.map { "best \(String(format: "%.4g", $0))" })
      }
      line?.finish()
      try destination.write(TerminalText.document(try format.render(report, width: Terminal.columns)))
    }
  }

  /// How the recommendation is judged: against `--baseline` as `check --candidate` judges it (the file
  /// read and its strategies checked before the search), by the gate's rules on validation, or not.
  private func gating(tuned: Strategy) throws -> TuneGating {
    if noGate { return .none }
    guard let baseline else { return .validation }
    let recorded: [CellRecord]
    do { recorded = try BaselineFile.read(baseline).records } catch { throw InputFailure(message: "--baseline: \(error)") }
    guard recorded.contains(where: { $0.strategies.contains { $0.strategy == tuned.key } }) else {
      throw InputFailure(
        message: "--baseline: \(baseline) does not record \(tuned.description); expected a baseline that ran the strategy being tuned (baseline record --strategies '\(tuned.description)')")
    }
    let threads = work.threads, allowed = programs.allowed
    return .baseline(baseline) { candidate in
      try AccuracyGate.check(
        baseline: baseline, tolerance: nil, strategies: nil, candidates: [(tuned.description, candidate)], threads: threads, allowingPrograms: allowed,
        read: { try RecordingOptions.read($0) }, readTruth: RecordingOptions.readTruth
      ).check
    }
  }
}
