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
    for entry in entries where entry.observedCount == run.observedCount && entry.energy == run.energy && Self.identical(entry.recorded, run.recorded) {
      return entry.value
    }
    let value = compute()
    entries.append((run.observedCount, run.recorded, run.energy, value))
    return value
  }

  static func identical(_ a: [LocalFix], _ b: [LocalFix]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
  }
}
