import Foundation
import NumericKit
import Testing

@Suite struct RandomSourceTests {
  @Test func sameStreamSameDraws() {
    let a = RandomSource(stream: StreamSeed(scenarioSeed: 42, trial: 3, stage: 1))
    let b = RandomSource(stream: StreamSeed(scenarioSeed: 42, trial: 3, stage: 1))
    for _ in 0..<1000 { #expect(a.gaussian(sigma: 1) == b.gaussian(sigma: 1)) }
  }

  @Test func neighbouringStreamsDiffer() {
    let seeds = [
      StreamSeed(scenarioSeed: 42, trial: 0, stage: 0), StreamSeed(scenarioSeed: 42, trial: 1, stage: 0),
      StreamSeed(scenarioSeed: 42, trial: 0, stage: 1), StreamSeed(scenarioSeed: 43, trial: 0, stage: 0),
    ]
    #expect(Set(seeds.map(\.value)).count == seeds.count)
    let first = seeds.map { RandomSource(stream: $0).uniform() }
    #expect(Set(first).count == seeds.count)
  }

  @Test(arguments: RandomGenerator.allCases)
  func distributionsHaveTheirMoments(generator: RandomGenerator) throws {
    let random = RandomSource(generator: generator, seed: 2026)
    let n = 100_000
    let gaussian = (0..<n).map { _ in random.gaussian(sigma: 2.5) }
    let uniform = (0..<n).map { _ in random.uniform(-1, 3) }
    let exponential = (0..<n).map { _ in random.exponential(mean: 4) }
    // Tolerances are > 5 standard errors of each estimate.
    #expect(abs(try #require(Statistics.mean(gaussian))) < 5 * 2.5 / Double(n).squareRoot())
    #expect(abs(try #require(Statistics.variance(gaussian)).squareRoot() - 2.5) < 0.03)
    #expect(abs(try #require(Statistics.mean(uniform)) - 1) < 0.02)
    #expect(uniform.allSatisfy { $0 >= -1 && $0 < 3 })
    #expect(abs(try #require(Statistics.mean(exponential)) - 4) < 0.07)
  }
}

@Suite struct StatisticsTests {
  @Test func summaryOfKnownValues() throws {
    let s = try #require(Statistics.summary(of: [4, 1, 3, 2]))
    #expect(s.count == 4 && s.mean == 2.5 && s.median == 2.5 && s.minimum == 1 && s.maximum == 4)
    #expect(abs(s.standardDeviation - (5.0 / 3).squareRoot()) < 1e-12)
    // GSL: quantile q at index (n − 1)·q, interpolated: 3·0.95 = 2.85 → 3 + 0.85·(4 − 3).
    #expect(abs(s.p95 - 3.85) < 1e-12)
  }

  @Test func quantileBySelectionEqualsTheSortedQuantile() throws {
    var state: UInt64 = 12345
    // Distinct values, then values with many ties (16 levels): the order statistic above the selected one
    // is read from the partitioned remainder, which must hold with equal values either side.
    for (n, shift) in [(1, 40), (2, 40), (3, 40), (10, 40), (101, 40), (1000, 40), (10, 60), (101, 60), (1000, 60)] as [(Int, UInt64)] {
      let values = (0..<n).map { _ -> Double in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> shift) / 1000
      }
      for q in [0, 0.05, 0.25, 0.5, 0.75, 0.95, 0.999, 1] {
        // summary(of:) sorts and uses gsl_stats_quantile_from_sorted_data.
        let sorted = values.sorted()
        let index = q * Double(n - 1), lower = Int(index.rounded(.down)), fraction = index - Double(lower)
        let expected = lower + 1 < n ? (1 - fraction) * sorted[lower] + fraction * sorted[lower + 1] : sorted[lower]
        #expect(try #require(Statistics.quantile(values, q)) == expected, "n \(n), q \(q)")
      }
      let summary = try #require(Statistics.summary(of: values))
      #expect(Statistics.quantile(values, 0.95) == summary.p95)
    }
  }

  /// High quantiles of long samples select among the values above a threshold drawn from every eighth
  /// value: the same numbers as the sorted quantile whatever the order (random, rising, falling, ties),
  /// and when the threshold is set too high (every eighth value the largest) the selection over all.
  @Test func upperQuantileOfLongSamplesEqualsTheSortedQuantile() throws {
    var state: UInt64 = 987
    func random(_ shift: UInt64) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> shift) / 1000
    }
    var samples: [[Double]] = []
    for n in [512, 513, 1000, 2473, 5000] {
      samples.append((0..<n).map { _ in random(40) })
      samples.append((0..<n).map { _ in random(60) })
      samples.append((0..<n).map { Double($0) * 0.5 })
      samples.append((0..<n).map { Double(n - $0) })
      samples.append((0..<n).map { (i: Int) -> Double in i % 8 == 0 ? 1000 + Double(i) : random(50) })
      samples.append(Array(repeating: 4.25, count: n))
    }
    for values in samples {
      let n = values.count, sorted = values.sorted()
      for q in [0.8, 0.875, 0.9, 0.95, 0.99, 0.999, 1] {
        let index = q * Double(n - 1), lower = Int(index.rounded(.down)), fraction = index - Double(lower)
        let expected = lower + 1 < n ? (1 - fraction) * sorted[lower] + fraction * sorted[lower + 1] : sorted[lower]
        #expect(try #require(Statistics.quantile(values, q)) == expected, "n \(n), q \(q), first \(values[0])")
      }
    }
  }

  @Test func emptyAndSingle() throws {
    #expect(Statistics.summary(of: []) == nil)
    #expect(Statistics.quantile([], 0.5) == nil)
    let one = try #require(Statistics.summary(of: [7]))
    #expect(one.mean == 7 && one.standardDeviation == 0 && one.p95 == 7)
  }

  @Test func autocorrelationOfAnAlternatingSeries() throws {
    let x = (0..<1000).map { $0 % 2 == 0 ? 1.0 : -1.0 }
    #expect(abs(try #require(Statistics.autocorrelation(x, lag: 1)) + 0.999) < 1e-9)
    #expect(abs(try #require(Statistics.autocorrelation(x, lag: 2)) - 0.998) < 1e-9)
    #expect(Statistics.autocorrelation([1, 1, 1], lag: 1) == nil)
  }
}

@Suite struct ConfidenceIntervalTests {
  @Test func studentTIntervalOfKnownValues() throws {
    // n = 5, mean 3, s = √2.5, t(0.975, 4) = 2.776445105.
    let interval = try #require(Statistics.meanConfidenceInterval([1, 2, 3, 4, 5]))
    let half = 2.776445105 * (2.5 / 5).squareRoot()
    #expect(abs(interval.lowerBound - (3 - half)) < 1e-8 && abs(interval.upperBound - (3 + half)) < 1e-8)
    #expect(Statistics.meanConfidenceInterval([4]) == nil)
    // Large n: t → 1.96.
    let wide = try #require(Statistics.meanConfidenceInterval((0..<10_000).map { Double($0 % 2) }))
    #expect(abs((wide.upperBound - wide.lowerBound) / 2 - 1.96 * 0.5 / 100) < 1e-4)
  }
}
