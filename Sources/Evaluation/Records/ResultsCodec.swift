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
  /// - Throws: ``JSONReadError`` saying in words where the text differs from what was expected, and for
  ///   a key written twice in one object (the decoder would keep one of them silently).
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(JSONReadError) -> Value {
    try refuseDuplicateKeys(data)
    return try decodeSnakeCase(type, from: data)
  }

  private static func decodeSnakeCase<Value: Decodable>(_ type: Value.Type, from data: Data) throws(JSONReadError) -> Value {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do { return try decoder.decode(type, from: data) } catch { throw JSONReadError(error) }
  }

  /// Reads one cell record. A record without a drawn trial has only one-word keys and metric names, so
  /// it is read without converting every key from snake case (a merge's main cost); one with a drawn
  /// trial goes through ``decode(_:from:)``.
  public static func record(from data: Data) throws(JSONReadError) -> CellRecord {
    try refuseDuplicateKeys(data)
    let drawn = data.range(of: Data("\"illustration\"".utf8)) != nil
    if drawn { return try decodeSnakeCase(CellRecord.self, from: data) }
    do { return try JSONDecoder().decode(CellRecord.self, from: data) } catch { throw JSONReadError(error) }
  }

  /// Reads a results file (schema `trackbench.results`; ``ExperimentResult/validate()`` checks the rest).
  public static func results(from data: Data) throws(JSONReadError) -> ExperimentResult { try decode(ExperimentResult.self, from: data) }

  private static func refuseDuplicateKeys(_ data: Data) throws(JSONReadError) {
    if let duplicate = JSONKeys.firstDuplicate(in: data) {
      throw JSONReadError(field: duplicate.key, message: JSONReadError.duplicateKey)
    }
  }

  private static func encoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
  }
}

/// Why JSON text could not be read as the expected value, in the words of docs/results-schema.md
/// (field paths in snake case, `kernels[2].fixes_per_second`) rather than the decoder's own text.
public struct JSONReadError: Error, Sendable, CustomStringConvertible {
  /// The field's path, empty for the whole text.
  public let field: String
  public let message: String

  public var description: String { field.isEmpty ? message : "field \(field): \(message)" }

  public init(field: String, message: String) { self.field = field; self.message = message }

  /// The message for a key written twice in one object.
  public static let duplicateKey = "expected each key once in an object, found it twice"

  /// Describes any error a `JSONDecoder` throws.
  public init(_ error: any Error) {
    guard let decoding = error as? DecodingError else {
      self.init(field: "", message: "\(error)")
      return
    }
    switch decoding {
    case .typeMismatch(let type, let context):
      self.init(field: Self.path(context.codingPath), message: "expected \(Self.kind(type)), found another kind of value")
    case .valueNotFound(let type, let context):
      self.init(field: Self.path(context.codingPath), message: "expected \(Self.kind(type)), found null")
    case .keyNotFound(let key, let context):
      let container = Self.path(context.codingPath)
      self.init(field: "", message: "missing field '\(Self.snakeCase(key.stringValue))'" + (container.isEmpty ? "" : " in \(container)"))
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        // The parser's own words name the place (line and column), without its framing.
        let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
        self.init(field: "", message: "expected JSON text, found text that is not JSON" + (detail.map { " (\($0.trimmingCharacters(in: CharacterSet(charactersIn: ". "))))" } ?? ""))
      } else {
        self.init(field: Self.path(context.codingPath), message: context.debugDescription)
      }
    @unknown default:
      self.init(field: "", message: "expected the documented JSON, found something else")
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + snakeCase(key.stringValue)
      }
    }
    return text
  }

  private static func snakeCase(_ name: String) -> String {
    var out = ""
    for character in name {
      if character.isUppercase, !out.isEmpty { out += "_" }
      out += character.lowercased()
    }
    return out
  }

  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type: return "a number"
    case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type, is UInt32.Type, is UInt.Type: return "a whole number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array<") { return "a list" }
      return "an object"
    }
  }
}
