extension Array where Element == Double {
  /// The largest index i ≤ `upperBound` with `self[i] ≤ x`, or 0 when none; `self` sorted ascending.
  /// - Complexity: O(log n).
  @inlinable
  func lastIndex(notAbove x: Double, upperBound: Int) -> Int {
    var low = 0, high = upperBound
    while low < high {
      let mid = (low + high + 1) / 2
      if self[mid] <= x { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
