import TrackCore

/// The simulations of one evaluation of a fit: each trial draws from its own seeded streams, and the
/// results come back in trial order, so whatever the caller sums is summed in the same order on any
/// thread count (a fit is byte-identical on one core or many).
enum TrialMap {
  /// `body` for trials 0..<`count` in trial order: on the project's executor (``CellExecutor``) when
  /// `threads` is above one, else in place (a fit evaluates thousands of times: no thread per evaluation
  /// where there is nothing to share).
  static func map<T: Sendable>(count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    threads > 1 && count > 1 ? CellExecutor.map(count: count, threads: threads, body) : (0..<count).map(body)
  }
}
