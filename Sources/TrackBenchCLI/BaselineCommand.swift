import ArgumentParser
import Filtering
import Evaluation
import Findings
import Foundation
import Harness
import Reporting
import Speed
import TrackCore

package struct BaselineCommand: AsyncParsableCommand {
  package init() {}
  package static let configuration = CommandConfiguration(
    commandName: "baseline", abstract: "Record the per-trial scores that `trackbench check` compares a change with.",
    subcommands: [Record.self], defaultSubcommand: Record.self)

  package struct Record: AsyncParsableCommand {
    package init() {}
    package static let configuration = CommandConfiguration(
      commandName: "record",
      abstract: "Run scenarios × strategies × trials (or replay recordings) and store every cell's scores, the seeds and the scenarios' (or recordings') fingerprints.",
      usage: "trackbench baseline record [<options>] --output <file> [<scenarios> ...]\n       trackbench baseline record --replay [<options>] --output <file> <recordings> ...")

    @Argument(help: "Scenario files or directories of *.yaml (default: scenarios/); with --replay, recordings.", completion: .file())
    var paths: [String] = []

    @Flag(help: "The paths are recordings (GPX, TCX, FIT, NMEA, GnssLogger, CSV) to replay: a baseline of your own recorded runs, each judged exactly by check (one record per recording).")
    var replay = false

    @Option(help: "With --replay: a list of recordings, each with its own truth if it has one (as replay --manifest reads it), in place of the paths.", completion: .file(extensions: ["yaml", "yml"]))
    var manifest: String?

    @OptionGroup var truth: TruthOptions
    @OptionGroup var input: RecordingOptions

    @OptionGroup package var overrides: ScenarioOverrides

    @Option(help: "The baseline file to write (atomically), e.g. baselines/standard-suite.jsonl.", completion: .file())
    var output: String

    @OptionGroup package var work: WorkOptions

    @OptionGroup var programs: ProgramOptions

    package func validate() throws {
      if replay {
        if overrides.trials != nil || overrides.seed != nil { throw ValidationError("--trials and --seed: a recording is replayed once, nothing is drawn; expected neither with --replay") }
        if input.inputFormat != nil || input.provider != nil {
          throw ValidationError("--input-format and --provider: check reads the recordings again by their names and content; expected neither with --replay")
        }
      } else if truth.truth != nil || truth.staticAt != nil || manifest != nil {
        throw ValidationError("--truth, --static-at and --manifest: expected them with --replay (recordings and their truth), found them for scenarios")
      }
    }

    package func run() async throws {
      try await InputFailure.guarding {
        if replay {
          try await recordReplay()
          return
        }
        let setup = try ScenarioBaselineSweep.parsing(paths: paths, trials: overrides.trials, seed: overrides.seed, strategies: overrides.strategies, allowingPrograms: programs.allowed)
        let destination = try OutputDestination(output, inputs: setup.files)
        let records = try setup.records(threads: work.threads, progress: ProgressLine.callback(quiet: work.quiet))
        let header = BaselineHeader(
          toolVersion: TrackBenchCommand.version, scenarioPaths: paths, trials: overrides.trials, seed: overrides.seed, strategies: overrides.strategies, scenarios: setup.fingerprints)
        try destination.write(try BaselineFile.text(header, sweep: setup.runner.header(illustrate: false), records: records, file: output))
      }
    }

    /// `--replay`: every recording replayed once through the strategies, with the fingerprints `check`
    /// compares before replaying them again.
    private func recordReplay() async throws {
      let entries = try ReplayInputs.entries(files: paths, manifest: manifest, truth: truth.truth, staticAt: truth.staticAt)
      let source = BaselineHeader.ReplaySource(files: paths, truth: truth.truth, staticAt: truth.staticAt, manifest: manifest)
      let chosen = try overrides.strategies.map(StrategyList.parse) ?? Strategy.defaults
      let destination = try OutputDestination(output, inputs: entries.map(\.file) + entries.compactMap(\.truth?.file) + (manifest.map { [$0] } ?? []))
      let sweep = try ReplayBaseline.sweep(source, strategies: chosen, read: { try RecordingOptions.read($0) }, readTruth: RecordingOptions.readTruth)
      let records = try sweep.execute(sweep.cells, threads: work.threads).map(\.record)
      let header = BaselineHeader(
        toolVersion: TrackBenchCommand.version, scenarioPaths: [], trials: nil, seed: nil, strategies: overrides.strategies, scenarios: sweep.fingerprints,
        replay: source)
      try destination.write(try BaselineFile.text(header, sweep: sweep.header, records: records, file: output))
    }
  }
}

