import ArgumentParser
import Foundation
import Evaluation
import Reporting

struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Render a results file written by `run --format json` in another format.")

  @Argument(help: "A results JSON file.")
  var results: String

  @Option(help: "table, markdown, json, csv or html (maps need a file written with `run --tracks`).")
  var format: String = "table"

  @Option(help: "Write the report to this file (atomically) instead of standard output.")
  var output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let reportFormat: ReportFormat = try InputFailure.choice(format, for: "--format")
      let result = try ResultsFile.read(results)
      try emit(try reportFormat.renderer(colours: output == nil && Terminal.colourOutput).render(result), to: output)
    }
  }
}
