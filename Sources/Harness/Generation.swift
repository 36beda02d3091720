import Filtering
import Foundation
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
    // The truth has an altitude where the receiver reports one or the route has terrain.
    let hasAltitude = engine.scenario.receiver.vertical != nil || engine.truth.elevation != nil
    let truth = engine.truth.samples(rateHz: 1).map { sample in
      var fix = frame.geodetic(LocalFix(time: sample.time, east: sample.east, north: sample.north, horizontalAccuracy: 0, speed: sample.speed))
      fix.altitude = hasAltitude ? engine.truth.elevation(atDistance: sample.distance) : nil
      return fix
    }
    var run = GeneratedRun(
      scenario: engine.scenario.name, description: engine.scenario.description, trial: trial,
      seed: engine.scenario.seed, observed: observed, truth: truth, trueDistance: engine.truth.totalDistance)
    run.strategies = tracks
    return run
  }

  /// `export`: one track of trial `trial` of a loaded scenario in `format`, its first fix at `startUTC`.
  /// - Parameters:
  ///   - track: `observed` (what the phone reports), `truth`, or a strategy's text, then run as `strategy`.
  ///   - startUTC: seconds since 1970 of the run's first second (``utcSeconds(_:)``).
  public static func exported(
    _ document: ScenarioDocument, trial: Int, track: String, strategy: Strategy?, as format: SimulatorExport, startUTC: Int64
  ) throws -> String {
    let run = try Generation.run(try ScenarioEngine.reusing(document.engine, for: document.scenario), trial: trial, strategies: strategy.map { [$0] } ?? [])
    let own = track == "observed" || track == "truth"
    let fixes = track == "observed" ? run.observed : track == "truth" ? run.truth : run.strategies[0].fixes
    let name = "\(run.scenario) trial \(run.trial) \(own ? track : run.strategies[0].name)"
    return format.write(fixes, name: name, description: "seed \(run.seed): \(run.description)", start: startUTC)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` (`export --start`) as seconds since 1970 (1970 to 2099).
  public static func utcSeconds(_ text: String) throws(OptionError) -> Int64 {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text), text.hasSuffix("Z"), (0..<4_102_444_800).contains(date.timeIntervalSince1970) else {
      throw OptionError("--start: expected a UTC time YYYY-MM-DDTHH:MM:SSZ from 1970 to 2099, found \(QuotedText.quoted(text))")
    }
    return Int64(date.timeIntervalSince1970)
  }
}
