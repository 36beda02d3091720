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
  /// The scores of `run`: an identical earlier run's (``value(for:compute:)``); else, when an earlier
  /// run differs from it only in channels few metrics read, that run's scores with the metrics reading
  /// the channel that differs measured again by `rescore` (``Metric/scores(_:context:known:only:)``);
  /// else `compute()`'s, remembered. The channels: altitude, vertical accuracy and pressure (the
  /// elevation stages' output) and speed accuracy (`effort-bars`'). On the bundled suite 8 of
  /// `hilly-trail`'s 10 strategies are elevation stages over the raw fixes, so their distance, pace,
  /// efforts and track are the raw run's.
  ///
  /// Exact: a built-in metric that declares parts (``MetricDescriptor/reads``) reads the vertical
  /// channels only through ``RunMeasures/vertical`` and the speed accuracy only through
  /// ``RunMeasures/efforts`` (tested: changing each channel moves no other such metric). A metric that
  /// declares none reads the run itself, and a registered metric may read anything: both are always
  /// measured again.
  /// - Complexity: as ``value(for:compute:)``, plus a comparison of each field with each earlier run's
  ///   until the first differing position, time or mark; the rescored metrics' parts.
  public mutating func scores(for run: RecordedRun, rescoring rescore: ([Metric]) -> Scores, compute: () -> Scores) -> Scores {
    if let earlier = identicalValue(run) { return earlier }
    for entry in entries where entry.observedCount == run.observedCount && entry.energy == run.energy {
      guard let differing = ChannelDifference(entry.recorded, run.recorded) else { continue }
      let stale = entry.value.metrics.filter { metric in
        guard metric.index < Metric.builtIn.count else { return true }
        let reads = metric.descriptor.reads
        return reads.isEmpty || (differing.vertical && reads.contains(.vertical)) || (differing.speedClaim && reads.contains(.efforts))
      }
      let fresh = rescore(stale)
      return remembered(run, Scores(metrics: entry.value.metrics, values: entry.value.metrics.map { fresh.scored($0) ? fresh[$0] : entry.value[$0] }))
    }
    return remembered(run, compute())
  }
}

/// Which side channels of two runs of equal length differ, when nothing else does (every fix's time,
/// position, claimed accuracy, speed, course, age, marks and distance adjustment the same bits).
struct ChannelDifference {
  /// Some fix's altitude, vertical accuracy or pressure differs.
  var vertical = false
  /// Some fix's speed accuracy differs.
  var speedClaim = false

  /// `nil` when the runs differ in length or in anything besides those channels. O(n).
  init?(_ a: [LocalFix], _ b: [LocalFix]) {
    guard a.count == b.count else { return nil }
    for (x, y) in zip(a, b) {
      guard x.time.bitPattern == y.time.bitPattern, x.east.bitPattern == y.east.bitPattern, x.north.bitPattern == y.north.bitPattern,
        x.horizontalAccuracy.bitPattern == y.horizontalAccuracy.bitPattern, x.speed.bitPattern == y.speed.bitPattern,
        x.course.bitPattern == y.course.bitPattern, x.age.bitPattern == y.age.bitPattern, x.marks == y.marks,
        x.distanceAdjustment.bitPattern == y.distanceAdjustment.bitPattern
      else { return nil }
      vertical = vertical || x.altitude.bitPattern != y.altitude.bitPattern || x.verticalAccuracy.bitPattern != y.verticalAccuracy.bitPattern
        || x.pressure.bitPattern != y.pressure.bitPattern
      speedClaim = speedClaim || x.speedAccuracy.bitPattern != y.speedAccuracy.bitPattern
    }
  }
}
