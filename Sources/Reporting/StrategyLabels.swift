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

  /// `S1`, `S2`, …: when even the short names do not fit.
  static func numbered(_ count: Int) -> [String] { (0..<count).map { "S\($0 + 1)" } }

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
