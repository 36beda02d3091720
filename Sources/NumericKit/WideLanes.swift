import CGSL

/// The cross-correlation's dot products four lanes a register where the processor has AVX2 (the C
/// door's `cgsl_lane_sums_avx2`; Swift compiles for the baseline x86-64, two lanes): the same sums in the
/// same order as the two-lane loop, so the same bits, at about twice the speed of the lag search, the
/// largest part of scoring a run.
package enum WideLanes {
  /// Whether this processor and system run the four-lane kernel (cpuid, once).
  package static let available: Bool = {
    #if arch(x86_64)
      return cgsl_has_avx2() != 0
    #else
      return false
    #endif
  }()

  /// `Statistics.dots` with the whole blocks of 8 summed by the kernel: eight lane sums (lane l adds
  /// j ≡ l mod 8), combined as ((0,1)+(2,3))+((4,5)+(6,7)) pairwise, then the rest added in sequence.
  /// Call only when ``available``.
  @inline(__always)
  static func dots(
    _ shared: UnsafePointer<Double>, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>?, _ mA: Int, _ mB: Int
  ) -> (Double, Double) {
    #if arch(x86_64)
      // Each sum over its own blocks (a pair shares nothing here: pairs are the few lags at a range's
      // edges that do not make a four).
      return withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
        let lanes = buffer.baseAddress!
        lanes.initialize(repeating: 0, count: 16)
        let dotA = finish(lanes, shared, a, from: 0, count: mA)
        guard let b else { return (dotA, 0) }
        return (dotA, finish(lanes + 8, shared, b, from: 0, count: mB))
      }
    #else
      preconditionFailure("WideLanes.dots without AVX2")
    #endif
  }

  /// The same for four series at once (four neighbouring lags), each summed over its own count.
  @inline(__always)
  static func dots(
    _ shared: UnsafePointer<Double>,
    _ series: (UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>),
    _ counts: (Int, Int, Int, Int)
  ) -> (Double, Double, Double, Double) {
    #if arch(x86_64)
      return withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { buffer in
        let lanes = buffer.baseAddress!
        lanes.initialize(repeating: 0, count: 32)
        let all = min(min(counts.0, counts.1), min(counts.2, counts.3)) / 8
        cgsl_lane_sums_avx2(shared, series.0, series.1, series.2, series.3, all, lanes)
        return (
          finish(lanes, shared, series.0, from: all, count: counts.0),
          finish(lanes + 8, shared, series.1, from: all, count: counts.1),
          finish(lanes + 16, shared, series.2, from: all, count: counts.2),
          finish(lanes + 24, shared, series.3, from: all, count: counts.3))
      }
    #else
      preconditionFailure("WideLanes.dots without AVX2")
    #endif
  }

  /// Carries one sum on from block `start` over the rest of its whole blocks, then combines its lanes
  /// and adds the remaining products in sequence.
  @inline(__always)
  private static func finish(
    _ lanes: UnsafeMutablePointer<Double>, _ shared: UnsafePointer<Double>, _ a: UnsafePointer<Double>, from start: Int, count: Int
  ) -> Double {
    #if arch(x86_64)
      cgsl_lane_sums_avx2(shared + 8 * start, a + 8 * start, nil, nil, nil, count / 8 - start, lanes)
    #endif
    return combine(lanes, shared, a, blocks: count / 8, count: count)
  }

  @inline(__always)
  private static func combine(
    _ lanes: UnsafePointer<Double>, _ shared: UnsafePointer<Double>, _ a: UnsafePointer<Double>, blocks: Int, count: Int
  ) -> Double {
    var dot = ((lanes[0] + lanes[2]) + (lanes[4] + lanes[6])) + ((lanes[1] + lanes[3]) + (lanes[5] + lanes[7]))
    var j = 8 * blocks
    while j < count {
      dot += a[j] * shared[j]
      j += 1
    }
    return dot
  }
}
