import ArgumentParser
import Evaluation
import Harness
import Reporting
import TrackCore

struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Render a results file written by `run --format json` (or a records file) in another format.",
      usage: "trackbench report [<options>] <results>\n       trackbench report --history <file> [--last <n>] [<options>]",
    discussion: """
      The report opens with the verdict: the results file's own, or a new one with --objective/--weights. A records file \
      (run --records) gives the verdict paired intervals; a results file alone cannot. With --history, a check history \
      (check --history) as trends: each headline metric per strategy over the checks, failed checks marked (table and \
      markdown: the last --last checks; html: every check drawn; csv and json: every metric of every check).
      """)

  @Argument(help: "A results JSON file or a records file (run --records); - reads results from standard input.", completion: .file(extensions: ["json", "jsonl"]))
  var results: String?

  @Option(help: "A check history (check --history) to draw in place of results.", completion: .file(extensions: ["jsonl"]))
  var history: String?

  @Option(help: "With --history: the newest checks the table and markdown show (default 10), and the html lists.")
  var last: Int?

  @Option(help: "The report's format (html maps need a file written with `run --tracks`).")
  var format: ReportFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @OptionGroup var display: DisplayOptions

  @OptionGroup var verdictOptions: VerdictOptions

  func validate() throws {
    guard history != nil else {
      if last != nil { throw ValidationError("--last: expected --history too (it counts checks of a history)") }
      if results == nil { throw ValidationError("report: expected a results file (or --history FILE)") }
      return
    }
    if let results { throw ValidationError("--history: expected no results file with it, found '\(results)'") }
    if verdictOptions.given || !verdictOptions.inputs.isEmpty {
      throw ValidationError("--history: expected none of the verdict's options with it (a history has no verdict to recompute)")
    }
    if let last, !(1...10_000).contains(last) { throw ValidationError("--last: expected 1 to 10000 checks, found \(last)") }
  }

  func run() async throws {
    try await InputFailure.guarding {
      if let history {
        try renderHistory(history)
        return
      }
      guard let results else { return }  // validate() asks for one
      let destination = try OutputDestination(output, inputs: [results] + verdictOptions.inputs)
      let report = try verdictOptions.checked()
      let contents = try ResultsFile.readEither(results)
      var result = contents.result
      var records: [CellRecord] = []
      if case .records(_, let all) = contents { records = all }
      if verdictOptions.given || result.verdict == nil {
        // Summaries only (a results file): the ranking, without intervals; a records file: with them.
        result.verdict = try report.policy.verdict(result, records: records)
      }
      try destination.write(try report.render(result, as: format, display: display, for: destination))
    }
  }

  /// `--history`: the trends of a check history.
  private func renderHistory(_ history: String) throws {
    let destination = try OutputDestination(output, inputs: [history])
    let checks = try HistoryFile.read(history)
    try destination.write(TerminalText.document(try HistoryRenderer(format: format, last: last ?? 10, width: Terminal.columns).render(checks)))
  }
}
