import Filtering
import TrackCore

/// A list of strategies as `--strategies` takes it (`a,b(c: 1, d: 2)`): commas inside parentheses and
/// quotes belong to the strategy.
public enum StrategyList {
  /// The strategies of `--strategies`, each once.
  public static func parse(_ text: String) throws(StrategyListError) -> [Strategy] {
    let strategies = try positional(text)
    // Two spellings of one strategy (`raw,raw`, `kalman,kalman(q: 0.5)`) would run and be reported twice.
    var seen: [StrategyKey: String] = [:]
    for (item, strategy) in zip(items(text), strategies) {
      let item = item.trimmingCharacters(in: .whitespaces)
      if let earlier = seen[strategy.key] {
        throw StrategyListError("--strategies: '\(QuotedText.cut(item))' is '\(QuotedText.cut(earlier))' again (\(strategy.description)); expected each strategy once")
      }
      seen[strategy.key] = item
    }
    return strategies
  }

  /// The strategies of `check --strategies`, by position: each replaces the baseline's strategy in its
  /// place, so one may stand in for several (`raw,raw`).
  public static func positional(_ text: String) throws(StrategyListError) -> [Strategy] {
    let items = items(text)
    var strategies: [Strategy] = []
    for item in items {
      do { strategies.append(try Strategy(parsing: item)) } catch { throw StrategyListError("--strategies: \(error)") }
    }
    guard !strategies.isEmpty, !items.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
      throw StrategyListError("--strategies: expected a comma-separated list of strategies, found '\(QuotedText.cut(text))'")
    }
    return strategies
  }

  /// `a, b(c, d)` → [`a`, ` b(c, d)`]: the items between commas outside parentheses and quotes, with
  /// their spaces.
  private static func items(_ text: String) -> [String] { StrategyText.pieces(text, separatedBy: ",").map(\.text) }
}

/// A strategy list that cannot be read: the option, the item and what was expected, as one line.
public struct StrategyListError: Error, Sendable, CustomStringConvertible {
  public let message: String
  init(_ message: String) { self.message = message }
  public var description: String { message }
}
