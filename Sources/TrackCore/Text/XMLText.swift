/// Text for XML documents (GPX, the HTML report).
public enum XMLText {
  /// `text` with `&`, `<`, `>` and `"` escaped, fit for element content and double-quoted attributes.
  /// Characters XML 1.0 does not allow at all (control characters other than tab, line feed and carriage
  /// return; U+FFFE and U+FFFF) are dropped: no escape can represent them, and a reader must reject a
  /// document that holds one.
  /// - Complexity: O(n).
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
