import Evaluation
import Findings
import Reporting
import Testing

/// `tune` ends with one sentence: keep the defaults or change, said by the paired validation interval.
@Suite struct TuneConclusionTests {
  static func report(_ paired: TuneReport.Paired, best: String = "kalman(q: 0.02)") -> TuneReport {
    var r = TuneHTMLRendererTests.report(front: 2)
    r.validationImprovement = paired
    r.best.strategy = best
    return r
  }

  @Test func theIntervalSaysWhichAndTheSentenceEndsEveryFormat() throws {
    let better = Self.report(TuneReport.Paired(cells: 40, skipped: 0, mean: -0.27, ci95Low: -0.3, ci95High: -0.2))
    #expect(
      TuneFormat.conclusion(better)
        == "Change to kalman(q: 0.02): on seeds training never saw it changes the objective by -0.27 [-0.3, -0.2] per cell (paired, 95 % interval, 40 validation cells), below zero throughout.")
    let unclear = Self.report(TuneReport.Paired(cells: 40, skipped: 0, mean: -0.05, ci95Low: -0.2, ci95High: 0.1))
    #expect(TuneFormat.conclusion(unclear).hasPrefix("Keep the defaults: on seeds training never saw kalman(q: 0.02) changes") && TuneFormat.conclusion(unclear).hasSuffix("which includes zero."))
    let worse = Self.report(TuneReport.Paired(cells: 40, skipped: 0, mean: 0.2, ci95Low: 0.1, ci95High: 0.3))
    #expect(TuneFormat.conclusion(worse).hasSuffix("worse throughout."))
    let same = Self.report(TuneReport.Paired(cells: 40, skipped: 0, mean: 0, ci95Low: 0, ci95High: 0), best: "kalman(q: 0.5)")
    #expect(TuneFormat.conclusion(same) == "Keep the defaults: no point scored better than them on the training cells.")
    let none = Self.report(TuneReport.Paired(cells: 0, skipped: 4, mean: nil, ci95Low: nil, ci95High: nil))
    #expect(TuneFormat.conclusion(none).hasPrefix("Keep the defaults: no validation cell"))
    // The last line of the terminal and Markdown reports, and the HTML's lead.
    let sentence = TuneFormat.conclusion(better)
    #expect(try TuneFormat.table.render(better, width: 400).split(separator: "\n").last.map(String.init) == sentence)
    #expect(try TuneFormat.markdown.render(better).split(separator: "\n").last.map(String.init) == "**\(TuneFormat.conclusion(better, code: { "`\($0)`" }))**")
    #expect(try TuneFormat.html.render(better).contains("<p class=\"verdict-lead\">\(sentence)</p>"))
  }
}
