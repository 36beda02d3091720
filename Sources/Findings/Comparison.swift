import Evaluation
import TrackCore

/// Two result files cell by cell (scenario × strategy × metric, matched by name): the change of the
/// mean and whether it lies beyond the 95 % confidence intervals.
///
/// A change is *beyond the intervals* when the two means' intervals do not overlap; it is then better or
/// worse by the metric's goal (smaller, or closer to zero for signed errors; "changed" for metrics
/// without a goal). Overlapping intervals: within noise. Without an interval on either side (fewer than
/// two valued trials) the change is shown but not judged. Cells only one file has are added or removed.
public struct Comparison: Sendable, Hashable, Codable {
  public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// `watch`: worse by the paired test uncorrected, not after the correction over the comparison's
    /// paired cells (as ``BaselineCheck``); `negligible`: a confident change within the metric's floor.
    case better, worse, watch, negligible, changed
    case withinNoise = "within_noise"
    case notJudged = "not_judged"
    case added, removed
  }

  public struct Cell: Sendable, Hashable, Codable {
    public var scenario: String
    public var strategy: String
    public var metric: Metric
    public var unit: String
    public var oldMean: Double?
    public var oldCi95Low: Double?
    public var oldCi95High: Double?
    public var newMean: Double?
    public var newCi95Low: Double?
    public var newCi95High: Double?
    /// New mean − old mean.
    public var change: Double?
    public var verdict: Verdict
    /// The paired test behind the verdict, when both sides carried per-trial records of the same fixes
    /// (``init(old:new:)`` with sweeps); absent when the verdict comes from the two intervals.
    public var paired: PairedChange?
  }

  /// Always `trackbench.comparison`.
  public var schema = "trackbench.comparison"
  public var schemaVersion = 1
  public var cells: [Cell]
  /// `true` when both sides replayed recordings (records of `replay`): every paired cell was judged
  /// exactly, a recording being the same fixes on both sides; absent otherwise.
  public var exact: Bool?

  /// Cells in the new file's order, then those only the old file has. Strategies are matched by their
  /// text; within a scenario, those left unmatched on both sides are paired in order (two parameter
  /// sets of the same strategies), the cell naming both: `kalman(q: 0.5, …) → kalman(q: 0.2, …)`.
  @_optimize(none)
  public init(old: ExperimentResult, new: ExperimentResult) {
    cells = Self.pairedCells(old: old, new: new).map(\.cell)
  }

  /// The cells of ``init(old:new:)``, each with the strategies it compares (nil on the side that lacks
  /// it), so the records' paired test finds them by key rather than by reading the cell's label back.
  @_optimize(none)
  private static func pairedCells(old: ExperimentResult, new: ExperimentResult) -> [(cell: Cell, old: StrategyKey?, new: StrategyKey?)] {
    var cells: [(cell: Cell, old: StrategyKey?, new: StrategyKey?)] = []
    var matchedOld = Set<String>()  // scenario + strategy of old results already compared
    let oldScenarios = Dictionary(old.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for scenario in new.scenarios {
      let oldStrategies = oldScenarios[scenario.name]?.strategies ?? []
      let oldNames = Set(oldStrategies.map(\.strategy))
      let newNames = Set(scenario.strategies.map(\.strategy))
      var unpairedOld = oldStrategies.filter { !newNames.contains($0.strategy) }
      for strategy in scenario.strategies {
        var counterpart = oldStrategies.first { $0.strategy == strategy.strategy }
        var label = strategy.strategy.text
        if counterpart == nil, !oldNames.contains(strategy.strategy), !unpairedOld.isEmpty {
          counterpart = unpairedOld.removeFirst()
          label = counterpart!.strategy.text + " → " + strategy.strategy.text
        }
        if let counterpart { matchedOld.insert(scenario.name + "\u{1F}" + counterpart.strategy.text) }
        for summary in strategy.metrics {
          cells.append((Self.cell(scenario.name, label, summary.metric, old: counterpart?.summary(summary.metric), new: summary), counterpart?.strategy, strategy.strategy))
        }
      }
    }
    for scenario in old.scenarios {
      for strategy in scenario.strategies where !matchedOld.contains(scenario.name + "\u{1F}" + strategy.strategy.text) {
        for summary in strategy.metrics {
          cells.append((Self.cell(scenario.name, strategy.strategy.text, summary.metric, old: summary, new: nil), strategy.strategy, nil))
        }
      }
    }
    return cells
  }

  /// Two sweeps' records (`run --records`, shards, journals): the same cells as from their summaries,
  /// but for every scenario both simulated the same way (same name, seed, trials and fixes per trial)
  /// the verdict comes from a paired per-trial test (``PairedChange``: same fixes, so far tighter than
  /// two intervals) instead of overlapping intervals. Other scenarios keep the interval verdict. A
  /// replayed recording on both sides is judged exactly (``PairedChange``, deterministic): its one
  /// trial is the same fixes each time.
  @_optimize(none)
  public init(old: (header: SweepHeader, records: [CellRecord]), new: (header: SweepHeader, records: [CellRecord])) {
    let paired = Self.pairedCells(old: old.header.aggregate(old.records), new: new.header.aggregate(new.records))
    cells = paired.map(\.cell)
    if old.header.isReplay && new.header.isReplay { exact = true }
    let oldInfo = Dictionary(old.header.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let oldRecords = Dictionary(old.records.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    let newRecords = Dictionary(new.records.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    for info in new.header.scenarios {
      guard let then = oldInfo[info.name], then.seed == info.seed, then.trials == info.trials, then.fixesPerTrial == info.fixesPerTrial,
        let firstOld = oldRecords[then.firstCell], let firstNew = newRecords[info.firstCell]
      else { continue }
      let oldKeys = firstOld.strategies.map(\.strategy), newKeys = firstNew.strategies.map(\.strategy)
      for index in cells.indices where cells[index].scenario == info.name {
        guard let oldKey = paired[index].old, let newKey = paired[index].new, let k = oldKeys.firstIndex(of: oldKey), let j = newKeys.firstIndex(of: newKey)
        else { continue }
        let metric = cells[index].metric
        let before = (0..<info.trials).map { oldRecords[then.firstCell + $0].map { $0.strategies[k].scores[metric] } ?? nil }
        let after = (0..<info.trials).map { newRecords[info.firstCell + $0].map { $0.strategies[j].scores[metric] } ?? nil }
        // A replayed recording gives the same fixes every time: any change is the strategy's.
        let change = PairedChange(metric: metric, old: before, new: after, deterministic: info.recording != nil && then.recording != nil)
        cells[index].paired = change
        switch change.verdict {
        // A single PairedChange is never a trade-off: only a check given an objective makes one.
        case .regression, .tradeOff: cells[index].verdict = .worse
        case .watch: cells[index].verdict = .watch
        case .improvement: cells[index].verdict = .better
        case .negligible: cells[index].verdict = .negligible
        case .identical, .withinNoise: cells[index].verdict = .withinNoise
        case .changed: cells[index].verdict = .changed
        case .notJudged: break  // keep what the summaries say (added, removed, not judged)
        }
      }
    }
    // The paired cells are one family, held to one false-alarm rate as a check's are.
    let family = cells.indices.filter { cells[$0].paired?.pValue != nil }
    let rejected = BaselineCheck.Correction.holm(family.map { cells[$0].paired!.pValue! })
    for (kept, index) in zip(rejected, family) where !kept && cells[index].verdict == .worse {
      cells[index].verdict = .watch
      cells[index].paired?.verdict = .watch
    }
  }

  /// Whether any verdict comes from a paired test.
  public var isPaired: Bool { cells.contains { $0.paired != nil } }

  @_optimize(none)
  static func cell(_ scenario: String, _ strategy: String, _ metric: Metric, old: MetricSummary?, new: MetricSummary?) -> Cell {
    var cell = Cell(
      scenario: scenario, strategy: strategy, metric: metric, unit: metric.unit,
      oldMean: old?.mean, oldCi95Low: old?.ci95Low, oldCi95High: old?.ci95High,
      newMean: new?.mean, newCi95Low: new?.ci95Low, newCi95High: new?.ci95High, change: nil, verdict: .notJudged)
    guard let old, old.mean != nil else { cell.verdict = new?.mean == nil ? .notJudged : .added; return cell }
    guard let new, new.mean != nil else { cell.verdict = .removed; return cell }
    let oldMean = old.mean!, newMean = new.mean!
    cell.change = newMean - oldMean
    guard let oldLow = old.ci95Low, let oldHigh = old.ci95High, let newLow = new.ci95Low, let newHigh = new.ci95High else {
      return cell
    }
    if newLow <= oldHigh && oldLow <= newHigh {
      cell.verdict = .withinNoise
      return cell
    }
    switch metric.goal {
    case .none: cell.verdict = .changed
    case .minimize: cell.verdict = newMean < oldMean ? .better : .worse
    case .zero: cell.verdict = abs(newMean) < abs(oldMean) ? .better : .worse
    }
    return cell
  }

  /// How many cells have each verdict.
  public var counts: [Verdict: Int] { Dictionary(grouping: cells, by: \.verdict).mapValues(\.count) }
}
