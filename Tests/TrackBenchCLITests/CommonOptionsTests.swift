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
  @Test func everyCommandThatRunsCellsTakesQuiet() async throws {
    var running: [String] = []
    for command in Self.commands {
      let help = try await trackbench(command + ["--help"])
      #expect(help.status == 0, "\(command): \(help.stderr)")
      guard help.stdout.contains("--threads") else { continue }
      running.append(command.joined(separator: " "))
      #expect(help.stdout.contains("-q, --quiet"), "\(command) takes --threads but not -q")
    }
    #expect(running == ["run", "replay", "transfer", "tune", "baseline record", "check"])
  }

  /// A recording given as a scenario is named as what it is, with the command that scores one; replay
  /// takes it, quietly.
  @Test func aRecordingGivenAsAScenarioPointsToReplay() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("run.gpx").path
    #expect(try await trackbench(["generate", "scenarios/park-loop.yaml", "--format", "gpx", "--output", recording]).status == 0)
    let run = try await trackbench(["run", recording, "-q"])
    #expect(run.status == 2 && run.stdout.isEmpty)
    #expect(run.stderr.contains("\(recording): expected a scenario (YAML), found a GPX recording (to score strategies on it: trackbench replay \(recording))"), "\(run.stderr)")
    let replay = try await trackbench(["replay", recording, "--strategies", "raw,kalman", "-q"])
    #expect(replay.status == 0, "\(replay.stderr)")
  }

  /// The terminal table is a glance by default (one headline table per scenario); `--detail` has every
  /// metric group, for run, report, merge and replay alike.
  @Test func theTableIsAGlanceUnlessDetailIsAsked() async throws {
    let run = ["run", "scenarios/park-loop.yaml", "scenarios/track-400m.yaml", "--trials", "2", "-q", "--strategies", "raw,kalman,ema"]
    let glance = try await trackbench(run)
    let detail = try await trackbench(run + ["--detail"])
    #expect(glance.status == 0 && detail.status == 0, "\(glance.stderr)\(detail.stderr)")
    #expect(glance.stdout.components(separatedBy: "  Headline metrics\n").count == 3 && !glance.stdout.contains("  Pace\n"), "\(glance.stdout)")
    #expect(detail.stdout.components(separatedBy: "  Pace\n").count == 3 && !detail.stdout.contains("Headline metrics"))
    #expect(glance.stdout.contains("Every metric of every scenario: --detail"))
    let replay = try await trackbench(["replay", "../shared/data/real/gpx/does-not-exist.gpx", "--detail"])
    #expect(replay.status == 2 && !replay.stderr.contains("Unknown option"), "\(replay.stderr)")
  }
}
