import Evaluation
import TrackCore

/// What a baseline file says about itself before its sweep (`trackbench baseline record`): how to rerun
/// exactly the same cells, and fingerprints to tell whether the scenarios changed since.
public struct BaselineHeader: Sendable, Hashable, Codable {
  /// Always `trackbench.baseline`.
  public var schema: String
  public var schemaVersion: Int
  /// The trackbench version that recorded it.
  public var toolVersion: String
  /// The scenario files or directories given to `baseline record`: relative to the baseline file's
  /// folder when ``pathsRelativeTo`` is `baseline`, else (files written before it) to where it ran.
  public var scenarioPaths: [String]
  /// `--trials` and `--seed` as given (`nil`: each scenario's own).
  public var trials: Int?
  public var seed: UInt64?
  /// `--strategies` as given (`nil`: each scenario's own, else every strategy).
  public var strategies: String?
  /// Each scenario as loaded (every field, seed and trials applied), fingerprinted, by name in order;
  /// for a replay, each recording's content and truth.
  public var scenarios: [ScenarioFingerprint]
  /// For a baseline of recordings (`baseline record --replay`): what to replay again; absent for
  /// scenarios (whose paths are ``scenarioPaths``).
  public var replay: ReplaySource?
  /// `baseline`: every path in this header is relative to the baseline file's folder (absent in files
  /// written before: relative to where `baseline record` ran).
  public var pathsRelativeTo: String?

  /// This header with every path it stores mapped by `transform` (to store them relative to the
  /// baseline's folder, or to resolve them back).
  public func mappingPaths(_ transform: (String) -> String) -> BaselineHeader {
    var copy = self
    copy.scenarioPaths = scenarioPaths.map(transform)
    if var source = replay {
      source.files = source.files.map(transform)
      source.truth = source.truth.map(transform)
      source.manifest = source.manifest.map(transform)
      copy.replay = source
    }
    return copy
  }

  /// The recordings a replay baseline replays, as `baseline record --replay` was given them.
  public struct ReplaySource: Sendable, Hashable, Codable {
    /// The recordings (or folders of them), as ``BaselineHeader/scenarioPaths`` are.
    public var files: [String]
    /// `--truth` or `--static-at` as given, if any.
    public var truth: String?
    public var staticAt: String?
    /// `--manifest` (each recording with its own truth) in place of `files`.
    public var manifest: String?
    public init(files: [String], truth: String?, staticAt: String?, manifest: String? = nil) {
      self.files = files; self.truth = truth; self.staticAt = staticAt; self.manifest = manifest
    }
  }

  public struct ScenarioFingerprint: Sendable, Hashable, Codable {
    public var name: String
    public var fingerprint: String
    public init(name: String, fingerprint: String) { self.name = name; self.fingerprint = fingerprint }
  }

  public static let currentSchema = "trackbench.baseline"
  public static let currentSchemaVersion = 1

  public init(
    toolVersion: String, scenarioPaths: [String], trials: Int?, seed: UInt64?, strategies: String?, scenarios: [ScenarioFingerprint],
    replay: ReplaySource? = nil
  ) {
    schema = Self.currentSchema
    schemaVersion = Self.currentSchemaVersion
    self.toolVersion = toolVersion; self.scenarioPaths = scenarioPaths; self.trials = trials; self.seed = seed
    self.strategies = strategies; self.scenarios = scenarios; self.replay = replay
  }
}

/// A rerun of a baseline's cells against the baseline, scenario × strategy × metric, by paired tests
/// (``PairedChange``) against each metric's floor: the CI gate's verdict. One check is one family of
/// tests: a cell fails only when its regression survives Holm's correction over every cell judged by a
/// paired test (family-wise false-alarm rate ``Correction/falseAlarmRate``); one that fails only
/// uncorrected is listed as **watch**. A replayed recording is judged exactly (the same fixes every
/// time: any worsening beyond the allowance is a regression, no test and no correction).
public struct BaselineCheck: Sendable, Codable {
  /// Always `trackbench.check`.
  public var schema = "trackbench.check"
  /// 2: floors, `watch` and `negligible` verdicts, the correction.
  public var schemaVersion = 2
  public var cells: [Cell]
  /// Cells per verdict.
  public var regressions: Int
  public var improvements: Int
  public var identical: Int
  public var withinNoise: Int
  public var changed: Int
  public var notJudged: Int
  /// Regressions that do not survive the correction (absent before schema 2).
  public var watch: Int?
  /// Confident changes smaller than the allowance (absent before schema 2).
  public var negligible: Int?
  /// The objective the check was given (`check --objective`): only its metrics can fail it; absent
  /// when every metric can.
  public var objective: String?
  /// Regressions on metrics outside ``objective``: what the change costs, not failures; absent without
  /// an objective.
  public var tradeOffs: Int?
  /// How the many cells' tests were held to one false-alarm rate (absent before schema 2).
  public var correction: Correction?

