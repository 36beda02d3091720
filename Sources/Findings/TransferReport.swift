import Evaluation
import Foundation
import NumericKit

/// Whether a simulation ranks strategies as real recordings do: per recording and criterion, the real
/// ranking (the recording replayed against its truth) beside the simulated one (the same motion with
/// the receiver over many trials), their agreement, the simulation's pick and what it costs on the real
/// recording. The JSON form (`trackbench transfer --format json`) is versioned by ``schema`` and
/// ``schemaVersion``; its keys are these names in snake case.
public struct TransferReport: Sendable, Hashable, Codable {
  public static let currentSchema = "trackbench-transfer"
  public static let currentSchemaVersion = 2

  public var schema = TransferReport.currentSchema
  public var schemaVersion = TransferReport.currentSchemaVersion
  /// What the simulation drew its receivers from, in words.
  public var receiver: String
  /// Whether every recording was judged with a receiver fitted without it (leave-one-recording-out),
  /// `false` when fitted with it (in sample) and `nil` when the receiver was given, not fitted here.
  public var outOfSample: Bool?
  public var trials: Int
  public var seed: UInt64
  /// Length of the bootstrap's windows, seconds.
  public var windowS: Double
  public var resamples: Int
  public var strategies: [String]
  /// The criteria, each a per-trial objective (lower is better).
  public var criteria: [String]
  public var recordings: [RecordingTransfer]
  public var summary: [CriterionSummary]
  /// The answer in words, first in every format: which live strategy the simulation ships (by the last
  /// criterion, the verdict's objective), its real rank and regret on each recording, and whether that
  /// is good enough (``goodEnoughShare``).
  public var headline: [String]

  /// Share of the recordings that can tell strategies apart on which the pick must be in the real top 3
  /// for the transfer to count as good enough: a judgement, stated in docs/transfer.md.
  public static let goodEnoughShare = 0.75

  public init(
    receiver: String, outOfSample: Bool?, trials: Int, seed: UInt64, windowS: Double, resamples: Int, strategies: [String], criteria: [String],
    recordings: [RecordingTransfer], headlineCriterion: String? = nil
  ) {
    self.receiver = receiver; self.outOfSample = outOfSample; self.trials = trials; self.seed = seed; self.windowS = windowS
    self.resamples = resamples; self.strategies = strategies; self.criteria = criteria; self.recordings = recordings
    summary = criteria.map { CriterionSummary(criterion: $0, recordings: recordings) }
    headline = Self.headline(criterion: headlineCriterion ?? criteria.last ?? "", recordings: recordings)
  }

  /// The headline on `criterion`: the pick, each recording's strict rank, the verdict on it.
  static func headline(criterion: String, recordings: [RecordingTransfer]) -> [String] {
    let judged = recordings.compactMap { r in r.criteria.first { $0.criterion == criterion }.map { (r.file, $0) } }
    guard let first = judged.first?.1 else { return ["No recording ranked two strategies on \(criterion): nothing to check."] }
    let picks = Set(judged.map(\.1.pick))
    let group = first.shipGroup
    var lines: [String] = []
    if picks.count == 1 {
      lines.append("The simulation ships \(first.pick) (the best of the \(group) by \(criterion)).")
    } else {
      lines.append("The simulation ships, per recording, the best of the \(group) by \(criterion): \(picks.sorted().joined(separator: ", ")).")
    }
    lines.append(
      "Its real rank and regret: "
        + judged.map { file, c in "\(file) \(c.pickRealRank) of \(c.ranked) (\(Self.signed(c.regret)))" }.joined(separator: "; ") + ".")
    let strict = judged.filter { $0.1.transfers }.count
    let telling = judged.filter { ($0.1.distinguishable ?? 1) > 0 }
    let strictTelling = telling.filter { $0.1.transfers }.count
    let same = judged.filter { $0.1.pickIndistinguishable == true }.count
    let nothing = judged.count - telling.count
    var verdict = "In the real top 3 on \(strict) of \(judged.count) recording\(judged.count == 1 ? "" : "s")"
    if telling.isEmpty {
      verdict += ": no recording tells any of the \(group) from its best, so these recordings cannot decide."
    } else {
      let enough = Double(strictTelling) >= goodEnoughShare * Double(telling.count)
      verdict += enough
        ? ": good enough (at least \(Int(goodEnoughShare * 100)) % of the \(telling.count) that tell strategies apart)."
        : ": NOT good enough (needs at least \(Int(goodEnoughShare * 100)) % of the \(telling.count) that tell strategies apart; \(strictTelling) of them)."
    }
    verdict += " Cannot be told from the real best on \(same) of \(judged.count)"
    verdict += nothing > 0 ? "; \(nothing) recording\(nothing == 1 ? " tells" : "s tell") no strategy from its best (too uncertain to count)." : "."
    lines.append(verdict)
    return lines
  }

