/// Text for XML documents (GPX, the HTML report).
public enum XMLText {
  /// `text` with `&`, `<`, `>` and `"` escaped, fit for element content and double-quoted attributes.
  /// - Complexity: O(n).
  public static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
