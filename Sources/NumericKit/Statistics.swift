import CGSL

/// Summary statistics of a sample, computed with GSL.
public struct SampleSummary: Sendable, Hashable, Codable {
  public var count: Int
  public var mean: Double
  /// Sample standard deviation (n − 1 denominator); 0 for a single value.
  public var standardDeviation: Double
  public var median: Double
  /// 90th and 95th percentiles, GSL's linear interpolation between order statistics.
  public var p90: Double
  public var p95: Double
  /// First and third quartiles (GSL quantiles 0.25 and 0.75), for box plots.
  public var lowerQuartile: Double
  public var upperQuartile: Double
  public var minimum: Double
  public var maximum: Double
}

/// Statistics over samples of `Double`, via GSL (`gsl_stats_*`, `gsl_sort`).
public enum Statistics {
  /// Mean, standard deviation, median, p90, p95, min and max of `values`; `nil` when empty.
  /// Non-finite values are a caller error and are rejected with a precondition.
  /// - Complexity: O(n log n) for the sort.
  public static func summary(of values: [Double]) -> SampleSummary? {
    guard !values.isEmpty else { return nil }
    precondition(values.allSatisfy(\.isFinite), "Statistics.summary: non-finite input")
    GSLSetup.errorHandlerOff
    var sorted = values
    let n = sorted.count
    return sorted.withUnsafeMutableBufferPointer { buffer -> SampleSummary in
      let base = buffer.baseAddress!
      gsl_sort(base, 1, n)
      let mean = gsl_stats_mean(base, 1, n)
      let sd = n > 1 ? gsl_stats_sd_m(base, 1, n, mean) : 0
      return SampleSummary(
        count: n, mean: mean, standardDeviation: sd,
        median: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.5),
        p90: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.9),
        p95: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.95),
        lowerQuartile: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.25),
        upperQuartile: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.75),
        minimum: base[0], maximum: base[n - 1])
    }
  }

  /// The `q`-quantile (0 ≤ q ≤ 1) of `values` with GSL's interpolation (that of
  /// `gsl_stats_quantile_from_sorted_data`); `nil` when empty. The two order statistics either side come
  /// from one `gsl_stats_select` (quickselect) and a scan of the part above it, rather than a full sort.
  /// - Complexity: O(n) expected.
  public static func quantile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    GSLSetup.errorHandlerOff
    let n = values.count
    let index = min(max(q, 0), 1) * Double(n - 1)
    let lower = Int(index.rounded(.down))
    let fraction = index - Double(lower)
    if n >= 512, n - lower <= n / 8, let upper = upperQuantile(values, lower: lower, fraction: fraction) { return upper }
    var data = values
    return select(&data, lower: lower, fraction: fraction)
  }

  /// ``quantile(_:_:)`` of `values`, reordering them in place instead of copying them: for a caller done
  /// with their order (a per-run series measured once). The same number. O(n) expected.
  public static func quantile(reordering values: inout [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    GSLSetup.errorHandlerOff
    let index = min(max(q, 0), 1) * Double(values.count - 1)
    let lower = Int(index.rounded(.down))
    return select(&values, lower: lower, fraction: index - Double(lower))
  }

  /// Order statistic `lower` of `data` and the next, `fraction` between them (GSL's interpolation),
  /// partitioning `data` in place.
  private static func select(_ data: inout [Double], lower: Int, fraction: Double) -> Double {
    let n = data.count
    return data.withUnsafeMutableBufferPointer { buffer in
      let below = gsl_stats_select(buffer.baseAddress!, 1, n, lower)
      guard fraction > 0, lower + 1 < n else { return below }
      // gsl_stats_select leaves the data partitioned about `lower` (nothing after it is smaller), so the
      // next order statistic is the least of what follows: a scan of the top n − lower − 1 values
      // instead of a second selection over all n.
      var above = buffer[lower + 1]
      for i in (lower + 2)..<n where buffer[i] < above { above = buffer[i] }
      return (1 - fraction) * below + fraction * above
    }
  }

  /// ``quantile(_:_:)`` high in a long sample (order statistic `lower` and the next, `fraction` between
  /// them), from the values at or above a threshold rather than all of them: the threshold is an order
  /// statistic of every eighth value, chosen so that about twice the needed number of values reach it;
  /// one pass keeps those, and a selection among them finds the same two order statistics. `nil` when
  /// too few values reached the threshold (the caller then selects among all).
  private static func upperQuantile(_ values: [Double], lower: Int, fraction: Double) -> Double? {
    let n = values.count, top = n - lower
    return values.withUnsafeBufferPointer { source in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { kept in
        let base = kept.baseAddress!
        var m = 0
        for i in stride(from: 0, to: n, by: 8) { base[m] = source[i]; m += 1 }
        let rank = max(0, m - 1 - 2 * (top * m / n) - 4)
        let threshold = gsl_stats_select(base, 1, m, rank)
        var count = 0
        for x in source {
          base[count] = x
          count &+= x >= threshold ? 1 : 0
        }
        guard count >= top else { return nil }
        // Every value below the threshold is below all `count` kept ones, so the kept hold the `top`
        // largest: order statistic `lower` of all is `count − top` of the kept.
        let keptLower = count - top
        let below = gsl_stats_select(base, 1, count, keptLower)
        guard fraction > 0, keptLower + 1 < count else { return below }
        var above = base[keptLower + 1]
        for i in (keptLower + 2)..<count where base[i] < above { above = base[i] }
        return (1 - fraction) * below + fraction * above
      }
    }
  }

  /// Mean of `values` (`gsl_stats_mean`); `nil` when empty.
  public static func mean(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress!, 1, $0.count) }
  }

  /// Mean and sample variance (n − 1) of a long series in two plain passes, four accumulators each so the
  /// loops vectorise; `nil` for fewer than two values. For per-run series in scoring: GSL's mean and
  /// variance update a running mean with a division per element, which cost a sixth of a suite run in
  /// the pace-lag metric alone. Summary statistics over trials still use GSL.
  /// - Complexity: O(n).
  public static func meanAndVariance(_ values: [Double]) -> (mean: Double, variance: Double)? {
    guard values.count > 1 else { return nil }
    return values.withUnsafeBufferPointer { x in
      let mean = sum(x) { $0 } / Double(x.count)
      let squares = sum(x) { ($0 - mean) * ($0 - mean) }
      return (mean, squares / Double(x.count - 1))
    }
  }

  /// Σ f(xᵢ) with four independent accumulators (a fixed order, so the same input gives the same bits).
  @inline(__always)
  static func sum(_ x: UnsafeBufferPointer<Double>, _ f: (Double) -> Double) -> Double {
    var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
    var i = 0
    while i + 4 <= x.count {
      s0 += f(x[i]); s1 += f(x[i + 1]); s2 += f(x[i + 2]); s3 += f(x[i + 3])
      i += 4
    }
    while i < x.count { s0 += f(x[i]); i += 1 }
    return (s0 + s1) + (s2 + s3)
  }

  /// Sample variance (n − 1 denominator, `gsl_stats_variance`); `nil` for fewer than two values.
  public static func variance(_ values: [Double]) -> Double? {
    guard values.count > 1 else { return nil }
    return values.withUnsafeBufferPointer { gsl_stats_variance($0.baseAddress!, 1, $0.count) }
  }

  /// The `level` (e.g. 0.95) confidence interval for the mean of `values`, Student's t:
  /// x̄ ± t₍(1+level)/2, n−1₎ · s/√n, with the quantile from GSL (`gsl_cdf_tdist_Pinv`). `nil` for fewer
  /// than two values.
  public static func meanConfidenceInterval(_ values: [Double], level: Double = 0.95) -> ClosedRange<Double>? {
    guard values.count > 1, let mean = mean(values), let variance = variance(values) else { return nil }
    GSLSetup.errorHandlerOff
    let t = gsl_cdf_tdist_Pinv((1 + level) / 2, Double(values.count - 1))
    let half = t * (variance / Double(values.count)).squareRoot()
    return (mean - half)...(mean + half)
  }

  /// One-sided p-value of Student's t test that the mean of `values` exceeds `threshold`: the chance of a
  /// mean this far above it were the true mean `threshold` (GSL's upper tail, n − 1 degrees of freedom).
  /// Values without spread give 0 when their mean is above the threshold, else 1. `nil` for fewer than
  /// two values. Below 0.025 exactly when ``meanConfidenceInterval(_:level:)``'s 95 % interval lies above
  /// the threshold.
  public static func pValue(meanAbove threshold: Double, _ values: [Double]) -> Double? {
    guard values.count > 1, let mean = mean(values), let variance = variance(values) else { return nil }
    let error = (variance / Double(values.count)).squareRoot()
    guard error > 0 else { return mean > threshold ? 0 : 1 }
    GSLSetup.errorHandlerOff
    return gsl_cdf_tdist_Q((mean - threshold) / error, Double(values.count - 1))
  }

  /// The least-squares line y = intercept + slope·x (`gsl_fit_linear`); `nil` for fewer than three
  /// points or an `x` without spread.
  public static func linearFit(_ x: [Double], _ y: [Double]) -> (intercept: Double, slope: Double)? {
    precondition(x.count == y.count, "Statistics.linearFit: samples of different lengths")
    guard x.count >= 3 else { return nil }
    GSLSetup.errorHandlerOff
    var c0 = 0.0, c1 = 0.0, cov00 = 0.0, cov01 = 0.0, cov11 = 0.0, sumsq = 0.0
    let status = x.withUnsafeBufferPointer { xs in
      y.withUnsafeBufferPointer { ys in gsl_fit_linear(xs.baseAddress!, 1, ys.baseAddress!, 1, xs.count, &c0, &c1, &cov00, &cov01, &cov11, &sumsq) }
    }
    guard status == GSL_SUCCESS, c0.isFinite, c1.isFinite else { return nil }
    return (c0, c1)
  }

  /// Pearson correlation of two equally long samples (`gsl_stats_correlation`); `nil` for fewer than
  /// three pairs or when either sample is constant.
  public static func correlation(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double? {
    precondition(a.count == b.count, "Statistics.correlation: samples of different lengths")
    guard a.count >= 3 else { return nil }
    GSLSetup.errorHandlerOff
    let r = a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in gsl_stats_correlation(x.baseAddress!, 1, y.baseAddress!, 1, x.count) }
    }
    return r.isFinite ? r : nil
  }

  /// Pearson correlation of two equally long samples in two plain passes (the samples' means about their
  /// first values, then the centred sums of squares and products, four accumulators each); `nil` for
  /// fewer than three pairs or when either sample is constant, as ``correlation(_:_:)``. Within a few
  /// units in the last place of `gsl_stats_correlation` (tested to 1e-12), which updates running means
  /// in extended precision with two divisions per pair on one dependency chain: this runs several times
  /// faster, for the many short correlations of a fit's statistics.
  /// - Complexity: O(n), two passes.
  public static func plainCorrelation(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double? {
    precondition(a.count == b.count, "Statistics.plainCorrelation: samples of different lengths")
    return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in plainCorrelation(a, b) } }
  }

  /// ``plainCorrelation(_:_:)`` on the samples where they lie.
  private static func plainCorrelation(_ a: UnsafeBufferPointer<Double>, _ b: UnsafeBufferPointer<Double>) -> Double? {
    let n = a.count
    guard n >= 3 else { return nil }
    // About the first values: a constant sample centres to exactly zero (its plain mean need not equal it).
    let a0 = a[0], b0 = b[0]
    let meanA = sum(a) { $0 - a0 } / Double(n), meanB = sum(b) { $0 - b0 } / Double(n)
    var aa = SIMD4<Double>(), bb = SIMD4<Double>(), ab = SIMD4<Double>()
    var i = 0
    while i + 4 <= n {
      let x = SIMD4(a[i] - a0, a[i + 1] - a0, a[i + 2] - a0, a[i + 3] - a0) - meanA
      let y = SIMD4(b[i] - b0, b[i + 1] - b0, b[i + 2] - b0, b[i + 3] - b0) - meanB
      aa += x * x; bb += y * y; ab += x * y
      i += 4
    }
    var sumAA = (aa[0] + aa[1]) + (aa[2] + aa[3]), sumBB = (bb[0] + bb[1]) + (bb[2] + bb[3]), sumAB = (ab[0] + ab[1]) + (ab[2] + ab[3])
    while i < n {
      let x = (a[i] - a0) - meanA, y = (b[i] - b0) - meanB
      sumAA += x * x; sumBB += y * y; sumAB += x * y
      i += 1
    }
    let r = sumAB / (sumAA.squareRoot() * sumBB.squareRoot())
    return r.isFinite ? r : nil
  }

  /// Pearson correlation of a(i) with b(i − k) over the overlapping pairs, for each k in `lags`; `nil`
  /// where fewer than three pairs overlap or either side is constant. Equals
  /// ``correlation(_:_:)`` on the overlapping slices (tested to 1e-9), at one dot product per lag: the
  /// samples are centred on their means (plain sums), and the sums of each overlap come from prefix sums. GSL has no
  /// cross-correlation, and `gsl_stats_correlation` per lag costs several divisions per pair.
  /// - Complexity: O(n · |lags|).
  public static func crossCorrelation(_ a: [Double], _ b: [Double], lags: ClosedRange<Int>) -> [Double?] {
    precondition(a.count == b.count, "Statistics.crossCorrelation: samples of different lengths")
    return crossCorrelation(a, CorrelationSeries(b), lags: lags)
  }

  /// The same against a series prepared once (``CorrelationSeries``): for many series correlated with
  /// one reference (every strategy's live speed against the one true speed).
  public static func crossCorrelation(_ a: [Double], _ reference: CorrelationSeries, lags: ClosedRange<Int>) -> [Double?] {
    crossCorrelation(a, reference, lags: lags, wide: WideLanes.available)
  }

  /// The same, summing four lanes a register (``WideLanes``) or two: the same bits either way (tested).
  package static func crossCorrelation(_ a: [Double], _ reference: CorrelationSeries, lags: ClosedRange<Int>, wide: Bool) -> [Double?] {
    precondition(a.count == reference.count, "Statistics.crossCorrelation: samples of different lengths")
    let n = a.count
    guard n >= 3 else { return lags.map { _ in nil } }
    let x = CorrelationSeries(a)
    let y = reference
    var result = [Double?](repeating: nil, count: lags.count)
    func correlation(_ k: Int, _ dot: Double) -> Double? {
      let m = n - abs(k), xStart = max(k, 0), yStart = max(-k, 0)
      let sumX = x.sums[xStart + m] - x.sums[xStart], sumY = y.sums[yStart + m] - y.sums[yStart]
      let varX = (x.squares[xStart + m] - x.squares[xStart]) - sumX * sumX / Double(m)
      let varY = (y.squares[yStart + m] - y.squares[yStart]) - sumY * sumY / Double(m)
      guard varX > 1e-12 * Double(m), varY > 1e-12 * Double(m) else { return nil }
      let r = (dot - sumX * sumY / Double(m)) / (varX * varY).squareRoot()
      return r.isFinite ? r : nil
    }
    x.centred.withUnsafeBufferPointer { px in
      y.centred.withUnsafeBufferPointer { py in
        let xs = px.baseAddress!, ys = py.baseAddress!
        var k = lags.lowerBound
        while k <= lags.upperBound {
          let m = n - abs(k)
          guard m >= 3 else { k += 1; continue }
          // Neighbouring lags of one sign share one side's loads: (k, k + 1) read the same y from 0 when
          // k ≥ 0, the same x from 0 when k + 1 ≤ 0. Each lag's sum keeps its own order (below).
          if wide, k + 3 <= lags.upperBound, n - abs(k + 3) >= 3, k >= 0 || k + 3 <= 0 {
            let counts = (m, n - abs(k + 1), n - abs(k + 2), n - abs(k + 3))
            let dots = k >= 0
              ? WideLanes.dots(ys, (xs + k, xs + k + 1, xs + k + 2, xs + k + 3), counts)
              : WideLanes.dots(xs, (ys - k, ys - k - 1, ys - k - 2, ys - k - 3), counts)
            result[k - lags.lowerBound] = correlation(k, dots.0)
            result[k + 1 - lags.lowerBound] = correlation(k + 1, dots.1)
            result[k + 2 - lags.lowerBound] = correlation(k + 2, dots.2)
            result[k + 3 - lags.lowerBound] = correlation(k + 3, dots.3)
            k += 4
          } else if k < lags.upperBound, n - abs(k + 1) >= 3, k >= 0 || k + 1 <= 0 {
            let (dotK, dotNext) = k >= 0
              ? Self.dots(ys, xs + k, xs + k + 1, m, n - abs(k + 1), wide: wide)
              : Self.dots(xs, ys - k, ys - k - 1, m, n - abs(k + 1), wide: wide)
            result[k - lags.lowerBound] = correlation(k, dotK)
            result[k + 1 - lags.lowerBound] = correlation(k + 1, dotNext)
            k += 2
          } else {
            result[k - lags.lowerBound] = correlation(k, Self.dots(k >= 0 ? ys : xs, k >= 0 ? xs + k : ys - k, nil, m, 0, wide: wide).0)
            k += 1
          }
        }
      }
    }
    return result
  }

  /// Σ shared[j]·a[j] over j < mA and, when `b` is given, Σ shared[j]·b[j] over j < mB, both summed in the
  /// same order: eight lanes (j mod 8) in four independent two-lane accumulators over whole blocks of 8,
  /// the lanes added as ((0,1)+(2,3))+((4,5)+(6,7)), then the rest in sequence. Vector multiply-adds with
  /// no single chain of dependent additions (which would bound the loop by the adder's latency); the two
  /// sums together load the shared series once.
  @inline(__always)
  private static func dots(
    _ shared: UnsafePointer<Double>, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>?, _ mA: Int, _ mB: Int, wide: Bool
  ) -> (Double, Double) {
    if wide { return WideLanes.dots(shared, a, b, mA, mB) }
    let s = UnsafeRawPointer(shared), p = UnsafeRawPointer(a)
    var a0 = SIMD2<Double>(), a1 = SIMD2<Double>(), a2 = SIMD2<Double>(), a3 = SIMD2<Double>()
    var b0 = SIMD2<Double>(), b1 = SIMD2<Double>(), b2 = SIMD2<Double>(), b3 = SIMD2<Double>()
    var j = 0
    if let b {
      let q = UnsafeRawPointer(b)
      let both = min(mA, mB)
      while j &+ 8 <= both {
        let o = j &* 8
        let s0 = s.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
        let s1 = s.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD2<Double>.self)
        let s2 = s.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD2<Double>.self)
        let s3 = s.loadUnaligned(fromByteOffset: o &+ 48, as: SIMD2<Double>.self)
        a0 += p.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * s0
        b0 += q.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * s0
        a1 += p.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD2<Double>.self) * s1
        b1 += q.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD2<Double>.self) * s1
        a2 += p.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD2<Double>.self) * s2
        b2 += q.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD2<Double>.self) * s2
        a3 += p.loadUnaligned(fromByteOffset: o &+ 48, as: SIMD2<Double>.self) * s3
        b3 += q.loadUnaligned(fromByteOffset: o &+ 48, as: SIMD2<Double>.self) * s3
        j &+= 8
      }
    }
    let dotB = b.map { finish(s, UnsafeRawPointer($0), mB, from: j, (b0, b1, b2, b3)) } ?? 0
    return (finish(s, p, mA, from: j, (a0, a1, a2, a3)), dotB)
  }

  /// Carries one sum of ``dots(_:_:_:_:_:wide:)`` on from `j` to `m` in its order.
  @inline(__always)
  static func finish(
    _ s: UnsafeRawPointer, _ p: UnsafeRawPointer, _ m: Int, from start: Int,
    _ lanes: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
  ) -> Double {
    var (a0, a1, a2, a3) = lanes
    var j = start
    while j &+ 8 <= m {
      let o = j &* 8
      a0 += p.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self) * s.loadUnaligned(fromByteOffset: o, as: SIMD2<Double>.self)
      a1 += p.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD2<Double>.self) * s.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD2<Double>.self)
      a2 += p.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD2<Double>.self) * s.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD2<Double>.self)
      a3 += p.loadUnaligned(fromByteOffset: o &+ 48, as: SIMD2<Double>.self) * s.loadUnaligned(fromByteOffset: o &+ 48, as: SIMD2<Double>.self)
      j &+= 8
    }
    let lanes = (a0 + a1) + (a2 + a3)
    var dot = lanes[0] + lanes[1]
    while j < m {
      dot += p.load(fromByteOffset: j &* 8, as: Double.self) * s.load(fromByteOffset: j &* 8, as: Double.self)
      j &+= 1
    }
    return dot
  }

  /// Lag-k autocorrelation r(k) = Σ(xᵢ − x̄)(xᵢ₊ₖ − x̄) / Σ(xᵢ − x̄)²; `nil` when undefined.
  /// GSL offers only lag 1 (`gsl_stats_lag1_autocorrelation`), so longer lags are summed here.
  public static func autocorrelation(_ values: [Double], lag: Int) -> Double? {
    guard lag >= 0, values.count > lag + 1, let mean = mean(values) else { return nil }
    var numerator = 0.0, denominator = 0.0
    for i in values.indices {
      let d = values[i] - mean
      denominator += d * d
      if i + lag < values.count { numerator += d * (values[i + lag] - mean) }
    }
    return denominator > 0 ? numerator / denominator : nil
  }
}

/// A series prepared for cross-correlation: centred on its mean (a plain sum), with prefix sums of the
/// centred values and of their squares.
public struct CorrelationSeries: Sendable {
  public let count: Int
  let centred: [Double]
  /// sums[i] = Σ centred[0..<i]; squares likewise of the squares.
  let sums: [Double]
  let squares: [Double]

  public init(_ values: [Double]) {
    count = values.count
    let mean = values.isEmpty ? 0 : values.withUnsafeBufferPointer { Statistics.sum($0) { $0 } } / Double(values.count)
    centred = values.map { $0 - mean }
    var sums = [0.0], squares = [0.0]
    sums.reserveCapacity(count + 1)
    squares.reserveCapacity(count + 1)
    var total = 0.0, totalSquares = 0.0
    for v in centred {
      total += v
      totalSquares += v * v
      sums.append(total)
      squares.append(totalSquares)
    }
    self.sums = sums
    self.squares = squares
  }
}
