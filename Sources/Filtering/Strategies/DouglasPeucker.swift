import TrackCore

/// Douglas-Peucker simplification after the run: keep the fewest fixes such that every dropped fix lies
/// within `epsilon` metres of the line between the kept ones around it (Douglas & Peucker, Canadian
/// Cartographer 10(2), 1973). Straightens zig-zag smaller than ε; cuts corners by up to ε.
/// - Complexity: O(n log n) typical, O(n²) worst case; iterative (an explicit stack), no recursion.
public struct DouglasPeucker: TrackSmoother, DeclaredParameters {
  public static let name = "douglas-peucker"
  public static let summary = "Offline Douglas-Peucker simplification: drop fixes within ε of the kept line."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.epsilon, name: "epsilon", unit: "m", minimum: 0, maximum: 1000, summary: "largest distance a dropped fix may lie from the kept line"),
  ]

  public internal(set) var epsilon = 5.0
  public init() {}

  public func smooth(_ input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    output.removeAll(keepingCapacity: true)
    let valid = input.filter { $0.horizontalAccuracy >= 0 }
    guard valid.count > 2 else {
      output.append(contentsOf: valid)
      return
    }
    var keep = [Bool](repeating: false, count: valid.count)
    keep[0] = true
    keep[valid.count - 1] = true
    var stack = [(0, valid.count - 1)]
    while let (first, last) = stack.popLast() {
      guard last > first + 1 else { continue }
      let a = valid[first], b = valid[last]
      let de = b.east - a.east, dn = b.north - a.north
      let length = (de * de + dn * dn).squareRoot()
      var worst = -1.0, worstIndex = first
      for i in (first + 1)..<last {
        let p = valid[i]
        let distance = length > 0
          ? abs((p.east - a.east) * dn - (p.north - a.north) * de) / length
          : a.distance(to: p)
        if distance > worst { worst = distance; worstIndex = i }
      }
      if worst > epsilon {
        keep[worstIndex] = true
        stack.append((first, worstIndex))
        stack.append((worstIndex, last))
      }
    }
    for (i, fix) in valid.enumerated() where keep[i] { output.append(fix) }
  }
}
