import Foundation
import NumericKit
import TrackCore

/// "Which filter should I ship, and why": the strategies ranked by an objective across scenarios, each
/// with a paired 95 % interval of its difference from the best, the best per class of run, and one
/// trade-off sentence per leading strategy. Every report opens with it.
///
/// The score of a strategy is `Σ weight(scenario) × objective(scenario)`, the objective evaluated on each
/// trial and then over trials exactly as `tune` does (``Objective``: `abs()` is the size on each run;
/// lower is better); over replayed recordings, its mean place (``rankedBy``). A scenario is ranked when
/// some strategy has a value there; a strategy without one on a ranked scenario (a failure on some
/// trial) is listed unranked with the reason.
///
/// The interval needs per-trial records (`run` has them; `report` on a records file too). It is a
/// **paired bootstrap**: each of `resamples` replicates draws every scenario's trials with replacement
/// (the same draw for every strategy: they filtered the same fixes), recomputes each strategy's
/// objective from the drawn trials, and takes the difference from the best; the interval is the 2.5 and
/// 97.5 % quantiles of those differences. A seeded GSL generator makes it reproducible to the bit.
/// "Indistinguishable from the best" means the interval contains zero.
public struct ShipVerdict: Sendable, Hashable, Codable {
  public var objective: String
  /// Scenario → weight, for the scenarios whose weight is not 1 (`--weights`).
  public var weights: [String: Double]
  /// Ranked strategies first (best first), then those without a score.
  public var ranking: [Entry]
  public var bestPerCategory: [CategoryBest]
  /// One sentence per leading strategy: where it is strongest and what it costs.
  public var tradeOffs: [String]
  /// Paired bootstrap replicates behind the intervals; 0 when there were no per-trial records.
  public var resamples: Int
  /// The scenarios the scores sum over, and those left out with the reason (a strategy missing there,
  /// or a metric of the objective without a value, e.g. distance error when standing still).
  public var scenariosRanked: [String]
  public var scenariosLeftOut: [LeftOut]

  /// How often each live strategy is the best on a single trial (the objective on that trial's scores,
  /// over the ranked scenarios' cells where every live ranked strategy has a value), most often first;
  /// `nil` without per-trial records. With a population each trial draws its own device, so this says
  /// whether the winner holds across devices or only on average.
  public var winners: [Winner]?

  /// How far the pick has been checked against real recordings (`--transfer`); `nil` when not given.
  public var transfer: TransferEvidence?

  /// How the scores combine the scenarios: absent for the weighted sum of the objective; `mean_rank`
  /// for a set of replayed recordings, where each strategy's score is its weighted mean rank among the
  /// live strategies on each recording (the objective ranks each one), so one pathological recording
  /// (a walk at +2,872 %) moves a strategy by a few places at most instead of deciding alone.
  public var rankedBy: RankedBy?

  public enum RankedBy: String, Sendable, Hashable, Codable {
    case meanRank = "mean_rank"
  }

  /// The live strategy to ship: the best ranked strategy that is not an offline smoother.
  public var pick: String? { ranking.first { $0.score != nil && $0.offline != true }?.strategy }

  public struct Winner: Sendable, Hashable, Codable {
    public var strategy: String
    /// Share of the judged trials it is best on, 0-1 (a tie shares the trial equally).
    public var share: Double
    /// Trials judged.
    public var trials: Int
  }

  /// Each ranked strategy's level on the trade-off metrics (scenario-weighted mean over the ranked
  /// scenarios; signed errors by size): what the trade-off sentences and the report's Pareto plot read.
  public var levels: [Levels]

  public struct Levels: Sendable, Hashable, Codable {
    public var strategy: String
    /// Metric name → level.
    public var values: [String: Double]
    public func value(_ metric: Metric) -> Double? { values[metric.rawValue] }
  }

  public struct LeftOut: Sendable, Hashable, Codable {
    public var scenario: String
    public var reason: String
  }

