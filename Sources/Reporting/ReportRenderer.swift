import Evaluation

/// Turns experiment results into a document.
public protocol ReportRenderer: Sendable {
  /// The whole document as text.
  func render(_ result: ExperimentResult) throws -> String
}

/// The output formats `trackbench run --format` and `report --format` offer.
public enum ReportFormat: String, Sendable, CaseIterable {
  case table, markdown, json, csv, html

  /// - Parameters:
  ///   - colours: ANSI colours in the terminal table (only for a terminal).
  ///   - width: columns the terminal table fits.
  ///   - mapStrategies: the strategies whose maps the HTML draws (nil: the verdict's top three and raw).
  ///   - detail: the table with every metric's table per scenario (else the headline metrics).
  public func renderer(colours: Bool = false, width: Int = 100, mapStrategies: [String]? = nil, detail: Bool = true) -> any ReportRenderer {
    switch self {
    case .table: return TableRenderer(colours: colours, width: width, detail: detail)
    case .markdown: return MarkdownRenderer()
    case .json: return JSONRenderer()
    case .csv: return CSVRenderer()
    case .html: return HTMLRenderer(mapStrategies: mapStrategies)
    }
  }
}
