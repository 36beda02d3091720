import CGSL

/// Summary statistics of a sample, computed with GSL.
public struct SampleSummary: Sendable, Hashable, Codable {
  public var count: Int
  public var mean: Double
  /// Sample standard deviation (n − 1 denominator); 0 for a single value.
  public var standardDeviation: Double
  public var median: Double
  /// 95th percentile, GSL's linear interpolation between order statistics.
  public var p95: Double
  /// First and third quartiles (GSL quantiles 0.25 and 0.75), for box plots.
  public var lowerQuartile: Double
  public var upperQuartile: Double
  public var minimum: Double
  public var maximum: Double
}

/// Statistics over samples of `Double`, via GSL (`gsl_stats_*`, `gsl_sort`).
public enum Statistics {
  /// Mean, standard deviation, median, p95, min and max of `values`; `nil` when empty.
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
        p95: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.95),
        lowerQuartile: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.25),
        upperQuartile: gsl_stats_quantile_from_sorted_data(base, 1, n, 0.75),
        minimum: base[0], maximum: base[n - 1])
    }
  }

  /// The `q`-quantile (0 ≤ q ≤ 1) of `values` with GSL's interpolation (that of
  /// `gsl_stats_quantile_from_sorted_data`); `nil` when empty. The two order statistics either side come
  /// from `gsl_stats_select` (quickselect) rather than a full sort.
  /// - Complexity: O(n) expected.
  public static func quantile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    GSLSetup.errorHandlerOff
    var data = values
    let n = data.count
    let index = min(max(q, 0), 1) * Double(n - 1)
    let lower = Int(index.rounded(.down))
    let fraction = index - Double(lower)
    return data.withUnsafeMutableBufferPointer { buffer in
      let below = gsl_stats_select(buffer.baseAddress!, 1, n, lower)
      guard fraction > 0, lower + 1 < n else { return below }
      let above = gsl_stats_select(buffer.baseAddress!, 1, n, lower + 1)
      return (1 - fraction) * below + fraction * above
    }
  }

  /// Mean of `values` (`gsl_stats_mean`); `nil` when empty.
  public static func mean(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress!, 1, $0.count) }
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

  /// Pearson correlation of a(i) with b(i − k) over the overlapping pairs, for each k in `lags`; `nil`
  /// where fewer than three pairs overlap or either side is constant. Equals
  /// ``correlation(_:_:)`` on the overlapping slices (tested to 1e-9), at one dot product per lag: the
  /// samples are centred on their means, and the sums of each overlap come from prefix sums. GSL has no
  /// cross-correlation, and `gsl_stats_correlation` per lag costs several divisions per pair.
  /// - Complexity: O(n · |lags|).
  public static func crossCorrelation(_ a: [Double], _ b: [Double], lags: ClosedRange<Int>) -> [Double?] {
    precondition(a.count == b.count, "Statistics.crossCorrelation: samples of different lengths")
    let n = a.count
    guard n >= 3, let meanA = mean(a), let meanB = mean(b) else { return lags.map { _ in nil } }
    let x = a.map { $0 - meanA }, y = b.map { $0 - meanB }
    func prefix(_ values: [Double], squared: Bool) -> [Double] {
      var sums = [0.0]
      sums.reserveCapacity(n + 1)
      var total = 0.0
      for v in values { total += squared ? v * v : v; sums.append(total) }
      return sums
    }
    let sx = prefix(x, squared: false), sxx = prefix(x, squared: true)
    let sy = prefix(y, squared: false), syy = prefix(y, squared: true)
    return x.withUnsafeBufferPointer { px in
      y.withUnsafeBufferPointer { py in
        lags.map { k -> Double? in
          let m = n - abs(k)
          guard m >= 3 else { return nil }
          let xStart = max(k, 0), yStart = max(-k, 0)
          var dot = 0.0
          for j in 0..<m { dot += px[xStart + j] * py[yStart + j] }
          let sumX = sx[xStart + m] - sx[xStart], sumY = sy[yStart + m] - sy[yStart]
          let varX = (sxx[xStart + m] - sxx[xStart]) - sumX * sumX / Double(m)
          let varY = (syy[yStart + m] - syy[yStart]) - sumY * sumY / Double(m)
          guard varX > 1e-12 * Double(m), varY > 1e-12 * Double(m) else { return nil }
          let r = (dot - sumX * sumY / Double(m)) / (varX * varY).squareRoot()
          return r.isFinite ? r : nil
        }
      }
    }
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
