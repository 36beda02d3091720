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
    var starts = [0]
    for i in real.time.indices.dropFirst() where real.time[i] - real.time[i - 1] > longestBridgedGap { starts.append(i) }
    guard starts.count > 1 else { return simulateSegment(model, like: real, trial: trial) }
    var series = ErrorSeries()
    for (segment, start) in starts.enumerated() {
      let end = segment + 1 < starts.count ? starts[segment + 1] : real.count
      // Each segment draws its own noise: segment 0 the trial's, the others trials far from any run's.
      let part = simulateSegment(model, like: real.slice(start..<end), trial: segment == 0 ? trial : trial &+ segment &* 1_000_003)
      series.append(contentsOf: part)
    }
    if real.truthIsMean { series.centreOnMean() }
    return series
  }

  private static func simulateSegment(_ model: ReceiverModel, like real: ErrorSeries, trial: Int) -> ErrorSeries {
    guard let first = real.time.first, let last = real.time.last else { return ErrorSeries() }
    var model = model.forTrial(trial)
    model.receiver.jitter = 0
    let rate = model.receiver.rateHz
    let spanned = Int(((last - first) * rate).rounded()) + 1
    // A clock whose mean spacing is not its typical one (a snapshot receiver's ±20 ms) drifts off the
    // grid: two epochs may round to one grid epoch, and the later takes the next (a margin of 2 % keeps
    // it on the grid).
    let count = spanned + 2 + spanned / 50
    var buffer = ObservationBuffer()
    buffer.reset(count: count, zones: [])
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
      buffer.truth[k] = FixTruth(
        time: Double(k) / rate, east: east, north: north, directionEast: lastDirection.0, directionNorth: lastDirection.1, speed: speed)
    }
    model.perturb(&buffer, trial: trial)
    var fixes: [LocalFix] = []
    model.compose(trial: trial, from: buffer, into: &fixes)
    // Fixes keep their grid epoch as their time (no timestamp jitter); dropped epochs have none.
    var byEpoch = [Int?](repeating: nil, count: count)
    for (index, fix) in fixes.enumerated() { byEpoch[min(max(Int((fix.time * rate).rounded()), 0), count - 1)] = index }
    var series = ErrorSeries()
    var previous: LocalFix?
    var taken = -1  // the last grid epoch paired: each is paired once, or a fix would repeat itself
    for i in 0..<real.count {
      let k = max(Int(((real.time[i] - first) * rate).rounded()), taken + 1)
      guard k < count else { series.unpaired += 1; continue }
      taken = k
      guard let index = byEpoch[k] else { series.unpaired += 1; continue }
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
