import ArgumentParser
import Filtering
import Findings
import Harness
import Reporting
import Simulation
import TrackCore
import Transfer

extension TransferFormat: ExpressibleByArgument {}

struct TransferCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transfer",
    abstract: "Check whether the simulation ranks strategies as real recordings with a truth do.",
    usage: "trackbench transfer [<options>] <manifest>",
    discussion: """
      The manifest lists recordings with their truth, as calibrate --population reads them (name,
      recordings: [{ file, truth | static_at }]). For each recording the strategies are ranked twice: by
      replaying it against its truth (real) and by simulating the same motion with the receiver over
      --trials trials (simulated); the report gives, per criterion, the two rankings' Kendall tau and
      Spearman rho, the simulation's pick, its real rank and regret, and whether a bootstrap over windows
      of the recording can tell the pick from the real best. Out of sample by default: each recording is
      judged with a population calibrated on the others (those made together with it left out too);
      --in-sample fits on all of them, --population or --preset gives the receiver. See docs/transfer.md.
      """)

  @Argument(help: "A manifest of recordings with their truth (YAML, as calibrate --population reads).", completion: .file(extensions: ["yaml", "yml"]))
  var manifest: String

  @Option(help: "Simulate a given population (a bundled name or a population file) instead of fitting one.")
  var population: String?

  @Option(help: "Simulate a receiver preset instead of fitting a population.")
  var preset: String?

  @Flag(name: .customLong("in-sample"), help: "Fit the population to every recording, the judged one included (labelled in sample).")
  var inSample = false

  @Option(help: "Comma-separated strategies or pipelines, at least two (default: every strategy).")
  var strategies: String?

  @Option(help: "Simulated trials per recording (1-10000).")
  var trials: Int = 20

  @Option(help: "The simulation's and the bootstrap's seed.")
  var seed: UInt64 = 1

  @Option(name: .customLong("window-s"), help: "Seconds per bootstrap window (10-3600).", transform: { try DecimalOption.parse($0, option: "--window-s") })
  var windowS: Double = 120

  @Option(help: "Bootstrap resamples (0-100000; 0: no bootstrap).")
  var resamples: Int = 1000

  @OptionGroup var work: WorkOptions

  @OptionGroup var input: RecordingOptions

  @Option(help: "The report's format.")
  var format: TransferFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  func validate() throws {
    guard (1...10_000).contains(trials) else { throw ValidationError("--trials: expected 1 to 10000, found \(trials)") }
    guard (10...3600).contains(windowS) else { throw ValidationError("--window-s: expected seconds from 10 to 3600, found \(windowS)") }
    guard (0...100_000).contains(resamples) else { throw ValidationError("--resamples: expected 0 to 100000, found \(resamples)") }
    guard population == nil || preset == nil else { throw ValidationError("--population and --preset: expected one of them, found both") }
    guard !inSample || (population == nil && preset == nil) else {
      throw ValidationError("--in-sample: expected a population fitted here, found a receiver given by --\(population != nil ? "population" : "preset")")
    }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let chosen = try strategies.map(StrategyList.parse) ?? Strategy.defaults
      let manifest = try TransferCheck.manifest(self.manifest, ranking: chosen)
      let destination = try OutputDestination(output, inputs: [self.manifest] + manifest.files)
      try input.refuseUnusedProvider(manifest.recordings.map(\.file))
      let given = try ReceiverChoice.given(population: population, preset: preset)
      let (cases, label) = try TransferCase.cases(
        manifest, manifestPath: self.manifest, given: given, inSample: inSample, threads: work.threads, read: input.read, readTruth: RecordingOptions.readTruth)
      let settings = TransferCheck.Settings(strategies: chosen, trials: trials, seed: seed, windowS: windowS, resamples: resamples, threads: work.threads)
      let report: TransferReport
      do {
        report = try await TransferCheck.run(cases, settings: settings, receiver: label, outOfSample: given != nil ? nil : !inSample)
      } catch let error as SpecError {
        throw InputFailure(message: "\(self.manifest): \(error)")
      }
      try destination.write(TerminalText.document(try format.render(report, width: Terminal.columns)))
    }
  }
}
