import ArgumentParser
import Harness
import Reporting
import TrackCore

package struct RunCommand: AsyncParsableCommand {
  package init() {}
  package static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run scenarios × strategies × trials and report the scores.",
      usage: "trackbench run [<options>] [<scenarios> ...]")

  @Argument(help: "Scenario files or directories of *.yaml (default: scenarios/); - reads one scenario from standard input.", completion: .file(extensions: ["yaml", "yml"]))
  var paths: [String] = []

  @OptionGroup package var overrides: ScenarioOverrides

  @Option(help: "The report's format.")
  var format: ReportFormat = .table

  @Flag(help: "Put each scenario's trial 0 (recorded tracks, live pace, pins) in the JSON, for `report --format html` later.")
  var tracks = false

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Also write every cell's record (each strategy's named scores on one trial) to this file as JSON lines, in the sweep's order: the per-trial values that paired statistics and re-aggregation need.", completion: .file())
  var records: String?

  @OptionGroup package var sharding: ShardOptions

  @Option(help: "Append each finished cell's record to this file (JSON lines, flushed to disk), so --resume can finish a run that was killed.", completion: .file())
  var journal: String?

  @Flag(help: "With --journal: skip the cells already in the journal (a torn last line is redone).")
  var resume = false

  @OptionGroup package var work: WorkOptions


  @OptionGroup var display: DisplayOptions

  @OptionGroup var verdictOptions: VerdictOptions

  @OptionGroup var programs: ProgramOptions

  package func validate() throws {
    if resume, journal == nil { throw ValidationError("--resume: expected --journal FILE to resume from") }
  }

  package func run() async throws {
    try await InputFailure.guarding {
      let report = try verdictOptions.checked()
      let chosen = try overrides.strategies.map(StrategyList.parse)
      let loaded = try ScenarioDiscovery.loadFiles(paths: paths)
      let shardChoice = try sharding.chosen()
      let outputs = try SweepOutputs(
        output: output, records: records, others: [("--journal", journal)], inputs: loaded.map(\.file) + verdictOptions.inputs,
        sharded: shardChoice != nil)
      let (destination, recordsDestination) = (outputs.report, outputs.records)
      let runner = try ExperimentRunner(Experiment.resolving(loaded, override: chosen, trials: overrides.trials, seed: overrides.seed, allowingPrograms: programs.allowed))
      let illustrate = tracks || format == .html
      let header = runner.header(illustrate: illustrate, shard: shardChoice)

      let progress = ProgressLine.callback(quiet: work.quiet)
      let all = try runner.records(
        shard: shardChoice, journal: journal.map { ($0, resume) }, header: header, threads: work.threads, illustrate: illustrate, progress: progress)
      if shardChoice != nil {
        try destination.write(try SweepFile.text(header, all))
        return
      }
      try recordsDestination?.write(try SweepFile.text(header, all))
      var result = header.aggregate(all)
      result.verdict = try report.policy.verdict(result, records: all)
      try destination.write(try report.render(result, as: format, display: display, for: destination))
    }
  }
}
