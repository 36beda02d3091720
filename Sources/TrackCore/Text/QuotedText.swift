/// A piece of an input as an error quotes it: the offending token, cut to ``maximumCharacters``, never
/// a whole line of a file that may be anything (a password file, a key) but what was expected.
public enum QuotedText {
  /// Most characters quoted.
  public static let maximumCharacters = 40

  /// `text` in single quotes, cut to ``maximumCharacters`` characters with `…`.
  public static func quoted(_ text: some StringProtocol) -> String { "'" + cut(text) + "'" }

  /// `text` cut to ``maximumCharacters`` characters with `…`.
  public static func cut(_ text: some StringProtocol) -> String {
    text.count > maximumCharacters ? String(text.prefix(maximumCharacters)) + "…" : String(text)
  }
}
