import Foundation

/// A calibration as text: the real and simulated statistics side by side (a table, Markdown or JSON),
/// and a recording placed in a population (``PopulationPlacement``).
public enum CalibrationText {
  /// A statistic's value: 3 decimals, 1 from 100 up; `-` when absent.
  public static func value(_ v: Double?) -> String { v.map { String(format: abs($0) >= 100 ? "%.1f" : "%.3f", $0) } ?? "-" }

  /// The side-by-side table: statistic, real, simulated, ok / NOT within tolerance / n/a.
  public static func comparison(_ rows: [Calibrator.Row]) -> String {
    let width = rows.map(\.name.count).max() ?? 10
    var lines = ["\("statistic".padding(toLength: width, withPad: " ", startingAt: 0))  \("real".leftPadded(10))  \("simulated".leftPadded(10))  verdict"]
    for row in rows {
      let verdict = row.withinTolerance.map { $0 ? "ok" : "NOT within tolerance" } ?? "n/a"
      lines.append(
        "\(row.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(value(row.real).leftPadded(10))  \(value(row.simulated).leftPadded(10))  \(verdict)")
    }
    let failed = rows.filter { $0.withinTolerance == false }.map(\.name)
    lines.append(failed.isEmpty ? "every statistic within tolerance" : "not within tolerance: \(failed.joined(separator: ", "))")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The same as a Markdown table under a heading.
  public static func markdown(title: String, _ rows: [Calibrator.Row]) -> String {
    var lines = ["#### \(title)", "", "| statistic | real | simulated | verdict |", "|---|---:|---:|---|"]
    for row in rows {
      let verdict = row.withinTolerance.map { $0 ? "ok" : "**not within tolerance**" } ?? "n/a"
      lines.append("| `\(row.name)` | \(value(row.real)) | \(value(row.simulated)) | \(verdict) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  public static func json(yaml: String, rows: [Calibrator.Row]) throws -> String {
    struct Document: Encodable {
      var receiver_yaml: String
      var statistics: [Entry]
    }
    struct Entry: Encodable { var name: String; var real: Double?; var simulated: Double?; var within_tolerance: Bool? }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let document = Document(
      receiver_yaml: yaml, statistics: rows.map { Entry(name: $0.name, real: $0.real, simulated: $0.simulated, within_tolerance: $0.withinTolerance) })
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }
}

extension CalibrationText {
  /// A placement as text: statistic, real, the simulated 5th, 50th and 95th percentiles, the real value's
  /// percentile, and whether it lies inside the band.
  public static func placement(title: String, _ rows: [PopulationPlacement.Row]) -> String {
    let v = value
    let width = rows.map(\.name.count).max() ?? 10
    var lines = [title, "statistic".padding(toLength: width, withPad: " ", startingAt: 0) + ["real", "p5", "p50", "p95", "pct"].map { "  " + $0.leftPadded(8) }.joined() + "  verdict"]
    for row in rows {
      let percentile = row.percentile.map { String(format: "%.0f", $0) } ?? "-"
      let cells = [v(row.real), v(row.p5), v(row.p50), v(row.p95), percentile].map { "  " + $0.leftPadded(8) }.joined()
      lines.append(row.name.padding(toLength: width, withPad: " ", startingAt: 0) + cells + "  " + (row.inside.map { $0 ? "inside" : "OUTSIDE" } ?? "n/a"))
    }
    let (inside, placed) = PopulationPlacement.count(rows)
    lines.append("\(inside) of \(placed) statistics inside the 5-95 % band")
    return lines.joined(separator: "\n") + "\n\n"
  }
}

extension String {
  /// The string right-aligned in `width` characters (longer strings as they are).
  func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
