extension Statistics {
  /// Ranks of `values`, 1 for the smallest; tied values share the mean of the ranks they span (so the
  /// ranks of n values always sum to n(n + 1)/2).
  /// - Complexity: O(n log n).
  public static func ranks(_ values: [Double]) -> [Double] {
    let order = values.indices.sorted { values[$0] < values[$1] }
    var ranks = [Double](repeating: 0, count: values.count)
    var start = 0
    while start < order.count {
      var end = start
      while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
      let shared = Double(start + end) / 2 + 1
      for k in start...end { ranks[order[k]] = shared }
      start = end + 1
    }
    return ranks
  }

  /// Spearman's rank correlation ρ: the Pearson correlation (`gsl_stats_correlation`) of the two samples'
  /// ranks (ties at their mean rank); `nil` for fewer than three pairs or a sample whose values are all
  /// equal.
  /// - Complexity: O(n log n).
  public static func spearman(_ a: [Double], _ b: [Double]) -> Double? {
    precondition(a.count == b.count, "Statistics.spearman: samples of different lengths")
    return correlation(ranks(a)[...], ranks(b)[...])
  }

  /// Kendall's τ-b: (concordant − discordant) / √((n₀ − n₁)(n₀ − n₂)) over all pairs, n₀ = n(n − 1)/2 and
  /// n₁, n₂ the pairs tied in `a` and in `b` (Kendall 1945, "The treatment of ties in ranking problems");
  /// `nil` for fewer than two pairs or a sample whose values are all equal. GSL has no Kendall τ.
  /// - Complexity: O(n²): samples here are a few dozen strategies.
  public static func kendallTauB(_ a: [Double], _ b: [Double]) -> Double? {
    precondition(a.count == b.count, "Statistics.kendallTauB: samples of different lengths")
    let n = a.count
    guard n >= 2 else { return nil }
    var concordant = 0, discordant = 0, tiedA = 0, tiedB = 0
    for i in 0..<(n - 1) {
      for j in (i + 1)..<n {
        let da = a[i] - a[j], db = b[i] - b[j]
        if da == 0 { tiedA += 1 }
        if db == 0 { tiedB += 1 }
        if da == 0 || db == 0 { continue }
        if (da > 0) == (db > 0) { concordant += 1 } else { discordant += 1 }
      }
    }
    let pairs = n * (n - 1) / 2
    let denominator = (Double(pairs - tiedA) * Double(pairs - tiedB)).squareRoot()
    guard denominator > 0 else { return nil }
    return Double(concordant - discordant) / denominator
  }
}
