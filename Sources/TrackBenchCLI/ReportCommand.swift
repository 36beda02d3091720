import ArgumentParser
import Foundation
import Evaluation
import Harness
import Reporting

struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Render a results file written by `run --format json` (or a records file) in another format.",
      usage: "trackbench report [<options>] <results>",
    discussion: """
      The report opens with the verdict: the results file's own, or a new one with --objective/--weights. A records file \
      (run --records) gives the verdict paired intervals; a results file alone cannot.
      """)

  @Argument(help: "A results JSON file or a records file (run --records); - reads results from standard input.", completion: .file(extensions: ["json", "jsonl"]))
  var results: String

  @Option(help: "The report's format (html maps need a file written with `run --tracks`).")
  var format: ReportFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @OptionGroup var display: DisplayOptions

  @OptionGroup var verdictOptions: VerdictOptions

  func run() async throws {
    try await InputFailure.guarding {
      let destination = try OutputDestination(output, inputs: [results] + verdictOptions.inputs)
      let transfer = try verdictOptions.checkOptions()
      let contents = try ResultsFile.readEither(results)
      var result = contents.result
      var records: [CellRecord] = []
      if case .records(_, let all) = contents { records = all }
      if verdictOptions.given || result.verdict == nil {
        // Summaries only (a results file): the ranking, without intervals; a records file: with them.
        result.verdict = try verdictOptions.verdict(result, records: records, transfer: transfer)
      }
      try destination.write(try format.renderer(colours: display.colours(for: destination), width: Terminal.columns, mapStrategies: try verdictOptions.mapSelection()).render(result))
    }
  }
}
