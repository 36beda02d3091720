import ArgumentParser
import Evaluation
import Filtering
import Foundation
import Harness
import Reporting
import Simulation

struct BaselineCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "baseline", abstract: "Record the per-trial scores that `trackbench check` compares a change with.",
    subcommands: [Record.self], defaultSubcommand: Record.self)

  struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Option(help: "Trials per scenario, replacing each scenario's own count (1-100000).")
    var trials: Int?

    @Option(help: "Comma-separated strategies or pipelines (default: each scenario's own `strategies`, else every strategy).")
    var strategies: String?

    @Option(help: "Seed for every scenario, replacing each scenario's own.")
    var seed: UInt64?

    @Option(help: "The baseline file to write (atomically), e.g. baselines/standard-suite.jsonl.", completion: .file())
    var output: String

    @Option(help: "Concurrent cells, 1-1024 (the default is this machine's number of cores).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .shortAndLong, help: "No progress line on standard error.")
    var quiet = false

    @OptionGroup var programs: ProgramOptions

    func run() async throws {
      try await InputFailure.guarding {
        if replay {
          try await recordReplay()
          return
        }
        if truth.truth != nil || truth.staticAt != nil || manifest != nil {
          throw InputFailure(message: "--truth, --static-at and --manifest: expected them with --replay (recordings and their truth), found them for scenarios")
        }
        let setup = try BaselineOptions.sweep(paths: paths, trials: trials, seed: seed, strategies: strategies, threads: threads, programs: programs)
        let destination = try OutputDestination(output, inputs: setup.files)
        let records = try BaselineOptions.execute(setup, threads: threads, quiet: quiet)
        let header = BaselineHeader(
          toolVersion: TrackBenchCommand.version, scenarioPaths: paths, trials: trials, seed: seed, strategies: strategies, scenarios: setup.fingerprints)
        try destination.write(try BaselineFile.text(header, sweep: setup.runner.header(illustrate: false), records: records))
      }
    }

    /// `--replay`: every recording replayed once through the strategies, with the fingerprints `check`
    /// compares before replaying them again.
    private func recordReplay() async throws {
      if trials != nil || seed != nil { throw InputFailure(message: "--trials and --seed: a recording is replayed once, nothing is drawn; expected neither with --replay") }
      guard (1...1024).contains(threads) else { throw InputFailure(message: "--threads: expected 1 to 1024, found \(threads)") }
      let entries = try ReplayInputs.entries(files: paths, manifest: manifest, truth: truth.truth, staticAt: truth.staticAt)
      let source = BaselineHeader.ReplaySource(files: paths, truth: truth.truth, staticAt: truth.staticAt, manifest: manifest)
      let chosen = try strategies.map(StrategyList.parse) ?? Strategy.defaults
      let destination = try OutputDestination(output, inputs: entries.map(\.file) + entries.compactMap(\.truth?.file) + (manifest.map { [$0] } ?? []))
      if input.inputFormat != nil || input.provider != nil {
        throw InputFailure(message: "--input-format and --provider: check reads the recordings again by their names and content; expected neither with --replay")
      }
      let sweep = try ReplayBaseline.sweep(source, strategies: chosen, read: { try RecordingOptions.read($0) }, readTruth: RecordingOptions.readTruth)
      let records = try sweep.execute(sweep.cells, threads: threads).map(\.record)
      let header = BaselineHeader(
        toolVersion: TrackBenchCommand.version, scenarioPaths: [], trials: nil, seed: nil, strategies: strategies, scenarios: sweep.fingerprints,
        replay: source)
      try destination.write(try BaselineFile.text(header, sweep: sweep.header, records: records))
    }
  }
}

