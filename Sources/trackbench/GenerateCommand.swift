import ArgumentParser
import Foundation
import Harness
import Simulation
import TrackIO

struct GenerateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write one trial of a scenario: the phone's fixes and the truth, as GPX 1.1, CSV or JSON.")

  @Argument(help: "A scenario file.")
  var scenario: String

  @Option(help: "The trial to write (its random streams), 0 or more.")
  var trial: Int = 0

  @Option(help: "gpx, csv or json.")
  var format: String = "gpx"

  @Option(help: "Write to this file (atomically) instead of standard output.")
  var output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let trackFormat: TrackFormat = try InputFailure.choice(format, for: "--format")
      guard trial >= 0 else { throw InputFailure(message: "--trial: expected 0 or more, found \(trial)") }
      let engine = try ScenarioEngine(try ScenarioLoader.load(file: scenario))
      let text = try trackFormat.writer.write(Generation.run(engine, trial: trial))
      try emit(text, to: output)
    }
  }
}