  /// A signed figure to 3 significant digits, never "-0": how transfer reports write regrets.
  public static func signed(_ x: Double) -> String {
    let text = String(format: "%+.3g", x)
    return text == "-0" ? "+0" : text
  }

  /// A report read back from its JSON (``json()``).
  /// - Throws: ``JSONReadError`` in the schema's words: a field missing or of the wrong kind, or another
  ///   schema or version.
  public init(json data: Data) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    // The schema first: another version's fields would otherwise be reported as missing.
    struct Identity: Decodable { var schema: String; var schemaVersion: Int }
    let identity: Identity
    do { identity = try decoder.decode(Identity.self, from: data) } catch { throw JSONReadError(error) }
    guard identity.schema == Self.currentSchema, identity.schemaVersion == Self.currentSchemaVersion else {
      throw JSONReadError(
        field: "schema",
        message: "expected \(Self.currentSchema) version \(Self.currentSchemaVersion), found \(identity.schema) version \(identity.schemaVersion) (re-run trackbench transfer)")
    }
    do { self = try decoder.decode(TransferReport.self, from: data) } catch { throw JSONReadError(error) }
  }

  /// The report as JSON: sorted snake-case keys, two-space indents, one trailing newline.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }
}

/// One recording's transfer: each criterion's two rankings and what the simulation's pick costs.
public struct RecordingTransfer: Sendable, Hashable, Codable {
  /// The recording, as named.
  public var file: String
  /// Its truth, in words (a reference file, or a point it stood at).
  public var truth: String
  /// The receiver the simulation drew from for this recording, in words.
  public var receiver: String
  /// Seconds of the recording inside its truth's span (what both sides cover).
  public var durationS: Double
  public var fixes: Int
  /// Bootstrap windows the recording was cut into (0: too short for two).
  public var windows: Int
  public var criteria: [CriterionTransfer]

  public init(file: String, truth: String, receiver: String, durationS: Double, fixes: Int, windows: Int, criteria: [CriterionTransfer]) {
    self.file = file; self.truth = truth; self.receiver = receiver; self.durationS = durationS; self.fixes = fixes; self.windows = windows
    self.criteria = criteria
  }
}

/// What a strategy is to an app: a live filter it can ship, a sampling policy that drives the receiver
/// (also shipped live: judged with the filters, as the verdict ranks them), or an offline smoother for
/// post-run cleanup.
public enum StrategyKind: String, Sendable, Hashable, Codable {
  case live, sampling, smoother

  /// The kind in words, plural.
  public var plural: String {
    switch self {
    case .live: return "live strategies"
    case .sampling: return "sampling policies"
    case .smoother: return "smoothers"
    }
  }
}

