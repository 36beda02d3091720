import TrackCore
/// Text that is not an objective: where (column, from 1), what was found and what was expected.
public struct ObjectiveParseError: Error, Sendable, Equatable, CustomStringConvertible {
  public let text: String
  public let column: Int
  public let found: String
  public let expected: String

  public var description: String { "column \(column): expected \(expected), found \(found)" }
}

extension Objective {
  /// Parses the grammar above (`docs/tune.md`).
  /// - Throws: ``ObjectiveParseError``; an unknown name lists the valid metric names.
  public init(parsing text: String) throws(ObjectiveParseError) {
    var parser = ObjectiveParser(text: Array(text.unicodeScalars), source: text)
    self = try parser.parse()
  }

  /// Every name an objective may use.
  public static var validNames: String { Metric.allCases.map(\.rawValue).joined(separator: ", ") }

  /// "; did you mean …?" for a near miss, then the whole list on a `hint:` line of its own.
  static func hint(for word: String) -> String {
    Spelling.suggestion(for: word, in: Metric.allCases.map(\.rawValue)) + "\nhint: metric names: \(validNames)"
  }
}

/// Recursive descent over the text's Unicode scalars.
private struct ObjectiveParser {
  let text: [Unicode.Scalar]
  let source: String
  var position = 0
  /// Parentheses, signs and calls open at `position`.
  private var depth = 0

  /// Deepest nesting of parentheses, signs and calls: the parser and every use of an objective recurse
  /// once per level, so a hostile `((((…))))` must end in an error, not a stack overflow.
  static let maximumDepth = 32
  /// Longest objective text: it bounds the operands of a chain such as `a + a + …` too.
  static let maximumCharacters = 1000

  init(text: [Unicode.Scalar], source: String) { self.text = text; self.source = source }

  mutating func parse() throws(ObjectiveParseError) -> Objective {
    guard text.count <= Self.maximumCharacters else {
      throw ObjectiveParseError(
        text: String(source.prefix(40)) + "…", column: Self.maximumCharacters + 1, found: "\(text.count) characters",
        expected: "an objective of at most \(Self.maximumCharacters) characters")
    }
    skipSpaces()
    guard position < text.count else { throw failure("an objective (e.g. 'abs(distance_error_percent)')", found: "nothing") }
    let objective = try expression()
    skipSpaces()
    guard position == text.count else { throw failure("an operator (+ - * /) or the end", found: "'\(rest)'") }
    return objective
  }

  private var rest: String { String(String.UnicodeScalarView(text[position...].prefix(20))) }

  private func failure(_ expected: String, found: String, at column: Int? = nil) -> ObjectiveParseError {
    ObjectiveParseError(text: source, column: (column ?? position) + 1, found: found, expected: expected)
  }

  private mutating func skipSpaces() {
    while position < text.count, text[position].properties.isWhitespace { position += 1 }
  }

  private mutating func take(_ c: Unicode.Scalar) -> Bool {
    skipSpaces()
    guard position < text.count, text[position] == c else { return false }
    position += 1
    return true
  }

  private mutating func expression() throws(ObjectiveParseError) -> Objective {
    var left = try term()
    while true {
      if take("+") { left = .sum(left, try term()) } else if take("-") { left = .difference(left, try term()) } else { return left }
    }
  }

  private mutating func term() throws(ObjectiveParseError) -> Objective {
    var left = try factor()
    while true {
      if take("*") { left = .product(left, try factor()) } else if take("/") { left = .quotient(left, try factor()) } else { return left }
    }
  }

  private mutating func factor() throws(ObjectiveParseError) -> Objective {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw failure("at most \(Self.maximumDepth) levels of parentheses, signs and calls", found: "more")
    }
    skipSpaces()
    guard position < text.count else { throw failure("a number, a metric name or '('", found: "the end") }
    let c = text[position]
    if take("-") { return .negated(try factor()) }
    if take("(") {
      let inner = try expression()
      guard take(")") else { throw failure("')'", found: position < text.count ? "'\(rest)'" : "the end") }
      return inner
    }
    if c.properties.numericType != nil || c == "." { return try number() }
    if c == "_" || c.properties.isLowercase || c.properties.isUppercase { return try named() }
    throw failure("a number, a metric name or '('", found: "'\(Character(c))'")
  }

  private mutating func number() throws(ObjectiveParseError) -> Objective {
    let start = position
    while position < text.count, text[position].properties.numericType != nil || "0123456789.eE".unicodeScalars.contains(text[position])
      || ((text[position] == "-" || text[position] == "+") && position > start && "eE".unicodeScalars.contains(text[position - 1]))
    {
      position += 1
    }
    let literal = String(String.UnicodeScalarView(text[start..<position]))
    guard let value = Double(literal), value.isFinite else { throw failure("a number", found: "'\(literal)'", at: start) }
    return .number(value)
  }

  private mutating func word() -> (String, Int) {
    skipSpaces()
    let start = position
    while position < text.count, text[position] == "_" || text[position].properties.isAlphabetic || text[position].properties.numericType != nil {
      position += 1
    }
    return (String(String.UnicodeScalarView(text[start..<position])), start)
  }

  private mutating func named() throws(ObjectiveParseError) -> Objective {
    let (name, start) = word()
    skipSpaces()
    let isCall = position < text.count && text[position] == "("
    if isCall {
      switch name {
      case "abs":
        _ = take("(")
        let argument = try expression()
        guard take(")") else { throw failure("')' closing abs(", found: position < text.count ? "'\(rest)'" : "the end") }
        return .absolute(argument)
      case "min", "max":
        _ = take("(")
        var arguments = [try expression()]
        while take(",") { arguments.append(try expression()) }
        guard take(")") else { throw failure("',' or ')' in \(name)(", found: position < text.count ? "'\(rest)'" : "the end") }
        return name == "min" ? .minimum(arguments) : .maximum(arguments)
      case "mean", "median", "p90", "p95":
        _ = take("(")
        skipSpaces()
        let at = position
        let argument = try expression()
        guard !argument.hasStatistic else {
          throw failure("an expression on one trial in \(name)(…) (no mean, median, p90 or p95 inside)", found: "a statistic", at: at)
        }
        guard take(")") else { throw failure("')' closing \(name)(", found: position < text.count ? "'\(rest)'" : "the end") }
        return .statistic(Objective.Statistic(rawValue: name)!, argument)
      default:
        throw failure("a function: abs, min, max, mean, median, p90 or p95", found: "'\(name)('", at: start)
      }
    }
    guard let metric = Metric(rawValue: name) else {
      throw failure("a metric name", found: "'\(name)'" + Objective.hint(for: name), at: start)
    }
    return .metric(metric)
  }
}
