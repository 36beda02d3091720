import ArgumentParser
import Evaluation
import Filtering

/// `--objective` and `--weights` of `run`, `merge` and `report`: what the verdict that opens every report
/// ranks the strategies by.
struct VerdictOptions: ParsableArguments {
  /// The objective `tune` minimises by default: distance error plus a twentieth of the live pace error.
  static let defaultObjective = "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km"

  @Option(parsing: .unconditional, help: "What the verdict ranks by, lower is better, summed over scenarios (the grammar of tune --objective; default: '\(VerdictOptions.defaultObjective)').")
  var objective: String?

  @Option(help: "Scenario weights in the verdict, e.g. 'downtown-grid=2,standing-still=0' (others 1; 0 leaves a scenario out).")
  var weights: String?

  @Option(help: "Comma-separated strategies whose maps the HTML report draws (default: the verdict's top three and raw).")
  var mapStrategies: String?

  /// The strategies in their canonical text (as results name them), or nil for the default.
  /// - Throws: ``InputFailure`` naming a strategy that does not parse.
  func mapSelection() throws -> [String]? {
    guard let mapStrategies else { return nil }
    return try StrategyText.pieces(mapStrategies, separatedBy: ",").map { piece in
      do { return try Strategy(parsing: piece.text).description } catch {
        throw InputFailure(message: "--map-strategies: column \(piece.offset + 1): \(error)")
      }
    }
  }

  /// Whether either option was given (a report keeps a results file's own verdict otherwise).
  var given: Bool { objective != nil || weights != nil }

  /// The verdict on `result`, with paired intervals when `records` holds its per-trial scores.
  /// - Throws: ``InputFailure`` for an objective or weights that do not parse.
  func verdict(_ result: ExperimentResult, records: [CellRecord]) throws -> ShipVerdict {
    let text = objective ?? Self.defaultObjective
    let parsed: Objective
    do { parsed = try Objective(parsing: text) } catch { throw InputFailure(message: "--objective: \(error)") }
    var scenarioWeights: [String: Double] = [:]
    if let weights {
      do { scenarioWeights = try ShipVerdict.parseWeights(weights, scenarios: result.scenarios.map(\.name)) } catch {
        throw InputFailure(message: "--weights: \(error)")
      }
    }
    // Smoothers need the whole run: ranked apart from what an app can ship. A strategy this binary
    // cannot read (another build's registered filter) counts as live.
    var offline = Set<String>()
    for scenario in result.scenarios {
      for strategy in scenario.strategies where (try? Strategy(parsing: strategy.strategy))?.isStreaming == false { offline.insert(strategy.strategy) }
    }
    return ShipVerdict(result: result, objective: parsed, objectiveText: text, weights: scenarioWeights, records: records, offline: offline)
  }

  /// Checks the options before any work: the scenario names are checked once the results exist.
  func checkOptions() throws {
    _ = try mapSelection()
    if let objective {
      do { _ = try Objective(parsing: objective) } catch { throw InputFailure(message: "--objective: \(error)") }
    }
  }
}
