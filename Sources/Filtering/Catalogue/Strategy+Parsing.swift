import Foundation

/// Why a strategy text could not be read; `description` says what was expected.
public struct StrategyParseError: Error, Sendable, Equatable, CustomStringConvertible {
  public let text: String
  public let message: String
  public var description: String { "strategy '\(text)': \(message)" }
}

extension Strategy {
  /// Reads `name`, `name(v1, v2)` or `name(p1: v1, p2: v2)`; omitted parameters take their defaults.
  /// - Throws: ``StrategyParseError`` naming the unknown strategy or parameter, or the value out of range.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var name = trimmed
    var argumentText: Substring = ""
    if let open = trimmed.firstIndex(of: "(") {
      guard trimmed.hasSuffix(")") else {
        throw StrategyParseError(text: text, message: "expected ')' at the end")
      }
      name = String(trimmed[..<open]).trimmingCharacters(in: .whitespaces)
      argumentText = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    }
    guard let descriptor = Strategy.catalogue.first(where: { $0.name == name }) else {
      let known = Strategy.catalogue.map(\.name).joined(separator: ", ")
      throw StrategyParseError(text: text, message: "unknown strategy '\(name)'; expected one of \(known)")
    }
    var values = descriptor.parameters.map(\.defaultValue)
    let arguments = argumentText.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    for (position, argument) in arguments.enumerated() where !argument.isEmpty {
      let parts = argument.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      let index: Int
      let valueText: String
      if parts.count == 2 {
        guard let found = descriptor.parameters.firstIndex(where: { $0.name == parts[0] }) else {
          let known = descriptor.parameters.map(\.name).joined(separator: ", ")
          throw StrategyParseError(
            text: text, message: "unknown parameter '\(parts[0])' of \(name); expected \(known.isEmpty ? "none" : known)")
        }
        (index, valueText) = (found, parts[1])
      } else {
        guard position < descriptor.parameters.count else {
          throw StrategyParseError(
            text: text, message: "\(name) takes \(descriptor.parameters.count) parameter(s), got '\(argument)'")
        }
        (index, valueText) = (position, parts[0])
      }
      let parameter = descriptor.parameters[index]
      guard let value = Double(valueText), parameter.accepts(value) else {
        let kind = parameter.isInteger ? "a whole number" : "a number"
        throw StrategyParseError(
          text: text,
          message: "\(parameter.name) expects \(kind) from \(StrategyParameter.format(parameter.minimum)) to "
            + "\(StrategyParameter.format(parameter.maximum)) \(parameter.unit), got '\(valueText)'")
      }
      values[index] = value
    }
    self = descriptor.make(values)
  }
}
