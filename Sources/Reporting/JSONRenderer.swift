import Evaluation
import Foundation

/// The machine contract: ``ExperimentResult`` as JSON in ``ResultsCodec``'s style (snake_case keys,
/// sorted, pretty-printed). `docs/results-schema.md` documents the schema.
public struct JSONRenderer: ReportRenderer {
  public init() {}

  public func render(_ result: ExperimentResult) throws -> String { try ResultsCodec.text(result) }
}
