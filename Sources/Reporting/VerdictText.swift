import Evaluation
import TrackCore
import Foundation

/// The verdict that opens every report, as Markdown and as terminal text.
package enum VerdictText {
  @_optimize(none)
  static func score(_ x: Double?) -> String { x.map { String(format: "%.3f", $0) } ?? "n/a" }
  @_optimize(none)
  static func signed(_ x: Double?) -> String { x.map { String(format: "%+.3f", $0) } ?? "" }

  /// "Phones simulated: phones that report speed, fixes already smooth (raw distance within 2 %)
  /// (population phones-open-sky; 11 scenarios): ship kalman; phones that report no speed, fixes not
  /// smooth (raw distance off by over 2 %) (population phones-urban; downtown-grid): ship ema.": which
  /// phones the verdict is about, what to ship for each kind when there are several, and the kinds it
  /// has no answer for; `nil` when the scenarios do not say.
  @_optimize(none)
  static func devices(_ verdict: ShipVerdict, label: (String) -> String = StrategyLabels.shown) -> String? {
    guard let groups = verdict.devices, !groups.isEmpty else { return nil }
    let parts = groups.map { "\($0.kind) \(simulatedBy($0))\(answer($0, label: label))" }
    let agreement = samePick(groups).map { " " + $0 } ?? ""
    let unanswered = self.unanswered(verdict).map { " " + $0 } ?? ""
    return "Phones simulated: " + parts.joined(separator: "; ") + "." + agreement + unanswered
  }

  /// "(population phones-urban; 2 scenarios)": what simulates a kind of phone.
  @_optimize(none)
  static func simulatedBy(_ group: ShipVerdict.DeviceGroup) -> String {
    "(\(group.receivers.joined(separator: ", ")); \(group.scenarios.count == 1 ? group.scenarios[0] : "\(group.scenarios.count) scenarios"))"
  }

  /// ": ship kalman", ": leave the fixes alone (raw)", or nothing with a single kind.
  @_optimize(none)
  static func answer(_ group: ShipVerdict.DeviceGroup, label: (String) -> String) -> String {
    group.strategy.map { $0 == "raw" ? ": leave the fixes alone (raw)" : ": ship \(label($0))" } ?? ""
  }

  @_optimize(none)
  static func samePick(_ groups: [ShipVerdict.DeviceGroup]) -> String? {
    groups.count > 1 && Set(groups.compactMap(\.strategy)).count == 1 ? "The same pick for each kind." : nil
  }

  /// A kind the verdict tells apart but nothing here simulates gets no answer, rather than its
  /// neighbour's (issue #64: chipset-smoothed phones were answered by a canyon and a noisy receiver).
  @_optimize(none)
  static func unanswered(_ verdict: ShipVerdict) -> String? {
    verdict.devicesNotSimulated.map { "No scenario here simulates \($0.joined(separator: "; ")): no answer for them." }
  }

  /// "+0.071 [−0.020, +0.150], indistinguishable" or "+0.80 [+0.61, +1.02]".
  @_optimize(none)
  static func difference(_ entry: ShipVerdict.Entry, best: Bool) -> String {
    if best { return "best" }
    var text = signed(entry.differenceFromBest)
    if let low = entry.ci95Low, let high = entry.ci95High {
      text += " [\(signed(low)), \(signed(high))]"
      if entry.indistinguishableFromBest == true { text += " ≈ best" }
    }
    return text
  }

  /// The verdict's trade-off sentences with each process strategy's text as reports show it
  /// (``StrategyLabels/shown(_:)``), longest texts replaced first.
  @_optimize(none)
  static func tradeOffs(_ verdict: ShipVerdict) -> [String] {
    let texts = verdict.ranking.map(\.strategy).filter { StrategyLabels.shown($0) != $0 }.sorted { $0.count > $1.count }
    return verdict.tradeOffs.map { sentence in
      texts.reduce(sentence) { $0.replacingOccurrences(of: $1, with: StrategyLabels.shown($1)) }
    }
  }

  /// The ranked live strategies (best first), the ranked offline ones, and those without a score.
  @_optimize(none)
  static func sections(_ verdict: ShipVerdict) -> (live: [ShipVerdict.Entry], offline: [ShipVerdict.Entry], unscored: [ShipVerdict.Entry]) {
    let scored = verdict.ranking.filter { $0.score != nil }
    return (scored.filter { $0.offline != true }, scored.filter { $0.offline == true }, verdict.ranking.filter { $0.score == nil })
  }

  /// The lead: the live strategy to ship, and what follows its name.
  @_optimize(none)
  package static func lead(_ verdict: ShipVerdict) -> (strategy: String, rest: String)? {
    let live = sections(verdict).live
    guard let best = live.first else { return nil }
    let ties = live.dropFirst().filter { $0.indistinguishableFromBest == true }.count
    var rest = " on this objective" + (ties > 0 ? " (or one marked ≈ best)" : "")
    // raw first, or a pass-through scoring exactly what raw scores: nothing here beats the fixes as the
    // receiver gave them, and the answer says so in those words (issue #64).
    if let raw = live.first(where: { $0.strategy == "raw" }), raw.score == best.score {
      rest += ": leave the fixes alone. No filter here beats the fixes as the receiver gave them"
        + (best.strategy == "raw" ? "" : " (\(best.strategy) passes them all and scores the same as raw)")
    }
    return (best.strategy, rest + ".")
  }

  /// "Best on a single trial (with a population each trial draws its own device), of 392 trials:
  /// run-adaptive 44 %, kalman 27 %, weighted-average 10 %, 11 others 19 %." and, when the most frequent
  /// winner is not the pick, why; `nil` without per-trial winners.
  /// - Parameter label: a strategy's name as the table shows it (a short label on a narrow terminal).
  @_optimize(none)
  static func stability(_ verdict: ShipVerdict, label: (String) -> String = StrategyLabels.shown) -> String? {
    // One trial (a replayed recording) has one winner, the pick itself: nothing to say about stability.
    guard let winners = verdict.winners, let first = winners.first, first.trials > 1 else { return nil }
    let percent = { (x: Double) in String(format: "%.0f %%", 100 * x) }
    let named = winners.prefix(3)
    var parts = named.map { "\(label($0.strategy)) \(percent($0.share))" }
    let rest = winners.dropFirst(3).reduce(0) { $0 + $1.share }
    if rest > 0 { parts.append("\(winners.count - 3) others \(percent(rest))") }
    let pick = lead(verdict)?.strategy
    let lead = pick == nil || first.strategy == pick ? "" : " \(label(pick!)) wins fewer single trials than \(label(first.strategy)): it is best on the objective over all trials, not on most of them."
    return "Best on a single trial (with a population each trial draws its own device), of \(first.trials) trials: "
      + parts.joined(separator: ", ") + "." + lead
  }

  /// "Energy: the pick draws 186.5 mW; the best-ranked strategy drawing at most half that is …": the
  /// battery side of the pick, from the verdict's levels; `nil` when the strategies have no energy, or
  /// when every live strategy draws the same (all always on: nothing to choose on battery).
  @_optimize(none)
  package static func energy(_ verdict: ShipVerdict, label: (String) -> String = StrategyLabels.shown) -> String? {
    let key = Metric.meanPower.rawValue
    let power = Dictionary(verdict.levels.compactMap { level in level.values[key].map { (level.strategy, $0) } }, uniquingKeysWith: { a, _ in a })
    guard let pick = verdict.pick, let mine = power[pick] else { return nil }
    let live = sections(verdict).live
    let draws = live.compactMap { power[$0.strategy] }
    guard let least = draws.min(), let most = draws.max(), most - least >= 0.05 else { return nil }
    var text = "Energy: \(label(pick)) draws \(NumberText.fixed(mine, decimals: 1)) mW on average"
    if let (rank, entry) = live.enumerated().first(where: { power[$0.element.strategy].map { $0 <= mine / 2 } ?? false }) {
      text += "; the best-ranked strategy drawing at most half that is \(label(entry.strategy)) (\(ordinal(rank + 1)), "
        + "\(NumberText.fixed(power[entry.strategy]!, decimals: 1)) mW)."
    } else {
      text += "; no ranked strategy draws half of it."
    }
    return text
  }

  static let offlineHeading = "For post-run cleanup (offline smoothers: they need the whole run, so no app can run them live)"

  /// What the score's number is: the objective's units, said once.
  /// "Checked on 2 real recordings (drives.json, out of sample): kalman ranks 8th and 6th of 16 there …",
  /// with a warning when the pick is not in the real top 3 of the live strategies (strict); `nil` without `--transfer`.
  @_optimize(none)
  package static func checked(_ verdict: ShipVerdict, label: (String) -> String = StrategyLabels.shown) -> String? {
    guard let t = verdict.transfer else { return nil }
    guard t.criterion != nil, t.recordings > 0 else { return "Not checked against real recordings here: \(t.file): \(t.note ?? "")." }
    let sample = t.outOfSample.map { $0 ? "out of sample" : "IN SAMPLE, so flattered" } ?? "with the receiver it was given"
    let ranks = zip(t.ranks, t.ranked).map { "\(ordinal($0)) of \($1)" }
    let listed = ranks.count <= 2 ? ranks.joined(separator: " and ") : ranks.dropLast().joined(separator: ", ") + " and " + ranks.last!
    var text = "Checked on \(t.recordings) real recording\(t.recordings == 1 ? "" : "s") (\(t.file), \(sample)): \(label(t.strategy)) ranks \(listed) there"
    if let regret = t.meanRegret { text += String(format: " (mean regret %+.3g)", regret) }
    if let tau = t.tauSimulated {
      text += String(format: "; the simulated ranking against the real ones: tau %+.2f to %+.2f", tau[0], tau[2])
      if let real = t.tauRealVsReal { text += String(format: " (one real recording against another: %+.2f to %+.2f)", real[0], real[2]) }
    }
    text += "."
    // A ranking no better than chance is no evidence either way (as transfer says of it, #64).
    if (t.tauSimulated.map { $0[1] } ?? 0) <= 0 {
      text += " Caveat: here the simulated ranking agrees with the real ones no better than chance, so this is no evidence either way."
    }
    if t.transfers < t.recordings {
      text += " Warning: the pick is not in the real top 3 of the live strategies on \(t.recordings - t.transfers) of \(t.recordings)"
      text += t.indistinguishable > 0 ? " (it cannot be told from the real best on \(t.indistinguishable))." : "."
    }
    return text
  }

  @_optimize(none)
  static func ordinal(_ n: Int) -> String { ShipVerdict.ordinal(n) }

  @_optimize(none)
  static func units(_ verdict: ShipVerdict) -> String {
    guard let objective = try? Objective(parsing: verdict.objective) else { return "" }
    var units: [String] = []
    for metric in objective.metrics where !units.contains(metric.unit) { units.append(metric.unit) }
    switch units.count {
    case 0: return ""
    case 1: return " Scores are in \(units[0].isEmpty ? "the metric's own count" : units[0])."
    default: return " Scores are unitless: a sum of numbers in \(units.map { $0.isEmpty ? "counts" : $0 }.joined(separator: " and ")), comparable only with each other."
    }
  }

  /// How the objective treats trials, in words: errors of both signs never cancel across runs.
  @_optimize(none)
  static func perTrial(_ verdict: ShipVerdict) -> String {
    guard let objective = try? Objective(parsing: verdict.objective) else { return "" }
    let implicit = objective.parts.count == 1 && objective.parts[0].statistic == .mean && !verdict.objective.contains("mean(")
    return implicit ? "on each trial, then its mean over trials" : "(abs, min, max and arithmetic on each trial; statistics over trials as written)"
  }

  @_optimize(none)
  static func heading(_ verdict: ShipVerdict, scenarios: Int) -> String {
    let count = verdict.scenariosRanked.count
    var text =
      verdict.rankedBy == .meanRank
      ? "Ranked by mean place over \(count) recordings, each recording ranking the live strategies by `\(verdict.objective)` (lower is better; a smoother by its place among them), so no one recording decides alone"
      : "Ranked by `\(verdict.objective)` \(perTrial(verdict)) (lower is better), summed over \(count) scenario\(count == 1 ? "" : "s")"
    if !verdict.weights.isEmpty {
      text += " weighted " + verdict.weights.sorted { $0.key < $1.key }.map { "\($0.key)=\("\($0.value)")" }.joined(separator: ", ")
    }
    if let perDevice = verdict.perDevice, !perDevice.isEmpty {
      let n = perDevice.count
      text += "; on the \(n == 1 ? "scenario" : "\(n) scenarios") drawing a device per trial, each device weighs alike (a trial's values over its median strategy's, docs/verdict.md)"
    }
    text += verdict.resamples > 0
      ? "; difference from the best with a paired 95 % interval (bootstrap over trials, \(verdict.resamples) resamples; ≈ best: the interval contains zero)."
      : verdict.winners == nil
        ? "; no intervals (the results file has no per-trial records: report a records file for them)."
        : "; no intervals (one trial per scenario, as a replayed recording is: nothing to resample)."
    text += verdict.rankedBy == .meanRank ? " Scores are mean places: 1 is best on every recording." : units(verdict)
    if !verdict.scenariosLeftOut.isEmpty {
      text += " Left out: " + verdict.scenariosLeftOut.map { "\($0.scenario) (\($0.reason))" }.joined(separator: "; ") + "."
    }
    return text
  }

  @_optimize(none)
  static func markdown(_ verdict: ShipVerdict, scenarios: Int) -> String {
    var out = "## Verdict: which filter to ship\n\n"
    if let lead = lead(verdict) { out += "**Ship `\(StrategyLabels.shown(lead.strategy))`**\(lead.rest)\n\n" }
    // What to ship for each kind of phone comes next to the overall answer, before the ranking.
    if let devices = devices(verdict, label: { "`\(StrategyLabels.shown($0))`" }) { out += "**Phones simulated:**" + devices.dropFirst("Phones simulated:".count) + "\n\n" }
    out += heading(verdict, scenarios: scenarios) + "\n\n"
    let (live, offline, unscored) = sections(verdict)
    func table(_ entries: [ShipVerdict.Entry], bestFirst: Bool) -> String {
      var text = "| # | strategy | score | vs best |\n|---:|---|---:|---|\n"
      for (i, entry) in entries.enumerated() {
        let strategy = "`\(StrategyLabels.shown(entry.strategy).replacingOccurrences(of: "|", with: "\\|"))`"
        if entry.score == nil {
          text += "| – | \(strategy) | n/a | \(entry.reason ?? "") |\n"
        } else {
          text += "| \(i + 1) | \(strategy) | \(score(entry.score)) | \(difference(entry, best: bestFirst && i == 0)) |\n"
        }
      }
      return text
    }
    out += table(live + unscored, bestFirst: true)
    if !offline.isEmpty { out += "\n**\(offlineHeading)**, against the best live strategy:\n\n" + table(offline, bestFirst: false) }
    if !verdict.bestPerCategory.isEmpty {
      out += "\n**Best per class of run:** " + verdict.bestPerCategory.map { "\($0.category) (\($0.scenarios.joined(separator: ", "))): `\(StrategyLabels.shown($0.strategy))`" }.joined(separator: "; ") + ".\n"
    }
    if let stability = stability(verdict) { out += "\n**Winner stability:** \(stability)\n" }
    if let energy = energy(verdict, label: { "`\(StrategyLabels.shown($0))`" }) { out += "\n**\(energy.prefix(7))** \(energy.dropFirst(8))\n" }
    if let checked = checked(verdict) { out += "\n**Checked against real recordings:** \(checked)\n" }
    if !verdict.tradeOffs.isEmpty {
      out += "\n**Trade-offs:**\n\n" + tradeOffs(verdict).map { "- \($0)\n" }.joined()
    }
    return out + "\n"
  }

  @_optimize(none)
  static func plain(_ verdict: ShipVerdict, scenarios: Int, width: Int) -> String {
    plain(verdict, scenarios: scenarios, width: width, aliases: AliasBook())
  }

  /// The terminal verdict, numbering short labels in `aliases`, the report's one numbering, and naming
  /// strategies apart from the report's others (`context`).
  @_optimize(none)
  static func plain(_ verdict: ShipVerdict, scenarios: Int, width: Int, aliases: AliasBook, context: [StrategyKey] = []) -> String {
    var out = "Verdict: which filter to ship\n"
    if let lead = lead(verdict) { out += TableRenderer.wrapped("Ship \(StrategyLabels.shown(lead.strategy))\(lead.rest)", width: width, indent: "  ") }
    let (live, offline, allUnscored) = sections(verdict)
    // Strategies that ran on some scenarios only (a scenario's own list: the track's lane filters, a
    // hill's elevation estimators) are one line below the table, not a row each: each scenario's own
    // table ranks them where they ran, and Markdown and HTML list them.
    let partial = allUnscored.filter(\.ranOnSomeScenarios)
    let unscored = allUnscored.filter { !$0.ranOnSomeScenarios }
    let entries = live + unscored + offline
    let full = entries.map(\.strategy)
    // Strategies by their full text when the table fits, else by short names with a legend below.
    func lines(_ labels: [String]) -> [String] {
      var rows = [["#", "strategy", "score", "vs best"]]
      var breaks: [Int] = []
      for (i, entry) in entries.enumerated() {
        if i == live.count + unscored.count, !offline.isEmpty { breaks.append(rows.count) }
        let number = i < live.count ? i + 1 : i - live.count - unscored.count + 1
        rows.append(
          entry.score == nil
            ? ["-", labels[i], "n/a", entry.reason ?? ""] : ["\(number)", labels[i], score(entry.score), difference(entry, best: i == 0 && !live.isEmpty)])
      }
      var text: [String] = []
      for (r, row) in NumberText.columns(rows, left: [1, 3]).enumerated() {
        if breaks.contains(r) { text.append("  " + offlineHeading + ", against the best live strategy:") }
        var line = "  " + row.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        text.append(line)
        if r == 0 { text.append("  " + NumberText.rule(under: row).joined(separator: "  ")) }
      }
      return text
    }
    // The heading of the offline section wraps on its own; only the table's rows must fit.
    func widest(_ labels: [String]) -> Int { lines(labels).filter { !$0.hasPrefix("  " + offlineHeading) }.map(\.count).max() ?? 0 }
    let labels = aliases.relabel(StrategyLabels.fitted(full, among: context) { widest($0) <= width }, texts: full)
    // What to ship for each kind of phone comes next to the overall answer, before the ranking, by the
    // table's labels, except numbered ones (`S1`, defined only below the table): their short names.
    let names = StrategyLabels.names(full.map(StrategyKey.init(stored:)), among: context)
    let early = Dictionary(zip(full, zip(labels, names).map { AliasBook.isNumbered($0) ? $1 : $0 }), uniquingKeysWith: { first, _ in first })
    let earlyLabel = { (text: String) in early[text] ?? StrategyLabels.shown(text) }
    if (verdict.devices?.count ?? 0) > 1 {
      for line in deviceLines(verdict, label: earlyLabel) { out += hanging(line, width: width) }
    } else if let devices = devices(verdict, label: earlyLabel) {
      out += TableRenderer.wrapped(devices, width: width, indent: "  ")
    }
    out += TableRenderer.wrapped(heading(verdict, scenarios: scenarios).replacingOccurrences(of: "`", with: ""), width: width, indent: "  ")
    for line in lines(labels) {
      out += line.hasPrefix("  " + offlineHeading) ? TableRenderer.wrapped(String(line.dropFirst(2)), width: width, indent: "  ") : line + "\n"
    }
    let readable = full.map(StrategyLabels.shown)
    if labels != readable {
      // The lead names the pick with its parameters: the legend does not say them again.
      let pick = lead(verdict).map { StrategyLabels.shown($0.strategy) }
      out += "  Strategies:\n"
      for (label, text) in zip(labels, readable) where label != text {
        if text != pick { out += TableRenderer.wrapped("\(label) = \(text)", width: width, indent: "  ") }
        aliases.defined.insert("\(label) = \(text)")
      }
    }
    if !partial.isEmpty {
      out += TableRenderer.wrapped(
        "Not ranked: \(partial.count) strateg\(partial.count == 1 ? "y" : "ies") run on only some scenarios (a scenario's own list); "
          + "each scenario's own table shows them (--detail), and --format markdown or html lists them here.", width: width, indent: "  ")
    }
    let shown = Dictionary(zip(full, labels), uniquingKeysWith: { first, _ in first })
    let label = { (text: String) in shown[text] ?? StrategyLabels.shown(text) }
    if !verdict.bestPerCategory.isEmpty {
      out += TableRenderer.wrapped("Best per class: " + verdict.bestPerCategory.map { "\($0.category): \(label($0.strategy))" }.joined(separator: "; ") + ".", width: width, indent: "  ")
    }
    if let stability = stability(verdict, label: label) {
      out += TableRenderer.wrapped("Winner stability: " + stability, width: width, indent: "  ")
    }
    if let checked = checked(verdict, label: label) { out += TableRenderer.wrapped(checked, width: width, indent: "  ") }
    if let energy = energy(verdict, label: label) { out += TableRenderer.wrapped(energy, width: width, indent: "  ") }
    // Each trade-off sentence opens with its strategy's text: the table's label stands for it.
    for sentence in verdict.tradeOffs {
      let named = full.filter { sentence.hasPrefix($0 + ": ") }.max { $0.count < $1.count }
      out += hanging(named.map { label($0) + sentence.dropFirst($0.count) } ?? sentence, width: width)
    }
    return out + "\n"
  }

  /// `text` as a list item: "  - " before its first line, its later lines indented under the text.
  @_optimize(none)
  static func hanging(_ text: String, width: Int) -> String {
    let wrapped = TableRenderer.wrapped(text, width: width, indent: "    ")
    return "  - " + wrapped.dropFirst(4)
  }

  /// The terminal's per-kind answers: a heading and one item per kind of phone, then whether the picks
  /// agree and the kinds nobody simulates; empty when the scenarios do not say what they simulate.
  @_optimize(none)
  static func deviceLines(_ verdict: ShipVerdict, label: (String) -> String) -> [String] {
    guard let groups = verdict.devices, !groups.isEmpty else { return [] }
    var lines = groups.map { "\($0.kind)\(answer($0, label: label)) \(simulatedBy($0))." }
    if let same = samePick(groups) { lines.append(same) }
    if let unanswered = unanswered(verdict) { lines.append(unanswered) }
    return lines
  }
}
