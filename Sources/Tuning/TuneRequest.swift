import Evaluation
import Findings
import Foundation
import Harness
import TrackCore

/// What `tune` was asked for, read once from the options' texts before any scenario is loaded: the
/// space (strategy and parameters), the objective and the Pareto pair, the seeds of both sets. Each
/// failure names its option.
public struct TuneRequest {
  public let space: TuneSpace
  public let objectiveText: String
  public let objective: Objective
  /// Two objectives whose front over the evaluated points is reported, with their texts; empty for none.
  public let pareto: [(text: String, objective: Objective)]
  public let trainSeeds: [UInt64]?
  public let validateSeeds: [UInt64]?

  /// - Parameters:
  ///   - strategy: the strategy or pipeline to tune (`speed-gate | kalman`).
  ///   - parameters: `NAME=LOW..HIGH[:log|:linear][:POINTS]` or `NAME=VALUE` each (``TuneSpace``).
  ///   - pareto: two objectives, comma-separated, or nil.
  ///   - trainSeeds, validateSeeds: comma-separated distinct seeds, or nil for the scenarios' own.
  ///   - method: the search (a grid must have at most ``Tuner/maximumPoints`` points).
  /// - Throws: ``TuneInputError`` naming `--param`, `--objective`, `--pareto`, `--train-seeds` or
  ///   `--validate-seeds`.
  @_optimize(none)
  public init(
    strategy: String, parameters: [String], objective: String, pareto: String?, trainSeeds: String?, validateSeeds: String?, method: TuneMethod
  ) throws(TuneInputError) {
    space = try TuneSpace(strategy: strategy, parameters: parameters)
    if method == .grid, space.gridSize > Double(Tuner.maximumPoints) {
      let axes = space.tuned.map { "\($0.gridPoints)" }.joined(separator: " × ")
      throw TuneInputError(
        "--param: a grid of \(axes) = \(Parameter.format(space.gridSize)) points; expected at most \(Tuner.maximumPoints) (fewer points per axis, NAME=LOW..HIGH:POINTS, or --method random)")
    }
    do { self.objective = try Objective(parsing: objective) } catch { throw TuneInputError("--objective: \(error)") }
    objectiveText = objective
    var front: [(text: String, objective: Objective)] = []
    if let pareto {
      let texts = StrategyText.pieces(pareto, separatedBy: ",").map { $0.text.trimmingCharacters(in: .whitespaces) }
      guard texts.count == 2 else { throw TuneInputError("--pareto: expected two objectives separated by a comma, found \(texts.count)") }
      for text in texts {
        do { front.append((text, try Objective(parsing: text))) } catch { throw TuneInputError("--pareto: '\(text)': \(error)") }
      }
    }
    self.pareto = front
    self.trainSeeds = try Self.seeds(trainSeeds, option: "--train-seeds")
    self.validateSeeds = try Self.seeds(validateSeeds, option: "--validate-seeds")
  }

  /// The tuner over `train` and `validate` (``TuneSet/split(train:trainSeeds:validate:validateSeeds:)``
  /// with this request's seeds), scoring `threads` cells at once.
  /// - Throws: ``TuneInputError`` for a validation seed training uses; what building a set throws.
  @_optimize(none)
  public func tuner(train: [ScenarioDocument], validate: [ScenarioDocument], threads: Int) throws -> Tuner {
    let sets: (train: [ScenarioDocument], validate: [ScenarioDocument])
    do {
      sets = try TuneSet.split(train: train, trainSeeds: trainSeeds, validate: validate, validateSeeds: validateSeeds)
    } catch { throw TuneInputError("--validate-seeds: \(error)") }
    let trainSet = try TuneSet(name: "train", documents: sets.train, threads: threads)
    let validateSet = try TuneSet(name: "validate", documents: sets.validate, threads: threads)
    return Tuner(space: space, objectiveText: objectiveText, objective: objective, pareto: pareto, train: trainSet, validate: validateSet, threads: threads)
  }

  /// The part of the training points this process scores, if any (`chosen`: the shard the options or a
  /// cluster's array job name). A grid's or a random search's points are known in advance and split;
  /// Nelder-Mead chooses each point from the last, so it runs whole even inside an array job; a process
  /// merging shards scores none.
  @_optimize(none)
  public static func part(method: TuneMethod, merging: Bool, chosen: () throws -> SweepHeader.Shard?) rethrows -> SweepHeader.Shard? {
    merging || method == .nelderMead ? nil : try chosen()
  }

  /// Distinct comma-separated whole numbers, or nil without a text.
  @_optimize(none)
  static func seeds(_ text: String?, option: String) throws(TuneInputError) -> [UInt64]? {
    guard let text else { return nil }
    let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let seeds = items.compactMap(UInt64.init)
    guard !items.isEmpty, seeds.count == items.count, Set(seeds).count == seeds.count else {
      throw TuneInputError("\(option): expected distinct comma-separated whole numbers, found '\(text)'")
    }
    return seeds
  }
}
