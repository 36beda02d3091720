import Evaluation
import NumericKit
import Testing
import TrackCore

/// Best efforts worked by hand on a curve with a stop, and against a brute-force search on random curves.
@Suite struct BestEffortTests {
  /// 4 m/s for 100 s, standing 100 s, 6 m/s for 100 s.
  let curve = EffortCurve(times: [0, 100, 200, 300], distances: [0, 400, 400, 1000])

  @Test func fastestDistancesSkipTheStop() throws {
    // 500 m: all of it at 6 m/s, 83.3 s. 450 m: also after the stop (75 s), not across it.
    let fastest500 = try #require(curve.fastest(500)), fastest450 = try #require(curve.fastest(450))
    #expect(abs(fastest500 - 500.0 / 6) < 1e-9)
    #expect(abs(fastest450 - 75) < 1e-9)
    // 700 m needs 300 m before the stop: from 100 m (25 s) to 1000 m (300 s).
    let fastest700 = try #require(curve.fastest(700))
    #expect(abs(fastest700 - (300 - 75)) < 1e-9)
    #expect(curve.fastest(1001) == nil)
  }

  @Test func bestWindowsAndPeak() throws {
    #expect(try #require(curve.bestSpeed(over: 10)) == 6)
    #expect(abs(try #require(curve.bestSpeed(over: 150)) - 4) < 1e-12)  // 200-300 s and 50 s before it standing
    #expect(curve.bestSpeed(over: 301) == nil)
    #expect(curve.peakSpeed == 6)
  }

  @Test func exactOnRandomCurvesAgainstABruteForceSearch() throws {
    let random = RandomSource(seed: 44)
    for _ in 0..<20 {
      var times = [0.0], distances = [0.0]
      for _ in 0..<40 {
        times.append(times.last! + random.uniform(0.5, 3))
        distances.append(distances.last! + (random.uniform() < 0.2 ? 0 : random.uniform(0, 12)))
      }
      let curve = EffortCurve(times: times, distances: distances)
      // Brute force: D on a 0.01 s grid; the fastest 50 m from the first grid time reaching each start.
      let grid = stride(from: 0.0, through: times.last!, by: 0.01).map { t -> Double in
        var k = 0
        while k + 2 < times.count && times[k + 1] <= t { k += 1 }
        return distances[k] + (distances[k + 1] - distances[k]) * (min(t, times[k + 1]) - times[k]) / (times[k + 1] - times[k])
      }
      var bestWindow = 0.0
      for i in 0..<(grid.count - 500) { bestWindow = max(bestWindow, grid[i + 500] - grid[i]) }
      #expect(abs(try #require(curve.bestSpeed(over: 5)) - bestWindow / 5) < 0.05)
      var fastest = Double.infinity, j = 0
      for i in grid.indices {
        while j < grid.count && grid[j] - grid[i] < 50 { j += 1 }
        if j < grid.count { fastest = min(fastest, Double(j - i) * 0.01) }
      }
      // The grid's best is a feasible window, so the exact one is no slower, and the grid misses it by
      // at most a step at each end, stretched where a slow segment meets a fast one.
      if fastest.isFinite {
        let exact = try #require(curve.fastest(50))
        #expect(exact <= fastest + 1e-9 && fastest - exact < 0.1, "\(exact) against \(fastest)")
      }
    }
  }

  @Test func theAppsSpeedIsDopplerWhereReportedElseTheStep() throws {
    // Straight east at 4 m/s (the shared 1 km truth): positions exact, Doppler 5 m/s on one point.
    var points = perfectFixes()
    points[100].speed = 5
    let figures = EffortFigures(points, distance: RecordedDistance(points))
    #expect(figures.maximumSpeed == 5)
    #expect(abs(try #require(figures.bestTwoSeconds) - 4.5) < 1e-12)  // 5 m/s over (99, 100], 4 over (100, 101]
    #expect(abs(try #require(figures.fastestKilometre) - 250) < 1e-9)  // from the distance: 1000 m in 250 s
    var scores: [Metric: Double] = [:]
    for (metric, value) in Metric.scores(RecordedRun(observedCount: points.count, recorded: points), against: straightTruth).named { if let value { scores[metric] = value } }
    #expect(abs(try #require(scores[.maximumSpeedError]) - 3.6) < 1e-9)
    #expect(abs(try #require(scores[.bestTwoSecondSpeedError]) - 1.8) < 1e-9)
    #expect(abs(try #require(scores[.bestKilometreError])) < 1e-9)
    #expect(scores[.bestFiveKilometreError] == nil)
  }

