import Filtering
import Simulation
import TrackCore
import TrackIO

/// One trial of a scenario as geodetic tracks, for `trackbench generate`.
public enum Generation {
  /// The phone's fixes of `trial` and the truth sampled every second (and at the end), converted from
  /// the local frame to WGS84 exactly (``LocalFrame``).
  /// - Parameter strategies: strategies whose output on the trial's fixes is added, a track each.
  /// - Throws: the ``ProcessFailure`` of a process strategy that failed.
  public static func run(_ engine: ScenarioEngine, trial: Int, strategies: [Strategy] = []) throws(ProcessFailure) -> GeneratedRun {
    let frame = engine.truth.frame
    let local = engine.observe(trial: trial)
    let observed = local.map { frame.geodetic($0) }
    var recorded: [LocalFix] = []
    let tracks = try FilterRun.collectingFailure(FilterRun.Context(scenario: engine.scenario.name, trial: trial, frame: frame)) {
      strategies.map { strategy -> NamedTrack in
        local.withUnsafeBufferPointer { strategy.run(over: $0, into: &recorded) }
        return NamedTrack(name: strategy.description, fixes: recorded.map { frame.geodetic($0) })
      }
    }.get()
    let height = engine.scenario.receiver.vertical == nil ? nil : Optional(engine.scenario.route.origin.height)
    let truth = engine.truth.samples(rateHz: 1).map { sample in
      var fix = frame.geodetic(LocalFix(time: sample.time, east: sample.east, north: sample.north, horizontalAccuracy: 0, speed: sample.speed))
      fix.altitude = height
      return fix
    }
    var run = GeneratedRun(
      scenario: engine.scenario.name, description: engine.scenario.description, trial: trial,
      seed: engine.scenario.seed, observed: observed, truth: truth, trueDistance: engine.truth.totalDistance)
    run.strategies = tracks
    return run
  }
}
