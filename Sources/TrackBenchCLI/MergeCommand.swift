import ArgumentParser
import Evaluation
import Harness
import Reporting

struct MergeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join the shard files of one sweep (`run --shard K/N` or `replay --shard K/N`) into the report one process would have written.",
      usage: "trackbench merge [<options>] <shards> ...")

  @Argument(help: "Shard files (or journals) of one sweep, together holding every cell once.", completion: .file())
  var shards: [String] = []

  @Option(help: "The report's format.")
  var format: ReportFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Also write the merged records to this file as JSON lines (as `run --records`).", completion: .file())
  var records: String?

  @OptionGroup var display: DisplayOptions

  @OptionGroup var verdictOptions: VerdictOptions

  func validate() throws {
    guard !shards.isEmpty else { throw ValidationError("merge: expected shard files (written by run --shard K/N), found none") }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let report = try verdictOptions.checked()
      try OutputDestination.refuseSameFile([("--output", output), ("--records", records)])
      let destination = try OutputDestination(output, inputs: shards + verdictOptions.inputs)
      let recordsDestination = try records.map { try OutputDestination($0, option: "--records", inputs: shards + verdictOptions.inputs) }
      let merged = try SweepFile.merge(shards)
      try recordsDestination?.write(try SweepFile.text(SweepHeader(sweep: merged.header.sweep, cells: merged.header.cells, scenarios: merged.header.scenarios), merged.records))
      var result = merged.header.aggregate(merged.records)
      result.verdict = try report.policy.verdictIfAny(result, records: merged.records, replay: merged.header.isReplay)
      try destination.write(try report.render(result, as: format, display: display, for: destination))
    }
  }
}
