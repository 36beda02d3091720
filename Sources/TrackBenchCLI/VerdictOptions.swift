import ArgumentParser
import Evaluation
import Filtering
import Foundation
import Harness
import TrackCore

/// `--objective` and `--weights` of `run`, `merge` and `report`: what the verdict that opens every report
/// ranks the strategies by.
struct VerdictOptions: ParsableArguments {
  static let defaultObjective = ShipVerdict.defaultObjective

  @Option(parsing: .unconditional, help: "What the verdict ranks by, lower is better, summed over scenarios (the grammar of tune --objective; default: '\(VerdictOptions.defaultObjective)').")
  var objective: String?

  @Option(help: "Scenario weights in the verdict, e.g. 'downtown-grid=2,standing-still=0' (others 1; 0 leaves a scenario out).")
  var weights: String?

  @Option(help: "Comma-separated strategies whose maps the HTML report draws (default: the verdict's top three and raw).")
  var mapStrategies: String?

  @Option(help: "A transfer report (trackbench transfer --format json): the verdict says how its pick ranked on those real recordings.", completion: .file())
  var transfer: String?

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

  /// The files these options read (an output must not be one of them).
  var inputs: [String] { transfer.map { [$0] } ?? [] }

  /// Whether either option was given (a report keeps a results file's own verdict otherwise).
  var given: Bool { objective != nil || weights != nil || transfer != nil }

  /// The verdict on `result`, with paired intervals when `records` holds its per-trial scores, and how
  /// far its pick was checked when `transfer` (``checkOptions()``'s report of `--transfer`) is given.
  /// - Throws: ``InputFailure`` for an objective or weights that do not parse.
  func verdict(_ result: ExperimentResult, records: [CellRecord], transfer report: TransferReport?) throws -> ShipVerdict {
    let text = objective ?? Self.defaultObjective
    let parsed: Objective
    do { parsed = try Objective(parsing: text) } catch { throw InputFailure(message: "--objective: \(error)") }
    var scenarioWeights: [String: Double] = [:]
    if let weights {
      do { scenarioWeights = try ShipVerdict.parseWeights(weights, scenarios: result.scenarios.map(\.name)) } catch {
        throw InputFailure(message: "--weights: \(error)")
      }
    }
    return ShipVerdict.judging(
      result, objective: parsed, objectiveText: text, weights: scenarioWeights, records: records, transfer: report.flatMap { r in transfer.map { (r, $0) } })
  }

  /// The verdict a report opens with: always for scenarios; for replayed recordings when it can pick a
  /// strategy (some recording scores the objective for all of them: a truth, or an objective of what a
  /// recording tells by itself) or when `--objective`, `--weights` or `--transfer` asks for one, so a
  /// replay of recordings without a truth is not opened by a verdict that cannot rank.
  func verdictIfAny(_ result: ExperimentResult, records: [CellRecord], transfer report: TransferReport?, replay: Bool) throws -> ShipVerdict? {
    let verdict = try verdict(result, records: records, transfer: report)
    return !replay || verdict.pick != nil || given ? verdict : nil
  }

  /// The report of `--transfer`: a file of at most 64 MiB holding `trackbench transfer --format json`.
  /// - Throws: ``InputFailure`` naming the file and what it holds instead.
  private func transferReport(_ transfer: String) throws -> TransferReport {
    let data: Data
    do { data = try InputFile.contents(transfer, maximumBytes: 64 << 20) } catch {
      throw InputFailure(message: "--transfer: expected a regular file of at most 64 MiB (trackbench transfer --format json), found '\(transfer)': \(error.found)")
    }
    do { return try TransferReport(json: data) } catch {
      throw InputFailure(message: "\(transfer): expected a transfer report (trackbench transfer --format json), found \(error)")
    }
  }

  /// Checks the options before any work (the scenario names are checked once the results exist) and
  /// reads `--transfer` once: its report, for ``verdict(_:records:transfer:)``.
  func checkOptions() throws -> TransferReport? {
    _ = try mapSelection()
    let report = try transfer.map(transferReport)
    if let objective {
      do { _ = try Objective(parsing: objective) } catch { throw InputFailure(message: "--objective: \(error)") }
    }
    if let weights {
      do { _ = try ShipVerdict.parseWeights(weights) } catch { throw InputFailure(message: "--weights: \(error)") }
    }
    return report
  }
}
