import Foundation
import Synchronization

/// The simulations of one evaluation of a fit, on several threads: each trial draws from its own seeded
/// streams, and the results come back in trial order, so whatever the caller sums is summed in the same
/// order on any thread count (a fit is byte-identical on one core or many).
enum TrialMap {
  /// `body` for trials 0..<`count` on up to `threads` threads (the calling one among them), in trial order.
  /// Trials are dealt round-robin: a fit's trials cost alike (the same motion, the same receiver).
  /// - Complexity: `count` calls of `body`; a barrier per call of this function.
  static func map<T: Sendable>(count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let width = max(1, min(threads, count))
    guard width > 1 else { return (0..<count).map(body) }
    let results = Mutex<[T?]>([T?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: width) { worker in
      for trial in stride(from: worker, to: count, by: width) {
        let value = body(trial)
        results.withLock { $0[trial] = value }
      }
    }
    return results.withLock { $0.map { $0! } }
  }
}
