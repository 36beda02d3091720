/// Numbers as people type them in options, strategy texts and ranges: decimal only.
///
/// `Double(String)` also reads hexadecimal (`0x10` is 16, `0x1p4` too), `nan`, `inf` and `infinity`: none
/// of these is a value anyone means for a parameter, and reading `0x10` as 16 hides a typo. This accepts an
/// optional sign, digits with at most one decimal point (at least one digit), and an optional exponent
/// (`e` or `E`, an optional sign, digits), then checks the value is finite.
public enum DecimalNumber {
  /// The value of `text` when it is a finite decimal number, else `nil`.
  /// - Complexity: O(length of `text`).
  public static func parse(_ text: some StringProtocol) -> Double? {
    let bytes = Array(text.utf8)
    var i = 0
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0, points = 0
    while i < bytes.count {
      if isDigit(bytes[i]) { digits += 1 } else if bytes[i] == UInt8(ascii: ".") { points += 1 } else { break }
      i += 1
    }
    guard digits > 0, points <= 1 else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      let start = i
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      guard i > start else { return nil }
    }
    guard i == bytes.count, let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
