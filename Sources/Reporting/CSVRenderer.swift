import Foundation
import Evaluation

/// Tidy CSV: one row per scenario, strategy, metric and statistic (`trials`, `mean`, `median`, `p90`, `p95`, `min`,
/// `q1`, `q3`, `max`, `ci95_low`, `ci95_high`); statistics without a value are left out, never written as NaN.
public struct CSVRenderer: ReportRenderer {
  @_optimize(none)
  public init() {}

  public static let header = "scenario,strategy,metric,unit,statistic,value"

  @_optimize(none)
  public func render(_ result: ExperimentResult) throws -> String {
    var out = CSVRenderer.header + "\n"
    for scenario in result.scenarios {
      for strategy in scenario.strategies {
        for summary in strategy.metrics {
          let statistics: [(String, Double?)] = [
            ("trials", Double(summary.trials)), ("mean", summary.mean), ("median", summary.median), ("p90", summary.p90), ("p95", summary.p95),
            ("min", summary.minimum), ("q1", summary.q1), ("q3", summary.q3), ("max", summary.maximum), ("ci95_low", summary.ci95Low), ("ci95_high", summary.ci95High),
          ]
          for (name, value) in statistics {
            guard let value, value.isFinite else { continue }
            let fields = [scenario.name, strategy.strategy.text, summary.metric.rawValue, summary.unit, name, "\(value)"]
            out += fields.map(Self.quoted).joined(separator: ",") + "\n"
          }
        }
      }
    }
    return out
  }

  /// RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled.
  @_optimize(none)
  static func quoted(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
