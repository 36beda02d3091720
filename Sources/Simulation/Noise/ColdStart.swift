import Foundation
import NumericKit

/// The first fixes after the app starts the receiver: a large error that shrinks as satellites are
/// acquired, which the receiver admits in its claimed accuracy.
///
/// Adds a bias of magnitude m(t) = `initialError`·e^(−3(t − t₀)/`converge`) in one random direction
/// (95 % gone after `converge` seconds), and m(t) to the claimed accuracy.
public struct ColdStart: CatalogueNoiseStage {
  public static let name = "cold_start"
  public var initialError: Double
  public var converge: Double

  public init(initialError: Double, converge: Double) { self.initialError = initialError; self.converge = converge }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable { case initial_error_m, converge_s }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    initialError = try c.value(.initial_error_m, expected: "metres from 0 to 10000") { (0...10_000).contains($0) }
    converge = try c.value(.converge_s, expected: "seconds from 1 to 3600") { (1...3600).contains($0) }
  }

  /// Bias magnitude `elapsed` seconds after the first fix, metres.
  @inlinable public func magnitude(after elapsed: Double) -> Double { initialError * exp(-3 * elapsed / converge) }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard buffer.count > 0 else { return }
    let angle = random.uniform(0, 2 * .pi)
    let ce = cos(angle), cn = sin(angle)
    let t0 = buffer.truth[0].time
    for i in 0..<buffer.count {
      let m = magnitude(after: buffer.truth[i].time - t0)
      if m < 1e-3 { break }  // below a millimetre for good
      buffer.errorEast[i] += m * ce
      buffer.errorNorth[i] += m * cn
      buffer.accuracyBias[i] += m
    }
  }
}
