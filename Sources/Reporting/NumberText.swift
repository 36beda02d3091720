import Evaluation
import TrackCore

/// Fixed-point text without Foundation's locale-dependent formatting.
enum NumberText {
  /// `value` with `decimals` decimals (`signed`: a `+` before positive values). Total over every
  /// double: beyond 9·10¹⁵ units of the last decimal (where integers stop being exact) the shortest
  /// round-trip text (`1e+300`); a non-finite value, which no result should hold, shows `n/a`.
  @_optimize(none)
  static func fixed(_ value: Double, decimals: Int, signed: Bool = false) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = (abs(value) * scale).rounded()
    guard magnitude < 9e15 else { return (value > 0 && signed ? "+" : "") + "\(value)" }
    let scaled = Int(magnitude)
    let whole = scaled / Int(scale)
    let sign = value < 0 && scaled != 0 ? "-" : (signed ? "+" : "")
    guard decimals > 0 else { return sign + "\(whole)" }
    let fraction = String(scaled % Int(scale))
    return sign + "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }

  /// ``fixed(_:decimals:signed:)`` without trailing zeros (`0.5`, `2`, `0.81`), for sentences and ticks.
  @_optimize(none)
  static func trimmed(_ value: Double, decimals: Int) -> String {
    var text = fixed(value, decimals: decimals)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension NumberText {
  /// `mean [low, high]` in the metric's decimals, the mean signed for signed metrics; the interval left
  /// out when absent.
  @_optimize(none)
  static func mean(_ mean: Double, low: Double?, high: Double?, _ metric: Metric) -> String {
    var text = fixed(mean, decimals: metric.decimals, signed: metric.goal == .zero)
    if let low, let high {
      text += " [\(fixed(low, decimals: metric.decimals)), \(fixed(high, decimals: metric.decimals))]"
    }
    return text
  }

  /// Cells padded to their column's widest: left-aligned in `left` columns, right-aligned elsewhere.
  @_optimize(none)
  static func columns(_ rows: [[String]], left: Set<Int>) -> [[String]] {
    guard let first = rows.first else { return [] }
    let widths = first.indices.map { column in rows.map { $0[column].count }.max()! }
    return rows.map { row in
      row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return left.contains(column) ? cell + padding : padding + cell
      }
    }
  }

  /// The dashes under a header of padded cells.
  @_optimize(none)
  static func rule(under header: [String]) -> [String] { header.map { String(repeating: "-", count: $0.count) } }
}

extension ScenarioResult {
  /// `4.99 km in 27:27, 50 trials × 1647 fixes, seed 42`: what every report says of a scenario; for a
  /// replayed recording `recording, 1281 fixes over 1:12:58, truth: none` (a true distance only when
  /// the truth is a reference).
  var headline: String {
    if let recording {
      let distance = recording.truth == "reference" ? ", true distance \(RunFormat.distance(meters: trueDistanceM))" : ""
      // A logger's file of many days: its span in days (a clock shows hours up to 99).
      let span = durationS >= 2 * 86_400 ? String(format: "%.1f days", durationS / 86_400) : RunFormat.clock(seconds: durationS)
      return "recording, \(fixesPerTrial) fixes over \(span)\(distance), truth: \(recording.truth)"
    }
    return "\(RunFormat.distance(meters: trueDistanceM)) in \(RunFormat.clock(seconds: durationS)), "
      + "\(trials) trials × \(fixesPerTrial) fixes, seed \(seed)"
  }
}
