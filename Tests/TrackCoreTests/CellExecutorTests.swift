import Foundation
import TrackCore
import Testing

@Suite struct CellExecutorTests {
  struct Failed: Error, Equatable { let cell: Int }

  @Test func everyCellOnceInIndexOrderWhateverTheThreads() {
    for threads in [1, 2, 3, 8, 100] {
      let squares = CellExecutor.map(count: 50, threads: threads) { $0 * $0 }
      #expect(squares == (0..<50).map { $0 * $0 }, "threads \(threads)")
      var seen: [Int] = []
      let failure = CellExecutor.run(count: 50, threads: threads, work: { Result<Int, Failed>.success($0) }) { cell, value in
        #expect(cell == value)
        seen.append(cell)
      }
      #expect(failure == nil && seen.sorted() == Array(0..<50), "threads \(threads)")
    }
    #expect(CellExecutor.map(count: 0, threads: 4) { $0 }.isEmpty)
  }

  /// A failure is returned as a value: no cell starts after it, the sink sees nothing after it, and of
  /// several failures under way the lowest-numbered is the one returned.
  @Test func aFailureStopsTheRunAndComesBackAsItsValue() {
    for threads in [1, 2, 4] {
      let started = Started()
      var sunk: [Int] = []
      let failure = CellExecutor.run(count: 1000, threads: threads, work: { cell -> Result<Int, Failed> in
        started.add()
        return cell == 10 || cell == 11 ? .failure(Failed(cell: cell)) : .success(cell)
      }) { cell, _ in sunk.append(cell) }
      #expect(failure == Failed(cell: 10) || (threads > 1 && failure == Failed(cell: 11)), "threads \(threads): \(String(describing: failure))")
      // Cells started after the failure: at most the ones already taken by the other threads.
      #expect(started.count <= 12 + threads, "threads \(threads): \(started.count) cells started")
      #expect(!sunk.contains(10) && !sunk.contains(11) && sunk.allSatisfy { $0 < 12 + threads })
    }
    // One thread: cells run in order, so the first failure is cell 10 and the sink saw 0-9.
    var sunk: [Int] = []
    let failure = CellExecutor.run(count: 100, threads: 1, work: { cell in cell >= 10 ? .failure(Failed(cell: cell)) : .success(cell) }) { c, _ in sunk.append(c) }
    #expect(failure == Failed(cell: 10) && sunk == Array(0..<10))
  }

  final class Started: @unchecked Sendable {
    private let lock = NSLock()
    private var started = 0
    func add() { lock.lock(); started += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return started }
  }
}
