import Evaluation
import Foundation
import Testing
import TrackCore

/// What a replayed recording's map is coloured by (#66, item 5).
@Suite struct IllustrationTests {
  /// A walk at 0.7 m/s with 30 m of white jitter per fix: its steps read tens of m/s, its straight
  /// displacement over 30 s reads about the walk's speed; standing, no moving window.
  @Test func movingSpeedIsDisplacementOverThirtySeconds() {
    var state: UInt64 = 7
    func jitter() -> Double {  // a fixed sequence in [−1, 1], so the test repeats
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
    let walk = (0..<600).map { t in LocalFix(time: Double(t), east: 0.7 * Double(t) + 3 * jitter(), north: 3 * jitter(), horizontalAccuracy: 5) }
    let speed = ScenarioIllustration.movingSpeed(walk)
    #expect(speed.map { abs($0 - 0.7) < 0.1 } == true, "\(String(describing: speed))")
    let noisy = (0..<600).map { t in LocalFix(time: Double(t), east: 0.7 * Double(t) + 30 * jitter(), north: 30 * jitter(), horizontalAccuracy: 30) }
    let steps = zip(noisy.dropFirst(), noisy).map { $0.distance(to: $1) }.sorted()[300]
    let displaced = ScenarioIllustration.movingSpeed(noisy)
    #expect(steps > 10 && displaced.map { $0 < 2.5 } == true, "steps \(steps) m/s, displacement \(String(describing: displaced))")
    let standing = (0..<600).map { t in LocalFix(time: Double(t), east: 0.2 * jitter(), north: 0.2 * jitter(), horizontalAccuracy: 5) }
    #expect(ScenarioIllustration.movingSpeed(standing) == nil && ScenarioIllustration.movingSpeed(Array(walk.prefix(20))) == nil)
    // Drawn from a recording, every strategy carries it; a scenario's drawing has none.
    let drawn = ScenarioIllustration(recording: 0, truth: nil, tracks: [("raw", walk)])
    #expect(drawn.strategies[0].movingSpeed == speed.map { ($0 * 100).rounded() / 100 })
  }
}
