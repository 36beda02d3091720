import Foundation
import Simulation
import TrackCore

/// Simulates a receiver along a real truth: the receiver model runs on a uniform grid at its fix rate
/// over the recording's span (the truth interpolated linearly between its epochs), then the fix at the
/// grid epoch nearest each real epoch is kept (each grid epoch for one real epoch at most: the next free one
/// when the nearest is taken). The result is an ``ErrorSeries`` with the real one's
/// epochs, so every statistic compares like with like (same duration, gaps, spacing and motion; measured
/// from its own mean when the real one is).
///
/// A gap is a gap: the recording is simulated in segments split where it has no epoch for more than
/// ``longestBridgedGap`` (a receiver's wander has long forgotten its past by then), so the grid covers
/// the recorded time, not the span of a file whose clock jumped.
public enum SeriesSimulation {
  /// Longest stretch without an epoch that one simulated segment bridges, seconds.
  public static let longestBridgedGap = 300.0

  /// - Complexity: O(recorded time × rate + n), where recorded time counts at most
  ///   ``longestBridgedGap`` per gap.
  public static func simulate(_ model: ReceiverModel, like real: ErrorSeries, trial: Int) -> ErrorSeries {
    simulate(model, along: Plan(like: real, rateHz: model.receiver.rateHz), trial: trial)
  }

  /// What every trial along one recording at one fix rate shares: per segment, the truth on the grid
  /// and the grid epoch each real epoch is paired with. A fit simulates 8-64 trials along the same truth
  /// per evaluation: one plan spares each of them the interpolation, with the same numbers.
  public struct Plan: Sendable {
    struct Segment: Sendable {
      /// The recording's epochs in this segment.
      var real: ErrorSeries
      /// The truth at each grid epoch.
      var truth: [FixTruth]
      /// Per real epoch, its grid epoch (each taken once; `truth.count` or more: none left, unpaired).
      var epochs: [Int]
    }
    let rateHz: Double
    let segments: [Segment]
    let truthIsMean: Bool

    /// The plan of a receiver reporting at `rateHz` along `real`.
    /// - Complexity: O(recorded time × rate + n).
    public init(like real: ErrorSeries, rateHz: Double) {
      var starts = [0]
      for i in real.time.indices.dropFirst() where real.time[i] - real.time[i - 1] > SeriesSimulation.longestBridgedGap { starts.append(i) }
      let parts = starts.count > 1 ? starts.indices.map { real.slice(starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : real.count)) } : [real]
      self.rateHz = rateHz
      segments = parts.map { Self.segment(like: $0, rateHz: rateHz) }
      truthIsMean = real.truthIsMean
    }

