import ArgumentParser
import Foundation
import Evaluation
import Reporting

struct CompareCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two results files (e.g. two branches or two parameter sets) cell by cell.",
    discussion: "Per scenario, strategy and metric: old and new mean, the change, and whether it lies beyond the 95 % confidence intervals.")

  @Argument(help: "The baseline results JSON file.")
  var old: String

  @Argument(help: "The results JSON file to compare with it.")
  var new: String

  @Option(help: "table, markdown, json or csv.")
  var format: String = "table"

  @Flag(help: "Only cells that changed beyond the intervals, or that only one file has.")
  var changedOnly = false

  @Option(help: "Write the comparison to this file (atomically) instead of standard output.")
  var output: String?

  func run() async throws {
    try await InputFailure.guarding {
      let comparisonFormat: ComparisonFormat = try InputFailure.choice(format, for: "--format")
      let comparison = Comparison(old: try ResultsFile.read(old), new: try ResultsFile.read(new))
      try emit(try comparisonFormat.render(comparison, changedOnly: changedOnly, colours: output == nil && Terminal.colourOutput), to: output)
    }
  }
}

/// Reads a results file written by `run --format json`, or says clearly what is wrong with it.
enum ResultsFile {
  static func read(_ path: String) throws -> Evaluation.ExperimentResult {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFailure(message: "\(path): cannot read the results file")
    }
    let result: Evaluation.ExperimentResult
    do {
      result = try JSONRenderer.decode(data)
    } catch {
      throw InputFailure(message: "\(path): expected a TrackBench results file (schema trackbench.results): \(error)")
    }
    guard result.schema == ExperimentResult.currentSchema else {
      throw InputFailure(message: "\(path): expected schema '\(ExperimentResult.currentSchema)', found '\(result.schema)'")
    }
    return result
  }
}