  public struct Entry: Sendable, Hashable, Codable {
    public var strategy: String
    /// The weighted objective; nil when a scenario gives it no value (`reason` says why).
    public var score: Double?
    /// score − best score.
    public var differenceFromBest: Double?
    public var ci95Low: Double?
    public var ci95High: Double?
    /// Whether the interval of the difference contains zero (nil without an interval).
    public var indistinguishableFromBest: Bool?
    public var reason: String?
    /// `true` for an offline smoother (it needs the whole recording, so no app can run it live): ranked
    /// in its own section, for post-run cleanup; its difference is from the best live strategy.
    public var offline: Bool?

    /// Not ranked because it ran on some of the ranked scenarios only (a scenario's own list).
    package var ranOnSomeScenarios: Bool { score == nil && reason?.hasPrefix(ShipVerdict.ranOnSome) == true }
  }

  /// The phones the ranked scenarios simulate, by kind (``deviceKind(_:)``: by what they do, measured:
  /// reports a speed or not, and whether its fixes as given already measure the distance), each kind with
  /// its receivers and scenarios and, when the scenarios simulate more than one kind, the best live
  /// strategy on the objective over that kind's scenarios (a phone without a speed reads its pace from
  /// positions, a phone whose chipset smooths leaves a filter less to do, so what to ship may differ);
  /// `nil` when no scenario says what it simulates.
  public var devices: [DeviceGroup]?
  /// Kinds of phone the verdict can tell apart that no ranked scenario simulates, beside kinds that some
  /// do (same speed, other fixes): the verdict has no answer for them; `nil` when every such kind is
  /// simulated.
  public var devicesNotSimulated: [String]?
  /// The scenarios scored per device (each trial draws its own device from a population): each trial's
  /// values over that trial's median live strategy, then the mean over trials times the mean median
  /// (``DeviceNormalised``); `nil` when none was.
  public var perDevice: [String]?

  /// Each scenario's own answer, ranked or left out: its best live strategy on the objective and the
  /// pick's place among the live strategies it ran, so a glance shows where the overall answer is not
  /// the local one; `nil` in files written before it.
  public var scenarioBest: [ScenarioBest]?

  /// One scenario's best live strategy on the objective (on a scenario drawing a device per trial, each
  /// device weighs alike, as in the ranking), and the pick's place there.
  public struct ScenarioBest: Sendable, Hashable, Codable {
    public var scenario: String
    /// The best live strategy; `nil` when none has a value there (e.g. distance error standing still).
    public var strategy: String?
    /// Live strategies with a value there.
    public var live: Int
    /// The pick's place among them (1 = best; ties share the better place); `nil` when the pick did
    /// not run there or has no value.
    public var pickPlace: Int?
  }

  public struct DeviceGroup: Sendable, Hashable, Codable {
    public var kind: String
    public var receivers: [String]
    public var scenarios: [String]
    public var strategy: String?
    public var score: Double?
  }

  public struct CategoryBest: Sendable, Hashable, Codable {
    public var category: String
    public var scenarios: [String]
    public var strategy: String
    public var score: Double
  }


