import TrackCore
import Evaluation
import Findings
import Reporting
import Testing

/// `check --format comment`: one pull-request comment, its first line the marker a bot looks for, the
/// verdict next, at most 60 lines however many cells regress.
@Suite struct CheckCommentTests {
  static let scenarios = [
    SweepHeader.ScenarioInfo(name: "loop", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 100, durationS: 60, firstCell: 0)
  ]

  /// Four trials of `strategies` strategies, each `worse` metres of cross-track worse than recorded.
  static func check(strategies: Int, worse: Double) -> BaselineCheck {
    func records(_ shift: Double) -> [CellRecord] {
      (0..<4).map { trial in
        CellRecord(
          sweep: "s", cell: trial, scenario: "loop", trial: trial, strategies: (0..<strategies).map { k in
            StrategyScores(
              strategy: StrategyKey(stored: "s\(k)"), scores: Scores(metrics: [.crossTrackErrorRMS], values: [2 + 0.1 * Double(k) + 0.01 * Double(trial * trial) + shift]))
          }, illustration: nil)
      }
    }
    return BaselineCheck(baseline: records(0), current: records(worse), scenarios: scenarios, tolerances: [:])
  }

  @Test func aFailingCheckFitsOneCommentWithTheVerdictFirst() {
    let accuracy = Self.check(strategies: 200, worse: 1)
    let speed = SpeedCheck(
      figure: .instructionsPerFix, band: 0.01, recorded: (0..<20).map { ("k\($0)", 30.0) }, now: (0..<20).map { ("k\($0)", 40.0) })
    let text = CheckRenderer.comment(accuracy: accuracy, speed: speed)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count <= CheckRenderer.commentLineLimit, "\(lines.count) lines")
    #expect(lines.first == "<!-- trackbench-check -->")
    #expect(lines[1] == "### ❌ TrackBench check failed: 200 regressions, 20 kernels outside the speed band", "\(lines[1])")
    #expect(text.contains("| … 185 more |") && text.contains("- … 15 more"), "\(text)")
    #expect(text.contains("| loop | `s0` | cross_track_error_rms_m | 2.035 → 3.035 m | 1 [1, 1] | 0.05 |"), "\(text)")
    #expect(text.contains("Full report"))
  }

  /// However long the strategies' texts (a process filter's whole command), a comment stays within a
  /// pull request's 65,536 characters: each cell quotes at most 80 of them.
  @Test func aCommentStaysWithinAPullRequestsCharacters() {
    func records(_ shift: Double) -> [CellRecord] {
      (0..<4).map { trial in
        CellRecord(
          sweep: "s", cell: trial, scenario: "loop", trial: trial, strategies: (0..<30).map { k in
            StrategyScores(
              strategy: StrategyKey(stored: "process(cmd: \"\(String(repeating: "x", count: 20_000))\", k: \(k))"),
              scores: Scores(metrics: [.crossTrackErrorRMS], values: [2 + 0.1 * Double(k) + 0.01 * Double(trial * trial) + shift]))
          }, illustration: nil)
      }
    }
    let check = BaselineCheck(baseline: records(0), current: records(1), scenarios: Self.scenarios, tolerances: [:])
    let text = CheckRenderer.comment(accuracy: check, speed: nil)
    #expect(text.count <= CheckRenderer.commentCharacterLimit, "\(text.count) characters")
    #expect(text.split(separator: "\n").allSatisfy { $0.count < 400 })
    #expect(text.contains("Full report") && text.contains("**Regressions (30)**"))
  }

  /// Cut to a few rows, a table keeps the biggest changes: rows go by how many allowances they moved.
  @Test func theBiggestRegressionsComeFirst() {
    let worse = [1.0, 3, 2, 0.5]
    func records(_ current: Bool) -> [CellRecord] {
      (0..<4).map { trial in
        CellRecord(
          sweep: "s", cell: trial, scenario: "loop", trial: trial, strategies: worse.indices.map { k in
            StrategyScores(
              strategy: StrategyKey(stored: "s\(k)"), scores: Scores(metrics: [.crossTrackErrorRMS], values: [2 + 0.01 * Double(trial * trial) + (current ? worse[k] : 0)]))
          }, illustration: nil)
      }
    }
    let check = BaselineCheck(baseline: records(false), current: records(true), scenarios: Self.scenarios, tolerances: [:])
    let rows = CheckRenderer.comment(accuracy: check, speed: nil).split(separator: "\n").filter { $0.hasPrefix("| loop |") }
    #expect(rows.map { $0.split(separator: "`")[1] } == ["s1", "s2", "s0", "s3"], "\(rows)")
  }

  /// A candidate with a long text shows what changed, however narrow the cell; improvements read as
  /// how much better; a check that tested no cell does not speak of a correction over zero (#66, item 4).
  @Test func aChangedStrategyShowsTheChangeAndImprovementsReadAsBetter() {
    let recorded = StrategyKey(stored: "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)")
    let candidate = StrategyKey(stored: "kalman(q: 2.71, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)")
    func records(_ strategy: StrategyKey, _ shift: Double) -> [CellRecord] {
      (0..<4).map { trial in
        CellRecord(
          sweep: "s", cell: trial, scenario: "loop", trial: trial,
          strategies: [StrategyScores(strategy: strategy, scores: Scores(metrics: [.crossTrackErrorRMS], values: [2 + 0.01 * Double(trial * trial) + shift]))],
          illustration: nil)
      }
    }
    let worse = BaselineCheck(
      baseline: records(recorded, 0), current: records(candidate, 1), scenarios: Self.scenarios, tolerances: [:], substitutions: ["loop": [recorded: candidate]])
    let text = CheckRenderer.comment(accuracy: worse, speed: nil)
    #expect(text.contains("| loop | `kalman(q: 0.5) → kalman(q: 2.71)` |"), "\(text)")
    let better = BaselineCheck(
      baseline: records(recorded, 1), current: records(candidate, 0), scenarios: Self.scenarios, tolerances: [:], substitutions: ["loop": [recorded: candidate]])
    let improved = CheckRenderer.comment(accuracy: better, speed: nil)
    #expect(improved.contains("**Improvements (1)**") && improved.contains("| better by (95 %) |") && improved.contains("| 1 [1, 1] |"), "\(improved)")
    #expect(!improved.contains("worse by") && !improved.contains("| -1 ["), "\(improved)")
    let page = CheckRenderer.markdown(better)
    #expect(page.contains("| better by (95 % interval) |") && !page.contains("worse by") && page.contains("| 1 [1, 1] |"), "\(page)")
    let none = BaselineCheck(baseline: [], current: [], scenarios: [], tolerances: [:])
    #expect(!CheckRenderer.markdown(none).contains("0 tested cells") && !CheckRenderer.comment(accuracy: none, speed: nil).contains("0 tested cells"))
  }

  @Test func aPassingCheckSaysSoInItsSecondLine() throws {
    let text = try CheckFormat.comment.render(accuracy: Self.check(strategies: 3, worse: 0.001), speed: nil)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "<!-- trackbench-check -->" && lines[1] == "### ✅ TrackBench check passed", "\(text)")
    #expect(text.contains("0 regressions") && text.contains("3 below the floor") && !text.contains("**Regressions"), "\(text)")
  }
}
