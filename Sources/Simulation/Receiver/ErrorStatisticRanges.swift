/// The statistics of a receiver's error that `trackbench realism` measures (Realism's
/// `ErrorStatistics`, in the same order), with the values each can take: a population manifest's
/// published `values` are checked against them where they are read, with the line and column of a
/// value out of range. A test keeps the names equal to Realism's.
public enum ErrorStatisticRanges {
  /// Name and the values it can take (metres are up to a kilometre: no phone's error is larger).
  public static let all: [(name: String, range: ClosedRange<Double>)] = [
    ("error_sd_east_m", 0...1000), ("error_sd_north_m", 0...1000), ("bias_east_m", -1000...1000), ("bias_north_m", -1000...1000),
    ("error_p50_m", 0...1000), ("error_p95_m", 0...1000), ("error_p50_still_m", 0...1000), ("error_p50_moving_m", 0...1000),
    ("autocorrelation_1s", -1...1), ("autocorrelation_10s", -1...1), ("autocorrelation_30s", -1...1), ("autocorrelation_120s", -1...1),
    ("false_distance_m_per_min", 0...10_000), ("distance_excess_percent", -100...100_000),
    ("roughness_m_per_s2", 0...1000), ("repeated_share", 0...1), ("claim_error_correlation", -1...1), ("claim_coverage_percent", 0...100),
  ]
}
