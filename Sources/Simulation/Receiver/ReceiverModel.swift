import Foundation
import NumericKit
import TrackCore

/// Everything after the truth: the noise stages, the receiver's own error, and what the receiver
/// reports, with the random streams of (seed, trial, stage) described on ``ScenarioEngine``. Used by the
/// engine for scenarios and by calibration and replay for a truth that comes from a recording.
public struct ReceiverModel: Sendable {
  public var receiver: ReceiverSpec
  public var noise: [NoiseStage]
  /// Height of the route's origin, metres (altitude is this plus the terrain's rise at the epoch plus
  /// the vertical error).
  public var height: Double
  public var generator: RandomGenerator
  public var seed: UInt64

  public init(receiver: ReceiverSpec, noise: [NoiseStage], height: Double = 0, generator: RandomGenerator = .taus2, seed: UInt64) {
    self.receiver = receiver; self.noise = noise; self.height = height; self.generator = generator; self.seed = seed
  }

  func random(trial: Int, stage: Int) -> RandomSource {
    RandomSource(generator: generator, stream: StreamSeed(scenarioSeed: seed, trial: trial, stage: stage))
  }

  /// The model of `trial`'s receiver: this one, or, when the receiver is a population, one with the
  /// device the population draws for the trial (stream ``ScenarioEngine/populationStage``), reporting
  /// what its ``ReceiverSpec/reports`` say. Drawn
  /// outside ``perturb(_:trial:)`` and ``compose(trial:from:into:)``: a draw inside them cost their
  /// random sources' stack promotion (4 allocations a trial).
  public func forTrial(_ trial: Int) -> ReceiverModel {
    var model = self
    if let population = receiver.population {
      model.receiver = population.device(base: receiver, random: random(trial: trial, stage: ScenarioEngine.populationStage))
    }
    if model.receiver.reports != ReceiverSpec.Reports() { model.receiver = model.receiver.reporting() }
    return model
  }

  /// Adds every noise stage's error and the receiver's own to `buffer`, whose truth is filled and whose
  /// epochs are `1 / receiver.rateHz` apart. A population's device is drawn by ``forTrial(_:)`` first.
  public func perturb(_ buffer: inout ObservationBuffer, trial: Int) {
    for (i, stage) in noise.enumerated() {
      stage.perturb(&buffer, random: random(trial: trial, stage: i + 1))
    }
    if let error = receiver.error, !error.isZero {
      error.perturb(
        &buffer, interval: 1 / receiver.rateHz, random: random(trial: trial, stage: ScenarioEngine.receiverErrorStage),
        offsetRandom: random(trial: trial, stage: ScenarioEngine.offsetStage))
    }
  }

