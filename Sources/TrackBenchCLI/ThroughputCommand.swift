import ArgumentParser
import Harness
import Reporting
import Simulation
import Speed
import TrackCore

struct ThroughputCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "throughput",
    abstract: "Time one kernel on a synthetic run: a strategy, haversine-sum, synthesis, a reader or scoring (median of repetitions).",
      usage: "trackbench throughput [<options>] (--strategy <kernel> | --all)")

  @Option(help: "A strategy (e.g. 'kalman(q: 0.5)'), 'haversine-sum', 'synthesis', a reader: 'nmea-read', 'gpx-read', 'csv-read', 'tcx-read', or scoring: 'score', 'score-projection', 'score-distance', 'score-live-pace', 'score-splits', 'score-best-efforts', 'score-pauses'.")
  var strategy: String?

  @Flag(help: "Time every kernel: each built-in strategy with its defaults, the plain kalman, haversine-sum, synthesis, the readers and scoring (for dashboards: --format json).")
  var all = false

  @Option(help: "Fixes in the synthetic run (1000-\(ScenarioEngine.maximumFixes); default 1000000, with --instructions 20000).")
  var fixes: Int?

  @Flag(help: "Count instructions per fix under valgrind's callgrind instead of timing (repeatable to the instruction; for the speed gate: --all --instructions --format json).")
  var instructions = false

  @Option(help: "Timed repetitions after one warm-up (1-1000).")
  var repetitions: Int = 7

  @Option(help: "The measurement's format.")
  var format: ThroughputFormat = .text

  @Option(help: "Write the measurement to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Also write the input fixes to this file as packed float64 (time, east, north, accuracy), for timing other tools on the same data.", completion: .file())
  var exportFixes: String?

  @Option(help: "Run on these packed float64 fixes (time, east, north, accuracy) instead of the synthetic run.", completion: .file())
  var inputFixes: String?

  @Option(help: "Write what the strategy recorded to this file, packed as --export-fixes.", completion: .file())
  var outputFixes: String?

  /// The default synthetic run: a million fixes to time, 20 000 to count (callgrind runs ~50x slower).
  static func defaultFixes(instructions: Bool) -> Int { instructions ? 20_000 : 1_000_000 }

  func validate() throws {
    let fixes = self.fixes ?? Self.defaultFixes(instructions: instructions)
    guard (1000...ScenarioEngine.maximumFixes).contains(fixes) || inputFixes != nil else {
      throw ValidationError("--fixes: expected 1000 to \(ScenarioEngine.maximumFixes), found \(fixes)")
    }
    guard (1...1000).contains(repetitions) else { throw ValidationError("--repetitions: expected 1 to 1000, found \(repetitions)") }
    guard !all || (strategy == nil && exportFixes == nil && inputFixes == nil && outputFixes == nil) else {
      throw ValidationError("--all: expected no --strategy, --export-fixes, --input-fixes or --output-fixes with it")
    }
    guard all || strategy != nil else { throw ValidationError("throughput: expected --strategy KERNEL or --all") }
    guard !instructions || (exportFixes == nil && inputFixes == nil && outputFixes == nil) else {
      throw ValidationError("--instructions: expected no --export-fixes, --input-fixes or --output-fixes with it")
    }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let fixes = self.fixes ?? Self.defaultFixes(instructions: instructions)
      if all || instructions {
        let text = try counted(fixes: fixes)
        try OutputDestination(output).write(text)
        return
      }
      guard let strategy else { return }  // validate() asks for --strategy or --all
      let inputs = inputFixes.map { [$0] } ?? []
      try OutputDestination.refuseSameFile([("--output", output), ("--export-fixes", exportFixes), ("--output-fixes", outputFixes)])
      let exportDestination = try exportFixes.map { try OutputDestination($0, option: "--export-fixes", inputs: inputs) }
      let outputDestination = try outputFixes.map { try OutputDestination($0, option: "--output-fixes", inputs: inputs) }
      let destination = try OutputDestination(output, inputs: inputs)
      let kernel = try Throughput.Kernel(parsing: strategy)
      let fixesUsed = try inputFixes.map(Throughput.readPacked) ?? (exportFixes == nil ? nil : Throughput.syntheticFixes(fixes))
      var recorded: [LocalFix] = []
      let m = try Throughput.measure(kernel, fixes: fixes, repetitions: repetitions, input: fixesUsed, output: &recorded)
      // Every check has passed and every measurement is done: only now is anything written.
      if let exportDestination, let fixesUsed { try exportDestination.write(Throughput.packed(fixesUsed)) }
      if let outputDestination { try outputDestination.write(Throughput.packed(recorded)) }
      // Text names a process filter as reports do (its name:, or process:PROGRAM), not by its command;
      // the JSON keeps the full text, as records do.
      var shown = m
      shown.strategy = StrategyLabels.shown(m.strategy)
      try destination.write(format == .json ? try SpeedJSON.text(m) : shown.line)
    }
  }

  /// `--all` (every kernel, one after another on one core) or `--instructions` (one kernel under
  /// callgrind): the document, made once everything is measured.
  private func counted(fixes: Int) throws -> String {
    let json = format == .json
    if all && instructions {
      let file = try InstructionsFile.counting(fixes: fixes)
      return json ? try SpeedJSON.text(file, pretty: true) : file.kernels.map(\.line).joined()
    }
    if all {
      let file = try ThroughputFile.measuring(fixes: fixes, repetitions: repetitions)
      return json ? try SpeedJSON.text(file, pretty: true) : file.kernels.map(\.line).joined()
    }
    let kernel = strategy ?? ""
    _ = try Throughput.Kernel(parsing: kernel)  // a bad kernel is our error line, not the child's
    let counter = try InstructionCounter()
    defer { counter.finish() }
    let count = try counter.count(kernel, fixes: fixes)
    var shown = count
    shown.strategy = StrategyLabels.shown(count.strategy)
    return json ? try SpeedJSON.text(count) : shown.line
  }
}