  /// - Parameters:
  ///   - result: the summaries.
  ///   - records: every cell's per-trial scores, for the intervals (empty: no intervals).
  ///   - weights: scenario name → weight (others 1; 0 leaves a scenario out).
  ///   - resamples: bootstrap replicates.
  ///   - offline: strategies that need the whole recording (smoothers): ranked after the live ones, never
  ///     "the one to ship", and left out of the best per class and the trade-offs.
  public init(
    result: ExperimentResult, objective: Objective, objectiveText: String, weights: [String: Double] = [:],
    records: [CellRecord] = [], resamples: Int = 1000, offline: Set<StrategyKey> = []
  ) {
    self.objective = objectiveText
    self.weights = weights.filter { $0.value != 1 }
    let weighted = result.scenarios.filter { (weights[$0.name] ?? 1) != 0 }
    func weight(_ s: ScenarioResult) -> Double { weights[s.name] ?? 1 }

    // The candidates: the strategies run on the most scenarios (a scenario file may name its own extra
    // strategies); the scenarios ranked over: those where every candidate has a value, so every score
    // sums the same scenarios.
    var names: [StrategyKey] = []
    var coverage: [StrategyKey: Int] = [:]
    for scenario in weighted {
      for strategy in scenario.strategies {
        if coverage[strategy.strategy] == nil { names.append(strategy.strategy) }
        coverage[strategy.strategy, default: 0] += 1
      }
    }
    // Of the coverage levels, the one ranking the most strategy × scenario pairs: the strategies run on
    // at least that many scenarios, over the scenarios where all of them ran.
    var widest = coverage.values.max() ?? 0
    var mostPairs = -1
    for level in Set(coverage.values).sorted(by: >) {
      let set = names.filter { coverage[$0]! >= level }
      let shared = weighted.filter { scenario in set.allSatisfy { name in scenario.strategies.contains { $0.strategy == name } } }.count
      if set.count * shared > mostPairs { mostPairs = set.count * shared; widest = level }
    }
    let candidates = names.filter { coverage[$0]! >= widest }

    // Each strategy's objective on each scenario: from the summaries where they give it exactly (the
    // default objective: a mean of sizes and values), else from the per-trial records.
    let trialsByScenario = Dictionary(grouping: records, by: \.scenario).mapValues { $0.sorted { $0.trial < $1.trial } }
    // Where each trial draws its own device, no device decides for the others (docs/verdict.md).
    var perDevice: [String: DeviceNormalised] = [:]
    for scenario in weighted where scenario.device?.drawsDevices == true {
      if let trials = trialsByScenario[scenario.name], let found = DeviceNormalised(
        objective: objective, trials: trials, live: candidates.filter { !offline.contains($0) }, all: candidates)
      {
        perDevice[scenario.name] = found
      }
    }
    self.perDevice = perDevice.isEmpty ? nil : weighted.map(\.name).filter { perDevice[$0] != nil }
    var memo: [String: [StrategyKey: Objective.Value]] = [:]
    // The objective of `strategy` on `scenario` as its summaries give it exactly (the default
    // objective: a mean of sizes and values), else from the per-trial records.
    func plainValue(_ scenario: ScenarioResult, _ strategy: StrategyResult) -> Objective.Value {
      var found = objective.evaluate(strategy)
      if found == .needsTrials, let trials = trialsByScenario[scenario.name], !trials.isEmpty {
        found = objective.evaluate(trials: trials.count) { metric, t in
          trials[t].strategies.first { $0.strategy == strategy.strategy }?.scores[metric]
        }
      }
      return found
    }
    func value(_ scenario: ScenarioResult, _ name: StrategyKey) -> Objective.Value? {
      if let known = memo[scenario.name]?[name] { return known }
      guard let strategy = scenario.strategies.first(where: { $0.strategy == name }) else { return nil }
      if let normalised = perDevice[scenario.name], let index = normalised.strategies.firstIndex(of: name) {
        let found = Objective.Value.value(normalised.score(index, trials: Array(normalised.scale.indices)))
        memo[scenario.name, default: [:]][name] = found
        return found
      }
      let found = plainValue(scenario, strategy)
      memo[scenario.name, default: [:]][name] = found
      return found
    }

    // The scenarios ranked over: those every candidate ran where some candidate has a value (a metric
    // the scenario does not define, like distance error standing still, leaves it out). A candidate
    // without a value where others have one failed there on some trial: it is not ranked, and says so.
    var leftOut: [String: String] = [:]
    let scenarios = weighted.filter { scenario in
      var reason: String?
      var valued = false
      for name in candidates {
        guard let found = value(scenario, name) else {
          leftOut[scenario.name] = "not every strategy ran on it"
          return false
        }
        if found.number != nil { valued = true } else if reason == nil { reason = found.reason }
      }
      if !valued { leftOut[scenario.name] = reason ?? "no strategy has a value" }
      return valued
    }
    self.scenariosRanked = scenarios.map(\.name)
    self.scenariosLeftOut = weighted.compactMap { s in leftOut[s.name].map { LeftOut(scenario: s.name, reason: $0) } }

    var scores: [StrategyKey: Double] = [:]
    var reasons: [StrategyKey: String] = [:]
    for name in names {
      guard coverage[name]! >= widest else {
        reasons[name] = Self.ranOnSome + "\(coverage[name] ?? 0) of \(weighted.count) scenarios, not ranked"
        continue
      }
      guard !scenarios.isEmpty else { reasons[name] = "no scenario gives a strategy a value"; continue }
      var total = 0.0
      for scenario in scenarios {
        guard let found = value(scenario, name), let x = found.number else {
          reasons[name] = "no value on \(scenario.name): " + (value(scenario, name)?.reason ?? "not run")
          break
        }
        total += weight(scenario) * x
      }
      if reasons[name] != nil { continue }
      if Self.usable(total) { scores[name] = total } else { reasons[name] = "the weighted sum is beyond 1e300" }
    }
    // Recordings are ranked by place, not summed: each is one run of its own kind, and the objective's
    // size differs by orders of magnitude between a clean walk and a lost one.
    let byRank = scenarios.count >= 2 && scenarios.allSatisfy { $0.recording != nil }
    rankedBy = byRank ? .meanRank : nil
    if byRank {
      let scored = names.filter { scores[$0] != nil }
      let liveScored = scored.filter { !offline.contains($0) }
      var ranks: [StrategyKey: Double] = [:]
      let weightSum = scenarios.reduce(0) { $0 + weight($1) }
      for scenario in scenarios {
        let values = Dictionary(uniqueKeysWithValues: scored.map { ($0, value(scenario, $0)!.number!) })
        for name in scored {
          // A live strategy's place among the live ones; a smoother's place among them and itself.
          let field = liveScored.filter { $0 != name }.map { values[$0]! }
          let mine = values[name]!
          let below = Double(field.filter { $0 < mine }.count), ties = Double(field.filter { $0 == mine }.count)
          let place = 1 + below + 0.5 * ties
          ranks[name, default: 0] += weight(scenario) * place
        }
      }
      for name in scored { scores[name] = ranks[name]! / weightSum }
    }
    let sorted = names.filter { scores[$0] != nil }.sorted { (scores[$0]!, names.firstIndex(of: $0)!) < (scores[$1]!, names.firstIndex(of: $1)!) }
    // Live strategies first: the best is the best an app can run on the phone.
    let live = sorted.filter { !offline.contains($0) }
    let ranked = live + sorted.filter { offline.contains($0) }
    let best = ranked.first

    // Paired bootstrap of each strategy's difference from the best: each part of the objective (a
    // statistic over trials of a per-trial expression) is computed per trial once; a replicate redraws
    // the trials and takes the statistics again.
    var intervals: [StrategyKey: (Double, Double)] = [:]
    var replicatesUsed = 0
    if best != nil, !byRank, !records.isEmpty, resamples > 0 {
      let parts = objective.parts
      // columns[s][r][p]: scenario s, ranked strategy r, part p, per trial (NaN: no value).
      var columns: [[[[Double]]]] = []
      var usable = true
      for scenario in scenarios {
        guard let trials = trialsByScenario[scenario.name], trials.count >= 2 else { usable = false; break }
        let indices = ranked.map { name in trials[0].strategies.firstIndex { $0.strategy == name } }
        guard indices.allSatisfy({ $0 != nil }) else { usable = false; break }
        columns.append(indices.map { k in
          parts.map { part in trials.map { trial in part.perTrial.onTrial { trial.strategies[k!].scores[$0] } ?? .nan } }
        })
      }
      if usable {
        let random = RandomSource(seed: 0x5E1EC7)
        var differences = [[Double]](repeating: [], count: ranked.count)
        var draw: [Int] = []
        var drawn: [Double] = []
        var statistics = [Double](repeating: 0, count: parts.count)
        var replicate = [Double](repeating: 0, count: ranked.count)
        // Each ranked strategy's place in a per-device scenario's scores, found once, not per resample.
        let perDeviceIndex = scenarios.map { scenario in perDevice[scenario.name].map { normalised in ranked.map { normalised.strategies.firstIndex(of: $0) } } }
        for _ in 0..<resamples {
          for r in replicate.indices { replicate[r] = 0 }
          for (s, scenario) in scenarios.enumerated() {
            let n = columns[s][0].first?.count ?? 0
            draw.removeAll(keepingCapacity: true)
            for _ in 0..<n { draw.append(min(n - 1, Int(random.uniform() * Double(n)))) }
            if let normalised = perDevice[scenario.name], let places = perDeviceIndex[s] {
              for r in ranked.indices where replicate[r].isFinite {
                replicate[r] += places[r].map { weight(scenario) * normalised.score($0, trials: draw) } ?? .nan
              }
              continue
            }
            for r in ranked.indices where replicate[r].isFinite {
              for (p, part) in parts.enumerated() {
                drawn.removeAll(keepingCapacity: true)
                for i in draw { drawn.append(columns[s][r][p][i]) }
                // A drawn trial without a value leaves the strategy without one on this replicate.
                statistics[p] = drawn.contains(where: \.isNaN) ? .nan : part.statistic.of(drawn)
              }
              let found = statistics.contains(where: \.isNaN) ? nil : objective.combine(statistics).number
              replicate[r] += found.map { weight(scenario) * $0 } ?? .nan
            }
          }
          let bestValue = replicate[0]
          guard bestValue.isFinite else { continue }
          replicatesUsed += 1
          for r in ranked.indices where Self.usable(replicate[r] - bestValue) { differences[r].append(replicate[r] - bestValue) }
        }
        for (r, values) in differences.enumerated() where values.count >= resamples / 2 {
          if let low = Statistics.quantile(values, 0.025), let high = Statistics.quantile(values, 0.975) { intervals[ranked[r]] = (low, high) }
        }
      }
    }
    self.resamples = replicatesUsed
    winners = records.isEmpty ? nil : Self.winners(live, scenarios: Set(scenarios.map(\.name)), records: records, objective: objective)
    ranking = ranked.map { name in
      let gap = scores[name]! - scores[best!]!
      let difference: Double? = Self.usable(gap) ? gap : nil
      let interval = intervals[name]
      return Entry(
        strategy: name.text, score: scores[name], differenceFromBest: difference, ci95Low: interval?.0, ci95High: interval?.1,
        indistinguishableFromBest: interval.map { $0.0 <= 0 && 0 <= $0.1 }, reason: nil, offline: offline.contains(name) ? true : nil)
    } + names.filter { scores[$0] == nil }.map { Entry(strategy: $0.text, score: nil, differenceFromBest: nil, reason: reasons[$0], offline: offline.contains($0) ? true : nil) }

    // The best live strategy on the same objective over some of the scenarios.
    func bestLive(over members: [ScenarioResult]) -> (strategy: String, score: Double)? {
      var found: (strategy: String, score: Double)?
      for name in live {
        var total = 0.0
        for scenario in members {
          guard let x = value(scenario, name)?.number else { total = .nan; break }
          total += weight(scenario) * x
        }
        if Self.usable(total), total < found?.score ?? .infinity { found = (name.text, total) }
      }
      return found
    }

    // Best per class of run.
    var categories: [String] = []
    for scenario in scenarios { if let c = scenario.category, !categories.contains(c) { categories.append(c) } }
    bestPerCategory = categories.compactMap { category in
      let members = scenarios.filter { $0.category == category }
      return bestLive(over: members).map { CategoryBest(category: category, scenarios: members.map(\.name), strategy: $0.strategy, score: $0.score) }
    }

    // The phones simulated, by kind; each kind's best when there are several.
    let kindOf = scenarios.map(Self.deviceKind)
    var kinds: [String] = []
    for kind in kindOf { if let kind, !kinds.contains(kind) { kinds.append(kind) } }
    // The kind most scenarios simulate first (ties: first seen).
    let counts = Dictionary(grouping: kindOf.compactMap { $0 }, by: { $0 }).mapValues(\.count)
    kinds = kinds.enumerated().sorted { (counts[$0.element]!, -$0.offset) > (counts[$1.element]!, -$1.offset) }.map(\.element)
    let missing = Self.unsimulatedKinds(scenarios)
    devicesNotSimulated = missing.isEmpty ? nil : missing
    devices = kinds.isEmpty ? nil : kinds.map { kind in
      let members = scenarios.indices.filter { kindOf[$0] == kind }.map { scenarios[$0] }
      var receivers: [String] = []
      for scenario in members { if let receiver = scenario.device?.receiver, !receivers.contains(receiver) { receivers.append(receiver) } }
      let pick = kinds.count > 1 ? bestLive(over: members) : nil
      return DeviceGroup(kind: kind, receivers: receivers, scenarios: members.map(\.name), strategy: pick?.strategy, score: pick?.score)
    }

    // Each scenario's own best, on the same per-scenario scores the ranking sums where they are
    // comparable: a scenario's per-device scores cover its candidates only, so a scenario running more
    // compares them all by the plain objective.
    let pickKey = live.first
    scenarioBest = weighted.isEmpty ? nil : weighted.map { scenario in
      let here = scenario.strategies.filter { !offline.contains($0.strategy) }
      let normalised = perDevice[scenario.name].map { found in here.allSatisfy { found.strategies.contains($0.strategy) } } ?? false
      var values: [(StrategyKey, Double)] = []
      for strategy in here {
        let found = normalised ? value(scenario, strategy.strategy)?.number : plainValue(scenario, strategy).number
        if let found, Self.usable(found) { values.append((strategy.strategy, found)) }
      }
      let best = values.min { $0.1 < $1.1 }
      let mine = values.first { $0.0 == pickKey }?.1
      return ScenarioBest(
        scenario: scenario.name, strategy: best?.0.text, live: values.count,
        pickPlace: mine.map { mine in 1 + values.filter { $0.1 < mine }.count })
    }

    // Trade-offs of the leading strategies: rank on each key metric (scenario-weighted mean, by the
    // metric's goal), strongest and weakest.
    let metrics = Headlines.tradeOffs
    func level(_ name: StrategyKey, _ metric: Metric) -> Double? {
      var total = 0.0, weightSum = 0.0
      for scenario in scenarios {
        guard let summary = scenario.strategies.first(where: { $0.strategy == name })?.summary(metric), let mean = summary.mean else { continue }
        // A signed error is judged by its size on each run: +2 % and −2 % do not cancel.
        total += weight(scenario) * (metric.goal == .zero ? summary.meanAbsolute ?? abs(mean) : mean)
        weightSum += weight(scenario)
      }
      return weightSum > 0 && Self.usable(total / weightSum) ? total / weightSum : nil
    }
    var levels: [Metric: [StrategyKey: Double]] = [:]
    for metric in metrics { for name in ranked { if let x = level(name, metric) { levels[metric, default: [:]][name] = x } } }
    func badness(_ metric: Metric, _ x: Double) -> Double { x }
    self.levels = ranked.map { name in
      Levels(strategy: name.text, values: Dictionary(uniqueKeysWithValues: metrics.compactMap { metric in levels[metric]?[name].map { (metric.rawValue, $0) } }))
    }
    tradeOffs = live.prefix(5).enumerated().map { position, name in
      var placed: [(metric: Metric, place: Int, of: Int, value: Double)] = []
      for metric in metrics {
        // A metric on which every strategy stands level (the same power on an always-on suite) places
        // nobody: "best at 187 mW (1st)" would be every strategy's strength.
        guard let all = levels[metric], let mine = all[name], let low = all.values.min(), let high = all.values.max(), low < high else { continue }
        let place = 1 + all.values.filter { badness(metric, $0) < badness(metric, mine) }.count
        placed.append((metric, place, all.count, mine))
      }
      var sentence = "\(name): \(Self.ordinal(position + 1)) of \(live.count) live strategies on the objective"
      if let strongest = placed.min(by: { ($0.place, metrics.firstIndex(of: $0.metric)!) < ($1.place, metrics.firstIndex(of: $1.metric)!) }) {
        sentence += "; best at \(Self.phrase(strongest.metric, strongest.value)) (\(Self.ordinal(strongest.place)))"
        if let weakest = placed.max(by: { ($0.place, -metrics.firstIndex(of: $0.metric)!) < ($1.place, -metrics.firstIndex(of: $1.metric)!) }),
          weakest.metric != strongest.metric, weakest.place > strongest.place
        {
          sentence += ", weakest at \(Self.phrase(weakest.metric, weakest.value)) (\(Self.ordinal(weakest.place)) of \(weakest.of))"
        }
      }
      if let coverage = level(name, .claimCoverage) { sentence += Self.honesty(coverage) }
      return sentence + "."
    }
  }

