import Foundation
import Testing

/// An option means the same on every command that has it, and a file given where another kind belongs
/// says which command takes it.
@Suite struct CommonOptionsTests {
  static let commands = [
    ["run"], ["report"], ["compare"], ["generate"], ["strategies"], ["throughput"], ["calibrate"], ["realism"], ["replay"], ["transfer"],
    ["tune"], ["merge"], ["baseline", "record"], ["check"],
  ]

  /// Every command that runs cells (it takes `--threads`) takes `-q` too: one option group holds both.
  @Test func everyCommandThatRunsCellsTakesQuiet() throws {
    var running: [String] = []
    for command in Self.commands {
      let help = try trackbench(command + ["--help"])
      #expect(help.status == 0, "\(command): \(help.stderr)")
      guard help.stdout.contains("--threads") else { continue }
      running.append(command.joined(separator: " "))
      #expect(help.stdout.contains("-q, --quiet"), "\(command) takes --threads but not -q")
    }
    #expect(running == ["run", "replay", "transfer", "tune", "baseline record", "check"])
  }

  /// A recording given as a scenario is named as what it is, with the command that scores one; replay
  /// takes it, quietly.
  @Test func aRecordingGivenAsAScenarioPointsToReplay() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("run.gpx").path
    #expect(try trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", recording]).status == 0)
    let run = try trackbench(["run", recording, "-q"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderr.contains("\(recording): expected a scenario (YAML), found a GPX recording (to score strategies on it: trackbench replay \(recording))"), "\(run.stderr)")
    let replay = try trackbench(["replay", recording, "--strategies", "raw,kalman", "-q"])
    #expect(replay.status == 0, "\(replay.stderr)")
  }
}
