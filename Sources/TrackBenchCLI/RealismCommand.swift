import ArgumentParser
import Foundation
import Harness
import Realism
import Simulation
import TrackCore
import Transfer

struct RealismCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "realism",
    abstract: "Compare simulated receivers (presets, scenarios or populations) with real recordings with known truth.",
      usage: "trackbench realism [<options>] [<scenarios> ...] --against <file> ...",
    discussion: """
      Each receiver is simulated along the recording's own truth (same epochs, gaps and motion) and its
      statistics printed beside the recording's, each 'ok' when within 20 % (or its absolute tolerance).
      A population (--population) is judged otherwise: \(PopulationPlacement.trials) devices drawn from it
      are simulated along the recording, and each statistic of the recording is placed among theirs
      (percentile; 'inside' when within the 5-95 % band). The truth options apply to every recording.
      See docs/realism.md.
      """)

  @Argument(help: "Scenario files or folders whose receiver and noise stages are compared.", completion: .file(extensions: ["yaml", "yml"]))
  var scenarios: [String] = []

  @Option(help: "Receiver presets to compare, comma-separated (see docs/realism.md).")
  var preset: String?

  @Option(help: "Receiver populations to place the recordings in, comma-separated: bundled names or population files.")
  var population: String?

  @Option(help: "A real recording (repeat for several).", completion: .file())
  var against: [String]

  @OptionGroup var truth: TruthOptions
  @OptionGroup var input: RecordingOptions

  @Option(help: "table or markdown.")
  var format: RealismFormat = .table

  @Option(help: "Write to this file (atomically) instead of standard output.", completion: .file())
  var output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let chosen = try truth.chosen(for: against.joined(separator: ", "))
      let destination = try OutputDestination(output, inputs: against + scenarios)
      var comparison = try ReceiverChoice.compared(presets: preset, scenarios: scenarios, populations: population)
      comparison.threads = ProcessInfo.processInfo.activeProcessorCount
      guard comparison.populations.isEmpty || format == .table else {
        throw InputFailure(message: "--format \(format.rawValue): expected table with --population (a placement is a table of percentiles)")
      }
      try input.refuseUnusedProvider(against)
      var recordings: [(file: String, real: ErrorSeries)] = []
      for file in against {
        recordings.append((file, try chosen.fittingSeries(try input.read(file), file: file, readTruth: RecordingOptions.readTruth)))
      }
      try destination.write(TerminalText.document(comparison.report(recordings, markdown: format == .markdown)))
    }
  }
}

enum RealismFormat: String, CaseIterable, ExpressibleByArgument { case table, markdown }
