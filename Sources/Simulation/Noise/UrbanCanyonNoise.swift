import NumericKit
import TrackCore

/// Urban-canyon error: buildings block and reflect satellites, so inside the canyon the error is larger
/// across the street than along it, correlated over seconds, with occasional multipath jumps to one side.
///
/// Per fix in a zone: e = a·d + c·n, with d the direction of travel, n its left normal, a and c
/// critically damped second-order Gauss-Markov processes (σ_along, σ_cross, τ; see
/// ``SecondOrderGaussMarkov``) that run only inside zones and start afresh (stationary) on entering
/// one: outside, the canyon's error does not exist. Second order because real phones in cities wander
/// smoothly by metres rather than zig-zag second by second (twelve urban recordings of four phone
/// models: 1-s autocorrelation 0.66-0.99, roughness 0.09-0.39 m/s²; a first-order process of τ = 20 s
/// gave 0.43 m/s² and 18-26 m/min of false distance standing still, docs/realism.md). Multipath jumps arrive as a Poisson process in time spent
/// in zones (`jumpsPerHour`); each shifts c by `side`·J for D seconds, J ~ U(jump_m), D ~ U(jump_s).
/// Dense downtowns show tens of metres across the street and a few metres along it.
public struct UrbanCanyonNoise: CatalogueNoiseStage {
  public static let name = "urban_canyon"
  /// Stretches of the route it applies to; `nil`: the route's `urban` zones.
  public var zones: [StageZone]?
  public var crossStreetSigma: Double
  public var alongStreetSigma: Double
  public var tau: Double
  public var jumpsPerHour: Double
  public var jumpSize: ClosedRange<Double>
  public var jumpDuration: ClosedRange<Double>
  /// Which side of the street the reflections pull towards: +1 left, −1 right of the direction of travel.
  public var side: Double

  public init(
    zones: [StageZone]? = nil, crossStreetSigma: Double, alongStreetSigma: Double, tau: Double = 8,
    jumpsPerHour: Double = 30, jumpSize: ClosedRange<Double> = 15...40, jumpDuration: ClosedRange<Double> = 3...10,
    side: Double = 1
  ) {
    self.zones = zones; self.crossStreetSigma = crossStreetSigma; self.alongStreetSigma = alongStreetSigma
    self.tau = tau; self.jumpsPerHour = jumpsPerHour; self.jumpSize = jumpSize; self.jumpDuration = jumpDuration
    self.side = side
  }

  public static var parameterNames: [String] { CodingKeys.allCases.map(\.rawValue) }
  enum CodingKeys: String, CodingKey, CaseIterable {
    case zones, cross_street_sigma_m, along_street_sigma_m, tau_s, jumps_per_hour, jump_m, jump_s, side
  }
  enum Side: String, Decodable, CaseIterable { case left, right }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    zones = try c.decodeIfPresent([StageZone].self, forKey: .zones)
    crossStreetSigma = try c.value(.cross_street_sigma_m, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    alongStreetSigma = try c.value(.along_street_sigma_m, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    tau = try c.value(.tau_s, default: 8, expected: "seconds from 0.1 to 86400") { (0.1...86_400).contains($0) }
    jumpsPerHour = try c.value(.jumps_per_hour, default: 30, expected: "jumps per hour from 0 to 3600") { (0...3600).contains($0) }
    jumpSize = try c.range(.jump_m, default: 15...40, expected: "metres from 0 to 1000") { (0...1000).contains($0) }
    jumpDuration = try c.range(.jump_s, default: 3...10, expected: "seconds from 0 to 3600") { (0...3600).contains($0) }
    side = try c.value(.side, default: Side.left, expected: "left or right") == .left ? 1 : -1
  }

  public func perturb(_ buffer: inout ObservationBuffer, random: RandomSource) {
    guard buffer.count > 0 else { return }
    var cursor = zones.map { ZoneCursor(ranges: $0.map { ($0.from, $0.to) }) } ?? ZoneCursor(buffer.zones, kind: .urban)
    guard !cursor.isEmpty else { return }
    // The engine's epochs are equally spaced: the processes step by the first spacing.
    let interval = buffer.count > 1 ? max(buffer.truth[1].time - buffer.truth[0].time, 1e-3) : 1
    var along = SecondOrderGaussMarkov(tau: tau, interval: interval, random: random)
    var across = SecondOrderGaussMarkov(tau: tau, interval: interval, random: random)
    let meanGap = jumpsPerHour > 0 ? 3600 / jumpsPerHour : .infinity
    var zoneTime = 0.0
    var nextJump = meanGap.isFinite ? random.exponential(mean: meanGap) : .infinity
    var jumpLeft = 0.0, jump = 0.0
    var wasInZone = false
    buffer.withErrors { truth, errorEast, errorNorth in
      for i in 0..<truth.count {
        guard cursor.contains(truth[i].distance) else {
          wasInZone = false
          jumpLeft = 0
          continue
        }
        let dt = i > 0 ? truth[i].time - truth[i - 1].time : 0
        if wasInZone {
          along.advance(random: random)
          across.advance(random: random)
          zoneTime += dt
          jumpLeft -= dt
        } else {
          along = SecondOrderGaussMarkov(tau: tau, interval: interval, random: random)
          across = SecondOrderGaussMarkov(tau: tau, interval: interval, random: random)
        }
        wasInZone = true
        if jumpLeft <= 0 && zoneTime >= nextJump {
          jump = side * random.uniform(jumpSize.lowerBound, jumpSize.upperBound)
          jumpLeft = random.uniform(jumpDuration.lowerBound, jumpDuration.upperBound)
          nextJump = zoneTime + random.exponential(mean: meanGap)
        }
        let a = alongStreetSigma * along.value
        let c = crossStreetSigma * across.value + (jumpLeft > 0 ? jump : 0)
        let de = truth[i].directionEast, dn = truth[i].directionNorth
        errorEast[i] += a * de - c * dn
        errorNorth[i] += a * dn + c * de
      }
    }
  }
}
