import Foundation
import NumericKit
import TrackCore

/// Everything after the truth: the noise stages, the receiver's own error, and what the receiver
/// reports, with the random streams of (seed, trial, stage) described on ``ScenarioEngine``. Used by the
/// engine for scenarios and by calibration and replay for a truth that comes from a recording.
public struct ReceiverModel: Sendable {
  public var receiver: ReceiverSpec
  public var noise: [NoiseStage]
  /// Height of the route, metres (altitude is this plus the vertical error).
  public var height: Double
  public var generator: RandomGenerator
  public var seed: UInt64

  public init(receiver: ReceiverSpec, noise: [NoiseStage], height: Double = 0, generator: RandomGenerator = .mt19937, seed: UInt64) {
    self.receiver = receiver; self.noise = noise; self.height = height; self.generator = generator; self.seed = seed
  }

  func random(trial: Int, stage: Int) -> RandomSource {
    RandomSource(generator: generator, stream: StreamSeed(scenarioSeed: seed, trial: trial, stage: stage))
  }

  /// Adds every noise stage's error and the receiver's own to `buffer`, whose truth is filled and whose
  /// epochs are `1 / receiver.rateHz` apart.
  public func perturb(_ buffer: inout ObservationBuffer, trial: Int) {
    for (i, stage) in noise.enumerated() {
      stage.perturb(&buffer, random: random(trial: trial, stage: i + 1))
    }
    if let error = receiver.error, !error.isZero {
      error.perturb(&buffer, interval: 1 / receiver.rateHz, random: random(trial: trial, stage: ScenarioEngine.receiverErrorStage))
    }
  }

    /// What the phone reports from a simulated buffer: every fix not dropped, with its claimed accuracy,
    /// delivery age, and Doppler speed, course and altitude when the receiver measures them.
    public func compose(trial: Int, from buffer: ObservationBuffer, into fixes: inout [LocalFix]) {
      let accuracy = receiver.reportedAccuracy
      let delivery = receiver.delivery
      let doppler = receiver.doppler.map { ($0, random(trial: trial, stage: ScenarioEngine.dopplerStage)) }
      let verticalRandom = receiver.vertical.map { _ in random(trial: trial, stage: ScenarioEngine.verticalStage) }
      var vertical = receiver.vertical.map { GaussMarkovPair(tau: $0.tau, random: verticalRandom!) }  // first: the error
      let hold = receiver.staticHold.map { ($0, random(trial: trial, stage: ScenarioEngine.staticHoldStage)) }
      var held: (east: Double, north: Double)?
      let claimRandom = accuracy.wanderLogSigma > 0 ? random(trial: trial, stage: ScenarioEngine.claimStage) : nil
      var claim = claimRandom.map { GaussMarkovPair(tau: accuracy.wanderTau, random: $0) }  // first: z(t)
      let logSigma = accuracy.wanderLogSigma
      fixes.removeAll(keepingCapacity: true)
      fixes.reserveCapacity(buffer.count)
      for i in 0..<buffer.count {
        let epoch = buffer.truth[i]
        let t = epoch.timestamp
        var speed = -1.0, course = -1.0
        if let (model, random) = doppler {
          let v = epoch.speed
          speed = max(0, v + random.gaussian(sigma: model.speedSigma))
          let courseNoise = random.gaussian(sigma: model.courseSigma)
          if v >= model.minimumSpeedForCourse {
            let heading = atan2(epoch.directionEast, epoch.directionNorth) * 180 / .pi + courseNoise
            course = heading - 360 * (heading / 360).rounded(.down)
          }
        }
        var altitude = 0.0, verticalAccuracy = -1.0
        if let model = receiver.vertical {
          if i > 0 { vertical!.advance(by: epoch.time - buffer.truth[i - 1].time, random: verticalRandom!) }
          altitude = height + model.sigma * vertical!.first
          verticalAccuracy = model.reported
        }
        var wander = 1.0
        if let random = claimRandom {
          if i > 0 { claim!.advance(by: epoch.time - buffer.truth[i - 1].time, random: random) }
          wander = exp(logSigma * claim!.first - logSigma * logSigma / 2)
        }
        let believedStill = hold.map { model, random in epoch.speed + random.gaussian(sigma: model.speedSigma) < model.below } ?? false
        guard !buffer.dropped[i] else { continue }
        let de = buffer.errorEast[i], dn = buffer.errorNorth[i]
        var east = epoch.east + de, north = epoch.north + dn
        if let (model, _) = hold {
          if believedStill, let h = held, ((east - h.east) * (east - h.east) + (north - h.north) * (north - h.north)).squareRoot() <= model.release {
            east = h.east
            north = h.north
          } else {
            held = believedStill ? (east, north) : nil
          }
        }
        fixes.append(LocalFix(
          time: t, east: east, north: north,
          horizontalAccuracy: accuracy.reported(
            forError: ((east - epoch.east) * (east - epoch.east) + (north - epoch.north) * (north - epoch.north)).squareRoot(),
            wander: wander, extra: buffer.accuracyBias[i]),
          speed: speed, course: course, age: delivery.age(of: t), altitude: altitude, verticalAccuracy: verticalAccuracy))
      }
    }
}
