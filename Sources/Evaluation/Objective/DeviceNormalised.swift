import NumericKit
import TrackCore

/// A scenario's objective scored so that no device decides for the others: where each trial draws its
/// own device from a population, a device ten times noisier than the rest gives every strategy about ten
/// times the error, and a plain mean over trials is then that device's ranking. Here each trial's values
/// are divided by that trial's scale, the median of the live strategies' values on it (what a typical
/// strategy scored with that device), and a strategy's score is the mean of its ratios times the mean
/// scale: in the objective's units, equal to the plain mean when every trial has the same scale, and
/// with each device weighing by how strategies compare on it, not by its noise.
///
/// Used for objectives evaluated per trial and averaged (no statistic in them: the default's kind), with
/// every trial's records at hand and every scale above 0; otherwise a scenario keeps the plain mean.
public struct DeviceNormalised: Sendable {
  /// The strategies scored, in the verdict's candidate order.
  public let strategies: [StrategyKey]
  /// Per trial, the median of the live strategies' values.
  public let scale: [Double]
  /// Per strategy, per trial: its value over the trial's scale.
  let ratios: [[Double]]

  /// `nil` when the objective has a statistic of its own, fewer than two trials, a strategy without a
  /// value on some trial, or a trial whose scale is not above 0.
  /// - Complexity: O(trials × strategies log strategies).
  public init?(objective: Objective, trials: [CellRecord], live: [StrategyKey], all: [StrategyKey]) {
    guard !objective.hasStatistic, trials.count >= 2, !live.isEmpty else { return nil }
    var values = [[Double]](repeating: [], count: all.count)
    var scale: [Double] = []
    let liveIndices = all.indices.filter { live.contains(all[$0]) }
    for trial in trials {
      var row: [Double] = []
      for name in all {
        guard let scores = trial.strategies.first(where: { $0.strategy == name })?.scores,
          let x = objective.evaluate(scores).number, x.isFinite
        else { return nil }
        row.append(x)
      }
      let liveValues = liveIndices.map { row[$0] }
      guard let median = Statistics.quantile(liveValues, 0.5), median > 0, median.isFinite else { return nil }
      scale.append(median)
      for s in all.indices { values[s].append(row[s] / median) }
    }
    strategies = all
    self.scale = scale
    ratios = values
  }

  /// Strategy `index`'s score over the trials `trials` (indices, repeats allowed: a bootstrap draw):
  /// the mean of its ratios times the mean scale.
  public func score(_ index: Int, trials: [Int]) -> Double {
    guard !trials.isEmpty else { return .nan }
    var ratio = 0.0, size = 0.0
    for t in trials {
      ratio += ratios[index][t]
      size += scale[t]
    }
    let n = Double(trials.count)
    return (ratio / n) * (size / n)
  }
}

extension DeviceInfo {
  /// Whether each trial draws its own device (a population), so devices are weighed per device.
  public var drawsDevices: Bool { receiver.hasPrefix("population ") }
}