/// One criterion on one recording: the simulation's pick among the live strategies, filters and sampling
/// policies (what the verdict ranks and ships), strictly judged by its real rank among them; smoothers in
/// a section of their own.
public struct CriterionTransfer: Sendable, Hashable, Codable {
  public var criterion: String
  /// The strategies ranked (those with a value on both sides), in the report's order, and their kinds.
  public var strategies: [String]
  public var kinds: [StrategyKind]
  /// The criterion's value per strategy on the real recording (one trial).
  public var real: [Double]
  /// Its value over the simulated trials per strategy (the criterion on each trial, then the mean).
  public var simulated: [Double]
  /// Kendall's τ-b and Spearman's ρ between the two rankings of every strategy; `nil` when either side
  /// ties every strategy.
  public var kendallTau: Double?
  public var spearmanRho: Double?
  /// Who the pick is chosen from: the live strategies (filters and sampling policies; the smoothers when fewer than two are live).
  public var shipGroup: String
  /// Strategies of that group ranked here.
  public var ranked: Int
  /// The simulation's best of the group and its rank among the group on the real recording (1 = best;
  /// ties share the better rank).
  public var pick: String
  public var pickRealRank: Int
  /// The real recording's best of the group.
  public var realBest: String
  /// The pick's real value minus the real best's, in the criterion's unit (0 when the pick is the best).
  public var regret: Double
  /// 95 % bootstrap interval of the pick's real value minus the best's: windows of the recording are
  /// scored on their own and resampled with replacement, and the percentile interval of the mean
  /// window difference is centred on the whole recording's difference; `nil` when the recording has
  /// fewer than two windows with a value for both.
  public var regretInterval: [Double]?
  /// Strategies of the group whose real difference from the real best has a 95 % bootstrap interval
  /// containing 0 (the best itself included): the real ranking cannot tell them from the best.
  public var indistinguishableFromBest: [String]?
  /// Whether the pick is among them (lenient: "as good as the best on this evidence").
  public var pickIndistinguishable: Bool?
  /// How many strategies of the group the recording tells from its best (0: it can tell nothing, and
  /// its rank says little); `nil` without the bootstrap.
  public var distinguishable: Int?
  /// Strict: the pick is in the real top 3 of the group.
  public var transfers: Bool
  /// The same judgement within the smoothers and within the sampling policies (two or more ranked).
  public var sections: [SectionPick]

  /// The simulation's pick within one kind of strategy and its real rank there.
  public struct SectionPick: Sendable, Hashable, Codable {
    public var kind: StrategyKind
    public var ranked: Int
    public var pick: String
    public var pickRealRank: Int
    public var realBest: String
    public var regret: Double
  }

