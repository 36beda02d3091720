import Testing
import TrackCore

@Suite struct ParameterTests {
  static let table = [
    Parameter(name: "q", unit: "m²/s³", defaultValue: 0.5, minimum: 1e-6, maximum: 1000, scale: .log, summary: "process noise"),
    Parameter(name: "n", unit: "fixes", defaultValue: 5, minimum: 1, maximum: 50, isInteger: true, summary: "window"),
  ]

  @Test func valuesAreByNameWithDefaultsForTheRest() throws {
    let values = try ParameterValues(Self.table, ["n": 7])
    #expect(values["q"] == 0.5 && values["n"] == 7)
    #expect(values.named.map(\.name) == ["q", "n"] && values.values == [0.5, 7])
    #expect(ParameterValues(defaultsOf: Self.table).values == [0.5, 5])
  }

  @Test func unknownNamesAndOutOfRangeValuesAreErrorsSayingWhatIsExpected() {
    #expect(throws: ParameterError(parameter: "r", message: "unknown parameter 'r'; expected q, n")) {
      try ParameterValues(Self.table, ["r": 1])
    }
    #expect(throws: ParameterError(parameter: "n", message: "n expects a whole number from 1 to 50 fixes, found 2.5")) {
      try ParameterValues(Self.table, ["n": 2.5])
    }
    #expect(throws: ParameterError.self) { try ParameterValues(Self.table, ["q": 0]) }
    #expect(throws: ParameterError.self) { try ParameterValues(Self.table, ["q": .nan]) }
  }

  @Test func formatIsShortest() {
    #expect(Parameter.format(10) == "10" && Parameter.format(0.5) == "0.5" && Parameter.format(1e-6) == "1e-06")
  }
}
