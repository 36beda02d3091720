import Foundation

/// Runs a body for indices 0..<count on up to `threads` threads and collects the results in index order.
public enum Parallel {
  /// - Complexity: `count` calls of `body`, spread over `threads` workers taking every `threads`-th index.
  public static func map<T: Sendable>(count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let slots = Slots<T>(count: count)
    let width = max(1, min(threads, count))
    DispatchQueue.concurrentPerform(iterations: width) { worker in
      for i in stride(from: worker, to: count, by: width) { slots.set(i, body(i)) }
    }
    return slots.values
  }

  /// Results written by index from several threads, each index by exactly one: a fixed buffer, so no
  /// thread touches shared array storage.
  private final class Slots<T>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<T?>
    init(count: Int) {
      storage = .allocate(capacity: count)
      storage.initialize(repeating: nil)
    }
    deinit {
      storage.deinitialize()
      storage.deallocate()
    }
    func set(_ index: Int, _ value: T) { storage[index] = value }
    var values: [T] { storage.map { $0! } }
  }
}
