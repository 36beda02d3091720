import TrackCore

extension KeyedDecodingContainer {
  /// Decodes `[low, high]` with `valid(low)`, `valid(high)` and low ≤ high.
  @_optimize(none)
  func range(
    _ key: Key, default fallback: ClosedRange<Double>? = nil, expected: String, where valid: (Double) -> Bool
  ) throws -> ClosedRange<Double> {
    let pair: [Double] = try value(key, default: fallback.map { [$0.lowerBound, $0.upperBound] }, expected: "[low, high]: \(expected)") {
      $0.count == 2 && $0.allSatisfy(valid) && $0[0] <= $0[1]
    }
    return pair[0]...pair[1]
  }

  /// Decodes an optional zone kind restricting a stage: `zone: canopy`.
  @_optimize(none)
  func zoneKind(_ key: Key) throws -> ZoneKind? {
    contains(key) ? try value(key) as ZoneKind : nil
  }
}

/// Explicit zones written inside a stage: `zones: [ { from_m: 400, to_m: 1300 } ]`.
public struct StageZone: Sendable, Hashable, Decodable {
  public var from: Double
  public var to: Double
  @_optimize(none)
  public init(from: Double, to: Double) { self.from = from; self.to = to }

  enum CodingKeys: String, CodingKey, CaseIterable { case from_m, to_m }
  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    from = try c.value(.from_m, expected: "metres from the start, ≥ 0") { $0 >= 0 && $0.isFinite }
    let start = from
    to = try c.value(.to_m, expected: "metres after from_m") { $0 > start && $0.isFinite }
  }
}
