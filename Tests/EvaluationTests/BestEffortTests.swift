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
    #expect(abs(try #require(curve.fastest(500)) - 500.0 / 6) < 1e-9)
    #expect(abs(try #require(curve.fastest(450)) - 75) < 1e-9)
    // 700 m needs 300 m before the stop: from 100 m (25 s) to 1000 m (300 s).
    #expect(abs(try #require(curve.fastest(700)) - (300 - 75)) < 1e-9)
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
}
