import Simulation
import TrackCore
import TrackIO

/// One trial of a scenario as geodetic tracks, for `trackbench generate`.
public enum Generation {
  /// The phone's fixes of `trial` and the truth sampled every second (and at the end), converted from
  /// the local frame to WGS84 exactly (``LocalFrame``).
  public static func run(_ engine: ScenarioEngine, trial: Int) -> GeneratedRun {
    let frame = engine.truth.frame
    let observed = engine.observe(trial: trial).map { frame.geodetic($0) }
    let height = engine.scenario.receiver.vertical == nil ? nil : Optional(engine.scenario.route.origin.height)
    let truth = engine.truth.samples(rateHz: 1).map { sample in
      var fix = frame.geodetic(LocalFix(time: sample.time, east: sample.east, north: sample.north, horizontalAccuracy: 0, speed: sample.speed))
      fix.altitude = height
      return fix
    }
    return GeneratedRun(
      scenario: engine.scenario.name, description: engine.scenario.description, trial: trial,
      seed: engine.scenario.seed, observed: observed, truth: truth, trueDistance: engine.truth.totalDistance)
  }
}
