import Evaluation
import TrackCore

/// Scoring a run against its truth, whole or one family of metrics at a time: kernels `throughput`
/// times and the speed gate counts, so what scoring costs per fix is tracked as the filters' is (docs/ci.md).
/// Each family times the measure its metrics share, over a run prepared beforehand (its points' distance
/// along the truth path when the family needs them).
public enum ScoringKernel: String, Sendable, CaseIterable {
  /// Every metric of a simulated run (`Metric.scores`): what the suite spends per strategy and trial.
  case all = "score"
  /// Each point's distance along the truth path and from it (the cross-track distances).
  case projection = "score-projection"
  /// The distance shown over time and its split between corners and straights.
  case distance = "score-distance"
  /// The live pace against the truth's and its lag (the cross-correlation).
  case livePace = "score-live-pace"
  /// Kilometre and mile splits and the spoken interval pace.
  case splits = "score-splits"
  /// Fastest 1 km, mile and 5 km, best 2 s and 10 s with their error bars, maximum speed.
  case bestEfforts = "score-best-efforts"
  /// The app's pauses against the truth's stops, and moving time.
  case pauses = "score-pauses"

  /// One pass of this kernel over `recorded` against `truth`, returning a figure that depends on all
  /// of its work (so the optimiser keeps it). The preparation (the truth's side, the distances along)
  /// is done here, once, outside the pass.
  public func pass(over recorded: [LocalFix], against truth: TruthTrack) -> () -> Double {
    let run = RecordedRun(observedCount: recorded.count, recorded: recorded)
    let context = ScoringContext(truth: truth)
    switch self {
    case .all:
      return { Metric.scores(run, context: context).named.reduce(0) { $0 + ($1.value ?? 0) } }
    case .projection:
      return {
        let along = truth.distances(at: recorded)
        return CrossTrackError().distances(run, along: along, against: truth).reduce(along.last ?? 0, +)
      }
    case .distance:
      let along = truth.distances(at: recorded)
      return {
        let parts = DistanceDecomposition.parts(run, along: along, against: truth)
        return RecordedDistance(recorded).total + parts.corner + parts.straight
      }
    case .livePace:
      let distance = RecordedDistance(recorded)
      return {
        let pace = LivePace(run, context: context, distance: distance)
        return (PaceLag.lag(pace, context: context) ?? 0) + (CurrentPaceError.summarise(pace, .rms) ?? 0)
      }
    case .splits:
      let distance = RecordedDistance(recorded)
      return {
        SplitPaceError.errors(distance, against: truth, splitLength: 1000).reduce(0, +)
          + SplitPaceError.errors(distance, against: truth, splitLength: 1609.344).reduce(0, +)
          + (IntervalPaceError.rms(distance, against: truth, interval: 300) ?? 0)
      }
    case .bestEfforts:
      let distance = RecordedDistance(recorded)
      return {
        let figures = EffortFigures(recorded, distance: distance)
        return (figures.fastestKilometre ?? 0) + (figures.bestTwoSeconds ?? 0) + (figures.bestTenSecondsBar ?? 0) + (figures.maximumSpeed ?? 0)
      }
    case .pauses:
      return {
        let stops = PauseMeasures(recorded, against: truth)
        return Double(stops?.missed ?? 0) + (MovingTimeError().evaluate(run, against: truth) ?? 0)
      }
    }
  }
}
