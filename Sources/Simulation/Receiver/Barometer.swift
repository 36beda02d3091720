import Foundation
import NumericKit
import TrackCore

/// The phone's barometer: pressure at the true height (``StandardAtmosphere``) plus a constant offset,
/// the weather's trend, a step when the phone's temperature changes, and white noise, rounded to the
/// sensor's resolution and sampled at its own rate; each fix carries the latest sample
/// (``LocalFix/pressure``). docs/elevation.md lists each parameter's source (or "assumed").
///
/// Near sea level 1 hPa is about 8.3 m of height, so 0.03 hPa of noise is 0.25 m: a sum of the
/// readings' positive differences counts that wobble at every sample.
public struct Barometer: Sendable, Hashable, Decodable {
  /// Samples per second (0.1-100; phones 1-25 Hz).
  public var rateHz: Double
  /// Standard deviation of each sample's white noise, hPa.
  public var noise: Double
  /// hPa a reading is rounded to (0: not rounded).
  public var resolution: Double
  /// Standard deviation of the per-run constant offset from the true pressure, hPa (the sensor's
  /// calibration; irrelevant to gain, shifts absolute height).
  public var offset: Double
  /// Standard deviation of the per-run weather trend, hPa per hour (the pressure changes while the
  /// runner runs; a rising pressure reads as descending).
  public var trend: Double
  /// The temperature step: hPa the reading settles towards (`pocket_step_hpa`), from `pocket_step_at_s`
  /// seconds into the run, approaching with time constant `pocket_step_tau_s` (the phone leaving a warm
  /// pocket). 0: none.
  public var pocketStep: Double
  public var pocketStepAt: Double
  public var pocketStepTau: Double

  public init(
    rateHz: Double = 1, noise: Double = 0.03, resolution: Double = 0.01, offset: Double = 1, trend: Double = 0.3,
    pocketStep: Double = 0, pocketStepAt: Double = 0, pocketStepTau: Double = 60
  ) {
    self.rateHz = rateHz; self.noise = noise; self.resolution = resolution; self.offset = offset; self.trend = trend
    self.pocketStep = pocketStep; self.pocketStepAt = pocketStepAt; self.pocketStepTau = pocketStepTau
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case rate_hz, noise_hpa, resolution_hpa, offset_hpa, trend_hpa_per_hour, pocket_step_hpa, pocket_step_at_s, pocket_step_tau_s
  }

  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    rateHz = try c.value(.rate_hz, default: 1, expected: "samples per second from 0.1 to 100") { (0.1...100).contains($0) }
    noise = try c.value(.noise_hpa, default: 0.03, expected: "hPa from 0 to 5") { (0...5).contains($0) }
    resolution = try c.value(.resolution_hpa, default: 0.01, expected: "hPa from 0 to 1") { (0...1).contains($0) }
    offset = try c.value(.offset_hpa, default: 1, expected: "hPa from 0 to 20") { (0...20).contains($0) }
    trend = try c.value(.trend_hpa_per_hour, default: 0.3, expected: "hPa per hour from 0 to 10") { (0...10).contains($0) }
    pocketStep = try c.value(.pocket_step_hpa, default: 0, expected: "hPa from -5 to 5") { (-5...5).contains($0) }
    pocketStepAt = try c.value(.pocket_step_at_s, default: 0, expected: "seconds from 0 to 86400") { (0...86_400).contains($0) }
    pocketStepTau = try c.value(.pocket_step_tau_s, default: 60, expected: "seconds from 1 to 3600") { (1...3600).contains($0) }
  }

  /// One run's barometer: its offset and trend drawn, then samples taken as the run's epochs pass
  /// (``ReceiverModel``'s pass after the fixes are composed). Allocates nothing.
  struct Run {
    let model: Barometer
    let bias: Double, trendPerSecond: Double
    var sample = -1
    var reading: Float = 0

    /// Draws the run's offset and trend from `random`.
    init(_ model: Barometer, random: RandomSource) {
      self.model = model
      bias = random.gaussian(sigma: model.offset)
      trendPerSecond = random.gaussian(sigma: model.trend) / 3600
    }

    /// The reading a fix at true time `time` carries, the runner at `height` metres: a new sample (noise
    /// from `random`) when the barometer's clock has ticked since the last call, else the last one held.
    mutating func read(time: Double, height: Double, random: RandomSource) -> Float {
      let index = Int((time * model.rateHz).rounded(.down))
      guard index != sample else { return reading }
      sample = index
      var pressure = StandardAtmosphere.pressure(atHeight: height) + bias + trendPerSecond * time + random.gaussian(sigma: model.noise)
      if model.pocketStep != 0, time > model.pocketStepAt {
        pressure += model.pocketStep * (1 - exp(-(time - model.pocketStepAt) / model.pocketStepTau))
      }
      if model.resolution > 0 { pressure = (pressure / model.resolution).rounded() * model.resolution }
      reading = Float(max(pressure, 1))
      return reading
    }
  }
}
