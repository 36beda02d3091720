import Foundation
import TrackCore

/// Short names for strategies in narrow tables: the name alone when it is the only strategy of its
/// shape, else the name with just the parameters that differ (`kalman(q: 0.5)` beside `kalman(q: 2)`).
///
/// Works on the text form every strategy prints (`name(p: v, …)`, stages joined by ` | `), so registered
/// and external strategies get labels the same way.
enum StrategyLabels {
  /// `text` as people read it: each `process(…)` stage becomes its `name:` (or `process:PROGRAM`, the
  /// file name of the program it runs) with its own numeric parameters, never the whole command:
  /// `process(name: my-kalman, cmd: "java -cp build K", q: 0.02)` → `my-kalman(q: 0.02)`. Other stages
  /// are kept as written. Records (JSON, CSV) keep the full text; reports show this.
  /// - Complexity: O(n) in the text's length.
  static func shown(_ text: String) -> String {
    guard text.contains("process(") else { return text }
    return StrategyText.pieces(text, separatedBy: "|").map { piece in
      let stage = piece.text.trimmingCharacters(in: .whitespaces)
      guard stage.hasPrefix("process("), stage.hasSuffix(")") else { return stage }
      var name: String?, command = "", own: [String] = []
      for argument in StrategyText.pieces(String(stage.dropFirst("process(".count).dropLast()), separatedBy: ",") {
        let item = argument.text.trimmingCharacters(in: .whitespaces)
        guard let colon = item.firstIndex(of: ":") else { continue }
        let key = item[..<colon].trimmingCharacters(in: .whitespaces)
        let value = item[item.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch key {
        case "name": name = value
        case "cmd": command = value
        case "format", "timeout", "role": break
        default: own.append("\(key): \(value)")
        }
      }
      let label = name ?? "process:" + program(ofQuoted: command)
      return own.isEmpty ? label : "\(label)(\(own.joined(separator: ", ")))"
    }.joined(separator: " | ")
  }

  /// ` title="FULL TEXT"` for an HTML element that shows ``shown(_:)`` of a process strategy (the
  /// command on hover), empty when the text is shown whole.
  static func fullTextTitle(_ text: String) -> String {
    shown(text) == text ? "" : " title=\"\(XMLText.escaped(text))\""
  }

  /// The file name of the program a quoted command runs: its last word that names a file (has a `/` or
  /// a `.` between letters: `filter.py`, `build/filter.jar`), else its last word with a letter that is
  /// not an option (`MyFilter` in `java -cp build MyFilter`), else its first word; 40 characters at most.
  static func program(ofQuoted quoted: String) -> String {
    var words: [String] = [], word = "", quote: Character?, escaped = false
    for c in quoted.dropFirst().dropLast() {
      if escaped { word.append(c); escaped = false; continue }
      if c == "\\" { escaped = true; continue }
      if let q = quote { if c == q { quote = nil } else { word.append(c) }; continue }
      if c == "\"" || c == "'" { quote = c } else if c == " " || c == "\t" { if !word.isEmpty { words.append(word); word = "" } } else { word.append(c) }
    }
    if !word.isEmpty { words.append(word) }
    let plain = words.filter { w in !w.hasPrefix("-") && w.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-/".contains($0)) } }
    func base(_ w: String) -> String { String(w.split(separator: "/").last ?? Substring(w)) }
    let file = plain.last { w in w.contains("/") || (w.contains(".") && base(w).contains { $0.isLetter }) }
    let chosen = file ?? plain.last { w in w.contains { $0.isLetter } } ?? words.first ?? "process"
    let name = base(chosen)
    return String((name.isEmpty ? "process" : name).prefix(40))
  }

  /// One label per strategy, in order; labels that would not tell two strategies apart give way to the
  /// ``shown(_:)`` texts, and those to the full texts.
  static func names(_ strategies: [String]) -> [String] {
    let parsed = strategies.map { stages(shown($0)) }
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
    if Set(labels).count == labels.count { return labels }
    let readable = strategies.map(shown)
    return Set(readable).count == readable.count ? readable : strategies
  }

  /// The labels a table shows: the full texts when the table `fits` with them, else the short names;
  /// while it still does not fit, the longest label left becomes `S1`, `S2`, … (only what does not
  /// fit is numbered: `raw` stays `raw`).
  /// - Parameter header: the column's heading: a label no longer than it costs no width, so it is never
  ///   numbered.
  static func fitted(_ strategies: [String], header: String = "strategy", fits: ([String]) -> Bool) -> [String] {
    let readable = strategies.map(shown)
    guard !fits(readable) || Set(readable).count < readable.count else { return readable }
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
    StrategyText.pieces(text, separatedBy: "|").map { raw in
      let stage = raw.text.trimmingCharacters(in: .whitespaces)
      guard let open = stage.firstIndex(of: "("), stage.hasSuffix(")") else { return Stage(name: stage, parameters: []) }
      let inside = stage[stage.index(after: open)..<stage.index(before: stage.endIndex)]
      let parameters = StrategyText.pieces(String(inside), separatedBy: ",").map { item -> Parameter in
        let parts = item.text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 ? Parameter(name: parts[0], value: parts[1]) : Parameter(name: "", value: parts.first ?? "")
      }
      return Stage(name: String(stage[..<open]), parameters: parameters)
    }
  }
}
