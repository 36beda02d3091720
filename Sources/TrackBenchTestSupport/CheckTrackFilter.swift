import Filtering
import TrackCore

/// A law a strategy broke: which strategy, which law, and what was seen.
public struct LawViolation: Sendable, Hashable, CustomStringConvertible {
  public let strategy: String
  public let law: String
  public let detail: String
  public init(strategy: String, law: String, detail: String) { self.strategy = strategy; self.law = law; self.detail = detail }
  public var description: String { "\(strategy): \(law): \(detail)" }
}

/// The laws every causal filter obeys, checked on `input` (and on `alternative`, a second run of the
/// same length, for causality). Returns what was broken (empty when nothing), so any test framework can
/// assert on it: `#expect(checkTrackFilter(MyFilter(), on: …).isEmpty)`.
/// 1. `run(over:)` (the filter's fast loop) equals stepping a copy fix by fix;
/// 2. causal: what is recorded by step k never changes when later fixes change;
/// 3. output times strictly increase, and a point recorded at step i has a time in [t₀, tᵢ] (never from
///    the future);
/// 4. no invented fixes: at most one point per step, every value finite;
/// 5. a filter is a value: running the configured value twice gives the same output.
/// - Complexity: O(n) runs of the filter over n fixes (the causality check reruns it 4 times).
public func checkTrackFilter<F: TrackFilter>(_ filter: F, on input: [LocalFix], alternative: [LocalFix], label: String) -> [LawViolation] {
  var found: [LawViolation] = []
  func broken(_ law: String, _ detail: String) { found.append(LawViolation(strategy: label, law: law, detail: detail)) }
  func stepwise(_ fixes: [LocalFix]) -> [(step: Int, fix: LocalFix)] {
    var f = filter
    var out: [(Int, LocalFix)] = []
    for (i, fix) in fixes.enumerated() { if let r = f.step(fix) { out.append((i, r)) } }
    return out
  }
  guard !input.isEmpty else { return [LawViolation(strategy: label, law: "inputs", detail: "expected fixes to check on, found none")] }
  let stepped = stepwise(input)
  let batch = filter.run(over: input)
  if batch != stepped.map(\.fix) {
    let at = zip(batch, stepped).enumerated().first { $0.element.0 != $0.element.1.fix }?.offset ?? min(batch.count, stepped.count)
    broken("run(over:) equals stepping fix by fix", "the runs differ from recorded point \(at) (\(batch.count) points run, \(stepped.count) stepped)")
  }
  if filter.run(over: input) != batch { broken("a filter is a value", "two runs of the configured filter differ") }
  if stepped.count > input.count { broken("no invented fixes", "\(stepped.count) points from \(input.count) fixes") }
  for (a, b) in zip(stepped, stepped.dropFirst()) {
    if !(a.fix.time < b.fix.time) {
      broken("times strictly increase", "point at step \(b.step) has time \(b.fix.time) s after \(a.fix.time) s")
      break
    }
  }
  for (step, fix) in stepped {
    if !(fix.time >= input[0].time && fix.time <= input[step].time) {
      broken("never from the future", "point recorded at step \(step) (fix time \(input[step].time) s) has time \(fix.time) s")
      break
    }
  }
  if let bad = stepped.first(where: { !($0.fix.east.isFinite && $0.fix.north.isFinite && $0.fix.time.isFinite && $0.fix.horizontalAccuracy.isFinite) }) {
    broken("every value finite", "point at step \(bad.step) has a non-finite time, position or accuracy")
  }
  // Causality: change everything after step k; points recorded up to k must not move.
  if alternative.count == input.count, input.count >= 3 {
    for k in [0, input.count / 3, input.count / 2, input.count - 2] {
      let mixed = Array(input[...k]) + Array(alternative[(k + 1)...])
      let before = stepped.filter { $0.step <= k }.map(\.fix)
      let after = stepwise(mixed).filter { $0.step <= k }.map(\.fix)
      if before != after {
        broken("causal", "points recorded by step \(k) change when the fixes after it change")
        break
      }
    }
  } else {
    broken("inputs", "expected an alternative run as long as the input (\(input.count) fixes), found \(alternative.count)")
  }
  return found
}

