import Foundation
import TrackCore

/// Why a strategy text could not be read: the offending token, where it starts (1-based column), and
/// what was expected.
public struct StrategyParseError: Error, Sendable, Equatable, CustomStringConvertible {
  public let text: String
  /// 1-based column of the offending token in `text`.
  public let column: Int
  public let token: String
  public let message: String

  public var description: String {
    "strategy '\(text)', column \(column) ('\(token)'): \(message)"
  }
}

extension Strategy {
  /// Reads a strategy or a pipeline: `name`, `name(v1, v2)`, `name(p1: v1, p2: v2)`, stages joined by
  /// `|`. Omitted parameters take their defaults.
  /// - Throws: ``StrategyParseError`` pointing at the unknown strategy or parameter, the bad value, or
  ///   the empty stage.
  public init(parsing text: String) throws {
    let stages = StrategyText.pieces(text, separatedBy: "|")
    let parsed = try stages.map { try Strategy.parseStage($0.text, offset: $0.offset, whole: text) }
    for (k, stage) in parsed.enumerated().dropFirst() where stage.samplingPolicy != nil {
      throw StrategyParseError(
        text: text, column: stages[k].offset + stages[k].text.prefix { $0 == " " }.count + 1, token: stages[k].text.trimmingCharacters(in: .whitespaces),
        message: "a sampling strategy drives the receiver, so it comes first; expected it as the first stage")
    }
    self = parsed.count == 1 ? parsed[0] : .pipeline(parsed)
  }

  private static func parseStage(_ stage: String, offset: Int, whole: String) throws -> Strategy {
    func failure(_ at: Int, _ token: String, _ message: String) -> StrategyParseError {
      StrategyParseError(text: whole, column: at + 1, token: token, message: message)
    }
    let characters = Array(stage)
    let leading = characters.prefix { $0 == " " }.count
    let trimmed = stage.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      throw failure(offset, stage, "expected a strategy between the bars")
    }
    var name = trimmed
    var argumentText: Substring = ""
    var argumentOffset = offset + leading
    if let open = trimmed.firstIndex(of: "(") {
      guard trimmed.hasSuffix(")") else {
        throw failure(offset + leading, trimmed, "expected ')' at the end")
      }
      name = String(trimmed[..<open]).trimmingCharacters(in: .whitespaces)
      argumentOffset = offset + leading + trimmed.distance(from: trimmed.startIndex, to: open) + 1
      argumentText = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    }
    if name == "process" {
      return .process(try ProcessStrategy.parse(arguments: String(argumentText), offset: argumentOffset, whole: whole))
    }
    guard let descriptor = catalogue.first(where: { $0.name == name }) else {
      let names = catalogue.map(\.name) + ["process"]
      throw failure(
        offset + leading, name,
        "unknown strategy '\(name)'\(Spelling.suggestion(for: name, in: names))\nhint: strategies: \(names.joined(separator: ", ")) (trackbench strategies lists their parameters)")
    }
    var values = ParameterValues(defaultsOf: descriptor.parameters)
    var position = 0
    var given = Set<Int>()
    var cursor = argumentOffset
    for rawArgument in argumentText.split(separator: ",", omittingEmptySubsequences: false) {
      defer { cursor += rawArgument.count + 1 }
      let argument = rawArgument.trimmingCharacters(in: .whitespaces)
      let at = cursor + rawArgument.prefix { $0 == " " }.count
      if argument.isEmpty {
        if argumentText.trimmingCharacters(in: .whitespaces).isEmpty { break }
        throw failure(at, String(rawArgument), "expected a parameter value")
      }
      let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      let index: Int
      let valueText: String
      if parts.count == 2 {
        guard let found = descriptor.parameters.firstIndex(where: { $0.name == parts[0] }) else {
          let known = descriptor.parameters.map(\.name)
          throw failure(
            at, parts[0],
            "unknown parameter '\(parts[0])' of \(name)\(Spelling.suggestion(for: parts[0], in: known)); expected \(known.isEmpty ? "none" : known.joined(separator: ", "))")
        }
        (index, valueText) = (found, parts[1])
      } else {
        guard position < descriptor.parameters.count else {
          throw failure(at, argument, "\(name) takes \(descriptor.parameters.count) parameter(s)")
        }
        (index, valueText) = (position, parts[0])
      }
      position += 1
      let parameter = descriptor.parameters[index]
      guard given.insert(index).inserted else {
        throw failure(at, argument, "\(parameter.name) of \(name) is given twice; expected each parameter at most once")
      }
      guard let value = DecimalNumber.parse(valueText), parameter.accepts(value) else {
        throw failure(
          at, valueText, "\(parameter.name) expects \(parameter.expectation), found \(valueText.isEmpty ? "nothing" : "'\(valueText)'")")
      }
      do { try values.set(parameter.name, to: value) } catch { throw failure(at, valueText, error.message) }
    }
    do { try descriptor.checkOrders(values) } catch {
      throw failure(argumentOffset, String(argumentText), "\(name): \(error.message)")
    }
    return descriptor.make(values)
  }
}
