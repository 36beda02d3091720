import NumericKit
import TrackCore

/// The runner's lap button on a track: at each crossing of the line the runner presses it `delay_s`
/// late on average, give or take `sd_s` (a normal draw: early presses happen, anticipating the line),
/// and forgets a press `missed_percent` of the time. The press reaches the app with the first fix at or
/// after it (a ``FixMarks/lapPress`` mark; none for a press after the last fix), where a lap-rounding app (`lap-round`) rounds the lap.
/// Defaults assumed: a simple reaction time is about 0.2-0.3 s, and a runner sees the line coming.
public struct LapPresses: Sendable, Hashable, Decodable {
  /// Mean lateness of a press after the crossing, seconds.
  public var delay: Double
  /// Standard deviation of the lateness, seconds.
  public var spread: Double
  /// Percent of crossings with no press.
  public var missedPercent: Double

  public init(delay: Double = 0.3, spread: Double = 0.2, missedPercent: Double = 0) {
    self.delay = delay; self.spread = spread; self.missedPercent = missedPercent
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case delay_s, sd_s, missed_percent }
  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    delay = try c.value(.delay_s, default: 0.3, expected: "seconds from -5 to 10") { (-5...10).contains($0) }
    spread = try c.value(.sd_s, default: 0.2, expected: "seconds from 0 to 5") { (0...5).contains($0) }
    missedPercent = try c.value(.missed_percent, default: 0, expected: "a percentage from 0 to 100") { (0...100).contains($0) }
  }
}

extension ScenarioEngine {
  /// Marks the fix each of the runner's lap presses arrives with: for every crossing of the line in the
  /// truth (each whole lap of `lap` metres it runs), the first fix at or after the press; a press after
  /// the last fix is lost (the recording ended before it). Its own stream (``ScenarioEngine/lapPressStage``): two draws per crossing
  /// whether pressed or not. O(n + laps), allocates nothing.
  func addLapPresses(_ presses: LapPresses, lap: Double, trial: Int, to fixes: inout [LocalFix]) {
    guard lap > 0, !fixes.isEmpty else { return }
    let random = random(trial: trial, stage: ScenarioEngine.lapPressStage)
    let laps = Int((truth.totalDistance / lap + 1e-9).rounded(.down))
    var k = 0
    for crossing in stride(from: 1, through: laps, by: 1) {
      let crossed = truth.time(atDistance: Double(crossing) * lap) ?? truth.duration
      let press = crossed + presses.delay + random.gaussian(sigma: presses.spread)
      guard random.uniform(0, 100) >= presses.missedPercent else { continue }
      while k < fixes.count && fixes[k].time < press { k += 1 }
      guard k < fixes.count else { break }
      fixes[k].marks.insert(.lapPress)
    }
  }
}
