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
        minimum: base[0], maximum: base[n - 1])
    }
  }

  /// The `q`-quantile (0 ≤ q ≤ 1) of `values` with GSL's interpolation; `nil` when empty.
  public static func quantile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    GSLSetup.errorHandlerOff
    var sorted = values
    let n = sorted.count
    return sorted.withUnsafeMutableBufferPointer { buffer in
      gsl_sort(buffer.baseAddress!, 1, n)
      return gsl_stats_quantile_from_sorted_data(buffer.baseAddress!, 1, n, min(max(q, 0), 1))
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
