import TrackCore
import Yams

/// A scenario value that is present but wrong: unknown key, out of range, inconsistent.
///
/// Carries the field path (`noise[1].white.sigma_m`) and the line of the YAML node, when known.
public struct SpecError: Error, Sendable, Equatable, CustomStringConvertible {
  public var field: String
  public var line: Int?
  public var column: Int?
  /// What was expected, phrased to finish "expected …".
  public var expected: String
  /// What was found, if it helps.
  public var found: String?
  /// The document that holds the fault when it is not the one being read (a population file a scenario
  /// names): `line` and `column` are then that document's.
  public var file: String? = nil

  @_optimize(none)
  public init(field: String, line: Int? = nil, column: Int? = nil, expected: String, found: String? = nil) {
    self.field = field; self.line = line; self.column = column; self.expected = expected; self.found = found
  }

  /// A fault in another document, `file`, at its `line` and `column`.
  @_optimize(none)
  public init(file: String, field: String, line: Int?, column: Int?, expected: String, found: String? = nil) {
    self.init(field: field, line: line, column: column, expected: expected, found: found)
    self.file = file
  }

  /// `field: expected …, found …`, as the CLI prints it when no file is involved; `file:line:column: …`
  /// first when the fault is in another document.
  public var description: String {
    let place = file.map { $0 + (line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? "") + ": " } ?? ""
    return place + "\(field): expected \(expected)" + (found.map { ", found \($0)" } ?? "")
  }
}

/// A coding key for keys not known in advance.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  @_optimize(none)
  init(stringValue: String) { self.stringValue = stringValue }
  @_optimize(none)
  init(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

/// Renders a coding path as `route.loop.waypoints_m[2]`.
@_optimize(none)
func fieldPath(_ path: [any CodingKey]) -> String {
  var text = ""
  for key in path {
    if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
  }
  return text
}

extension Decoder {
  /// A keyed container that rejects keys outside `Keys` with a ``SpecError`` listing the allowed ones.
  @_optimize(none)
  public func strictContainer<Keys: CodingKey & CaseIterable>(keyedBy: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
    let any = try container(keyedBy: AnyKey.self)
    let known = Keys.allCases.map(\.stringValue)
    for key in any.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
      let keyDecoder = try? any.superDecoder(forKey: key)
      throw SpecError(
        field: fieldPath(codingPath + [key]), line: keyDecoder?.mark?.line, column: keyDecoder?.mark?.column,
        expected: "one of the keys \(known.joined(separator: ", "))", found: "unknown key '\(key.stringValue)'")
    }
    return try container(keyedBy: Keys.self)
  }

  /// Line and column of the node being decoded, when it came from a file.
  public var place: (line: Int, column: Int)? { mark.map { ($0.line, $0.column) } }

  /// A ``SpecError`` about the value being decoded, placed at its node's line.
  @_optimize(none)
  public func specError(_ field: String? = nil, expected: String, found: String? = nil) -> SpecError {
    let path = field.map { fieldPath(codingPath + [AnyKey(stringValue: $0)]) } ?? fieldPath(codingPath)
    return SpecError(field: path, line: mark?.line, column: mark?.column, expected: expected, found: found)
  }

  /// Decodes a single-key mapping `{ kind: { … } }` (how stages and shapes are written) and returns the key.
  @_optimize(none)
  func singleKey(allowed: [String]) throws -> (AnyKey, KeyedDecodingContainer<AnyKey>) {
    let any = try container(keyedBy: AnyKey.self)
    guard any.allKeys.count == 1, let key = any.allKeys.first, allowed.contains(key.stringValue) else {
      let found = any.allKeys.map(\.stringValue).sorted().joined(separator: ", ")
      throw specError(expected: "exactly one of \(allowed.joined(separator: ", "))", found: found.isEmpty ? "nothing" : found)
    }
    return (key, any)
  }
}

extension KeyedDecodingContainer {
  /// Decodes `key` if present, else `fallback`, then checks `valid`; errors name the field and its line.
  @_optimize(none)
  public func value<T: Decodable>(
    _ key: Key, default fallback: T? = nil, expected: String, where valid: (T) -> Bool = { _ in true }
  ) throws -> T {
    let value: T
    if let present = try decodeIfPresent(T.self, forKey: key) {
      value = present
    } else if let fallback {
      return fallback
    } else {
      throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "expected \(expected)"))
    }
    guard valid(value) else {
      let decoder = try superDecoder(forKey: key)
      throw SpecError(
        field: fieldPath(codingPath + [key]), line: decoder.mark?.line, column: decoder.mark?.column,
        expected: expected, found: "\(value)")
    }
    return value
  }
}

extension KeyedDecodingContainer {
  /// Decodes a choice written as its name (`activity: walking`); a wrong name is a ``SpecError`` listing
  /// every choice, so each enum field says what it accepts without a message of its own.
  @_optimize(none)
  public func value<T: Decodable & CaseIterable & RawRepresentable>(
    _ key: Key, default fallback: T? = nil, expected _: String = ""
  ) throws -> T where T.RawValue == String {
    let choices = T.allCases.map(\.rawValue)
    guard let text = try decodeIfPresent(String.self, forKey: key) else {
      if let fallback { return fallback }
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "expected one of \(choices.joined(separator: ", "))"))
    }
    guard let chosen = T(rawValue: text) else {
      let decoder = try superDecoder(forKey: key)
      throw SpecError(
        field: fieldPath(codingPath + [key]), line: decoder.mark?.line, column: decoder.mark?.column,
        expected: "one of \(choices.joined(separator: ", "))", found: QuotedText.quoted(text))
    }
    return chosen
  }
}
