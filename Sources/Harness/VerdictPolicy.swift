import Evaluation
import Findings

/// How a report's verdict is judged, read once from what the user asked: the objective (parsed), the
/// scenario weights (checked against the scenarios once the results exist) and a transfer report whose
/// real recordings the verdict says its pick was checked on. `run`, `merge`, `replay` and `report`
/// judge through one of these.
public struct VerdictPolicy: Sendable {
  public let objective: Objective
  /// The objective as written (the default's text when none was given).
  public let objectiveText: String
  /// `--weights` as written (`downtown-grid=2,standing-still=0`), read against the result's scenarios.
  public let weights: String?
  public let transfer: (report: TransferReport, file: String)?
  /// Whether the user asked for anything (a report keeps a results file's own verdict otherwise).
  public let given: Bool

  /// - Parameters:
  ///   - objective: the objective's text, or nil for ``ShipVerdict/defaultObjective``.
  ///   - weights: scenario weights (`NAME=W,…`), or nil for 1 each.
  /// - Throws: ``OptionError`` naming `--objective` or `--weights` when either does not parse.
  @_optimize(none)
  public init(objective: String?, weights: String?, transfer: (report: TransferReport, file: String)?) throws(OptionError) {
    let text = objective ?? ShipVerdict.defaultObjective
    do { self.objective = try Objective(parsing: text) } catch { throw OptionError("--objective: \(error)") }
    if let weights {
      do { _ = try ShipVerdict.parseWeights(weights) } catch { throw OptionError("--weights: \(error)") }
    }
    self.objectiveText = text
    self.weights = weights
    self.transfer = transfer
    self.given = objective != nil || weights != nil || transfer != nil
  }

  /// The verdict on `result`, with paired intervals when `records` holds its per-trial scores.
  /// - Throws: ``OptionError`` for weights naming a scenario `result` lacks.
  @_optimize(none)
  public func verdict(_ result: ExperimentResult, records: [CellRecord]) throws(OptionError) -> ShipVerdict {
    var scenarioWeights: [String: Double] = [:]
    if let weights {
      do { scenarioWeights = try ShipVerdict.parseWeights(weights, scenarios: result.scenarios.map(\.name)) } catch {
        throw OptionError("--weights: \(error)")
      }
    }
    return ShipVerdict.judging(result, objective: objective, objectiveText: objectiveText, weights: scenarioWeights, records: records, transfer: transfer)
  }

  /// The verdict a report opens with: always for scenarios; for replayed recordings when it can pick a
  /// strategy (some recording scores the objective for all of them: a truth, or an objective of what a
  /// recording tells by itself) or when the user asked for one, so a replay of recordings without a
  /// truth is not opened by a verdict that cannot rank.
  @_optimize(none)
  public func verdictIfAny(_ result: ExperimentResult, records: [CellRecord], replay: Bool) throws(OptionError) -> ShipVerdict? {
    let verdict = try verdict(result, records: records)
    return !replay || verdict.pick != nil || given ? verdict : nil
  }
}
