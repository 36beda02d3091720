import Evaluation

/// Turns experiment results into a document.
public protocol ReportRenderer: Sendable {
  /// The whole document as text.
  func render(_ result: ExperimentResult) throws -> String
}

/// The output formats `trackbench run --format` offers.
public enum ReportFormat: String, Sendable, CaseIterable {
  case table, markdown, json, csv

  public var renderer: any ReportRenderer {
    switch self {
    case .table: return TableRenderer()
    case .markdown: return MarkdownRenderer()
    case .json: return JSONRenderer()
    case .csv: return CSVRenderer()
    }
  }
}
