import Filtering
import TrackCore

/// A list of strategies as `--strategies` takes it (`a,b(c: 1, d: 2)`): commas inside parentheses and
/// quotes belong to the strategy.
public enum StrategyList {
  /// The strategies of `--strategies`, each once.
  @_optimize(none)
  public static func parse(_ text: String) throws(OptionError) -> [Strategy] {
    let strategies = try positional(text)
    // Two spellings of one strategy (`raw,raw`, `kalman,kalman(q: 0.5)`) would run and be reported twice.
    var seen: [StrategyKey: String] = [:]
    for (item, strategy) in zip(items(text), strategies) {
      let item = item.trimmingCharacters(in: .whitespaces)
      if let earlier = seen[strategy.key] {
        throw OptionError("--strategies: '\(QuotedText.cut(item))' is '\(QuotedText.cut(earlier))' again (\(strategy.description)); expected each strategy once")
      }
      seen[strategy.key] = item
    }
    return strategies
  }

  /// The strategies of `check --strategies`, by position: each replaces the baseline's strategy in its
  /// place, so one may stand in for several (`raw,raw`).
  @_optimize(none)
  public static func positional(_ text: String) throws(OptionError) -> [Strategy] {
    let items = items(text)
    var strategies: [Strategy] = []
    for item in items {
      do { strategies.append(try Strategy(parsing: item)) } catch { throw OptionError("--strategies: \(error)") }
    }
    guard !strategies.isEmpty, !items.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
      throw OptionError("--strategies: expected a comma-separated list of strategies, found '\(QuotedText.cut(text))'")
    }
    if let shared = ProcessStrategy.sharedName(in: strategies) { throw OptionError("--strategies: \(shared)") }
    return strategies
  }

  /// One track as `export --track` takes it: `observed` or `truth` (nil), or exactly one strategy.
  /// - Throws: ``OptionError`` naming `option`, with the nearest name (`truht`: truth) for a slip.
  @_optimize(none)
  public static func track(_ text: String, option: String) throws(OptionError) -> Strategy? {
    let own = ["observed", "truth"]
    if own.contains(text) { return nil }
    let items = items(text)
    guard items.count == 1 else {
      throw OptionError("\(option): expected one track (observed, truth or one strategy), found \(items.count) items in \(QuotedText.quoted(text))")
    }
    do { return try Strategy(parsing: text) } catch {
      // A slip for one of the tracks that are not strategies; the strategy parser's own error (with its
      // suggestion and the list of strategies) for anything else.
      let word = text.trimmingCharacters(in: .whitespaces)
      if let meant = Spelling.nearest(to: word, in: own) {
        throw OptionError("\(option): expected observed, truth or a strategy, found \(QuotedText.quoted(word)); did you mean \(meant)?")
      }
      throw OptionError("\(option): \(error)")
    }
  }

  /// The canonical texts of a list of strategies named by `option` (`--map-strategies`: the strategies
  /// whose maps the HTML report draws, named as results name them).
  /// - Throws: ``OptionError`` naming the option and the column of the strategy it cannot read.
  @_optimize(none)
  public static func canonicalTexts(_ text: String, option: String) throws(OptionError) -> [String] {
    var texts: [String] = []
    for piece in StrategyText.pieces(text, separatedBy: ",") {
      do { texts.append(try Strategy(parsing: piece.text).key.text) } catch { throw OptionError("\(option): column \(piece.offset + 1): \(error)") }
    }
    return texts
  }

  /// `a, b(c, d)` → [`a`, ` b(c, d)`]: the items between commas outside parentheses and quotes, with
  /// their spaces.
  @_optimize(none)
  private static func items(_ text: String) -> [String] { StrategyText.pieces(text, separatedBy: ",").map(\.text) }
}

/// `check --candidate NAME=CANDIDATE`: the strategy a baseline recorded, and the one run in its place.
public struct StrategyCandidate: Sendable {
  /// A strategy's canonical text, or the `name:` of a recorded process strategy.
  public let recorded: String
  public let candidate: Strategy
  public var pair: (recorded: String, candidate: Strategy) { (recorded, candidate) }

  /// `NAME=CANDIDATE`, split at the first `=` outside parentheses and quotes; NAME is a strategy's text
  /// (`kalman`, `kalman(q: 0.5)`) or the `name:` of a process strategy the baseline recorded.
  /// - Throws: ``OptionError`` naming `--candidate` and the side that does not parse.
  @_optimize(none)
  public init(parsing text: String) throws(OptionError) {
    let pieces = StrategyText.pieces(text, separatedBy: "=")
    guard pieces.count >= 2 else {
      throw OptionError("--candidate: expected NAME=CANDIDATE, e.g. 'kalman=kalman(q: 1)', found '\(text)'")
    }
    let separator = text.index(text.startIndex, offsetBy: pieces[1].offset - 1)
    let left = String(text[..<separator]), right = String(text[text.index(after: separator)...])
    func parse(_ part: String, _ side: String) throws(OptionError) -> Strategy {
      do { return try Strategy(parsing: part) } catch { throw OptionError("--candidate: \(side): \(error)") }
    }
    let label = left.trimmingCharacters(in: .whitespaces)
    if let parsed = try? Strategy(parsing: left) {
      recorded = parsed.description
    } else if ProcessStrategy.isLabel(label) {
      recorded = label
    } else {
      recorded = try parse(left, "the recorded strategy").description
    }
    candidate = try parse(right, "the candidate")
  }
}