  /// Points within this many of 68 % inside the claimed circle read as an honest claim in the verdict's
  /// trade-offs: a judgement, about the scatter of the suite's per-scenario coverage for a receiver's own
  /// claim.
  package static let honestCoverageBand = 10.0

  /// The trade-off sentence's clause on a strategy's accuracy claim (#67): how often its circle holds the
  /// truth, mean over the ranked scenarios, and what that says.
  package static func honesty(_ coverage: Double) -> String {
    let judgement =
      coverage < 68 - honestCoverageBand ? "drawn too small" : coverage > 68 + honestCoverageBand ? "drawn too large" : "about honest"
    return String(format: "; its accuracy circle holds the truth on %.0f %% of points", coverage) + " (68 % is honest: \(judgement))"
  }

  /// How the reason of a strategy that ran on some of the ranked scenarios only begins
  /// (``Entry/ranOnSomeScenarios``).
  static let ranOnSome = "run on "

  /// The raw track's distance error (median over trials, absolute, %) up to which a scenario's fixes
  /// count as already smooth: the receiver (its chipset's filter, the sky it sees) leaves a filter
  /// little distance to win. A judgement, set in a gap of the bundled suite's own runs (open-sky phones
  /// 0.0-1.4 %, a noisy receiver, a canyon, a tunnel or the woods 2.5-12.5 %), not fitted to any
  /// recording; docs/verdict.md.
  package static let smoothFixesPercent = 2.0

