import Evaluation
import Foundation

/// The machine contract: ``ExperimentResult`` as JSON with snake_case keys, sorted, pretty-printed.
///
/// Sorted keys and Swift's shortest round-trip number formatting make the bytes a pure function of the
/// results. `docs/results-schema.md` documents the schema.
public struct JSONRenderer: ReportRenderer {
  public init() {}

  public func render(_ result: ExperimentResult) throws -> String { try Self.text(result) }

  /// Any of the JSON contracts (results, comparisons) in this one style.
  static func text(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.nonConformingFloatEncodingStrategy = .throw
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }

  /// Reads a results file written by ``render(_:)``.
  public static func decode(_ data: Data) throws -> ExperimentResult {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(ExperimentResult.self, from: data)
  }
}