  /// Judges one criterion: ranks, agreement, the pick among the live strategies, its regret and the
  /// bootstrap, and the picks among smoothers and sampling policies.
  /// - Parameters:
  ///   - kinds: per strategy, what it is (all live when empty).
  ///   - real: per strategy, the real value (`nil`: none).
  ///   - simulated: per strategy, the simulated value (`nil`: none).
  ///   - windows: per window, per strategy, the real value on that window alone.
  ///   - random: draws the bootstrap's window indices.
  /// - Returns: `nil` when fewer than two strategies have values on both sides.
  /// - Complexity: O(resamples · windows · strategies).
  public static func judge(
    criterion: String, strategies names: [String], kinds given: [StrategyKind] = [], real: [Double?], simulated: [Double?], windows: [[Double?]],
    resamples: Int, random: RandomSource
  ) -> CriterionTransfer? {
    let allKinds = given.isEmpty ? names.map { _ in StrategyKind.live } : given
    let kept = names.indices.filter { real[$0] != nil && simulated[$0] != nil }
    guard kept.count >= 2 else { return nil }
    let realValues = kept.map { real[$0]! }, simulatedValues = kept.map { simulated[$0]! }
    let kinds = kept.map { allKinds[$0] }
    // The pick is what the verdict ships, from what the verdict ranks: every strategy an app runs live
    // (filters and sampling policies alike, #64); smoothers only when fewer than two run live.
    let liveCount = kinds.filter { $0 != .smoother }.count
    let group = liveCount >= 2 ? kept.indices.filter { kinds[$0] != .smoother } : Array(kept.indices)
    let groupName = liveCount >= 2 ? StrategyKind.live.plural : "strategies"
    func best(_ values: [Double], in members: [Int]) -> Int { members.min { (values[$0], $0) < (values[$1], $1) }! }
    let pick = best(simulatedValues, in: group)
    let realBest = best(realValues, in: group)
    let pickRank = 1 + group.filter { realValues[$0] < realValues[pick] }.count
    // Each strategy of the group against the real best, window by window, resampled.
    var distinguishable: [String]? = nil
    var regretInterval: [Double]? = nil
    let paired = windows.filter { window in window[kept[realBest]] != nil }
    if paired.count >= 2 && resamples > 0 {
      var same: [String] = []
      for position in group {
        let index = kept[position]
        let differences = paired.compactMap { window in window[index].map { $0 - window[kept[realBest]]! } }
        guard differences.count >= 2, let observed = Statistics.mean(differences) else { continue }
        // The spread of the window means, centred on the whole recording's difference (a criterion such
        // as |distance error| is not a mean over windows, so the windows give its uncertainty, not its value).
        let spread = bootstrapInterval(of: differences, resamples: resamples, random: random)
        let whole = realValues[position] - realValues[realBest]
        let interval = (whole + spread.lowerBound - observed)...(whole + spread.upperBound - observed)
        if position == pick { regretInterval = [interval.lowerBound, interval.upperBound] }
        if position == realBest || interval.contains(0) { same.append(names[index]) }
      }
      distinguishable = same
    }
    let pickName = names[kept[pick]]
    var sections: [SectionPick] = []
    for kind in [StrategyKind.smoother] where liveCount >= 2 {
      let members = kept.indices.filter { kinds[$0] == kind }
      guard members.count >= 2 else { continue }
      let p = best(simulatedValues, in: members), b = best(realValues, in: members)
      sections.append(SectionPick(
        kind: kind, ranked: members.count, pick: names[kept[p]], pickRealRank: 1 + members.filter { realValues[$0] < realValues[p] }.count,
        realBest: names[kept[b]], regret: realValues[p] - realValues[b]))
    }
    return CriterionTransfer(
      criterion: criterion, strategies: kept.map { names[$0] }, kinds: kinds, real: realValues, simulated: simulatedValues,
      kendallTau: Statistics.kendallTauB(simulatedValues, realValues), spearmanRho: Statistics.spearman(simulatedValues, realValues),
      shipGroup: groupName, ranked: group.count, pick: pickName, pickRealRank: pickRank, realBest: names[kept[realBest]],
      regret: realValues[pick] - realValues[realBest], regretInterval: regretInterval, indistinguishableFromBest: distinguishable,
      pickIndistinguishable: distinguishable.map { $0.contains(pickName) }, distinguishable: distinguishable.map { group.count - $0.count },
      transfers: pickRank <= 3, sections: sections)
  }

  /// The real rank of `strategy` among this criterion's ship group (1 = best), `nil` when not ranked there.
  public func realRank(of strategy: String) -> Int? {
    guard let i = strategies.firstIndex(of: strategy) else { return nil }
    let live = shipGroup == StrategyKind.live.plural
    let members = strategies.indices.filter { !live || kinds[$0] != .smoother }
    guard members.contains(i) else { return nil }
    return 1 + members.filter { real[$0] < real[i] }.count
  }

  /// The real best value among the ship group.
  public var realBestValue: Double { real[strategies.firstIndex(of: realBest)!] }

  /// The 2.5-97.5 % percentile interval of the mean of `values` resampled with replacement.
  static func bootstrapInterval(of values: [Double], resamples: Int, random: RandomSource) -> ClosedRange<Double> {
    var means: [Double] = []
    means.reserveCapacity(resamples)
    for _ in 0..<resamples {
      var sum = 0.0
      for _ in values { sum += values[min(Int(random.uniform() * Double(values.count)), values.count - 1)] }
      means.append(sum / Double(values.count))
    }
    let low = Statistics.quantile(means, 0.025) ?? 0, high = Statistics.quantile(means, 0.975) ?? 0
    return min(low, high)...max(low, high)
  }
}

