import Foundation
import NumericKit
import TrackCore

/// The swing of the arm a watch is worn on: the antenna moves back and forth along the direction of
/// travel at the arms' rhythm, so its Doppler speed is the body's plus the wrist's, a ± `amplitude_mps`
/// swing, and its position leads and trails the body by `amplitude / (2π · frequency)` metres. While the
/// runner stands (true speed under `still_below_mps`) the arm rests. The rhythm is not a metronome: the
/// phase drifts as a random walk (`phase_jitter_rad_per_sqrt_s`), so a 1 Hz receiver samples the swing
/// at a changing phase. docs/metrics.md ("Best efforts") lists each parameter's source or "assumed".
public struct ArmSwing: Sendable, Hashable, Decodable {
  /// Peak speed of the wrist relative to the body, m/s.
  public var amplitude: Double
  /// Swings per second (one per two steps), Hz.
  public var frequency: Double
  /// Standard deviation of the phase's drift over one second, radians.
  public var phaseJitter: Double
  /// True speed under which the arm rests, m/s.
  public var stillBelow: Double

  public init(amplitude: Double = 1.6, frequency: Double = 0.9, phaseJitter: Double = 0.5, stillBelow: Double = 0.5) {
    self.amplitude = amplitude; self.frequency = frequency; self.phaseJitter = phaseJitter; self.stillBelow = stillBelow
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case amplitude_mps, frequency_hz, phase_jitter_rad_per_sqrt_s, still_below_mps }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    amplitude = try c.value(.amplitude_mps, default: 1.6, expected: "m/s from 0 to 5") { (0...5).contains($0) }
    frequency = try c.value(.frequency_hz, default: 0.9, expected: "swings per second from 0.2 to 3") { (0.2...3).contains($0) }
    phaseJitter = try c.value(.phase_jitter_rad_per_sqrt_s, default: 0.5, expected: "radians from 0 to 10") { (0...10).contains($0) }
    stillBelow = try c.value(.still_below_mps, default: 0.5, expected: "m/s from 0 to 5") { (0...5).contains($0) }
  }
}

extension ReceiverModel {
  /// Adds the wrist's `swing` (the receiver's) to the composed `fixes` (one per epoch of `buffer` not dropped): to the
  /// Doppler speed where the receiver reports one, and to the position along the direction of travel.
  /// Its own stream (``ScenarioEngine/armSwingStage``), so a receiver without it draws nothing else
  /// differently. O(n), allocates nothing.
  public func addArmSwing(_ swing: ArmSwing, trial: Int, from buffer: ObservationBuffer, to fixes: inout [LocalFix]) {
    guard swing.amplitude > 0 else { return }
    let random = random(trial: trial, stage: ScenarioEngine.armSwingStage)
    let omega = 2 * Double.pi * swing.frequency, reach = swing.amplitude / omega
    var phase = random.uniform(0, 2 * Double.pi)
    var previous = buffer.count > 0 ? buffer.truth[0].time : 0
    var k = 0
    for i in 0..<buffer.count {
      let epoch = buffer.truth[i]
      let dt = epoch.time - previous
      previous = epoch.time
      phase += omega * dt + random.gaussian(sigma: swing.phaseJitter * dt.squareRoot())
      guard !buffer.dropped[i] else { continue }
      defer { k += 1 }
      guard epoch.speed >= swing.stillBelow else { continue }
      let (sine, cosine) = (sin(phase), cos(phase))
      if fixes[k].speed >= 0 { fixes[k].speed = max(0, fixes[k].speed + swing.amplitude * sine) }
      fixes[k].east -= reach * cosine * epoch.directionEast
      fixes[k].north -= reach * cosine * epoch.directionNorth
    }
  }
}
