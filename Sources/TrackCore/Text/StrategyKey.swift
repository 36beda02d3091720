/// What a configured strategy is known by wherever results are keyed: records and result files, the
/// seed of a sampling policy's random stream, `tune`'s cache, the pool of child processes.
///
/// A key is made from the parsed strategy (Filtering's `Strategy.key`: every parameter with its value,
/// so two spellings of one strategy have one key) or read back from a record that stored it; it never
/// comes from text a person typed. Its ``text`` is the canonical form records store
/// (`speed-gate(max_speed: 12) | kalman(q: 0.5, …)`); its ``stages`` are that text's structure, so
/// whatever needs a stage's name or an argument (report labels, whether a stage is a smoother) reads it
/// here instead of parsing the text again. Labels for people are made from it (Reporting's
/// `StrategyLabels`); the key itself is never shortened.
public struct StrategyKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// One argument as written: `name: value` (the name empty for a positional value).
  public struct Argument: Sendable, Hashable {
    public var name: String
    /// The value's text: a number in `Parameter.format`'s form, a quoted command, a word.
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
  }

  /// One stage: a catalogue name (or `process`) with its arguments in order.
  public struct Stage: Sendable, Hashable {
    public let name: String
    public let arguments: [Argument]
    /// `name(a: 1, b: 2)`, or the bare name without arguments; a stored stage's text as stored.
    public let text: String

    public init(name: String, arguments: [Argument]) {
      self.name = name; self.arguments = arguments
      self.text = arguments.isEmpty ? name : "\(name)(\(arguments.map { $0.name.isEmpty ? $0.value : "\($0.name): \($0.value)" }.joined(separator: ", ")))"
    }

    init(name: String, arguments: [Argument], text: String) { self.name = name; self.arguments = arguments; self.text = text }
  }

  /// The stages in order; one for a single strategy.
  public let stages: [Stage]
  /// The canonical text (stages joined by ` | `): what records store and equality compares.
  public let text: String

  /// The key of `stages`, as a parsed strategy makes it.
  /// - Complexity: O(n) in the text's length.
  public init(stages: [Stage]) {
    self.stages = stages
    self.text = stages.map(\.text).joined(separator: " | ")
  }

  /// The key a record stored as `text`: its stages split where the text's own structure says (bars and
  /// commas outside parentheses and quotes, an argument's name before its first colon). The one reader of
  /// stored keys; it checks no name against a catalogue (a record may come from a build with other
  /// strategies registered).
  /// - Complexity: O(n) in the text's length.
  public init(stored text: String) {
    self.text = text
    self.stages = StrategyText.pieces(text, separatedBy: "|").map { piece in
      let stage = piece.text.trimmingCharacters(in: .whitespaces)
      guard let open = stage.firstIndex(of: "("), stage.hasSuffix(")") else { return Stage(name: stage, arguments: [], text: stage) }
      let inside = String(stage[stage.index(after: open)..<stage.index(before: stage.endIndex)])
      let arguments = StrategyText.pieces(inside, separatedBy: ",").map { item -> Argument in
        let parts = item.text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 ? Argument(name: parts[0], value: parts[1]) : Argument(name: "", value: parts.first ?? "")
      }
      return Stage(name: String(stage[..<open]), arguments: arguments, text: stage)
    }
  }

  public var description: String { text }

  public static func == (a: StrategyKey, b: StrategyKey) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
  public static func < (a: StrategyKey, b: StrategyKey) -> Bool { a.text < b.text }

  public init(from decoder: any Decoder) throws {
    self.init(stored: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
