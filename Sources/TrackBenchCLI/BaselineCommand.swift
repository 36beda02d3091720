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
      abstract: "Run scenarios × strategies × trials and store every cell's scores, the seeds and the scenarios' fingerprints.")

    @Argument(help: "Scenario files or directories of *.yaml (default: scenarios/).", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String] = []

    @Option(help: "Trials per scenario, replacing each scenario's own count (1-100000).")
    var trials: Int?

    @Option(help: "Comma-separated strategies or pipelines (default: each scenario's own `strategies`, else every strategy).")
    var strategies: String?

    @Option(help: "Seed for every scenario, replacing each scenario's own.")
    var seed: UInt64?

    @Option(help: "The baseline file to write (atomically), e.g. baselines/standard-suite.jsonl.", completion: .file())
    var output: String

    @Option(help: "Concurrent cells (default: the number of cores; 1-1024).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .shortAndLong, help: "No progress line on standard error.")
    var quiet = false

    func run() async throws {
      try await InputFailure.guarding {
        let setup = try CheckSetup(paths: paths, trials: trials, seed: seed, strategies: strategies, threads: threads)
        let destination = try OutputDestination(output, inputs: setup.files)
        let records = await setup.execute(quiet: quiet)
        let header = BaselineHeader(
          toolVersion: TrackBenchCommand.version, scenarioPaths: paths, trials: trials, seed: seed, strategies: strategies, scenarios: setup.fingerprints)
        try destination.write(try BaselineFile.text(header, sweep: setup.runner.header(illustrate: false), records: records))
      }
    }
  }
}

/// The sweep `baseline record` and `check` run: scenario files with the same overrides, and each
/// scenario's fingerprint as loaded.
struct CheckSetup {
  let runner: ExperimentRunner
  let files: [String]
  let fingerprints: [BaselineHeader.ScenarioFingerprint]
  let threads: Int

  /// - Parameter replacing: strategies given to `check` that replace the recorded ones in order.
  init(paths: [String], trials: Int?, seed: UInt64?, strategies: String?, threads: Int, replacing: String? = nil) throws {
    if let trials, !(1...100_000).contains(trials) {
      throw InputFailure(message: "--trials: expected a whole number from 1 to 100000, found \(trials)")
    }
    guard (1...1024).contains(threads) else { throw InputFailure(message: "--threads: expected 1 to 1024, found \(threads)") }
    let loaded = try ScenarioDiscovery.loadFiles(paths: paths)
    var experiment = try Experiment.resolving(loaded, override: try strategies.map(StrategyList.parse), trials: trials, seed: seed)
    fingerprints = experiment.scenarios.map { BaselineHeader.ScenarioFingerprint(name: $0.name, fingerprint: Fingerprint.of([String(reflecting: $0)])) }
    if let replacing {
      let list = try StrategyList.parse(replacing)
      for (s, recorded) in experiment.strategies.enumerated() where recorded.count != list.count {
        throw InputFailure(
          message: "--strategies: expected \(recorded.count) strategies to replace \(experiment.scenarios[s].name)'s recorded ones in order (\(recorded.map(\.description).joined(separator: ", "))), found \(list.count)")
      }
      experiment.strategies = experiment.strategies.map { _ in list }
    }
    runner = try ExperimentRunner(experiment)
    files = loaded.map(\.file)
    self.threads = threads
  }

  /// Every cell's record, in cell order.
  func execute(quiet: Bool) async -> [CellRecord] {
    var progress: (@Sendable (Int, Int) -> Void)?
    if Terminal.showsProgress && !quiet {
      let line = ProgressLine()
      progress = { done, total in line.update(done: done, total: total) }
    }
    var records: [CellRecord] = []
    await runner.execute(runner.cells, threads: threads, illustrate: false, progress: progress) { records.append($0) }
    return records.sorted { $0.cell < $1.cell }
  }
}

struct CheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Rerun a baseline's cells and fail (exit 1) when a strategy got worse beyond tolerance by a paired test.",
    discussion: """
      Per scenario × strategy × metric: the per-trial worsening (new − old, or |new| − |old| for signed errors) on the same \
      fixes, with a 95 % interval; a regression is worse than the tolerance with the interval above zero. Exit 0: nothing \
      regressed; 1: something did; 2: bad input or a baseline that no longer matches (re-record it).
      """)

  @Option(help: "The baseline file (trackbench baseline record).", completion: .file())
  var baseline: String

  @Option(help: "Comma-separated strategies replacing the baseline's in order (a candidate against what was recorded).")
  var strategies: String?

  @Option(help: "Allowed worsening per metric, e.g. 'distance_error_percent=5%,current_pace_error_rms_s_per_km=2' (default: none).")
  var tolerance: String?

  @Option(help: "Also write JUnit XML (one testcase per strategy × metric per scenario) to this file.", completion: .file())
  var junit: String?

  @Option(help: "The report's format.")
  var format: CheckFormat = .markdown

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Concurrent cells (default: the number of cores; 1-1024).")
  var threads: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(name: .shortAndLong, help: "No progress line on standard error.")
  var quiet = false

  func run() async throws {
    try await InputFailure.guarding {
      let tolerances: [Metric: Tolerance]
      do { tolerances = try tolerance.map(Tolerance.parse) ?? [:] } catch { throw InputFailure(message: "--tolerance: \(error)") }
      let recorded: (header: BaselineHeader, sweep: SweepHeader, records: [CellRecord])
      do { recorded = try BaselineFile.read(baseline) } catch { throw InputFailure(message: "\(error)") }
      let header = recorded.header
      let setup = try CheckSetup(
        paths: header.scenarioPaths, trials: header.trials, seed: header.seed, strategies: header.strategies, threads: threads, replacing: strategies)
      let rerecord = "re-record it: trackbench baseline record \(header.scenarioPaths.joined(separator: " "))"
        + (header.trials.map { " --trials \($0)" } ?? "") + (header.seed.map { " --seed \($0)" } ?? "")
        + (header.strategies.map { " --strategies '\($0)'" } ?? "") + " --output \(baseline)"
      let names = setup.fingerprints.map(\.name), recordedNames = header.scenarios.map(\.name)
      guard names == recordedNames else {
        throw InputFailure(message: "\(baseline): the scenarios are \(names.joined(separator: ", ")), the baseline recorded \(recordedNames.joined(separator: ", ")); \(rerecord)")
      }
      for (now, then) in zip(setup.fingerprints, header.scenarios) where now.fingerprint != then.fingerprint {
        throw InputFailure(message: "\(baseline): scenario \(now.name) changed since the baseline was recorded (its route, receiver, noise, seed or trials); \(rerecord)")
      }
      let destination = try OutputDestination(output, inputs: [baseline])
      let junitDestination = try junit.map { try OutputDestination($0, option: "--junit", inputs: [baseline]) }
      let records = await setup.execute(quiet: quiet)
      let check = BaselineCheck(baseline: recorded.records, current: records, scenarios: recorded.sweep.scenarios, tolerances: tolerances)
      try destination.write(try format.render(check))
      try junitDestination?.write(CheckRenderer.junit(check))
      if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
        // Appended, never overwritten: other steps write there too.
        let descriptor = open(summary, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw InputFailure(message: "GITHUB_STEP_SUMMARY: cannot open \(summary): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let text = Array(CheckRenderer.markdown(check).utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      }
      if !check.passed {
        ErrorText.print("\(check.regressions) regression\(check.regressions == 1 ? "" : "s") against \(baseline)", prefix: "failed")
        throw ExitCode(1)
      }
    }
  }
}