/// One criterion over every recording: the simulation's agreement with each, beside the agreement of
/// real recordings with one another (the ceiling a simulation can reach: recordings disagree too).
public struct CriterionSummary: Sendable, Hashable, Codable {
  public var criterion: String
  /// Recordings on which the criterion ranked at least two strategies.
  public var recordings: Int
  /// Kendall's τ-b simulated against real: least, median and largest over recordings.
  public var tauSimulated: [Double]?
  /// Kendall's τ-b of one real recording's ranking against another's, over every pair of recordings
  /// (the strategies both ranked): least, median and largest.
  public var tauRealVsReal: [Double]?
  /// Recordings whose real top 3 (of the live strategies) holds the pick: strict.
  public var transferred: Int
  /// Recordings where the bootstrap cannot tell the pick from the real best (lenient).
  public var indistinguishable: Int
  /// Recordings that tell no strategy of the group from its best.
  public var tellingNothing: Int
  /// The mean regret over recordings, in the criterion's unit.
  public var meanRegret: Double?

  /// Whether the simulated ranking agrees with the real ones no better than chance (its median tau over
  /// recordings at or below 0, or none): its pick and regret are then no evidence either way.
  public var noBetterThanChance: Bool { (tauSimulated.map { $0[1] } ?? 0) <= 0 }

  public init(criterion: String, recordings all: [RecordingTransfer]) {
    self.criterion = criterion
    let judged = all.compactMap { recording in recording.criteria.first { $0.criterion == criterion } }
    recordings = judged.count
    tauSimulated = Self.spread(judged.compactMap(\.kendallTau))
    var pairs: [Double] = []
    for i in judged.indices {
      for j in judged.indices where j > i {
        let shared = judged[i].strategies.filter { judged[j].strategies.contains($0) }
        guard shared.count >= 2 else { continue }
        let a = shared.map { judged[i].real[judged[i].strategies.firstIndex(of: $0)!] }
        let b = shared.map { judged[j].real[judged[j].strategies.firstIndex(of: $0)!] }
        if let tau = Statistics.kendallTauB(a, b) { pairs.append(tau) }
      }
    }
    tauRealVsReal = Self.spread(pairs)
    transferred = judged.filter(\.transfers).count
    indistinguishable = judged.filter { $0.pickIndistinguishable == true }.count
    tellingNothing = judged.filter { $0.distinguishable == 0 }.count
    meanRegret = Statistics.mean(judged.map(\.regret))
  }

  static func spread(_ values: [Double]) -> [Double]? {
    guard let low = values.min(), let high = values.max(), let median = Statistics.quantile(values, 0.5) else { return nil }
    return [low, median, high]
  }
}

extension TransferEvidence {
  /// The evidence `report` (read from `file`) gives on `strategy`, the pick of a verdict ranked by `objective`.
  public init(report: TransferReport, file: String, strategy: String, objective: String) {
    guard report.criteria.contains(objective) else {
      self.init(
        file: file, criterion: nil, outOfSample: report.outOfSample, strategy: strategy, recordings: 0, ranks: [],
        ranked: [], transfers: 0, indistinguishable: 0, meanRegret: nil, tauSimulated: nil, tauRealVsReal: nil,
        note: "the transfer check judged \(report.criteria.joined(separator: "; ")), not this objective")
      return
    }
    var ranks: [Int] = []
    var ranked: [Int] = []
    var regrets: [Double] = []
    var transfers = 0
    var indistinguishable = 0
    for recording in report.recordings {
      guard let judged = recording.criteria.first(where: { $0.criterion == objective }),
        let index = judged.strategies.firstIndex(of: strategy), let rank = judged.realRank(of: strategy)
      else { continue }
      ranks.append(rank)
      ranked.append(judged.ranked)
      regrets.append(judged.real[index] - judged.realBestValue)
      if rank <= 3 { transfers += 1 }
      if judged.indistinguishableFromBest?.contains(strategy) == true { indistinguishable += 1 }
    }
    let summary = report.summary.first { $0.criterion == objective }
    self.init(
      file: file, criterion: objective, outOfSample: report.outOfSample, strategy: strategy, recordings: ranks.count,
      ranks: ranks, ranked: ranked, transfers: transfers, indistinguishable: indistinguishable,
      meanRegret: Statistics.mean(regrets), tauSimulated: summary?.tauSimulated, tauRealVsReal: summary?.tauRealVsReal,
      note: ranks.isEmpty ? "the transfer check did not rank \(strategy)" : nil)
  }
}
