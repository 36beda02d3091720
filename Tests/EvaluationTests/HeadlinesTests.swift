import Evaluation
import Testing

/// The views' headline metrics, declared in one place.
@Suite struct HeadlinesTests {
  @Test func eachViewListsBuiltInMetricsOnce() {
    for (view, metrics) in [("table", Headlines.table), ("history", Headlines.history), ("trade-offs", Headlines.tradeOffs), ("transfer", Headlines.transfer)] {
      #expect(Set(metrics).count == metrics.count, "\(view): a metric twice")
      #expect(metrics.allSatisfy { metric in Metric.builtIn.contains { $0.key == metric.rawValue } }, "\(view)")
    }
  }

  /// The transfer check's criteria read as objectives, a signed error by its size: the transfer reports
  /// and docs/transfer.md name them so.
  @Test func transferCriteriaAreObjectivesLowerIsBetter() throws {
    #expect(Headlines.transferObjectives == ["abs(distance_error_percent)", "current_pace_error_rms_s_per_km", "cross_track_error_rms_m", "checkpoint_position_error_m"])
    for text in Headlines.transferObjectives { _ = try Objective(parsing: text) }
  }
}
