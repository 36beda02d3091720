import Evaluation
import Findings
import Filtering
import TrackCore

extension ShipVerdict {
  /// The objective every report's verdict ranks by unless told otherwise (and `tune` minimises): the
  /// distance error plus a twentieth of the live pace error.
  public static let defaultObjective = "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km"

  /// The verdict on `result` by `objective`, with paired intervals when `records` holds its per-trial
  /// scores: smoothers, which need the whole run, are ranked apart from what an app can ship (a strategy
  /// this binary cannot read, another build's registered filter, counts as live). With `transfer` (a
  /// transfer report and its file), it says how its pick ranked on those real recordings.
  @_optimize(none)
  public static func judging(
    _ result: ExperimentResult, objective: Objective, objectiveText: String, weights: [String: Double] = [:], records: [CellRecord],
    transfer: (report: TransferReport, file: String)? = nil
  ) -> ShipVerdict {
    var offline = Set<StrategyKey>()
    for scenario in result.scenarios {
      for strategy in scenario.strategies where Strategy.isOffline(strategy.strategy) { offline.insert(strategy.strategy) }
    }
    var verdict = ShipVerdict(result: result, objective: objective, objectiveText: objectiveText, weights: weights, records: records, offline: offline)
    if let transfer, let pick = verdict.pick {
      verdict.transfer = TransferEvidence(report: transfer.report, file: transfer.file, strategy: pick, objective: objectiveText)
    }
    return verdict
  }
}
