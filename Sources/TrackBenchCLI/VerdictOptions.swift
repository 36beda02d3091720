import ArgumentParser
import Evaluation
import Findings
import Harness
import Reporting
import TrackCore

/// `--objective` and `--weights` of `run`, `merge` and `report`: what the verdict that opens every report
/// ranks the strategies by.
struct VerdictOptions: ParsableArguments {
  static let defaultObjective = ShipVerdict.defaultObjective

  @Option(parsing: .unconditional, help: "What the verdict ranks by, lower is better, summed over scenarios (the grammar of tune --objective; default: '\(VerdictOptions.defaultObjective)').")
  var objective: String?

  @Option(help: "Scenario weights in the verdict, e.g. 'downtown-grid=2,standing-still=0' (others 1; 0 leaves a scenario out).")
  var weights: String?

  @Option(help: "Comma-separated strategies whose maps the HTML report draws (default: the verdict's top three and raw).")
  var mapStrategies: String?

  @Option(help: "A transfer report (trackbench transfer --format json): the verdict says how its pick ranked on those real recordings.", completion: .file())
  var transfer: String?

  /// The files these options read (an output must not be one of them).
  var inputs: [String] { transfer.map { [$0] } ?? [] }

  /// Whether any verdict option was given.
  var given: Bool { objective != nil || weights != nil || transfer != nil }

  /// What the options ask for, read once before any work (the weights' scenario names are checked once
  /// the results exist): the verdict's policy and the strategies whose maps the HTML draws.
  struct Checked {
    let policy: VerdictPolicy
    /// `--map-strategies` in canonical text (as results name them), or nil for the default.
    let mapStrategies: [String]?
  }

  /// Reads and checks the options: `--map-strategies`, the report of `--transfer`, `--objective` and
  /// `--weights`, in that order.
  /// - Throws: ``OptionError`` naming the option.
  func checked() throws -> Checked {
    let map = try mapStrategies.map { try StrategyList.canonicalTexts($0, option: "--map-strategies") }
    let report = try transfer.map { (report: try TransferReport(readingOption: $0), file: $0) }
    return Checked(policy: try VerdictPolicy(objective: objective, weights: weights, transfer: report), mapStrategies: map)
  }
}

extension VerdictOptions.Checked {
  /// `result` in `format` for `destination`: the one way run, merge, replay and report render.
  func render(_ result: ExperimentResult, as format: ReportFormat, display: DisplayOptions, for destination: OutputDestination) throws -> String {
    // Names come from files (a results file's scenarios, a history's labels): sanitised for the terminal.
    let colours = display.colours(for: destination)
    return TerminalText.document(
      try format.renderer(colours: colours, width: Terminal.columns, mapStrategies: mapStrategies, detail: display.detail).render(result), styled: colours)
  }
}
