import Testing
import TrackCore

/// Numbers as people type them: decimal only, finite.
@Suite struct DecimalNumberTests {
  @Test(arguments: [("1", 1.0), ("-1.5", -1.5), ("+2e3", 2000), (".5", 0.5), ("5.", 5), ("1E-3", 0.001), ("007", 7)])
  func decimalsAreRead(text: String, value: Double) {
    #expect(DecimalNumber.parse(text) == value)
  }

  @Test(arguments: ["0x10", "0x1p4", "nan", "NaN", "inf", "-infinity", "1e400", "1e", "", "-", ".", "1.2.3", " 1", "1 ", "1,5", "١"])
  func anythingElseIsNot(text: String) {
    #expect(DecimalNumber.parse(text) == nil)
  }
}
