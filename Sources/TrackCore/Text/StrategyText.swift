/// Splitting strategy texts where the separator is at the top level: outside parentheses and outside
/// quotes (a process strategy's command is quoted; `\` escapes inside quotes), so `raw, kalman(q: 1)`,
/// `speed-gate | kalman` and `cmd: "a, b | c", alpha: 1` split where a person would.
public enum StrategyText {
  /// The pieces of `text` between top-level `separator`s, each with its 0-based column in `text`.
  /// - Complexity: O(n).
  public static func pieces(_ text: String, separatedBy separator: Character) -> [(offset: Int, text: String)] {
    let characters = Array(text)
    var pieces: [(offset: Int, text: String)] = []
    var depth = 0, start = 0
    var quote: Character?
    var escaped = false
    for (i, c) in characters.enumerated() {
      if escaped { escaped = false; continue }
      if quote != nil && c == "\\" { escaped = true; continue }
      if let q = quote {
        if c == q { quote = nil }
        continue
      }
      switch c {
      case "\"", "'": quote = c
      case "(": depth += 1
      case ")": depth -= 1
      case separator where depth == 0:
        pieces.append((start, String(characters[start..<i])))
        start = i + 1
      default: break
      }
    }
    pieces.append((start, String(characters[start...])))
    return pieces
  }

  /// Whether a quote opened in `text` is never closed.
  public static func hasOpenQuote(_ text: String) -> Bool {
    var quote: Character?
    var escaped = false
    for c in text {
      if escaped { escaped = false; continue }
      if quote != nil && c == "\\" { escaped = true; continue }
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      }
    }
    return quote != nil
  }
}