/// What `baseline record` and `check` parse before Harness builds their sweep (``ScenarioBaselineSweep``,
/// ``ReplayBaseline``): ranges, strategy texts, candidates, which programs may run.
enum BaselineOptions {
  /// The sweep over scenario files, with `check`'s replacements and candidates.
  /// - Parameter strategiesFile: the baseline `strategies` came from, when a file named them (not the command line).
  static func sweep(
    paths: [String], trials: Int?, seed: UInt64?, strategies: String?, threads: Int, programs: ProgramOptions, strategiesFile: String? = nil,
    replacing: String? = nil, candidates: [String] = []
  ) throws -> ScenarioBaselineSweep {
    if let trials, !(1...100_000).contains(trials) {
      throw InputFailure(message: "--trials: expected a whole number from 1 to 100000, found \(trials)")
    }
    guard (1...1024).contains(threads) else { throw InputFailure(message: "--threads: expected 1 to 1024, found \(threads)") }
    let chosen = try strategies.map(StrategyList.parse)
    if let chosen, let strategiesFile { try programs.check(chosen, file: strategiesFile, field: "strategies") }
    return try ScenarioBaselineSweep(
      paths: paths, trials: trials, seed: seed, strategies: chosen, allowingPrograms: programs.allowed,
      replacing: try replacing.map(StrategyList.parse), candidates: try candidates.map(parseCandidate))
  }

  /// `NAME=CANDIDATE`, split at the first `=` outside parentheses and quotes.
  static func parseCandidate(_ text: String) throws -> (recorded: Strategy, candidate: Strategy) {
    let pieces = StrategyText.pieces(text, separatedBy: "=")
    guard pieces.count >= 2 else {
      throw InputFailure(message: "--candidate: expected NAME=CANDIDATE, e.g. 'kalman=kalman(q: 1)', found '\(text)'")
    }
    let separator = text.index(text.startIndex, offsetBy: pieces[1].offset - 1)
    let left = String(text[..<separator]), right = String(text[text.index(after: separator)...])
    func parse(_ part: String, _ side: String) throws -> Strategy {
      do { return try Strategy(parsing: part) } catch { throw InputFailure(message: "--candidate: \(side): \(error)") }
    }
    return (try parse(left, "the recorded strategy"), try parse(right, "the candidate"))
  }

  /// Every cell's record, in cell order, with a progress line unless `quiet`.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed.
  static func execute(_ sweep: ScenarioBaselineSweep, threads: Int, quiet: Bool) throws -> [CellRecord] {
    var progress: ((Int, Int) -> Void)?
    if Terminal.showsProgress && !quiet {
      let line = ProgressLine()
      progress = { done, total in line.update(done: done, total: total) }
    }
    var records: [CellRecord] = []
    if let failure = sweep.runner.execute(sweep.runner.cells, threads: threads, illustrate: false, progress: progress, sink: { records.append($0) }) {
      throw failure
    }
    return records.sorted { $0.cell < $1.cell }
  }
}

