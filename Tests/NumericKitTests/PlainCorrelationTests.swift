import Foundation
import Testing

import NumericKit

/// The fit's correlation in plain sums against GSL's (`gsl_stats_correlation`, running means in extended
/// precision): equal to 1e-12 on noise, on correlated and anti-correlated series, on series far from
/// zero and at every length from three pairs to an hour of fixes; undefined where GSL's is.
struct PlainCorrelationTests {
  @Test func plainSumsAgreeWithGSL() throws {
    var state: UInt64 = 45
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) - 0.5
    }
    var largest = 0.0
    for n in [3, 4, 5, 7, 8, 9, 31, 100, 513, 3601] {
      for (coupling, offset, scale) in [(0.0, 0.0, 1.0), (0.9, 0.0, 1.0), (-0.7, 0.0, 5.0), (0.5, 4_000_000.0, 30.0), (0.99, -250.0, 0.001)] {
        var a: [Double] = [], b: [Double] = []
        var wander = 0.0
        for _ in 0..<n {
          wander = 0.95 * wander + next()
          let x = wander + next()
          a.append(offset + scale * x)
          b.append(-offset / 3 + scale * (coupling * x + (1 - abs(coupling)) * next()))
        }
        let gsl = try #require(Statistics.correlation(a[...], b[...]), "n \(n), coupling \(coupling)")
        let plain = try #require(Statistics.plainCorrelation(a[...], b[...]))
        #expect(abs(plain - gsl) <= 1e-12, "n \(n), coupling \(coupling), offset \(offset): \(plain) against GSL's \(gsl)")
        largest = max(largest, abs(plain - gsl))
      }
    }
    print("PlainCorrelationTests: largest difference from GSL \(largest)")
  }

  @Test func undefinedWhereGSLsIs() {
    func plain(_ a: [Double], _ b: [Double]) -> Double? {
      Statistics.plainCorrelation(a[...], b[...])
    }
    // 0.1 three times has a plain mean of 0.10000000000000002: centred on it, the sample would not be constant.
    #expect(plain([0.1, 0.1, 0.1], [1, 2, 4]) == nil)
    #expect(Statistics.correlation([0.1, 0.1, 0.1], [1, 2, 4]) == nil)
    #expect(plain([1, 2, 4, 8], Array(repeating: 7.3, count: 4)) == nil)
    #expect(plain([1, 2], [2, 1]) == nil)
    #expect(abs((plain([1, 2, 3], [2, 4, 6]) ?? 0) - 1) < 1e-15)
    #expect(abs((plain([1, 2, 3], [6, 4, 2]) ?? 0) + 1) < 1e-15)
  }
}