package struct CheckCommand: AsyncParsableCommand {
  package init() {}
  package static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Rerun a baseline's cells and fail (exit 1) when a strategy got worse beyond a metric's floor by a paired test, or a kernel got slower.",
      usage: "trackbench check [<options>] (--baseline <file> | --throughput <file>)",
    discussion: """
      Accuracy (--baseline): per scenario × strategy × metric, the per-trial worsening (new − old, or |new| − |old| for \
      signed errors) on the same fixes, with a 95 % interval; a regression is a worsening whose interval lies beyond the \
      metric's floor (the smallest change that matters, docs/ci.md) or --tolerance, and that survives Holm's correction \
      over every cell of the check (family-wise false-alarm rate 2.5 %); one that fails only uncorrected is listed as \
      watch. Speed (--throughput): each kernel of a `throughput --all --format json` recording timed again (a \
      regression: a rate below the band), or of a `throughput --all --instructions --format json` recording counted again \
      under callgrind (a regression: more instructions per fix than the band allows). Exit 0: nothing regressed; 1: \
      something did; 2: bad input or a baseline that no longer matches (re-record it).
      """)

  @Option(help: "The baseline file (trackbench baseline record).", completion: .file())
  var baseline: String?

  @Option(help: "A speed recording: throughput --all [--instructions] --format json.", completion: .file())
  var throughput: String?

  @Option(
    help: "The speed band: a rate may fall this far below the recording (default 50%), an instruction count rise this far above it (default 1%).",
    transform: CheckCommand.parseBand)
  package var speedBand: Double?

  @Flag(help: "Fail on wall-clock rates recorded on another machine or build (they only warn otherwise).")
  var sameMachine = false

  @Option(help: "Comma-separated strategies replacing each scenario's recorded ones in order (as many as recorded).")
  var strategies: String?

  @Option(
    name: .customLong("candidate"), parsing: .unconditionalSingleValue,
    help: "NAME=CANDIDATE: run CANDIDATE wherever the baseline ran strategy NAME and judge it against NAME's recorded cells, e.g. 'kalman=kalman(q: 1)'. Repeatable.",
    transform: { try StrategyCandidate(parsing: $0) })
  package var candidates: [StrategyCandidate] = []

  @Option(help: "Allowed worsening per metric in place of its floor, e.g. 'distance_error_percent=5%,pace_lag_s=2' (default: each metric's floor).")
  var tolerance: String?

  @Option(
    parsing: .unconditional,
    help: "The objective the team cares about (tune's grammar, e.g. 'abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km'): only its metrics can fail the check; a regression on another metric is reported as a trade-off.")
  var objective: String?

  @Option(help: "Also write JUnit XML (one testcase per strategy × metric per scenario) to this file.", completion: .file())
  var junit: String?

  @Option(help: "The report's format (default: text on a terminal, else markdown).")
  var format: CheckFormat?

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(
    help: "Append this check (time, --label, every scenario × strategy × metric's mean and interval, the verdicts) to a JSON-lines history of the baseline's suite, passed or failed; report --history draws it.",
    completion: .file(extensions: ["jsonl"]))
  var history: String?

  @Option(help: "With --history: what this check is, e.g. the commit (default: $GITHUB_SHA's first 12 characters or $CI_COMMIT_SHORT_SHA, else none).")
  var label: String?

  @OptionGroup package var work: WorkOptions

  @OptionGroup var programs: ProgramOptions

  package func validate() throws {
    guard baseline != nil || throughput != nil else { throw ValidationError("check: expected --baseline FILE, --throughput FILE or both") }
    if history != nil && baseline == nil { throw ValidationError("--history: expected --baseline too (a history keeps the accuracy check's cells)") }
    if label != nil && history == nil { throw ValidationError("--label: expected --history too (the label names the check in the history)") }
    if objective != nil && baseline == nil { throw ValidationError("--objective: expected --baseline too (the objective decides which of its metrics can fail)") }
  }

  package func run() async throws {
    try await InputFailure.guarding {
      let chosenLabel = try label.map(CIEnvironment.checkedLabel) ?? CIEnvironment.label()
      let speedRecording = try throughput.map { try SpeedRecording.read($0, allowingPrograms: programs.allowed) }
      let inputs = [baseline, throughput].compactMap { $0 }
      try OutputDestination.refuseSameFile([("--output", output), ("--junit", junit), ("--history", history)])
      let destination = try OutputDestination(output, inputs: inputs)
      let junitDestination = try junit.map { try OutputDestination($0, option: "--junit", inputs: inputs) }
      let historyFile = try history.map { try HistoryFile($0, inputs: inputs) }
      var accuracy: BaselineCheck?
      var suite = ""
      if let baseline { (accuracy, suite) = try await checkAccuracy(baseline, history: historyFile) }
      if let warning = speedRecording?.provenanceWarning() { Terminal.warn(warning) }
      let speed = try speedRecording.map { recording in
        try recording.check(band: speedBand, enforced: recording.enforced(sameMachine: sameMachine)) { if !work.quiet { ErrorText.print($0, prefix: "check") } }
      }
      // Files first, standard output last: a file that cannot be written leaves standard output empty.
      let chosen = format ?? (destination.isStandardOutput && Terminal.isTerminal ? .text : .markdown)
      let report = TerminalText.document(try chosen.render(accuracy: accuracy, speed: speed, width: Terminal.columns))
      try junitDestination?.write(CheckRenderer.junit(accuracy: accuracy, speed: speed))
      if let historyFile, let accuracy {
        try historyFile.append(
          try CheckHistory.line(accuracy, suite: suite, time: Date(), label: chosenLabel, toolVersion: TrackBenchCommand.version), suite: suite)
      }
      try destination.write(report)
      try CIEnvironment.appendStepSummary { try CheckFormat.markdown.render(accuracy: accuracy, speed: speed) }
      if let failure = CIEnvironment.failure(accuracy: accuracy, baseline: baseline, speed: speed, throughput: throughput) {
        ErrorText.print(failure, prefix: "failed")
        throw ExitCode(1)
      }
    }
  }

  /// `50%` or `0.5`: a fraction of 0 or more.
  static func parseBand(_ text: String) throws -> Double {
    let relative = text.hasSuffix("%")
    guard let number = DecimalNumber.parse(relative ? String(text.dropLast()) : text), number >= 0 else {
      throw InputFailure(message: "--speed-band: expected a percentage such as 30% (or a fraction), found '\(text)'")
    }
    return relative ? number / 100 : number
  }

  /// Reruns the baseline's cells and judges them (``AccuracyGate``).
  /// - Parameter history: refused before anything runs if it holds another suite's checks.
  private func checkAccuracy(_ baseline: String, history: HistoryFile?) async throws -> (BaselineCheck, String) {
    let gating: Set<Metric>?
    do { gating = try objective.map { Set(try Objective(parsing: $0).metrics) } } catch { throw InputFailure(message: "--objective: \(error)") }
    let (check, suite) = try AccuracyGate.check(
      baseline: baseline, tolerance: tolerance, strategies: strategies, candidates: candidates.map(\.pair), threads: work.threads,
      allowingPrograms: programs.allowed, progress: ProgressLine.callback(quiet: work.quiet), beforeRerun: { try history?.refuseOtherSuite($0) },
      read: { try RecordingOptions.read($0) }, readTruth: RecordingOptions.readTruth)
    guard let gating, let objective else { return (check, suite) }
    return (check.judged(only: gating, objective: objective), suite)
  }
}