struct CheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Rerun a baseline's cells and fail (exit 1) when a strategy got worse beyond tolerance by a paired test, or a kernel got slower.",
      usage: "trackbench check [<options>] (--baseline <file> | --throughput <file>)",
    discussion: """
      Accuracy (--baseline): per scenario × strategy × metric, the per-trial worsening (new − old, or |new| − |old| for \
      signed errors) on the same fixes, with a 95 % interval; a regression is worse than the tolerance with the interval \
      above zero. Speed (--throughput): each kernel of a `throughput --all --format json` recording timed again (a \
      regression: a rate below the band), or of a `throughput --all --instructions --format json` recording counted again \
      under callgrind (a regression: more instructions per fix than the band allows). Exit 0: nothing regressed; 1: \
      something did; 2: bad input or a baseline that no longer matches (re-record it).
      """)

  @Option(help: "The baseline file (trackbench baseline record).", completion: .file())
  var baseline: String?

  @Option(help: "A speed recording: throughput --all [--instructions] --format json.", completion: .file())
  var throughput: String?

  @Option(help: "The speed band: a rate may fall this far below the recording (default 50%), an instruction count rise this far above it (default 1%).")
  var speedBand: String?

  @Option(help: "Comma-separated strategies replacing each scenario's recorded ones in order (as many as recorded).")
  var strategies: String?

  @Option(
    name: .customLong("candidate"), parsing: .unconditionalSingleValue,
    help: "NAME=CANDIDATE: run CANDIDATE wherever the baseline ran strategy NAME and judge it against NAME's recorded cells, e.g. 'kalman=kalman(q: 1)'. Repeatable.")
  var candidates: [String] = []

  @Option(help: "Allowed worsening per metric, e.g. 'distance_error_percent=5%,pace_lag_s=2' (default: none).")
  var tolerance: String?

  @Option(help: "Also write JUnit XML (one testcase per strategy × metric per scenario) to this file.", completion: .file())
  var junit: String?

  @Option(help: "The report's format (default: text on a terminal, else markdown).")
  var format: CheckFormat?

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Concurrent cells, 1-1024 (the default is this machine's number of cores).")
  var threads: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(name: .shortAndLong, help: "No progress line on standard error.")
  var quiet = false

  @OptionGroup var programs: ProgramOptions

  func run() async throws {
    try await InputFailure.guarding {
      guard baseline != nil || throughput != nil else {
        throw InputFailure(message: "check: expected --baseline FILE, --throughput FILE or both")
      }
      let speedRecording = try throughput.map { try SpeedRecording.read($0, programs: programs) }
      let band = try speedBand.map(SpeedRecording.parseBand)
      let inputs = [baseline, throughput].compactMap { $0 }
      try OutputDestination.refuseSameFile([("--output", output), ("--junit", junit)])
      let destination = try OutputDestination(output, inputs: inputs)
      let junitDestination = try junit.map { try OutputDestination($0, option: "--junit", inputs: inputs) }
      var accuracy: BaselineCheck?
      if let baseline { accuracy = try await checkAccuracy(baseline) }
      let speed = try speedRecording.map { try $0.check(band: band, quiet: quiet) }
      // Files first, standard output last: a file that cannot be written leaves standard output empty.
      let chosen = format ?? (destination.isStandardOutput && Terminal.isTerminal ? .text : .markdown)
      let report = try chosen.render(accuracy: accuracy, speed: speed, width: Terminal.columns)
      try junitDestination?.write(CheckRenderer.junit(accuracy: accuracy, speed: speed))
      try destination.write(report)
      if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
        // Appended, never overwritten: other steps write there too.
        let descriptor = open(summary, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputFailure(message: "GITHUB_STEP_SUMMARY: cannot open \(summary): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let text = Array(try CheckFormat.markdown.render(accuracy: accuracy, speed: speed).utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      }
      var failures: [String] = []
      if let accuracy, !accuracy.passed, let baseline {
        failures.append("\(accuracy.regressions) regression\(accuracy.regressions == 1 ? "" : "s") against \(baseline)")
      }
      if let speed, !speed.passed, let throughput {
        let count = speed.kernels.filter { $0.verdict == .regression || $0.verdict == .missing }.count
        failures.append("\(count) kernel\(count == 1 ? "" : "s") slower than \(throughput) allows (or missing)")
      }
      if !failures.isEmpty {
        ErrorText.print(failures.joined(separator: "; "), prefix: "failed")
        throw ExitCode(1)
      }
    }
  }

  /// Reruns the baseline's cells and judges them (the accuracy gate).
  private func checkAccuracy(_ baseline: String) async throws -> BaselineCheck {
      let tolerances: [Metric: Tolerance]
      do { tolerances = try tolerance.map(Tolerance.parse) ?? [:] } catch { throw InputFailure(message: "--tolerance: \(error)") }
      let recorded: (header: BaselineHeader, sweep: SweepHeader, records: [CellRecord])
      do { recorded = try BaselineFile.read(baseline) } catch { throw InputFailure(message: "\(error)") }
      let header = recorded.header
      if let source = header.replay {
        let rerun = try ReplayBaseline.rerun(
          header, source: source, baseline: baseline, recorded: try header.strategies.map(StrategyList.parse) ?? Strategy.defaults,
          replacing: try strategies.map(StrategyList.parse), candidates: try candidates.map(BaselineOptions.parseCandidate), threads: threads,
          read: { try RecordingOptions.read($0) }, readTruth: RecordingOptions.readTruth)
        return BaselineCheck(
          baseline: recorded.records, current: rerun.records, scenarios: recorded.sweep.scenarios, tolerances: tolerances,
          substitutions: rerun.substitutions)
      }
      let setup = try BaselineOptions.sweep(
        paths: header.scenarioPaths, trials: header.trials, seed: header.seed, strategies: header.strategies, threads: threads, programs: programs,
        strategiesFile: baseline, replacing: strategies, candidates: candidates)
      try setup.verify(header, baseline: baseline)
      let records = try BaselineOptions.execute(setup, threads: threads, quiet: quiet)
      return BaselineCheck(
        baseline: recorded.records, current: records, scenarios: recorded.sweep.scenarios, tolerances: tolerances, substitutions: setup.substitutions)
  }
}

/// A speed recording read back for `check --throughput`: rates (wall clock) or instruction counts
/// (callgrind), each kernel with the run size it was measured on.
struct SpeedRecording {
  let path: String
  let figure: SpeedCheck.Figure
  let fixes: Int
  let repetitions: Int
  let kernels: [(name: String, value: Double)]

  /// Most fixes one kernel's rerun times, warm-up included (about 2 s of the slowest kernel).
  static let maximumTimedFixes = 100_000_000
  /// Most fixes one kernel's recount runs under callgrind (about 50 times slower than native).
  static let maximumCountedFixes = 1_000_000

  /// - Throws: ``InputFailure`` naming the file and what was expected.
  static func read(_ path: String, programs: ProgramOptions) throws -> SpeedRecording {
    guard let data = FileManager.default.contents(atPath: path) else { throw InputFailure(message: "\(path): cannot read the speed recording") }
    struct Schema: Decodable { var schema: String?; var schemaVersion: Int? }
    guard let head = try? ResultsCodec.decode(Schema.self, from: data) else {
      throw InputFailure(message: "\(path): expected a JSON object from throughput --all --format json")
    }
    do {
      let recording: SpeedRecording
      switch (head.schema, head.schemaVersion) {
      case ("trackbench.throughput", 1):
        let file = try ResultsCodec.decode(ThroughputFile.self, from: data)
        recording = SpeedRecording(
          path: path, figure: .fixesPerSecond, fixes: file.fixes ?? file.kernels.first?.fixes ?? 1_000_000,
          repetitions: file.repetitions ?? file.kernels.first?.repetitions ?? 7, kernels: file.kernels.map { ($0.strategy, $0.fixesPerSecond) })
      case ("trackbench.instructions", 1):
        let file = try ResultsCodec.decode(InstructionsFile.self, from: data)
        recording = SpeedRecording(path: path, figure: .instructionsPerFix, fixes: file.fixes, repetitions: 1, kernels: file.kernels.map { ($0.strategy, $0.instructionsPerFix) })
      default:
        throw InputFailure(
          message: "\(path): schema \(head.schema ?? "none") version \(head.schemaVersion.map(String.init) ?? "none"): expected trackbench.throughput or trackbench.instructions version 1; re-record it: trackbench throughput --all [--instructions] --format json --output \(path)")
      }
      try recording.validate(programs: programs)
      return recording
    } catch let failure as InputFailure { throw failure } catch {
      throw InputFailure(message: "\(path): \(error)")
    }
  }

  /// Checks what a rerun would be sized by and run, before any work: the run size and repetitions
  /// within what `throughput` accepts, every figure finite and above zero (a bad file, not a slow
  /// kernel), every kernel one `throughput` knows, and no program unless allowed.
  /// - Throws: ``InputFailure`` naming the file and the field.
  func validate(programs: ProgramOptions) throws {
    guard (1000...ScenarioEngine.maximumFixes).contains(fixes) else {
      throw InputFailure(message: "\(path): field fixes: expected 1000 to \(ScenarioEngine.maximumFixes), found \(fixes)")
    }
    guard (1...1000).contains(repetitions) else {
      throw InputFailure(message: "\(path): field repetitions: expected 1 to 1000, found \(repetitions)")
    }
    // Bounded work per kernel: a rerun is a check, not a soak (the defaults are 8 M timed fixes and
    // 20 000 counted ones).
    switch figure {
    case .fixesPerSecond:
      guard fixes * (repetitions + 1) <= Self.maximumTimedFixes else {
        throw InputFailure(
          message: "\(path): fields fixes and repetitions: expected at most \(Self.maximumTimedFixes) fixes timed per kernel (fixes × (repetitions + 1)), found \(fixes) × \(repetitions + 1)")
      }
    case .instructionsPerFix:
      guard fixes <= Self.maximumCountedFixes else {
        throw InputFailure(message: "\(path): field fixes: expected at most \(Self.maximumCountedFixes) fixes counted under callgrind, found \(fixes)")
      }
    }
    guard !kernels.isEmpty else { throw InputFailure(message: "\(path): field kernels: expected at least one kernel, found none") }
    let field = figure == .fixesPerSecond ? "fixes_per_second" : "instructions_per_fix"
    for (i, kernel) in kernels.enumerated() {
      guard kernel.value.isFinite, kernel.value > 0 else {
        throw InputFailure(message: "\(path): field kernels[\(i)].\(field): expected a number above 0, found \(kernel.value)")
      }
      let parsed: Throughput.Kernel
      do { parsed = try Throughput.Kernel(parsing: kernel.name) } catch {
        throw InputFailure(message: "\(path): field kernels[\(i)].strategy: \(error)")
      }
      if case .strategy(let strategy) = parsed { try programs.check([strategy], file: path, field: "kernels[\(i)].strategy") }
    }
  }

  /// `50%` or `0.5`: a fraction of 0 or more.
  static func parseBand(_ text: String) throws -> Double {
    let relative = text.hasSuffix("%")
    guard let number = Double(relative ? String(text.dropLast()) : text), number.isFinite, number >= 0 else {
      throw InputFailure(message: "--speed-band: expected a percentage such as 30% (or a fraction), found '\(text)'")
    }
    return relative ? number / 100 : number
  }

  /// Measures every recorded kernel again the same way and judges it.
  func check(band: Double?, quiet: Bool) throws -> SpeedCheck {
    var now: [(name: String, value: Double)] = []
    switch figure {
    case .fixesPerSecond:
      for (name, _) in kernels {
        let kernel: Throughput.Kernel
        do { kernel = try Throughput.Kernel(parsing: name) } catch { throw InputFailure(message: "\(path): kernel '\(name)': \(error)") }
        if !quiet { ErrorText.print("timing \(name)", prefix: "check") }
        now.append((name, try Throughput.measure(kernel, fixes: fixes, repetitions: repetitions).fixesPerSecond))
      }
    case .instructionsPerFix:
      let counter = try InstructionCounter()
      defer { counter.finish() }
      for (name, _) in kernels {
        do { _ = try Throughput.Kernel(parsing: name) } catch { throw InputFailure(message: "\(path): kernel '\(name)': \(error)") }
        if !quiet { ErrorText.print("counting \(name)", prefix: "check") }
        now.append((name, try counter.count(name, fixes: fixes).instructionsPerFix))
      }
    }
    return SpeedCheck(figure: figure, band: band ?? (figure == .fixesPerSecond ? 0.5 : 0.01), recorded: kernels, now: now)
  }
}
