import NumericKit

/// A receiver that gets worse as the run goes on: sweat soaking an armband bridges the antenna, or the
/// phone moves from hand to armband.
///
/// From `from` seconds on, adds Gauss-Markov error (correlation time `tau`) with per-axis σ(t) =
/// step + growth·(t − from)/3600 (metres; growth in m/h), and raises the claimed accuracy by
/// `reportedFraction`·√2·σ(t) (the radial RMS error), so the receiver admits part of it.
public struct AntennaDegradation: CatalogueNoiseStage {
  public static let name = "antenna_degradation"
  public var from: Double
  /// Metres per hour of growth in σ.
  public var growthPerHour: Double
  /// Metres of σ added at once at `from`.
  public var step: Double
  public var tau: Double
  /// How much of the degradation the claimed accuracy shows, 0-1.
  public var reportedFraction: Double

  public init(from: Double, growthPerHour: Double, step: Double = 0, tau: Double = 30, reportedFraction: Double = 1) {
    self.from = from; self.growthPerHour = growthPerHour; self.step = step; self.tau = tau
    self.reportedFraction = reportedFraction
  }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable { case from_s, accuracy_growth_m_per_h, step_m, tau_s, reported_fraction }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    from = try c.value(.from_s, default: 0, expected: "seconds from 0 to 86400") { (0...86_400).contains($0) }
    growthPerHour = try c.value(.accuracy_growth_m_per_h, default: 0, expected: "metres per hour from 0 to 1000") { (0...1000).contains($0) }
    step = try c.value(.step_m, default: 0, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    tau = try c.value(.tau_s, default: 30, expected: "seconds from 0.1 to 86400") { (0.1...86_400).contains($0) }
    reportedFraction = try c.value(.reported_fraction, default: 1, expected: "a fraction from 0 to 1") { (0...1).contains($0) }
  }

  /// Per-axis σ at time `t`, metres.
  @inlinable public func sigma(at t: Double) -> Double { t < from ? 0 : step + growthPerHour * (t - from) / 3600 }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard buffer.count > 0 else { return }
    var process = GaussMarkovPair(tau: tau, random: random)
    let truth = buffer.truth
    for i in 0..<truth.count {
      if i > 0 { process.advance(by: truth[i].time - truth[i - 1].time, random: random) }
      let s = sigma(at: truth[i].time)
      guard s > 0 else { continue }
      buffer.errorEast[i] += s * process.first
      buffer.errorNorth[i] += s * process.second
      buffer.accuracyBias[i] += reportedFraction * 2.0.squareRoot() * s
    }
  }
}
