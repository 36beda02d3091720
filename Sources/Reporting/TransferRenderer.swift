import Evaluation
import Findings
import Foundation

/// Output formats of `trackbench transfer`.
public enum TransferFormat: String, Sendable, CaseIterable {
  case table, markdown, json, html

  /// - Parameter width: the columns prose is wrapped to (the table format only).
  @_optimize(none)
  public func render(_ report: TransferReport, width: Int = 100) throws -> String {
    switch self {
    case .json: return try report.json()
    case .html: return TransferHTMLRenderer(report: report).render()
    case .markdown: return TransferText(report: report, markdown: true, width: .max).render()
    case .table: return TransferText(report: report, markdown: false, width: width).render()
    }
  }
}

/// The transfer report as text: a table per recording, then the summary per criterion.
struct TransferText {
  let report: TransferReport
  let markdown: Bool
  let width: Int

  /// A criterion's name in a table: the metric in words (a number's unit after it).
  @_optimize(none)
  static func title(_ criterion: String) -> (name: String, unit: String) {
    switch criterion {
    case "abs(distance_error_percent)": return ("distance", "%")
    case "current_pace_error_rms_s_per_km": return ("live pace", "s/km")
    case "cross_track_error_rms_m": return ("cross-track", "m")
    case "checkpoint_position_error_m": return ("pins", "m")
    case "abs(ascent_error_percent)": return ("gain", "%")
    default: return ("objective", "")
    }
  }