/// The laws on TrackBench's reference inputs: a noisy park loop with an invalid fix, a fix claiming
/// 60 m and a 30 s dropout; and a downtown block with Doppler speed and course, outliers and a stop.
public func checkTrackFilter<F: TrackFilter>(_ filter: F, label: String) -> [LawViolation] {
  checkTrackFilter(filter, on: LawInputs.input, alternative: LawInputs.alternative, label: label)
    + checkTrackFilter(filter, on: LawInputs.withDoppler, alternative: LawInputs.withDopplerAlternative, label: label + " (Doppler run)")
}

/// Law-checks a strategy on `input`. A streaming one: through its concrete filter type and as a pipeline
/// of stages stepped fix by fix, which must equal `Strategy.run` (the batch form). An offline one may
/// look ahead but never invents a time: its outputs are valid input fixes' times, in order, finite.
public func checkStrategy(_ strategy: Strategy, on input: [LocalFix], alternative: [LocalFix]) -> [LawViolation] {
  let label = strategy.description
  var found: [LawViolation] = []
  func broken(_ law: String, _ detail: String) { found.append(LawViolation(strategy: label, law: law, detail: detail)) }
  let batch = strategy.run(over: input)
  if batch != strategy.run(over: input) { broken("deterministic", "two runs differ") }
  var reused: [LocalFix] = Array(repeating: input.first ?? LocalFix(time: 0, east: 0, north: 0, horizontalAccuracy: 1), count: 3)
  input.withUnsafeBufferPointer { strategy.run(over: $0, into: &reused) }
  if reused != batch { broken("output is emptied first", "a run into a used array differs from a run into a new one") }
  guard strategy.isStreaming else {
    let inputTimes = Set(input.filter { $0.horizontalAccuracy >= 0 }.map(\.time))
    if batch.count > input.count { broken("no invented fixes", "\(batch.count) points from \(input.count) fixes") }
    if let bad = batch.first(where: { !inputTimes.contains($0.time) }) { broken("never invents a time", "a point at \(bad.time) s, no valid fix has that time") }
    if !zip(batch, batch.dropFirst()).allSatisfy({ $0.time < $1.time }) { broken("times strictly increase", "two points out of order") }
    if !batch.allSatisfy({ $0.east.isFinite && $0.north.isFinite && $0.horizontalAccuracy.isFinite }) { broken("every value finite", "a non-finite point") }
    return found
  }
  if strategy.stages.contains(where: { if case .process = $0 { return true } else { return false } }) {
    return found + checkBatch(strategy, on: input, alternative: alternative, label: label)
  }
  let stages = strategy.stages.compactMap { stage -> StreamingFilter? in
    if case .streaming(let filter) = stage { return filter }
    return nil
  }
  if stages.allSatisfy({ $0.configured is any ElevationStage }) {
    let kept = batch.count == input.count && zip(batch, input).allSatisfy { $0.time == $1.time && $0.east == $1.east && $0.north == $1.north && $0.marks == $1.marks }
    if !kept { broken("rewrites altitude alone", "\(batch.count) points from \(input.count) fixes, or a time, position or mark changed") }
    if let bad = batch.firstIndex(where: { $0.verticalAccuracy >= 0 && !$0.altitude.isFinite }) { broken("every value finite", "point \(bad) has a non-finite altitude") }
  }
  if stages.allSatisfy({ $0.configured is any PauseStage }) {
    if let broke = pauseMarkingBreak(batch, input: input) { broken("marks pauses alone", broke) }
  }
  if stages.allSatisfy({ $0.configured is any AnnotatingStage }) {
    if let broke = annotationBreak(batch, input: input) { broken("annotates alone", broke) }
  }
  if stages.count == 1 {
    // Through the concrete type, so its own `run` is what is checked against stepping.
    func concrete<F: TrackFilter>(_ filter: F) -> [LawViolation] { checkTrackFilter(filter, on: input, alternative: alternative, label: label) }
    found += concrete(stages[0].configured)
  }
  let chained = StageChain(stages: stages)
  found += checkTrackFilter(chained, on: input, alternative: alternative, label: label + " (stepped)")
  if chained.run(over: input) != batch { broken("stepping every stage equals the batch run", "the pipeline's run differs from its stages stepped fix by fix") }
  return found
}

/// Streaming stages stepped together: each fix goes through every stage in order.
struct StageChain: TrackFilter {
  var stages: [StreamingFilter]
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    var current = fix
    for i in stages.indices {
      guard let next = stages[i].step(current) else { return nil }
      current = next
    }
    return current
  }
}