    /// What the phone reports from a simulated buffer: every fix not dropped, with its claimed accuracy,
    /// delivery age, and Doppler speed, course and altitude when the receiver measures them.
    public func compose(trial: Int, from buffer: ObservationBuffer, into fixes: inout [LocalFix]) {
      let accuracy = receiver.reportedAccuracy
      let delivery = receiver.delivery
      // Optional parts are unwrapped once, into plain values and sources (a source for a part that is
      // off is made but never drawn from), so the loop neither binds optionals nor retains per fix.
      let dopplerOn = receiver.doppler != nil, doppler = receiver.doppler ?? ReceiverSpec.Doppler()
      // A late speed is the epochs' speed `lateSteps` epochs back (a fraction interpolated).
      let lateSteps = doppler.latency * receiver.rateHz, lateWhole = Int(lateSteps), lateFraction = lateSteps - Double(lateWhole)
      let dopplerRandom = random(trial: trial, stage: ScenarioEngine.dopplerStage)
      let verticalOn = receiver.vertical != nil, verticalModel = receiver.vertical ?? ReceiverSpec.Vertical()
      let verticalRandom = random(trial: trial, stage: ScenarioEngine.verticalStage)
      var vertical = GaussMarkovPair(tau: verticalModel.tau, random: verticalRandom)  // first: the error
      let holdOn = receiver.staticHold != nil, hold = receiver.staticHold ?? StaticHold()
      let holdRandom = random(trial: trial, stage: ScenarioEngine.staticHoldStage)
      // The speed estimate is drawn only where it could fall below the threshold (6 σ).
      let holdReach = hold.below + 6 * hold.speedSigma
      var holding = false, heldEast = 0.0, heldNorth = 0.0
      let logSigma = accuracy.wanderLogSigma, claimOn = logSigma > 0
      let claimRandom = random(trial: trial, stage: ScenarioEngine.claimStage)
      var claim = claimOn ? claimRandom.gaussian(sigma: 1) : 0  // z(t), first-order, unit variance
      var claimDt = -1.0, claimPhi = 0.0, claimInnovation = 0.0
      fixes.removeAll(keepingCapacity: true)
      fixes.reserveCapacity(buffer.count)
      for i in 0..<buffer.count {
        let epoch = buffer.truth[i]
        let t = epoch.timestamp
        var speed = -1.0, course = -1.0
        if dopplerOn {
          let v = epoch.speed
          var measured = v
          if lateSteps > 0 {
            let a = buffer.truth[max(i - lateWhole, 0)].speed, b = buffer.truth[max(i - lateWhole - 1, 0)].speed
            measured = a + lateFraction * (b - a)
          }
          speed = max(0, measured + dopplerRandom.gaussian(sigma: doppler.speedSigma))
          let courseNoise = dopplerRandom.gaussian(sigma: doppler.courseSigma)
          if v >= doppler.minimumSpeedForCourse {
            let heading = atan2(epoch.directionEast, epoch.directionNorth) * 180 / .pi + courseNoise
            course = heading - 360 * (heading / 360).rounded(.down)
          }
        }
        var altitude = 0.0, verticalAccuracy = -1.0
        if verticalOn {
          if i > 0 { vertical.advance(by: epoch.time - buffer.truth[i - 1].time, random: verticalRandom) }
          altitude = (height + epoch.rise) + (verticalModel.offset + verticalModel.sigma * vertical.first)
          verticalAccuracy = verticalModel.reported
        }
        var wander = 1.0
        if claimOn {
          if i > 0 {
            let dt = epoch.time - buffer.truth[i - 1].time
            if dt != claimDt {
              claimDt = dt
              claimPhi = exp(-dt / accuracy.wanderTau)
              claimInnovation = (1 - claimPhi * claimPhi).squareRoot()
            }
            claim = claimPhi * claim + claimRandom.gaussian(sigma: claimInnovation)
          }
          wander = exp(logSigma * claim - logSigma * logSigma / 2)
        }
        let believedStill = holdOn && epoch.speed < holdReach && epoch.speed + holdRandom.gaussian(sigma: hold.speedSigma) < hold.below
        guard !buffer.dropped[i] else { continue }
        var east = epoch.east + buffer.errorEast[i], north = epoch.north + buffer.errorNorth[i]
        if holdOn {
          if believedStill, holding, ((east - heldEast) * (east - heldEast) + (north - heldNorth) * (north - heldNorth)).squareRoot() <= hold.release {
            east = heldEast
            north = heldNorth
          } else {
            holding = believedStill
            heldEast = east
            heldNorth = north
          }
        }
        let errorEast = east - epoch.east, errorNorth = north - epoch.north
        fixes.append(LocalFix(
          time: t, east: east, north: north,
          horizontalAccuracy: accuracy.reported(
            forError: (errorEast * errorEast + errorNorth * errorNorth).squareRoot(), wander: wander, extra: buffer.accuracyBias[i]),
          speed: speed, course: course, age: delivery.age(of: t), altitude: altitude, verticalAccuracy: verticalAccuracy,
          speedAccuracy: speed >= 0 ? doppler.reported : -1))
      }
    }

    /// Each fix's pressure, when the receiver has a barometer: its latest sample at the fix's epoch, for
    /// fixes ``compose(trial:from:into:)`` made from `buffer`. Apart from `compose` (and called after it
    /// by ``ScenarioEngine``): inside it, the barometer's branch alone cost the loop's random sources their
    /// place on the stack (8 allocations a trial, measured).
    public func addPressure(trial: Int, from buffer: ObservationBuffer, to fixes: inout [LocalFix]) {
      guard let model = receiver.barometer else { return }
      let random = random(trial: trial, stage: ScenarioEngine.barometerStage)
      var barometer = Barometer.Run(model, random: random)
      var k = 0
      for i in 0..<buffer.count where !buffer.dropped[i] {
        let epoch = buffer.truth[i]
        fixes[k].pressure = barometer.read(time: epoch.time, height: height + epoch.rise, random: random)
        k += 1
      }
    }
}