  /// 1 Hz points at 4 m/s with a burst of 6 m/s over 10-12 s, each claiming 0.5 m/s (0.3 m/s in the
  /// burst): the best 2 s is the burst, its bar 2·√(2·(1·0.3)²)/2 = 0.4243 m/s; the truth at 5.5 m/s lies
  /// outside it (6 − 5.5 > 0.4243), at 5.7 inside; a point without a claim leaves no bar.
  @Test func errorBarsFromTheClaimedSpeedAccuracy() throws {
    let points = (0...30).map { k -> LocalFix in
      let burst = k == 11 || k == 12
      return LocalFix(
        time: Double(k), east: 0, north: 0, horizontalAccuracy: 3, speed: burst ? 6 : 4, speedAccuracy: burst ? 0.3 : 0.5)
    }
    let shown = EffortFigures(points, distance: RecordedDistance(points))
    #expect(try #require(shown.bestTwoSeconds) == 6)
    let twoBar: Double = (2 * 0.09).squareRoot()
    #expect(abs(try #require(shown.bestTwoSecondsBar) - twoBar) < 1e-12)
    // The best 10 s: 8 s at 4 m/s and the burst's 2 s, bar 2·√(8·0.25 + 2·0.09)/10.
    let tenVariance: Double = 8 * 0.25 + 2 * 0.09
    #expect(abs(try #require(shown.bestTenSecondsBar) - tenVariance.squareRoot() / 5) < 1e-12)
    func truth(_ speed: Double) -> EffortFigures {
      let curve = EffortCurve(times: [0, 10, 12, 30], distances: [0, 40, 40 + 2 * speed, 40 + 2 * speed + 72])
      return EffortFigures(distance: curve, speed: curve, maximumSpeed: curve.peakSpeed)
    }
    let inside = BestEffortBar(.twoSeconds, .inside), width = BestEffortBar(.twoSeconds, .halfWidth)
    #expect(inside.value(shown, against: truth(5.5)) == 0)
    #expect(inside.value(shown, against: truth(5.7)) == 100)
    let twoWidth: Double = 3.6 * twoBar
    #expect(abs(try #require(width.value(shown, against: truth(5.7))) - twoWidth) < 1e-12)
    var unclaimed = points
    unclaimed[12].speedAccuracy = -1
    let bare = EffortFigures(unclaimed, distance: RecordedDistance(unclaimed))
    #expect(bare.bestTwoSecondsBar == nil && inside.value(bare, against: truth(5.7)) == nil)
    #expect(truth(5.7).bestTwoSecondsBar == nil)
  }

  /// A lap rounded down on a press (−3 m at the point at 4 s) takes distance back: the distance shown
  /// drops there, and the first time it reaches a distance is still the first.
  @Test func anAdjustmentThatTakesDistanceBack() throws {
    var points = (0...6).map { LocalFix(time: Double($0), east: 2 * Double($0), north: 0, horizontalAccuracy: 3) }
    points[4].distanceAdjustment = -3
    let distance = RecordedDistance(points)
    #expect(distance.cumulative == [0, 2, 4, 6, 5, 7, 9])
    #expect(distance.total == 9 && points.pathLength == 9)
    #expect(distance.firstIndex(reaching: 5.5) == 3)  // 6 m at 3 s, before the drop to 5
    #expect(try #require(distance.time(reaching: 7)) == 5)
  }
}
