import ArgumentParser
import Findings
import Harness
import Reporting
import TrackCore

struct CompareCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two results files (e.g. two branches or two parameter sets) cell by cell.",
      usage: "trackbench compare [<options>] <old> <new>",
    discussion: """
      Per scenario, strategy and metric: old and new mean, the change, and whether it lies beyond the 95 % confidence \
      intervals. When both files are records (run --records, merge --records, a journal) of scenarios simulated the same \
      way, the verdict comes from a paired test of the per-trial differences on the same fixes instead.
      """)

  @Argument(help: "The baseline: a results JSON file or a records file (- for standard input).", completion: .file(extensions: ["json", "jsonl"]))
  var old: String

  @Argument(help: "The results or records file to compare with it (- for standard input).", completion: .file(extensions: ["json", "jsonl"]))
  var new: String

  @Option(help: "The comparison's format.")
  var format: ComparisonFormat = .table

  @Flag(help: "Only cells that changed beyond the intervals, or that only one file has.")
  var changedOnly = false

  @Option(help: "Write the comparison to this file (atomically) instead of standard output; - is standard output.", completion: .file())
  var output: String?

  @Option(help: "Exit with status 1 (after writing the comparison) when a cell has this verdict: worse.")
  var failOn: FailOn?

  enum FailOn: String, ExpressibleByArgument, CaseIterable { case worse }

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    guard old != "-" || new != "-" else { throw ValidationError("compare: expected at most one of the two files to be -, found both") }
  }

  func run() async throws {
    try await InputFailure.guarding {
      let destination = try OutputDestination(output, inputs: [old, new])
      let comparison: Comparison
      switch (try ResultsFile.readEither(old), try ResultsFile.readEither(new)) {
      case let (.records(oldHeader, oldRecords), .records(newHeader, newRecords)):
        comparison = Comparison(old: (oldHeader, oldRecords), new: (newHeader, newRecords))
      case let (before, after): comparison = Comparison(old: before.result, new: after.result)
      }
      let colours = display.colours(for: destination)
      try destination.write(TerminalText.document(try format.render(comparison, changedOnly: changedOnly, colours: colours), styled: colours))
      // A check that ran and failed: 1, after the comparison is written (CI shows it).
      if failOn == .worse, let worse = comparison.counts[.worse], worse > 0 {
        let test = comparison.isPaired ? "by a paired test" : "beyond the 95 % intervals"
        ErrorText.print("\(worse) cell\(worse == 1 ? "" : "s") worse \(test) (--fail-on worse)", prefix: "failed")
        throw ExitCode(1)
      }
    }
  }
}