/// The laws for a streaming strategy that cannot be stepped fix by fix (a child process): on whole runs,
/// times strictly increase, no point is later than the last fix, at most one point per fix, every value
/// finite, and causality in its batch form: the points up to fix k's time do not change when the fixes
/// after k change.
func checkBatch(_ strategy: Strategy, on input: [LocalFix], alternative: [LocalFix], label: String) -> [LawViolation] {
  var found: [LawViolation] = []
  func broken(_ law: String, _ detail: String) { found.append(LawViolation(strategy: label, law: law, detail: detail)) }
  let batch = strategy.run(over: input)
  if batch.count > input.count { broken("no invented fixes", "\(batch.count) points from \(input.count) fixes") }
  if !zip(batch, batch.dropFirst()).allSatisfy({ $0.time < $1.time }) { broken("times strictly increase", "two points out of order") }
  if let last = input.last, let late = batch.first(where: { $0.time > last.time }) { broken("never from the future", "a point at \(late.time) s after the last fix") }
  if !batch.allSatisfy({ $0.time.isFinite && $0.east.isFinite && $0.north.isFinite && $0.horizontalAccuracy.isFinite }) {
    broken("every value finite", "a non-finite point")
  }
  if alternative.count == input.count, input.count >= 3 {
    for k in [0, input.count / 3, input.count / 2, input.count - 2] {
      let mixed = Array(input[...k]) + Array(alternative[(k + 1)...])
      let limit = input[k].time
      if batch.filter({ $0.time <= limit }) != strategy.run(over: mixed).filter({ $0.time <= limit }) {
        broken("causal", "points up to fix \(k)'s time change when the fixes after it change")
        break
      }
    }
  }
  return found
}

/// What breaks "marks pauses alone" in a pause stage's `output` of `input`, or `nil`: every fix kept at
/// its time and altitude, marked moving or idle (not both), its other marks kept, and placed at its own
/// position or an earlier fix's.
func pauseMarkingBreak(_ output: [LocalFix], input: [LocalFix]) -> String? {
  guard output.count == input.count else { return "\(output.count) points from \(input.count) fixes" }
  var visited = Set<[Double]>()
  for (k, (point, fix)) in zip(output, input).enumerated() {
    visited.insert([fix.east, fix.north])
    guard point.time == fix.time, point.altitude == fix.altitude, point.speed == fix.speed else { return "point \(k) changed its time, altitude or speed" }
    guard point.marks.contains(.moving) != point.marks.contains(.idle) else { return "point \(k) is not marked either moving or idle" }
    guard point.marks.subtracting([.moving, .idle]) == fix.marks.subtracting([.moving, .idle]) else { return "point \(k) lost or gained another mark" }
    guard visited.contains([point.east, point.north]) else { return "point \(k) is at (\(point.east), \(point.north)), where no fix up to it was" }
  }
  return nil
}

/// What breaks "annotates alone" in an annotating stage's `output` of `input`, or `nil`: every fix kept
/// at its time, position, speed and altitude, its marks other than lap marks kept, its distance
/// adjustment and claimed speed and position accuracies finite, and a fix without a valid position
/// (a negative claimed accuracy) still without one.
func annotationBreak(_ output: [LocalFix], input: [LocalFix]) -> String? {
  guard output.count == input.count else { return "\(output.count) points from \(input.count) fixes" }
  for (k, (point, fix)) in zip(output, input).enumerated() {
    guard point.time == fix.time, point.east == fix.east, point.north == fix.north, point.speed == fix.speed, point.altitude == fix.altitude
    else { return "point \(k) changed its time, position, speed or altitude" }
    guard point.marks.subtracting(.lap) == fix.marks.subtracting(.lap) else { return "point \(k) lost or gained a mark other than a lap's" }
    guard point.distanceAdjustment.isFinite, point.speedAccuracy.isFinite, point.horizontalAccuracy.isFinite else {
      return "point \(k) has a non-finite adjustment or claim"
    }
    guard (point.horizontalAccuracy >= 0) == (fix.horizontalAccuracy >= 0) else { return "point \(k) gained or lost a valid position (its claimed accuracy's sign)" }
  }
  return nil
}
