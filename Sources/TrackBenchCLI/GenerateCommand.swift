import ArgumentParser
import Harness
import Simulation
import TrackIO

struct GenerateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write one trial of a scenario: the phone's fixes and the truth, as GPX 1.1, CSV or JSON.",
      usage: "trackbench generate [<options>] <scenario>")

  @Argument(help: "A scenario file; - reads it from standard input.", completion: .file(extensions: ["yaml", "yml"]))
  var scenario: String

  @Option(help: "The trial to write (its random streams), 0 to 1000000000.")
  var trial: Int = 0

  @Option(help: "The document's format.")
  var format: TrackFormat = .gpx

  @Option(help: "Comma-separated strategies whose output is written too, a track each (gpx, csv and json only).")
  var strategies: String?

  @Option(help: "Write to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  func validate() throws {
    guard (0...1_000_000_000).contains(trial) else { throw ValidationError("--trial: expected 0 to 1000000000, found \(trial)") }
    guard strategies == nil || [.gpx, .csv, .json].contains(format) else {
      throw ValidationError("--strategies: expected --format gpx, csv or json (a track per strategy), found \(format.rawValue)")
    }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let chosen = try strategies.map(StrategyList.parse) ?? []
      let destination = try OutputDestination(output, inputs: [scenario])
      let document = try ScenarioDiscovery.loadOne(path: scenario)
      let engine = try ScenarioEngine.reusing(document.engine, for: document.scenario)
      try destination.write(try format.writer.write(Generation.run(engine, trial: trial, strategies: chosen)))
    }
  }
}
