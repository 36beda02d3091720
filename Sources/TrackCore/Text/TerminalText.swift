/// Text from a file on its way to a person's terminal: the one sanitiser every message and every
/// document meant for reading passes through, so no file (a results file's scenario name, a history's
/// label, a strategy's name) can move the cursor, clear the screen, retitle the window or hide a line.
///
/// Control characters are written as visible escapes (`\u{1b}`, `\r`): C0 (except the line feed that
/// ends a line, a tab and the carriage return of a CRLF line end), DEL, C1, the Unicode line and
/// paragraph separators, and the bidirectional overrides and isolates (U+202A-202E, U+2066-2069) that
/// can make a line read other than it is. A document may keep the colours its renderer put in: the
/// SGR sequences of ``styles``, and no other.
public enum TerminalText {
  /// The colour sequences TrackBench's own renderers write (bold green, green, dim, red, reset).
  public static let styles: [String] = ["\u{1B}[1;32m", "\u{1B}[32m", "\u{1B}[2m", "\u{1B}[31m", "\u{1B}[0m"]

  /// `text` with every control character escaped, line feeds included (one line).
  /// - Complexity: O(n) in the text's length.
  public static func escaped(_ text: String) -> String { sanitized(text, lines: false, styled: false) }

  /// A document for reading: line feeds (and CRLF line ends) and tabs kept, every other control
  /// character escaped; with `styled`, the colour sequences of ``styles`` kept too.
  /// - Complexity: O(n) in the document's length.
  public static func document(_ text: String, styled: Bool = false) -> String { sanitized(text, lines: true, styled: styled) }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether a document keeps the control character `scalar` as it is: its line feeds, tabs and the
  /// carriage return of a CRLF line end (`next` is the scalar after it, `nil` at the end).
  private static func keptInDocument(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
    scalar == "\n" || scalar == "\t" || (scalar == "\r" && next == "\n")
  }

  /// Whether sanitising would change `text`, found in one pass over its scalars without building a
  /// string: a results file's JSON (megabytes, with line feeds and no other control character) is
  /// returned as it is, where building it again scalar by scalar cost more than the suite's runs.
  /// - Complexity: O(n) in the text's length.
  private static func needsEscaping(_ text: String, lines: Bool) -> Bool {
    // Each scalar judged once it is known what follows it (the carriage return of a CRLF is kept).
    func changes(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
      isControl(scalar) && (!lines || !keptInDocument(scalar, before: next))
    }
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      if let previous, changes(previous, before: scalar) { return true }
      previous = scalar
    }
    return previous.map { changes($0, before: nil) } ?? false
  }

  private static func sanitized(_ text: String, lines: Bool, styled: Bool) -> String {
    guard needsEscaping(text, lines: lines) else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      guard isControl(scalar) else {
        out.append(scalar)
        i += 1
        continue
      }
      if lines, keptInDocument(scalar, before: i + 1 < scalars.count ? scalars[i + 1] : nil) {
        out.append(scalar)
        i += 1
        continue
      }
      if styled, scalar == "\u{1B}", let style = styles.first(where: { matches($0, scalars, at: i) }) {
        out.append(contentsOf: style.unicodeScalars)
        i += style.unicodeScalars.count
        continue
      }
      let visible: String
      switch scalar {
      case "\n": visible = "\\n"
      case "\r": visible = "\\r"
      case "\t": visible = "\\t"
      default: visible = "\\u{\(String(scalar.value, radix: 16))}"
      }
      out.append(contentsOf: visible.unicodeScalars)
      i += 1
    }
    return String(out)
  }

  private static func matches(_ style: String, _ scalars: [Unicode.Scalar], at start: Int) -> Bool {
    var i = start
    for scalar in style.unicodeScalars {
      guard i < scalars.count, scalars[i] == scalar else { return false }
      i += 1
    }
    return true
  }
}