  /// Holm's step-down over the one-sided p-values (``PairedChange/pValue``) of the cells judged by a
  /// paired test: sorted ascending, the k-th smallest (from 0) is rejected while p ≤ rate / (m − k).
  /// Controls the chance of any false regression among the m cells at `falseAlarmRate` whatever their
  /// dependence; with one cell it is the uncorrected test (the 95 % interval's one-sided 2.5 %).
  public struct Correction: Sendable, Codable, Hashable {
    /// Always `holm`.
    public var method = "holm"
    /// Family-wise rate of false regressions, 0.025 (one-sided, as the 95 % interval).
    public var falseAlarmRate: Double
    /// Cells in the family (judged by a paired test, with a goal).
    public var cells: Int
    public static let defaultRate = 0.025

    /// Which of `pValues` are rejected at `rate`.
    public static func holm(_ pValues: [Double], rate: Double = defaultRate) -> [Bool] {
      let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
      var rejected = [Bool](repeating: false, count: pValues.count)
      for (k, i) in order.enumerated() {
        guard pValues[i] <= rate / Double(pValues.count - k) else { break }
        rejected[i] = true
      }
      return rejected
    }
  }
  /// No regression.
  public var passed: Bool
  /// `true` for a baseline of replayed recordings: every cell was judged exactly (the same fixes each
  /// time, so any worsening beyond the tolerance is a regression); absent for scenarios.
  public var exact: Bool?

  public struct Cell: Sendable, Codable {
    public var scenario: String
    /// The strategy the baseline recorded.
    public var baselineStrategy: String
    /// The strategy rerun against it: the same text, or the candidate `check` substituted for it.
    public var strategy: String
    public var unit: String
    public var change: PairedChange
    /// The rerun's mean over its trials with a value, and that mean's 95 % interval (one trial: the
    /// mean at both ends): what `check --history` keeps. Not part of the check's JSON.
    public internal(set) var current: CheckHistory.Estimate? = nil

    enum CodingKeys: String, CodingKey { case scenario, baselineStrategy, strategy, unit, change }
  }

  /// A strategy on one side only: rerun but not recorded (added), or recorded but not rerun (removed).
  /// It is listed, never compared.
  public struct Unpaired: Sendable, Codable, Hashable {
    public var scenario: String
    public var strategy: String
    public init(scenario: String, strategy: String) { self.scenario = scenario; self.strategy = strategy }
  }

  /// A candidate judged against a recorded strategy (`check --candidate`, `check --strategies`).
  public struct Substitution: Sendable, Codable, Hashable {
    public var scenario: String
    public var baselineStrategy: String
    public var strategy: String
    public init(scenario: String, baselineStrategy: String, strategy: String) {
      self.scenario = scenario; self.baselineStrategy = baselineStrategy; self.strategy = strategy
    }
  }

  public var added: [Unpaired]
  public var removed: [Unpaired]
  public var substitutions: [Substitution]