    static func segment(like real: ErrorSeries, rateHz rate: Double) -> Segment {
      guard let first = real.time.first, let last = real.time.last else { return Segment(real: real, truth: [], epochs: []) }
      let spanned = Int(((last - first) * rate).rounded()) + 1
      // A clock whose mean spacing is not its typical one (a snapshot receiver's ±20 ms) drifts off the
      // grid: two epochs may round to one grid epoch, and the later takes the next (a margin of 2 % keeps
      // it on the grid).
      let count = spanned + 2 + spanned / 50
      var truth: [FixTruth] = []
      truth.reserveCapacity(count)
      var j = 0
      var lastDirection = (1.0, 0.0)
      for k in 0..<count {
        let t = first + Double(k) / rate
        while j < real.count - 2 && real.time[j + 1] <= t { j += 1 }
        let span = j + 1 < real.count ? real.time[j + 1] - real.time[j] : 0
        let w = span > 0 ? min(max((t - real.time[j]) / span, 0), 1) : 0
        let b = min(j + 1, real.count - 1)
        let east = real.truthEast[j] + w * (real.truthEast[b] - real.truthEast[j])
        let north = real.truthNorth[j] + w * (real.truthNorth[b] - real.truthNorth[j])
        let speed = real.truthSpeed[j] + w * (real.truthSpeed[b] - real.truthSpeed[j])
        let de = real.truthEast[b] - real.truthEast[j], dn = real.truthNorth[b] - real.truthNorth[j]
        let length = hypot(de, dn)
        if length > 0 { lastDirection = (de / length, dn / length) }
        truth.append(FixTruth(time: Double(k) / rate, east: east, north: north, directionEast: lastDirection.0, directionNorth: lastDirection.1, speed: speed))
      }
      var epochs: [Int] = []
      epochs.reserveCapacity(real.count)
      var taken = -1  // the last grid epoch paired: each is paired once, or a fix would repeat itself
      for i in 0..<real.count {
        let k = max(Int(((real.time[i] - first) * rate).rounded()), taken + 1)
        epochs.append(k)
        if k < count { taken = k }
      }
      return Segment(real: real, truth: truth, epochs: epochs)
    }
  }

  /// A trial along `plan` (made for the model's fix rate; a trial whose device reports at another rate
  /// gets a plan of its own).
  /// - Complexity: O(recorded time × rate + n).
  public static func simulate(_ model: ReceiverModel, along plan: Plan, trial: Int) -> ErrorSeries {
    guard plan.segments.count > 1 else { return simulateSegment(model, along: plan.segments[0], rateHz: plan.rateHz, trial: trial) }
    var series = ErrorSeries()
    for (index, segment) in plan.segments.enumerated() {
      // Each segment draws its own noise: segment 0 the trial's, the others trials far from any run's.
      series.append(contentsOf: simulateSegment(model, along: segment, rateHz: plan.rateHz, trial: index == 0 ? trial : trial &+ index &* 1_000_003))
    }
    if plan.truthIsMean { series.centreOnMean() }
    return series
  }

  private static func simulateSegment(_ model: ReceiverModel, along planned: Plan.Segment, rateHz: Double, trial: Int) -> ErrorSeries {
    let real = planned.real
    guard real.count > 0 else { return ErrorSeries() }
    var model = model.forTrial(trial)
    model.receiver.jitter = 0
    let rate = model.receiver.rateHz
    let segment = rate == rateHz ? planned : Plan.segment(like: real, rateHz: rate)
    let count = segment.truth.count
    var buffer = ObservationBuffer()
    buffer.truth = segment.truth  // before the reset, which then keeps it
    buffer.reset(count: count, zones: [])
    model.perturb(&buffer, trial: trial)
    var fixes: [LocalFix] = []
    model.compose(trial: trial, from: buffer, into: &fixes)
    // Fixes keep their grid epoch as their time (no timestamp jitter); dropped epochs have none.
    var byEpoch = [Int?](repeating: nil, count: count)
    for (index, fix) in fixes.enumerated() { byEpoch[min(max(Int((fix.time * rate).rounded()), 0), count - 1)] = index }
    var series = ErrorSeries()
    series.reserveCapacity(real.count)
    var previous: LocalFix?
    for i in 0..<real.count {
      let k = segment.epochs[i]
      guard k < count, let index = byEpoch[k] else { series.unpaired += 1; continue }
      let fix = fixes[index], epoch = buffer.truth[k]
      let repeats = previous.map { $0.east == fix.east && $0.north == fix.north } ?? false
      series.append(
        time: real.time[i], east: fix.east, north: fix.north, truth: (epoch.east, epoch.north, epoch.speed),
        claimed: fix.horizontalAccuracy >= 0 ? fix.horizontalAccuracy : nil, repeated: repeats,
        altitudeError: fix.verticalAccuracy >= 0 ? fix.altitude - (model.height + epoch.rise) : nil)
      previous = fix
    }
    // Like with like: a recording measured from its own mean is compared with a simulation measured
    // from its own mean (which removes the same slow part of the wander from both).
    if real.truthIsMean { series.centreOnMean() }
    return series
  }
}
