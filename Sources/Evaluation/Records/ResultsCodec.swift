import Foundation

/// The one JSON style of TrackBench's machine contracts (results, comparisons, cell records):
/// snake_case keys, sorted, Swift's shortest round-trip numbers, so the bytes are a pure function of the
/// value. `docs/results-schema.md` documents the schemas.
public enum ResultsCodec {
  /// `value` as pretty-printed JSON with a final newline (results files).
  public static func text(_ value: some Encodable) throws -> String {
    String(decoding: try encoder(pretty: true).encode(value), as: UTF8.self) + "\n"
  }

  /// `value` as one line of JSON, without the newline (JSON-lines files: records, journals, shards).
  public static func line(_ value: some Encodable) throws -> String {
    String(decoding: try encoder(pretty: false).encode(value), as: UTF8.self)
  }

  /// Reads any value written in this style.
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(type, from: data)
  }

  /// Reads one cell record. A record without a drawn trial has only one-word keys and metric names, so
  /// it is read without converting every key from snake case (a merge's main cost); one with a drawn
  /// trial goes through ``decode(_:from:)``.
  public static func record(from data: Data) throws -> CellRecord {
    let drawn = data.range(of: Data("\"illustration\"".utf8)) != nil
    if drawn { return try decode(CellRecord.self, from: data) }
    return try JSONDecoder().decode(CellRecord.self, from: data)
  }

  /// Reads a results file (schema `trackbench.results`; ``ExperimentResult/validate()`` checks the rest).
  public static func results(from data: Data) throws -> ExperimentResult { try decode(ExperimentResult.self, from: data) }

  private static func encoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
  }
}
