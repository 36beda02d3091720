import Foundation

/// Short names for strategies in narrow tables: the name alone when it is the only strategy of its
/// shape, else the name with just the parameters that differ (`kalman(q: 0.5)` beside `kalman(q: 2)`).
///
/// Works on the text form every strategy prints (`name(p: v, …)`, stages joined by ` | `), so registered
/// and external strategies get labels the same way.
enum StrategyLabels {
  /// One label per strategy, in order; a label that would not tell two strategies apart keeps the full text.
  static func names(_ strategies: [String]) -> [String] {
    let parsed = strategies.map(stages)
    var labels = strategies
    let shapes = Dictionary(grouping: strategies.indices) { parsed[$0].map(\.name).joined(separator: " | ") }
    for (_, members) in shapes {
      if members.count == 1 {
        labels[members[0]] = parsed[members[0]].map(\.name).joined(separator: " | ")
        continue
      }
      for i in members {
        labels[i] = parsed[i].enumerated().map { s, stage in
          let differing = stage.parameters.filter { parameter in
            members.contains { j in
              s < parsed[j].count && !parsed[j][s].parameters.contains { $0 == parameter }
            }
          }
          return differing.isEmpty ? stage.name : "\(stage.name)(\(differing.map { "\($0.name): \($0.value)" }.joined(separator: ", ")))"
        }.joined(separator: " | ")
      }
    }
    return Set(labels).count == labels.count ? labels : strategies
  }

  /// The labels a table shows: the full texts when the table `fits` with them, else the short names;
  /// while it still does not fit, the longest label left becomes `S1`, `S2`, … (only what does not
  /// fit is numbered: `raw` stays `raw`).
  /// - Parameter header: the column's heading: a label no longer than it costs no width, so it is never
  ///   numbered.
  static func fitted(_ strategies: [String], header: String = "strategy", fits: ([String]) -> Bool) -> [String] {
    guard !fits(strategies) else { return strategies }
    var labels = names(strategies)
    var numbered = Set<Int>()
    // Numbers go in the table's order, whatever order the labels were shortened in.
    func numbering() {
      for (number, i) in numbered.sorted().enumerated() { labels[i] = "S\(number + 1)" }
    }
    while !fits(labels) {
      guard let longest = labels.indices.filter({ !numbered.contains($0) }).max(by: { (labels[$0].count, $1) < (labels[$1].count, $0) }),
        labels[longest].count > header.count
      else { break }
      numbered.insert(longest)
      numbering()
    }
    return labels
  }

  private struct Parameter: Equatable { var name: String; var value: String }
  private struct Stage { var name: String; var parameters: [Parameter] }

  private static func stages(_ text: String) -> [Stage] {
    text.split(separator: "|").map { raw in
      let stage = raw.trimmingCharacters(in: .whitespaces)
      guard let open = stage.firstIndex(of: "("), stage.hasSuffix(")") else { return Stage(name: stage, parameters: []) }
      let inside = stage[stage.index(after: open)..<stage.index(before: stage.endIndex)]
      let parameters = inside.split(separator: ",").map { item -> Parameter in
        let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 ? Parameter(name: parts[0], value: parts[1]) : Parameter(name: "", value: parts.first ?? "")
      }
      return Stage(name: String(stage[..<open]), parameters: parameters)
    }
  }
}
