import NumericKit
import TrackCore

/// One trial of a scenario drawn for the HTML report: the true path, each strategy's recorded track
/// with its speed, the live pace over time, and the checkpoint pins. Positions are metres east and north
/// of the scenario's origin; every series is thinned to at most ``maximumPoints`` points and rounded to
/// centimetres (or 0.01 s/km), so a results file stays small and its bytes stay deterministic.
public struct ScenarioIllustration: Sendable, Hashable, Codable {
  /// Which trial is drawn.
  public var trial: Int
  /// The true path, [east, north] pairs.
  public var truth: [[Double]]
  /// True pace over time, [t s, pace s/km], where the runner moves at 0.5 m/s or more.
  public var truePace: [[Double]]
  /// Checkpoints the truth passes: [distance m, east, north].
  public var checkpoints: [[Double]]
  public var strategies: [StrategyIllustration]

  /// Largest number of points kept per series.
  public static let maximumPoints = 600

  public init(trial: Int, truth: TruthTrack, runs: [(strategy: String, run: RecordedRun)], settings: ScoringSettings) {
    self.trial = trial
    let samples = truth.samples(rateHz: 1)
    self.truth = Self.thin(samples).map { [Self.round($0.east), Self.round($0.north)] }
    truePace = Self.thin(samples.filter { $0.speed >= LivePace.minimumTrueSpeed }).map {
      [Self.round($0.time), Self.round(LivePace.pace($0.speed))]
    }
    let checkpointsPassed = settings.badges.distances.filter { $0 <= truth.totalDistance }
    checkpoints = checkpointsPassed.map { c in
      let p = truth.path.point(at: c)
      return [c, Self.round(p.east), Self.round(p.north)]
    }
    strategies = runs.map { strategy, run in
      let distance = RecordedDistance(run.recorded)
      let livePace = LivePace(run, against: truth, window: settings.paceWindow, distance: distance)
      let kept = Self.thin(Array(run.recorded.indices))
      var track: [[Double]] = []
      for (k, i) in kept.enumerated() {
        let p = run.recorded[i]
        // Speed over the thinned step: path length recorded between the kept points over their time apart.
        var speed = 0.0
        if k > 0 {
          let j = kept[k - 1]
          let dt = p.time - run.recorded[j].time
          speed = dt > 0 ? (distance.cumulative[i] - distance.cumulative[j]) / dt : 0
        }
        track.append([Self.round(p.east), Self.round(p.north), Self.round(speed)])
      }
      let pace = Self.thin(Array(livePace.scoredTimes.indices)).map {
        [Self.round(livePace.scoredTimes[$0]), Self.round(livePace.appPace[$0])]
      }
      let pins = CheckpointError.pins(run, distance, against: truth, checkpoints: checkpointsPassed).compactMap { pin -> [Double]? in
        guard let p = pin.appPoint else { return nil }
        return [pin.checkpoint, Self.round(p.east), Self.round(p.north)]
      }
      return StrategyIllustration(strategy: strategy, track: track, pace: pace, pins: pins)
    }
  }

  /// A replayed recording drawn for the HTML report: the reference's path (a fixed point: that point;
  /// no truth: none) and each strategy's recorded track with its speed. No live pace against the
  /// truth and no pins: those need a moving truth with checkpoints.
  public init(recording trial: Int, truth: TruthTrack?, tracks: [(strategy: String, recorded: [LocalFix])]) {
    self.trial = trial
    self.truth = truth.map { Self.thin($0.samples(rateHz: 1)).map { [Self.round($0.east), Self.round($0.north)] } } ?? []
    truePace = []
    checkpoints = []
    strategies = tracks.map { strategy, recorded in
      let distance = RecordedDistance(recorded)
      let kept = Self.thin(Array(recorded.indices))
      var track: [[Double]] = []
      for (k, i) in kept.enumerated() {
        var speed = 0.0
        if k > 0 {
          let j = kept[k - 1]
          let dt = recorded[i].time - recorded[j].time
          speed = dt > 0 ? (distance.cumulative[i] - distance.cumulative[j]) / dt : 0
        }
        track.append([Self.round(recorded[i].east), Self.round(recorded[i].north), Self.round(speed)])
      }
      var drawn = StrategyIllustration(strategy: strategy, track: track, pace: [], pins: [])
      drawn.movingSpeed = Self.movingSpeed(recorded).map(Self.round)
      return drawn
    }
  }

  /// Seconds over which ``movingSpeed(_:)`` measures straight displacement: long enough that a few
  /// metres of jitter move the speed of a run little, short enough that a loop's bends do not hide it.
  static let speedWindowS = 30.0

  /// The median, over the fixes at least ``speedWindowS`` into the track, of the straight displacement
  /// from the last fix that window earlier over the time between, counting the windows at a moving speed
  /// (``LivePace/minimumTrueSpeed``) only, m/s; `nil` when none moves. A step's speed sums the receiver's
  /// jitter (a low-cost receiver's 30 m steps read as 27 m/s on a 0.7 m/s walk); a displacement over
  /// seconds does not. O(fixes log fixes).
  package static func movingSpeed(_ fixes: [LocalFix]) -> Double? {
    var speeds: [Double] = []
    var j = 0
    for i in fixes.indices {
      while j + 1 < i, fixes[i].time - fixes[j + 1].time >= speedWindowS { j += 1 }
      let dt = fixes[i].time - fixes[j].time
      guard dt >= speedWindowS else { continue }
      let speed = fixes[i].distance(to: fixes[j]) / dt
      if speed >= LivePace.minimumTrueSpeed, speed.isFinite { speeds.append(speed) }
    }
    return Statistics.quantile(speeds, 0.5)
  }

  /// Every k-th element so that at most `maximumPoints` remain, always keeping the last.
  static func thin<T>(_ values: [T]) -> [T] {
    guard values.count > maximumPoints else { return values }
    let stride = (values.count + maximumPoints - 2) / (maximumPoints - 1)
    var result = Swift.stride(from: 0, to: values.count, by: stride).map { values[$0] }
    if (values.count - 1) % stride != 0 { result.append(values[values.count - 1]) }
    return result
  }

  static func round(_ x: Double) -> Double { (x * 100).rounded() / 100 }
}

/// One strategy's recorded track in a ``ScenarioIllustration``.
public struct StrategyIllustration: Sendable, Hashable, Codable {
  public var strategy: String
  /// [east, north, speed m/s over the step from the previous kept point].
  public var track: [[Double]]
  /// The live pace the app shows, [t s, pace s/km], at scored seconds.
  public var pace: [[Double]]
  /// Where the app dropped checkpoint pins: [distance m, east, north].
  public var pins: [[Double]]
  /// For a replayed recording: the track's typical moving speed over ``ScenarioIllustration/speedWindowS``
  /// windows of straight displacement, m/s, which scales the map's pace colours where no truth does;
  /// absent for a scenario and in older files.
  public var movingSpeed: Double?
}
