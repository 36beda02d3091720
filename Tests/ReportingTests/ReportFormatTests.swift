import Evaluation
import Reporting
import Testing

/// A report format is declared once, as a value: registered, it is a choice like the built-in ones and
/// renders both results and check histories.
@Suite struct ReportFormatTests {
  struct LineCount: ReportRenderer {
    func render(_ result: ExperimentResult) throws -> String { "\(result.scenarios.count) scenarios\n" }
  }

  @Test func aRegisteredFormatIsAChoiceLikeTheBuiltInOnes() throws {
    #expect(ReportFormat.builtIn.map(\.rawValue) == ["table", "markdown", "json", "csv", "html"])
    #expect(ReportFormat(rawValue: "html") == .html && ReportFormat(rawValue: "count") == nil)
    let count = ReportFormat(name: "count", renderer: { _ in LineCount() }, history: { history, _ in "\(history.runs.count) checks\n" })
    try ReportFormat.register(count)
    #expect(ReportFormat.allCases.last == count && ReportFormat(rawValue: "count") == count)
    #expect(try ReportFormat(rawValue: "count")!.renderer().render(snapshotResult) == "1 scenarios\n")
    #expect(throws: ReportFormatRegistrationError.self) { try ReportFormat.register(count) }
    #expect(throws: ReportFormatRegistrationError.self) {
      try ReportFormat.register(ReportFormat(name: "Table!", renderer: { _ in LineCount() }, history: { _, _ in "" }))
    }
  }
}
