import ArgumentParser
import Filtering
import Harness
import TrackIO

/// `trackbench export SCENARIO --for xcode|android-gpx|android-kml|fixture-json|fixture-csv`: one track
/// of one trial, as a location simulator plays it or as a unit-test fixture (``SimulatorExport``).
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write one track of a scenario's trial for Xcode's or the Android emulator's location simulation, or as a unit-test fixture.",
    discussion: """
      xcode: GPX waypoints with times (Xcode → Debug → Simulate Location, or a scheme's default location). \
      android-gpx, android-kml: the emulator's Extended controls → Location. fixture-json, fixture-csv: \
      every field CLLocation and android.location.Location take (the simulators drop accuracy, speed and \
      course), for unit tests; docs/export.md has a Swift and a Kotlin helper that build locations from it.
      """)

  @Argument(help: "A scenario file; - reads it from standard input.", completion: .file(extensions: ["yaml", "yml"]))
  var scenario: String

  @Option(name: .customLong("for"), help: "What to write: \(SimulatorExport.allCases.map(\.rawValue).joined(separator: ", ")).")
  var target: String

  @Option(help: "The trial (its random streams), 0 to 1000000000.")
  var trial: Int = 0

  @Option(help: "The track: observed (what the phone reports, the default), truth, or a strategy's output (its text).")
  var track: String = "observed"

  @Option(help: "UTC time of the run's first second, e.g. 2026-03-01T07:30:00Z (default 2026-01-01T07:00:00Z).")
  var start: String?

  @Option(help: "Write to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  func validate() throws {
    guard (0...1_000_000_000).contains(trial) else { throw ValidationError("--trial: expected 0 to 1000000000, found \(trial)") }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let format: SimulatorExport = try InputFailure.choice(target, for: "--for")
      let startUTC = try start.map(Generation.utcSeconds) ?? RunClock.start
      let strategy = try StrategyList.track(track, option: "--track")
      let destination = try OutputDestination(output, inputs: [scenario])
      let document = try ScenarioDiscovery.loadOne(path: scenario)
      try destination.write(try Generation.exported(document, trial: trial, track: track, strategy: strategy, as: format, startUTC: startUTC))
    }
  }
}
