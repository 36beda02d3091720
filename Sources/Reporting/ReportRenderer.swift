import Evaluation

/// Turns experiment results into a document.
public protocol ReportRenderer: Sendable {
  /// The whole document as text.
  func render(_ result: ExperimentResult) throws -> String
}

/// The output formats `trackbench run --format` offers.
public enum ReportFormat: String, Sendable, CaseIterable {
  case table, json

  public var renderer: any ReportRenderer {
    switch self {
    case .table: return TableRenderer()
    case .json: return JSONRenderer()
    }
  }
}
