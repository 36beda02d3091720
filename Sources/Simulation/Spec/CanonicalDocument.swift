import Foundation
import Yams

/// A YAML document as canonical text: mappings with their keys sorted, numbers in one spelling
/// (`1`, `1.0` and `1e0` alike; whole numbers keep their digits), everything else as a quoted string,
/// tags and comments dropped. Two files that say the same thing give the same text.
enum CanonicalDocument {
  /// - Parameter leavingOut: top-level keys left out.
  /// - Complexity: O(n log n) in the document's nodes.
  @_optimize(none)
  static func text(_ node: Node, leavingOut: Set<String> = []) -> String {
    var out = ""
    write(node, into: &out, leavingOut: leavingOut)
    return out
  }

  @_optimize(none)
  private static func write(_ node: Node, into out: inout String, leavingOut: Set<String>) {
    switch node {
    case .scalar(let scalar):
      out += canonicalScalar(scalar.string)
    case .sequence(let sequence):
      out += "["
      for (i, item) in sequence.enumerated() {
        if i > 0 { out += "," }
        write(item, into: &out, leavingOut: [])
      }
      out += "]"
    case .mapping(let mapping):
      let pairs = mapping.map { (key: $0.key.string ?? text($0.key), value: $0.value) }
        .filter { !leavingOut.contains($0.key) }
        .sorted { $0.key < $1.key }
      out += "{"
      for (i, pair) in pairs.enumerated() {
        if i > 0 { out += "," }
        out += quoted(pair.key) + ":"
        write(pair.value, into: &out, leavingOut: [])
      }
      out += "}"
    case .alias(let alias):
      out += quoted("*" + alias.anchor.rawValue)
    }
  }

  @_optimize(none)
  private static func canonicalScalar(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var digits = Substring(trimmed)
    var sign = ""
    if let first = digits.first, first == "-" || first == "+" {
      sign = first == "-" ? "-" : ""
      digits = digits.dropFirst()
    }
    if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
      let stripped = digits.drop { $0 == "0" }
      return stripped.isEmpty ? "0" : sign + stripped
    }
    if let value = Double(trimmed), value.isFinite, trimmed.contains(where: \.isASCIIDigit) { return "\(value)" }
    return quoted(text)
  }

  @_optimize(none)
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