  /// A scenario's phone by what it does, measured along the run: whether its fixes carry a speed
  /// (``DeviceInfo/kind``) and, where `raw` ran, whether those fixes as given already measure the
  /// distance within ``smoothFixesPercent`` (median over trials: a population's noisiest device does
  /// not decide). `nil` when the scenario does not say which phone it simulates. O(strategies).
  package static func deviceKind(_ scenario: ScenarioResult) -> String? {
    guard let device = scenario.device else { return nil }
    guard let smooth = fixesAlreadySmooth(scenario) else { return device.kind }
    return device.kind + (smooth ? Self.smoothWording : Self.roughWording)
  }

  static let smoothWording = String(format: ", fixes already smooth (raw distance within %g %%)", smoothFixesPercent)
  static let roughWording = String(format: ", fixes not smooth (raw distance off by over %g %%)", smoothFixesPercent)

  /// Whether `raw`'s median distance error over the trials is within ``smoothFixesPercent``; `nil`
  /// without `raw` or without a value (a run standing still).
  static func fixesAlreadySmooth(_ scenario: ScenarioResult) -> Bool? {
    guard let raw = scenario.strategies.first(where: { $0.strategy.text == "raw" }),
      let median = raw.summary(.distanceErrorPercent)?.median, median.isFinite
    else { return nil }
    return abs(median) <= smoothFixesPercent
  }

