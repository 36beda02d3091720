import Foundation
import Synchronization

/// The one executor of TrackBench's cells: `run`'s scenario trials, `replay`'s recordings, `tune`'s
/// points on its training and validation sets. It runs a cell's work on up to `threads` threads of its
/// own (so a child filter that waits on a pipe holds one of them, not a core of a shared pool) and
/// hands each result back on the calling thread as it finishes, in completion order with the cell's
/// index: the caller sorts, journals and reports, and the bytes never depend on the thread count.
///
/// A cell that fails (a process strategy that crashed, hung or answered nonsense) is a value: no
/// further cell starts, the cells under way finish, and the failure of the lowest-numbered failed cell
/// is returned. Nothing is latched in the process, so a library user's next run starts clean.
public enum CellExecutor {
  /// Runs `work` for cells 0..<`count` and hands each success to `sink` on the calling thread.
  /// - Returns: the failure of the lowest-numbered failed cell, or `nil` when every cell succeeded (then
  ///   `sink` saw each cell exactly once; after a failure it sees no more).
  /// - Complexity: `count` calls of `work` on min(`threads`, `count`) threads.
  @discardableResult
  public static func run<Output: Sendable, Failure: Error>(
    count: Int, threads: Int, work: @escaping @Sendable (Int) -> Result<Output, Failure>, sink: (Int, Output) -> Void
  ) -> Failure? {
    guard count > 0 else { return nil }
    let shared = Shared<Output, Failure>(count: count)
    for _ in 0..<max(1, min(threads, count)) {
      let worker = Thread(block: CommandScope.carried {
        while let cell = shared.take() { shared.finish(cell, work(cell)) }
      })
      // A user's filter may recurse: the main thread's 8 MiB of stack rather than a thread's 512 KiB.
      worker.stackSize = 8 << 20
      worker.start()
    }
    var failed: (cell: Int, failure: Failure)?
    var allReported = false
    while !allReported {
      shared.ready.wait()
      let finished: [(Int, Result<Output, Failure>)]
      (finished, allReported) = shared.drain()
      for (cell, result) in finished {
        switch result {
        case .success(let output): if failed == nil { sink(cell, output) }
        case .failure(let failure): if failed.map({ cell < $0.cell }) ?? true { failed = (cell, failure) }
        }
      }
    }
    return failed?.failure
  }

  /// `body` for 0..<`count` on up to `threads` threads, the results in index order (work that cannot
  /// fail: simulating a tune set's trials, reading shard files).
  public static func map<T: Sendable>(count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    run(count: count, threads: threads, work: { Result<T, Never>.success(body($0)) }) { results[$0] = $1 }
    return results.map { $0! }
  }

  /// What the workers and the calling thread share: the next cell to hand out and the results not yet
  /// drained. Every result signals `ready` once.
  private final class Shared<Output: Sendable, Failure: Error>: Sendable {
    struct State: ~Copyable {
      let count: Int
      var next = 0, reported = 0
      var stopped = false
      var finished: [(Int, Result<Output, Failure>)] = []
    }
    let state: Mutex<State>
    let ready = DispatchSemaphore(value: 0)

    init(count: Int) { state = Mutex(State(count: count)) }

    /// The next cell to run; `nil` when every cell is handed out or a cell failed.
    func take() -> Int? {
      state.withLock { state in
        guard !state.stopped, state.next < state.count else { return nil }
        defer { state.next += 1 }
        return state.next
      }
    }

    func finish(_ cell: Int, _ result: Result<Output, Failure>) {
      state.withLock { state in
        if case .failure = result { state.stopped = true }
        state.finished.append((cell, result))
        state.reported += 1
      }
      ready.signal()
    }

    /// The results since the last drain, and whether every cell handed out (and none will be any more)
    /// has reported.
    func drain() -> ([(Int, Result<Output, Failure>)], Bool) {
      state.withLock { state in
        let finished = state.finished
        state.finished.removeAll(keepingCapacity: true)
        return (finished, state.reported == state.next && (state.next == state.count || state.stopped))
      }
    }
  }
}
