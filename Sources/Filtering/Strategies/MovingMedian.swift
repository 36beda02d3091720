import TrackCore

/// Component-wise median of the last `count` positions, recorded at each fix's time: robust to single
/// outliers (one wild fix in a window of 5 moves nothing), at a lag of (n − 1)/2 fixes. Its claim is the
/// median of the window's claims, what its arithmetic does to them (``AccuracyClaim/propagated``): a
/// receiver's error changes little over a few seconds, so the median of positions errs about as far as
/// its fixes do, not √n less.
///
/// Each axis keeps its window sorted: a new value replaces the one leaving the window and is moved into
/// place by compare-exchange passes, all without branches, so noisy data costs no mispredictions.
/// - Complexity: O(n) per fix (n ≤ 25), no allocation per fix (the windows are allocated with the
///   filter and copied once per run).
public struct MovingMedian: TrackFilter, DeclaredParameters {
  public static let name = "moving-median"
  public static let summary = "Component-wise median of the last n positions."
  public static let accuracyClaim = AccuracyClaim.propagated
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.count, name: "n", unit: "fixes", minimum: 1, maximum: 25, summary: "fixes in the window"),
  ]

  public internal(set) var count = 5
  /// [east ring | north ring | claim ring | east sorted | north sorted | claim sorted], n values each:
  /// the rings in arrival order (written at `next`), then each kept sorted. One array, so a step checks
  /// uniqueness once.
  @usableFromInline var windows: [Double] = []
  @usableFromInline var next = 0, filled = 0

  public init() { parametersSet() }
  public mutating func parametersSet() {
    count = max(count, 1)
    windows = [Double](repeating: 0, count: 6 * count)
    next = 0
    filled = 0
  }
  /// The window's lag at the end: (n − 1)/2 spacings.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { Double(count - 1) / 2 * spacing + 1e-9 }

  /// 1 or 0 without a branch (a Bool's byte is 0 or 1), so counting compiles to setcc, not jumps.
  @inlinable @inline(__always) static func one(if condition: Bool) -> Int {
    Int(unsafeBitCast(condition, to: UInt8.self))
  }

  /// Replaces `old` (when `full`) by `new` in the sorted `values[0..<filled]` and returns the median.
  ///
  /// The new value takes the old one's slot (found by counting smaller values; equal values are
  /// interchangeable), which leaves one element out of order; a compare-exchange pass up and one down
  /// (min/max, no branches) restore the order.
  @inlinable @inline(__always)
  static func update(_ values: UnsafeMutableBufferPointer<Double>, filled: Int, full: Bool, old: Double, new: Double) -> Double {
    let n = full ? filled : filled + 1
    var slot = n - 1
    if full {
      slot = 0
      for i in 0..<n { slot &+= one(if: values[i] < old) }
    }
    values[slot] = new
    var i = 0
    while i + 1 < n {
      let a = values[i], b = values[i + 1]
      values[i] = min(a, b)
      values[i + 1] = max(a, b)
      i += 1
    }
    i = n - 1
    while i > 0 {
      let a = values[i - 1], b = values[i]
      values[i - 1] = min(a, b)
      values[i] = max(a, b)
      i -= 1
    }
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2
  }

  @inlinable @inline(__always) public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    let n = count
    let full = filled == n
    let slot = next
    next = slot + 1 == n ? 0 : slot + 1
    let size = filled
    var point = fix
    windows.withUnsafeMutableBufferPointer { values in
      let oldEast = values[slot], oldNorth = values[n + slot], oldClaim = values[2 * n + slot]
      values[slot] = fix.east
      values[n + slot] = fix.north
      values[2 * n + slot] = fix.horizontalAccuracy
      let east = UnsafeMutableBufferPointer(rebasing: values[(3 * n)..<(4 * n)])
      let north = UnsafeMutableBufferPointer(rebasing: values[(4 * n)..<(5 * n)])
      let claims = UnsafeMutableBufferPointer(rebasing: values[(5 * n)..<(6 * n)])
      point.east = Self.update(east, filled: size, full: full, old: oldEast, new: fix.east)
      point.north = Self.update(north, filled: size, full: full, old: oldNorth, new: fix.north)
      point.horizontalAccuracy = Self.update(claims, filled: size, full: full, old: oldClaim, new: fix.horizontalAccuracy)
    }
    if !full { filled += 1 }
    return point
  }
}
