import TrackCore

/// Component-wise median of the last `count` positions, recorded at each fix's time: robust to single
/// outliers (one wild fix in a window of 5 moves nothing), at a lag of (n − 1)/2 fixes.
/// - Complexity: O(n²) per fix by insertion sort of the window (n ≤ 25), no allocation per fix.
public struct MovingMedian: TrackFilter, CatalogueStrategy {
  public static let name = "moving-median"
  public static let summary = "Component-wise median of the last n positions."
  public static let parameters = [
    StrategyParameter(name: "n", unit: "fixes", defaultValue: 5, minimum: 1, maximum: 25, isInteger: true, summary: "fixes in the window")
  ]

  public let count: Int
  @usableFromInline var window: FixWindow
  @usableFromInline var scratch: [Double]

  public init(count: Int) {
    self.count = max(count, 1)
    window = FixWindow(capacity: self.count)
    scratch = [Double](repeating: 0, count: self.count)
  }
  public init(parameterValues v: [Double]) { self.init(count: Int(v[0])) }
  public var parameterValues: [Double] { [Double(count)] }
  /// The window's lag at the end: (n − 1)/2 spacings.
  public func noiseFreeDistanceLoss(spacing: Double) -> Double { Double(count - 1) / 2 * spacing + 1e-9 }

  @inlinable mutating func median(_ value: (LocalFix) -> Double) -> Double {
    let n = window.count
    for i in 0..<n {
      let v = value(window[i])
      var j = i
      while j > 0 && scratch[j - 1] > v {
        scratch[j] = scratch[j - 1]
        j -= 1
      }
      scratch[j] = v
    }
    return n % 2 == 1 ? scratch[n / 2] : (scratch[n / 2 - 1] + scratch[n / 2]) / 2
  }

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    window.append(fix)
    var point = fix
    point.east = median { $0.east }
    point.north = median { $0.north }
    return point
  }
}
