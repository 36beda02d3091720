import ArgumentParser

@main
struct TrackBenchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trackbench",
    abstract: "Simulate GPS runs, filter them with competing strategies, and score them against ground truth.",
    subcommands: [RunCommand.self, ReportCommand.self, CompareCommand.self, GenerateCommand.self, StrategiesCommand.self, ThroughputCommand.self],
    defaultSubcommand: RunCommand.self)
}
