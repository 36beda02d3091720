import ArgumentParser
import Foundation
import Harness
import Realism
import Simulation

struct RealismCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "realism",
    abstract: "Compare simulated receivers (presets or scenarios) with a real recording with known truth.",
      usage: "trackbench realism [<options>] [<scenarios> ...] --against <recording>",
    discussion: """
      Each receiver is simulated along the recording's own truth (same epochs, gaps and motion) and its
      statistics printed beside the recording's, each 'ok' when within 20 % (or its absolute tolerance).
      See docs/realism.md.
      """)

  @Argument(help: "Scenario files or folders whose receiver and noise stages are compared.", completion: .file(extensions: ["yaml", "yml"]))
  var scenarios: [String] = []

  @Option(help: "Receiver presets to compare, comma-separated (see docs/realism.md).")
  var preset: String?

  @Option(help: "The real recording.", completion: .file())
  var against: String

  @OptionGroup var truth: TruthOptions
  @OptionGroup var input: RecordingOptions

  @Option(help: "table or markdown.")
  var format: RealismFormat = .table

  @Option(help: "Write to this file (atomically) instead of standard output.", completion: .file())
  var output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let chosen = try truth.chosen(for: against)
      let destination = try OutputDestination(output, inputs: [against] + scenarios)
      var receivers: [(name: String, receiver: ReceiverSpec, noise: [NoiseStage])] = []
      for name in (preset ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
        guard let preset = ReceiverPreset.named(name) else {
          throw InputFailure(message: "--preset: expected one of \(ReceiverPreset.all.map(\.name).joined(separator: ", ")), found '\(name)'")
        }
        receivers.append((preset.name, try preset.receiver(), []))
      }
      for scenario in try ScenarioDiscovery.load(paths: scenarios) where !scenarios.isEmpty {
        receivers.append((scenario.name, scenario.receiver, scenario.noise))
      }
      guard !receivers.isEmpty else { throw InputFailure(message: "expected --preset NAMES or scenario files to compare, found neither") }
      let real = try truth.series(try input.read(against), file: against, truth: chosen)
      guard real.count >= Calibrator.minimumEpochs else {
        throw InputFailure(message: "\(against): expected at least \(Calibrator.minimumEpochs) epochs with a position and a truth to compare with, found \(real.count)")
      }
      var text = ""
      for (name, receiver, noise) in receivers {
        let rows = Calibrator().compare(receiver, noise: noise, real: real)
        switch format {
        case .table: text += "\(name) vs \(against)\n" + CalibrationText.comparison(rows) + "\n"
        case .markdown: text += CalibrationText.markdown(title: "`\(name)` vs `\(against)`", rows) + "\n"
        }
      }
      try destination.write(text)
    }
  }
}

enum RealismFormat: String, CaseIterable, ExpressibleByArgument { case table, markdown }
