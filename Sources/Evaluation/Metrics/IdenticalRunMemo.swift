import Foundation
import TrackCore

/// What one cell has computed from each distinct recorded run, so that a strategy whose output equals an
/// earlier strategy's bit for bit (raw and a gate that dropped nothing, two settings that keep every
/// fix) takes the earlier value instead of being scored again. On the bundled suite about one run in six
/// is such a repeat. Exact: metrics are functions of the run and the truth only, so equal inputs give the
/// same value, and equality is of the bytes (`LocalFix` has no padding), so −0 and +0 differ.
/// - Complexity: a lookup compares with each earlier run until the first differing byte, O(k · n) at
///   worst for k earlier runs of n fixes; in practice runs differ at their first fix or in length.
public struct IdenticalRunMemo<Value> {
  private var entries: [(observedCount: Int, recorded: [LocalFix], energy: RunEnergy?, value: Value)] = []

  public init() {}

  /// The value computed for an identical run earlier, or `compute()`'s, remembered.
  public mutating func value(for run: RecordedRun, compute: () -> Value) -> Value {
    if let earlier = identicalValue(run) { return earlier }
    return remembered(run, compute())
  }

  private func identicalValue(_ run: RecordedRun) -> Value? {
    entries.first { $0.observedCount == run.observedCount && $0.energy == run.energy && Self.identical($0.recorded, run.recorded) }?.value
  }

  private mutating func remembered(_ run: RecordedRun, _ value: Value) -> Value {
    entries.append((run.observedCount, run.recorded, run.energy, value))
    return value
  }

  static func identical(_ a: [LocalFix], _ b: [LocalFix]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
  }
}

extension IdenticalRunMemo where Value == Scores {
  /// The scores of `run`: an identical earlier run's (``value(for:compute:)``); else the scores of the
  /// earlier run it shares the most with, the metrics it does not share measured again by `rescore`
  /// (``Metric/scores(_:context:known:only:)``); else `compute()`'s, remembered. Two runs share
  /// - every metric but those reading the channel that differs, when they differ only in channels few
  ///   metrics read: altitude, vertical accuracy and pressure (an elevation stage's output, read
  ///   through ``RunMeasures/vertical`` alone) or speed accuracy (`effort-bars`', read through
  ///   the speed windows of ``RunMeasures/efforts`` alone, their bars). On the bundled suite 8 of `hilly-trail`'s 10 strategies are
  ///   elevation stages over the raw fixes.
  /// - the live pace's metrics and the speed windows' (those reading ``RunMeasures/livePace`` and
  ///   ``RunMeasures/Parts/speedWindows`` alone: the best 2 s and 10 s, their bars and the maximum
  ///   speed), when every point has the same time, age, Doppler speed and speed accuracy: with a speed
  ///   at every point neither reads a position. Without the same speed accuracy the live pace alone.
  ///   A smoother that keeps each fix and its speed (`ema`, `run-average`) shows the raw track's pace
  ///   and speeds; a third of the suite's runs measured afresh are such.
  ///
  /// Exact: tested that changing those channels, or every position of a run with speeds, moves no other
  /// built-in metric declaring its parts (``MetricDescriptor/reads``). A metric declaring none reads the
  /// run itself, and a registered metric may read anything: both are always measured again.
  /// - Complexity: as ``value(for:compute:)``, plus a comparison of each field with each earlier run's
  ///   until the first fix that tells them apart; the rescored metrics' parts.
  public mutating func scores(for run: RecordedRun, rescoring rescore: ([Metric]) -> Scores, compute: () -> Scores) -> Scores {
    if let earlier = identicalValue(run) { return earlier }
    // The earlier run with the same speeds, one with the same speed accuracy too if any.
    var sameSpeeds: (scores: Scores, speedClaim: Bool)?
    for entry in entries where entry.observedCount == run.observedCount && entry.energy == run.energy {
      switch RunSharing(entry.recorded, run.recorded) {
      case .nothing: continue
      case .speeds(let speedClaim):
        if sameSpeeds == nil || (sameSpeeds!.speedClaim && !speedClaim) { sameSpeeds = (entry.value, speedClaim) }
      case .allBut(let vertical, let speedClaim):
        return remembered(run, Self.rescoring(entry.value, rescore) { reads in
          (vertical && !reads.isDisjoint(with: .vertical)) || (speedClaim && !reads.isDisjoint(with: .speedWindows))
        })
      }
    }
    if let (shared, speedClaim) = sameSpeeds {
      let sharing: RunMeasures.Parts = speedClaim ? .livePace : [.livePace, .speedWindows]
      return remembered(run, Self.rescoring(shared, rescore) { reads in !reads.isSubset(of: sharing) })
    }
    return remembered(run, compute())
  }

  /// `earlier` with the metrics `stale` says of their parts measured again, and every metric that
  /// declares no part or is registered.
  private static func rescoring(_ earlier: Scores, _ rescore: ([Metric]) -> Scores, stale: (RunMeasures.Parts) -> Bool) -> Scores {
    let metrics = earlier.metrics.filter { metric in
      guard metric.index < Metric.builtIn.count else { return true }
      let reads = metric.descriptor.reads
      return reads.isEmpty || stale(reads)
    }
    let fresh = rescore(metrics)
    return Scores(metrics: earlier.metrics, values: earlier.metrics.map { fresh.scored($0) ? fresh[$0] : earlier[$0] })
  }
}

/// What two recorded runs share, fix by fix.
enum RunSharing {
  /// Everything but the vertical channels (altitude, vertical accuracy, pressure) or the speed
  /// accuracy, as flagged: every fix's time, position, claimed accuracy, speed, course, age, marks and
  /// distance adjustment the same bits.
  case allBut(vertical: Bool, speedClaim: Bool)
  /// Every fix's time, age and speed, with a speed (≥ 0) at every fix, and the speed accuracy unless
  /// flagged.
  case speeds(speedClaim: Bool)
  case nothing

  /// O(n) at most; most runs are told apart at their first fix.
  init(_ a: [LocalFix], _ b: [LocalFix]) {
    self = .nothing
    guard a.count == b.count else { return }
    var core = true, pace = true, vertical = false, speedClaim = false
    for (x, y) in zip(a, b) {
      let timing = x.time.bitPattern == y.time.bitPattern && x.age.bitPattern == y.age.bitPattern && x.speed.bitPattern == y.speed.bitPattern
      pace = pace && timing && x.speed >= 0
      core = core && timing && x.east.bitPattern == y.east.bitPattern && x.north.bitPattern == y.north.bitPattern
        && x.horizontalAccuracy.bitPattern == y.horizontalAccuracy.bitPattern && x.course.bitPattern == y.course.bitPattern
        && x.marks == y.marks && x.distanceAdjustment.bitPattern == y.distanceAdjustment.bitPattern
      guard core || pace else { return }
      vertical = vertical || x.altitude.bitPattern != y.altitude.bitPattern || x.verticalAccuracy.bitPattern != y.verticalAccuracy.bitPattern
        || x.pressure.bitPattern != y.pressure.bitPattern
      speedClaim = speedClaim || x.speedAccuracy.bitPattern != y.speedAccuracy.bitPattern
    }
    self = core ? .allBut(vertical: vertical, speedClaim: speedClaim) : .speeds(speedClaim: speedClaim)
  }
}
