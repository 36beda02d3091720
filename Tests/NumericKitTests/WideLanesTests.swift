import Foundation
import Testing

import NumericKit

/// The four-lane kernel (AVX2, behind the C door) gives the cross-correlation's bits of the two-lane
/// Swift loop: every lag, for series shorter than a block, of a few blocks with a remainder, and as long
/// as a marathon's seconds; lag ranges on one side, across zero, and single lags.
struct WideLanesTests {
  @Test func fourLanesGiveTheBitsOfTwo() throws {
    guard WideLanes.available else {
      print("WideLanesTests: this processor has no AVX2; the two-lane loop alone runs here")
      return
    }
    var state: UInt64 = 2024
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * 7 - 2
    }
    for n in [3, 5, 8, 9, 17, 40, 63, 64, 65, 200, 1000, 2471, 5003] {
      let a = (0..<n).map { _ in next() }
      let reference = CorrelationSeries((0..<n).map { i in sin(Double(i) / 9) + next() / 4 })
      for lags in [-60...60, -3...5, 0...0, -7...(-1), 2...9, -1...0, -n...n] {
        let wide = Statistics.crossCorrelation(a, reference, lags: lags, wide: true)
        let narrow = Statistics.crossCorrelation(a, reference, lags: lags, wide: false)
        let differing = zip(lags, zip(wide, narrow)).filter { $1.0?.bitPattern != $1.1?.bitPattern }.map(\.0)
        #expect(differing.isEmpty, "n \(n), lags \(lags): lags \(differing.prefix(5)) differ")
        #expect(wide.contains { $0 != nil } || n - min(abs(lags.lowerBound), abs(lags.upperBound)) < 3, "n \(n), lags \(lags)")
      }
    }
  }
}