  @_optimize(none)
  func render() -> String {
    var out = markdown ? "# TrackBench transfer\n\n" : ""
    out += report.headline.map { markdown ? "**\($0)**" : prose($0).trimmingCharacters(in: .newlines) }.joined(separator: markdown ? "  \n" : "\n") + "\n\n"
    let sample: String
    switch report.outOfSample {
    case true?: sample = "out of sample: each recording judged with a receiver fitted without it (and without recordings made together with it: truths that overlap in time and place)"
    case false?: sample = "IN SAMPLE: each recording judged with a receiver fitted to it too, so the agreement is flattered"
    case nil: sample = "a receiver given, not fitted by this check"
    }
    out += prose(
      "Does the simulation rank the strategies as these recordings do? Real: each recording replayed against its truth (one trial). "
        + "Simulated: the same motion with the receiver, \(report.trials) trials (seed \(report.seed)). Receiver: \(report.receiver); \(sample). "
        + "Lower is better on every criterion (distance: |distance error|; pins: checkpoint pin error; objective: the verdict's); "
        + "tau: Kendall's tau-b, rho: Spearman's rho between the two rankings of every strategy; pick: the simulation's best live strategy "
        + "(what the verdict ranks and ships: filters and sampling policies; smoothers are judged apart); rank: its rank among them on the real "
        + "recording, strict: it transfers when in the real top 3; regret: its real value minus the real best's, with a 95 % interval from a "
        + "\(report.resamples)-resample bootstrap over \(Self.number(report.windowS)) s windows of the recording; ≈ best: the interval "
        + "holds 0, so the recording cannot tell the pick from its best; told apart: how many live strategies the recording tells from its best "
        + "(0: it can tell nothing).")
    out += "\n"
    for recording in report.recordings {
      let heading = "\(recording.file) (truth: \(recording.truth); \(Self.number(recording.durationS)) s, \(recording.fixes) fixes, "
        + "\(recording.windows) windows; receiver: \(recording.receiver))"
      out += markdown ? "## \(heading)\n\n" : prose(heading)
      guard !recording.criteria.isEmpty else {
        out += prose("  No criterion has values on both sides here (distance, pace, the line and pins need a truth that moves).") + "\n"
        continue
      }
      let labels = StrategyLabels.names(report.strategies)
      func label(_ strategy: String) -> String { report.strategies.firstIndex(of: strategy).map { labels[$0] } ?? strategy }
      let rows = recording.criteria.map { c -> [String] in
        let (name, unit) = Self.title(c.criterion)
        let interval = c.regretInterval.map { " [\(Self.short($0[0])), \(Self.short($0[1]))]" } ?? ""
        let same = c.pickIndistinguishable.map { $0 ? "yes" : "no" } ?? "n/a"
        return [
          name, Self.tau(c.kendallTau), Self.tau(c.spearmanRho), label(c.pick), "\(c.pickRealRank)/\(c.ranked)", label(c.realBest),
          TransferReport.signed(c.regret) + (unit.isEmpty ? "" : " \(unit)") + interval, same, c.distinguishable.map { "\($0)/\(c.ranked)" } ?? "n/a",
        ]
      }
      out += table(["criterion", "tau", "rho", "pick", "rank", "real best", "regret [95 %]", "≈ best", "told apart"], rows, right: [1, 2, 4, 8])
      let sections = recording.criteria.flatMap { c in
        c.sections.map { section in
          "\(Self.title(c.criterion).name), \(section.kind.plural): pick \(label(section.pick)) ranks \(section.pickRealRank)/\(section.ranked) "
            + "(real best \(label(section.realBest)), regret \(TransferReport.signed(section.regret)))"
        }
      }
      if !sections.isEmpty { out += prose("  Apart from the live strategies: " + sections.joined(separator: "; ") + ".") }
      out += "\n"
    }
    out += markdown ? "## Over \(report.recordings.count) recordings\n\n" : "Over \(report.recordings.count) recordings\n"
    let rows = report.summary.map { s -> [String] in
      let (name, unit) = Self.title(s.criterion)
      return [
        name, Self.spread(s.tauSimulated), Self.spread(s.tauRealVsReal), "\(s.transferred) of \(s.recordings)",
        "\(s.indistinguishable) of \(s.recordings)", "\(s.tellingNothing)", s.meanRegret.map { TransferReport.signed($0) + (unit.isEmpty ? "" : " \(unit)") } ?? "n/a",
      ]
    }
    out += table(
      ["criterion", "tau simulated vs real", "tau real vs real", "live top 3 (strict)", "≈ best", "tell nothing", "mean regret"], rows,
      right: [3, 4, 5])
    out += "\n"
    out += prose(
      "tau as least / median / largest over recordings (simulated vs real) and over pairs of recordings (real vs real: how far one real "
        + "recording predicts another, the ceiling for a simulation).")
    // Every criterion is accounted for: one the simulation ranks no better than chance says so, and gain,
    // when no recording could rank it, says why.
    for s in report.summary where s.noBetterThanChance {
      let median = s.tauSimulated.map { Self.tau($0[1]) } ?? "n/a"
      out += prose(
        "Caveat: on \(Self.title(s.criterion).name) the simulated ranking agrees with the real ones no better than chance (median tau "
          + "\(median)): its pick and regret here are no evidence either way.")
    }
    if !report.criteria.contains(where: { $0.contains("ascent") }) {
      out += prose(
        "Gain is not ranked: no recording has heights on both sides (a truth with heights, and a receiver with a vertical model: "
          + "calibrate fits one where the recording has heights).")
    }
    return out
  }

  @_optimize(none)
  private func prose(_ text: String) -> String {
    markdown || text.count <= width ? text + "\n" : TableRenderer.wrapped(text, width: width, indent: "")
  }

  @_optimize(none)
  private func table(_ header: [String], _ rows: [[String]], right: Set<Int>) -> String {
    if markdown {
      var out = "| " + header.joined(separator: " | ") + " |\n|" + header.indices.map { right.contains($0) ? "---:|" : "---|" }.joined() + "\n"
      for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
      return out
    }
    let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        return right.contains(i) ? pad + cell : cell + pad
      }
      return ("  " + padded.joined(separator: "  ")).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
    return ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  @_optimize(none)
  static func number(_ x: Double) -> String { String(format: "%.0f", x) }
  @_optimize(none)
  static func short(_ x: Double) -> String {
    let text = String(format: "%+.2g", x)
    return text == "-0" ? "+0" : text
  }
  @_optimize(none)
  static func tau(_ x: Double?) -> String { x.map { String(format: "%+.2f", $0) } ?? "n/a" }
  @_optimize(none)
  static func spread(_ values: [Double]?) -> String {
    guard let values else { return "n/a" }
    return values.map { String(format: "%+.2f", $0) }.joined(separator: " / ")
  }
}
