import Evaluation
import Filtering
import TrackCore

/// The reference tables of docs/strategies.md and docs/metrics.md, generated from the catalogues (the
/// strategies' descriptors, with their parameter tables and examples, and the metrics' descriptors), so
/// the docs cannot drift from the code. `scripts/docs-tables` writes them into the files between the
/// ``begin`` and ``end`` markers; a test checks the files hold exactly what this generates.
public enum CatalogueReference {
  /// The line that opens a generated table in a document.
  public static let begin = "<!-- generated from the catalogue by scripts/docs-tables: edit the descriptors, not this table -->"
  /// The line that closes it.
  public static let end = "<!-- end of generated table -->"

  /// Every strategy (name, kind, what it does, what its points claim as their accuracy, examples), then every parameter (unit, default, range,
  /// meaning), as two Markdown tables.
  /// - Complexity: O(strategies × parameters).
  @_optimize(none)
  public static func strategies(_ catalogue: [StrategyDescriptor] = Strategy.builtIn) -> String {
    var out = "| name | kind | what it does | accuracy claim | examples |\n|---|---|---|---|---|\n"
    for entry in catalogue {
      let examples = entry.examples.map { "`\(cell($0))`" }.joined(separator: ", ")
      out += "| `\(entry.name)` | \(kind(entry)) | \(cell(entry.summary)) | \(entry.accuracyClaim.words) | \(examples.isEmpty ? "—" : examples) |\n"
    }
    out += "\n| strategy | parameter | unit | default | range | meaning |\n|---|---|---|---|---|---|\n"
    for entry in catalogue {
      for parameter in entry.parameters {
        let range = "\(Parameter.format(parameter.minimum)) to \(Parameter.format(parameter.maximum))\(parameter.isInteger ? ", whole" : "")\(parameter.scale == .log ? ", log scale" : "")"
        out += "| `\(entry.name)` | `\(parameter.name)` | \(parameter.unit.isEmpty ? "—" : cell(parameter.unit)) | \(Parameter.format(parameter.defaultValue)) | \(range) | \(cell(parameter.summary)) |\n"
      }
    }
    return out
  }

  /// Every built-in metric: its JSON id, heading, unit, which way is better, report section, the CI
  /// gate's floor, and why a trial can have no value, as a Markdown table.
  @_optimize(none)
  public static func metrics(_ descriptors: [MetricDescriptor] = Metric.builtIn) -> String {
    var out = "| metric (JSON id) | column | unit | better | section | gate floor | no value when |\n|---|---|---|---|---|---|---|\n"
    for d in descriptors {
      let better: String
      switch d.goal {
      case .minimize: better = "smaller"
      case .zero: better = "closer to 0"
      case .none: better = "informational"
      }
      out += "| `\(d.key)` | \(cell(d.heading)) | \(cell(d.unit)) | \(better) | \(cell(d.group.title)) | \(Parameter.format(d.floor)) | \(cell(d.undefinedReason)) |\n"
    }
    return out
  }

  /// Why a document's generated block cannot be replaced.
  public struct MarkerError: Error, CustomStringConvertible {
    public let description: String
  }

  /// `document` with the text between its ``begin`` and ``end`` lines replaced by `table`.
  /// - Throws: ``MarkerError`` when the document lacks either marker, or has them out of order.
  @_optimize(none)
  public static func replacingGenerated(in document: String, with table: String) throws(MarkerError) -> String {
    guard let open = document.range(of: begin + "\n"), let close = document.range(of: end, range: open.upperBound..<document.endIndex) else {
      throw MarkerError(description: "expected a line '\(begin)' and, after it, a line '\(end)'")
    }
    return String(document[..<open.upperBound]) + table + String(document[close.lowerBound...])
  }

  /// The generated block `document` holds now, or nil without markers.
  @_optimize(none)
  public static func generated(in document: String) -> String? {
    guard let open = document.range(of: begin + "\n"), let close = document.range(of: end, range: open.upperBound..<document.endIndex) else { return nil }
    return String(document[open.upperBound..<close.lowerBound])
  }

  @_optimize(none)
  private static func kind(_ entry: StrategyDescriptor) -> String {
    guard entry.isStreaming else { return "offline" }
    return (try? entry.make())?.samplingPolicy != nil ? "sampling" : "streaming"
  }

  /// Text safe in a table cell: a bar escaped, no line break.
  @_optimize(none)
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
