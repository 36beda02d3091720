import ArgumentParser
import Foundation
import Evaluation
import Reporting

struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Render a results file written by `run --format json` in another format.")

  @Argument(help: "A results JSON file; - reads it from standard input.", completion: .file(extensions: ["json"]))
  var results: String

  @Option(help: "The report's format (html maps need a file written with `run --tracks`).")
  var format: ReportFormat = .table

  @Option(help: "Write the report to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @OptionGroup var display: DisplayOptions

  func run() async throws {
    try await InputFailure.guarding {
      let destination = try OutputDestination(output, inputs: [results])
      let result = try ResultsFile.read(results)
      try destination.write(try format.renderer(colours: display.colours(for: destination), width: Terminal.columns).render(result))
    }
  }
}
