import Foundation
import NumericKit

/// Single wild fixes: a multipath or chipset glitch throws one position tens to hundreds of metres away
/// while the claimed accuracy barely changes.
///
/// Events form a Poisson process in time at `perHour`; each displaces the first fix at or after it by J in
/// a uniform direction. J is heavy-tailed: Pareto with minimum `jump.lowerBound` and shape `tailAlpha`
/// (P(J > x) = (min/x)^α), clipped at `jump.upperBound`; `tailAlpha` 0 draws J ~ U(jump) instead.
public struct Outliers: CatalogueNoiseStage {
  public static let name = "outliers"
  public var perHour: Double
  public var jump: ClosedRange<Double>
  public var tailAlpha: Double

  public init(perHour: Double, jump: ClosedRange<Double>, tailAlpha: Double = 1.5) {
    self.perHour = perHour; self.jump = jump; self.tailAlpha = tailAlpha
  }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable { case per_hour, jump_m, tail_alpha }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    perHour = try c.value(.per_hour, expected: "outliers per hour from 0 to 3600") { (0...3600).contains($0) }
    jump = try c.range(.jump_m, expected: "metres from 0 to 100000") { (0...100_000).contains($0) }
    tailAlpha = try c.value(.tail_alpha, default: 1.5, expected: "a Pareto shape from 0 (uniform) to 10") { (0...10).contains($0) }
  }

  /// One jump size, metres.
  func drawJump(_ random: RandomSource) -> Double {
    guard tailAlpha > 0 else { return random.uniform(jump.lowerBound, jump.upperBound) }
    let u = 1 - random.uniform()  // (0, 1]
    return min(jump.upperBound, jump.lowerBound * pow(u, -1 / tailAlpha))
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard perHour > 0, buffer.count > 0 else { return }
    let meanGap = 3600 / perHour
    var event = buffer.truth[0].time + random.exponential(mean: meanGap)
    var i = 0
    while true {
      i = buffer.firstIndex(atOrAfter: event, from: i)
      guard i < buffer.count else { return }
      let size = drawJump(random)
      let angle = random.uniform(0, 2 * .pi)
      buffer.errorEast[i] += size * cos(angle)
      buffer.errorNorth[i] += size * sin(angle)
      i += 1
      event += random.exponential(mean: meanGap)
    }
  }
}