  /// Kinds of the same speed as a simulated kind but with the other fixes, that no scenario simulates.
  static func unsimulatedKinds(_ scenarios: [ScenarioResult]) -> [String] {
    var seen: [(speed: String, smooth: Bool)] = []
    for scenario in scenarios {
      guard let device = scenario.device, let smooth = fixesAlreadySmooth(scenario) else { continue }
      if !seen.contains(where: { $0.speed == device.kind && $0.smooth == smooth }) { seen.append((device.kind, smooth)) }
    }
    var missing: [String] = []
    for kind in seen where !seen.contains(where: { $0.speed == kind.speed && $0.smooth != kind.smooth }) {
      let other = kind.speed + (kind.smooth ? Self.roughWording : Self.smoothWording)
      if !missing.contains(other) { missing.append(other) }
    }
    return missing
  }

  /// Per-trial winners among `live` on the records of `scenarios`, most often first (ties by `live`
  /// order); `nil` when no trial gives every strategy a value.
  static func winners(_ live: [StrategyKey], scenarios: Set<String>, records: [CellRecord], objective: Objective) -> [Winner]? {
    guard live.count >= 2 else { return nil }
    var wins = [Double](repeating: 0, count: live.count)
    var trials = 0
    // A sweep's records list the strategies in one order: each strategy's place, found once per scenario.
    var places: [String: [Int?]] = [:]
    var values: [Double] = []
    for record in records where scenarios.contains(record.scenario) {
      let place = places[record.scenario] ?? live.map { name in record.strategies.firstIndex { $0.strategy == name } }
      places[record.scenario] = place
      values.removeAll(keepingCapacity: true)
      for k in place {
        guard let k, k < record.strategies.count, let x = objective.evaluate(record.strategies[k].scores).number else { break }
        values.append(x)
      }
      guard values.count == live.count, let least = values.min() else { continue }
      let best = values.indices.filter { values[$0] == least }
      for i in best { wins[i] += 1 / Double(best.count) }
      trials += 1
    }
    guard trials > 0 else { return nil }
    return live.indices.sorted { (-wins[$0], $0) < (-wins[$1], $1) }.filter { wins[$0] > 0 }
      .map { Winner(strategy: live[$0].text, share: wins[$0] / Double(trials), trials: trials) }
  }