  /// Pairs strategies by their canonical text, never by position: a baseline strategy is compared with
  /// the rerun strategy of the same text, or with the candidate `substitutions` names for it.
  /// - Parameters:
  ///   - baseline: the baseline's records, one per cell.
  ///   - current: the rerun's records of the same cells.
  ///   - scenarios: the sweep's scenarios with their cells.
  ///   - tolerances: per metric, in place of its floor.
  ///   - substitutions: per scenario name, baseline strategy text → the candidate rerun in its place.
  /// - Precondition: both hold every cell of `scenarios`.
  public init(
    baseline: [CellRecord], current: [CellRecord], scenarios: [SweepHeader.ScenarioInfo], tolerances: [Metric: Tolerance],
    substitutions: [String: [StrategyKey: StrategyKey]] = [:]
  ) {
    let old = Dictionary(baseline.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    let new = Dictionary(current.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
    var cells: [Cell] = []
    var added: [Unpaired] = [], removed: [Unpaired] = [], substituted: [Substitution] = []
    for info in scenarios {
      let range = info.firstCell..<(info.firstCell + info.trials)
      guard let first = old[info.firstCell], let firstNew = new[info.firstCell] else { continue }
      let recordedNames = first.strategies.map(\.strategy), rerunNames = firstNew.strategies.map(\.strategy)
      var paired = Set<Int>()
      for (i, name) in recordedNames.enumerated() {
        let wanted = substitutions[info.name]?[name] ?? name
        guard let k = rerunNames.indices.first(where: { rerunNames[$0] == wanted && !paired.contains($0) }) else {
          removed.append(Unpaired(scenario: info.name, strategy: name.text))
          continue
        }
        paired.insert(k)
        if wanted != name { substituted.append(Substitution(scenario: info.name, baselineStrategy: name.text, strategy: wanted.text)) }
        let metrics = first.strategies[i].scores.metrics.filter { firstNew.strategies[k].scores.scored($0) }
        for metric in metrics {
          let before = range.map { old[$0].map { $0.strategies[i].scores[metric] } ?? nil }
          let after = range.map { new[$0].map { $0.strategies[k].scores[metric] } ?? nil }
          cells.append(
            Cell(
              scenario: info.name, baselineStrategy: name.text, strategy: wanted.text, unit: metric.unit,
              change: PairedChange(
                metric: metric, old: before, new: after, tolerance: tolerances[metric],
                deterministic: info.recording != nil),
              current: CheckHistory.Estimate(after.compactMap { $0 })))
        }
      }
      for (k, name) in rerunNames.enumerated() where !paired.contains(k) { added.append(Unpaired(scenario: info.name, strategy: name.text)) }
    }
    self.cells = cells
    self.added = added
    self.removed = removed
    self.substitutions = substituted
    regressions = 0; improvements = 0; identical = 0; withinNoise = 0; changed = 0; notJudged = 0
    passed = true
    judge(gating: nil)
    if !scenarios.isEmpty && scenarios.allSatisfy({ $0.recording != nil }) { exact = true }
  }

  /// The same cells judged with only `metrics` able to fail the check (`check --objective`): a
  /// regression on another metric is a trade-off. Each side is its own family for the correction, so a
  /// trade-off is as sure as a regression would be. O(cells log cells).
  public func judged(only metrics: Set<Metric>, objective: String) -> BaselineCheck {
    var check = self
    check.objective = objective
    check.judge(gating: metrics)
    return check
  }

  /// Holm's correction over each family of cells with a paired test (those gating and the rest), the
  /// regressions outside `gating` made trade-offs, and the counts. A cell that failed only uncorrected
  /// (watch) is judged afresh.
  private mutating func judge(gating: Set<Metric>?) {
    for i in cells.indices where cells[i].change.verdict == .watch || cells[i].change.verdict == .tradeOff {
      cells[i].change.verdict = .regression
    }
    let tested = cells.indices.filter { cells[$0].change.pValue != nil }
    let metrics = cells.map(\.change.metric)
    let gates = { (i: Int) in gating?.contains(metrics[i]) ?? true }
    let families = [tested.filter(gates), tested.filter { !gates($0) }]
    for family in families where !family.isEmpty {
      let rejected = Correction.holm(family.map { cells[$0].change.pValue! })
      for (i, cell) in zip(rejected, family) where !i && cells[cell].change.verdict == .regression {
        cells[cell].change.verdict = .watch
      }
    }
    if gating != nil {
      for i in cells.indices where cells[i].change.verdict == .regression && !gates(i) { cells[i].change.verdict = .tradeOff }
    }
    correction = Correction(falseAlarmRate: Correction.defaultRate, cells: families[0].count)
    func count(_ verdict: PairedChange.Verdict) -> Int { cells.filter { $0.change.verdict == verdict }.count }
    regressions = count(.regression)
    improvements = count(.improvement)
    identical = count(.identical)
    withinNoise = count(.withinNoise)
    changed = count(.changed)
    notJudged = count(.notJudged)
    watch = count(.watch)
    negligible = count(.negligible)
    tradeOffs = gating == nil ? nil : count(.tradeOff)
    passed = regressions == 0
  }
}
