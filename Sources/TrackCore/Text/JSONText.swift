/// A JSON string literal for text written by hand (the filter protocol's headers, export fixtures):
/// `"`, `\` and line feeds escaped, other control characters as `\u00XX`.
public enum JSONText {
  /// - Complexity: O(n) in the text's length.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