  /// Finite and at most 1e300 in magnitude (``ExperimentResult/largestMagnitude``): what a results file
  /// may hold, so a verdict written by `run` is always read back by `report`.
  static func usable(_ x: Double) -> Bool { x.isFinite && abs(x) <= ExperimentResult.largestMagnitude }

  /// "1st", "2nd", "11th", "23rd": the one ordinal every report and check writes.
  package static func ordinal(_ n: Int) -> String {
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
  }

  /// "distance error 0.42 %", "pace lag 9.1 s": the metric in words with its scenario-weighted mean.
  static func phrase(_ metric: Metric, _ value: Double) -> String {
    String(format: metric.descriptor.phraseFormat, value)
  }

  /// Parses `--weights scenario=2,other=0.5`.
  /// - Throws: a message naming the item and what was expected; a name not in `scenarios` too.
  public static func parseWeights(_ text: String, scenarios: [String]) throws(ToleranceError) -> [String: Double] {
    let items = try weightItems(text)
    for (item, name, _) in items where !scenarios.contains(name) {
      throw ToleranceError(message: "'\(item)': no scenario named \(name); expected one of \(scenarios.joined(separator: ", "))")
    }
    let weights = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.weight) })
    guard scenarios.contains(where: { (weights[$0] ?? 1) > 0 }) else {
      throw ToleranceError(message: "'\(text)' gives every scenario weight 0; expected at least one scenario with a weight above 0")
    }
    return weights
  }

  /// Parses `--weights scenario=2,other=0.5` without knowing the scenarios (before any work).
  /// - Throws: a message naming the item: an empty one, one without a decimal weight of 0 or more, or a
  ///   scenario weighted twice.
  public static func parseWeights(_ text: String) throws(ToleranceError) -> [String: Double] {
    Dictionary(uniqueKeysWithValues: try weightItems(text).map { ($0.name, $0.weight) })
  }

  /// The items of `--weights` in order, each with its text, scenario and weight.
  private static func weightItems(_ text: String) throws(ToleranceError) -> [(item: String, name: String, weight: Double)] {
    var items: [(item: String, name: String, weight: Double)] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
      let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, let weight = DecimalNumber.parse(parts[1]), weight >= 0 else {
        throw ToleranceError(message: "'\(item)': expected SCENARIO=WEIGHT with a weight of 0 or more (comma-separated)")
      }
      guard !items.contains(where: { $0.name == parts[0] }) else {
        throw ToleranceError(message: "'\(item)': \(parts[0]) is weighted twice; expected each scenario at most once")
      }
      items.append((item, parts[0], weight))
    }
    return items
  }
}
