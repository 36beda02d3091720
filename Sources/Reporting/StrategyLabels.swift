import Foundation
import TrackCore

/// Short names for strategies in narrow tables: the name alone when it is the only strategy of its
/// shape, else the name with just the parameters that differ (`kalman(q: 0.5)` beside `kalman(q: 2)`).
///
/// Works on a strategy's key (its stages and their arguments, ``StrategyKey``), so registered and
/// external strategies get labels the same way; a document that stores a strategy as text is read with
/// the key's one reader (``StrategyKey/init(stored:)``).
package enum StrategyLabels {
  /// The key as people read it: each `process(…)` stage becomes its `name:` (or `process:PROGRAM`, the
  /// file name of the program it runs) with its own numeric parameters, never the whole command:
  /// `process(name: my-kalman, cmd: "java -cp build K", q: 0.02)` → `my-kalman(q: 0.02)`. Other stages
  /// are kept as written. Records (JSON, CSV) keep the full text; reports show this.
  /// - Complexity: O(n) in the key's length.
  @_optimize(none)
  package static func shown(_ key: StrategyKey) -> String {
    guard key.stages.contains(where: isProcess) else { return key.text }
    return readable(key).map(\.text).joined(separator: " | ")
  }

  /// ``shown(_:)`` of a strategy a document stores as text (a verdict, a check, a tune report).
  @_optimize(none)
  package static func shown(_ text: String) -> String { shown(StrategyKey(stored: text)) }

  @_optimize(none)
  private static func isProcess(_ stage: StrategyKey.Stage) -> Bool { stage.name == "process" && stage.text.hasSuffix(")") }

  /// The key's stages as ``shown(_:)`` writes them: a process stage as its label and own parameters.
  @_optimize(none)
  private static func readable(_ key: StrategyKey) -> [StrategyKey.Stage] {
    key.stages.map { stage in
      guard isProcess(stage) else { return stage }
      var name: String?, command = "", own: [StrategyKey.Argument] = []
      for argument in stage.arguments where !argument.name.isEmpty {
        switch argument.name {
        case "name": name = argument.value
        case "cmd": command = argument.value
        case "format", "timeout", "role": break
        default: own.append(argument)
        }
      }
      return StrategyKey.Stage(name: name ?? "process:" + program(ofQuoted: command), arguments: own)
    }
  }

  /// ` title="FULL TEXT"` for an HTML element that shows ``shown(_:)`` of a process strategy (the
  /// command on hover), empty when the text is shown whole.
  @_optimize(none)
  package static func fullTextTitle(_ key: StrategyKey) -> String {
    shown(key) == key.text ? "" : " title=\"\(XMLText.escaped(key.text))\""
  }

  /// ``fullTextTitle(_:)`` of a strategy a document stores as text.
  @_optimize(none)
  package static func fullTextTitle(_ text: String) -> String { fullTextTitle(StrategyKey(stored: text)) }

  /// The file name of the program a quoted command runs: its last word that names a file (has a `/` or
  /// a `.` between letters: `filter.py`, `build/filter.jar`), else its last word with a letter that is
  /// not an option (`MyFilter` in `java -cp build MyFilter`), else its first word; 40 characters at most.
  @_optimize(none)
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
  /// - Parameter context: other strategies of the same report: a label also tells `keys` apart from
  ///   them (`kalman(q: 0.5)` in one table when another table has `kalman(q: 1)`), so no label means
  ///   two strategies anywhere in the report.
  @_optimize(none)
  package static func names(_ keys: [StrategyKey], among context: [StrategyKey] = []) -> [String] {
    guard !context.isEmpty else { return names(keys) }
    let others = context.filter { !keys.contains($0) }
    return Array(names(keys + Array(Set(others)).sorted { $0.text < $1.text }).prefix(keys.count))
  }

  @_optimize(none)
  private static func names(_ keys: [StrategyKey]) -> [String] {
    let parsed = keys.map(readable)
    var labels = keys.map(\.text)
    let shapes = Dictionary(grouping: keys.indices) { parsed[$0].map(\.name).joined(separator: " | ") }
    for (_, members) in shapes {
      if members.count == 1 {
        labels[members[0]] = parsed[members[0]].map(\.name).joined(separator: " | ")
        continue
      }
      for i in members {
        labels[i] = parsed[i].enumerated().map { s, stage in
          let differing = stage.arguments.filter { argument in
            members.contains { j in
              s < parsed[j].count && !parsed[j][s].arguments.contains(argument)
            }
          }
          return differing.isEmpty ? stage.name : "\(stage.name)(\(differing.map { "\($0.name): \($0.value)" }.joined(separator: ", ")))"
        }.joined(separator: " | ")
      }
    }
    if Set(labels).count == labels.count { return labels }
    let readable = keys.map(shown)
    return Set(readable).count == readable.count ? readable : keys.map(\.text)
  }

  /// ``names(_:)`` of strategies a document stores as texts.
  @_optimize(none)
  package static func names(_ texts: [String]) -> [String] { names(texts.map(StrategyKey.init(stored:))) }

  /// The labels a table shows: the full texts when the table `fits` with them, else the short names;
  /// while it still does not fit, the longest label left becomes `S1`, `S2`, … (only what does not
  /// fit is numbered: `raw` stays `raw`).
  /// - Parameter header: the column's heading: a label no longer than it costs no width, so it is never
  ///   numbered.
  @_optimize(none)
  package static func fitted(_ keys: [StrategyKey], among context: [StrategyKey] = [], header: String = "strategy", fits: ([String]) -> Bool) -> [String] {
    let readable = keys.map(shown)
    guard !fits(readable) || Set(readable).count < readable.count else { return readable }
    var labels = names(keys, among: context)
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

  /// ``fitted(_:header:fits:)`` of strategies a document stores as texts.
  @_optimize(none)
  package static func fitted(_ texts: [String], among context: [StrategyKey] = [], header: String = "strategy", fits: ([String]) -> Bool) -> [String] {
    fitted(texts.map(StrategyKey.init(stored:)), among: context, header: header, fits: fits)
  }
}

/// One numbering of the short labels `S1`, `S2`, … across a whole report (issue #66): a strategy
/// numbered in one table keeps its number in every other, and no number stands for two strategies.
/// A reference: the verdict and every scenario's table of one report number in the same book.
package final class AliasBook {
  private var numbers: [String: Int] = [:]
  /// Legend lines (`label = text`) the report has printed: a later legend leaves them out.
  package var defined: Set<String> = []

  @_optimize(none)
  package init() {}

  /// A book numbering on from this one's numbers, for a part of a report that may be left out.
  @_optimize(none)
  package func copy() -> AliasBook {
    let book = AliasBook()
    book.numbers = numbers
    book.defined = defined
    return book
  }

  /// `labels` with each numbered label (``isNumbered(_:)``) replaced by the report's number for its
  /// strategy's full text in `texts` (the next free number the first time). O(labels).
  @_optimize(none)
  package func relabel(_ labels: [String], texts: [String]) -> [String] {
    zip(labels, texts).map { label, text in
      guard Self.isNumbered(label) else { return label }
      if let number = numbers[text] { return "S\(number)" }
      let number = numbers.count + 1
      numbers[text] = number
      return "S\(number)"
    }
  }

  /// Whether `label` is a number `StrategyLabels.fitted` gave (`S` and digits), not a strategy's name.
  @_optimize(none)
  package static func isNumbered(_ label: String) -> Bool { label.count > 1 && label.first == "S" && label.dropFirst().allSatisfy(\.isNumber) }
}
