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

  /// `YYYY-MM-DDTHH:MM:SSZ` (`export --start`) as seconds since 1970 (1970 to 2099), read strictly: a
  /// date the calendar does not have (`2026-02-30`) or a time out of range is refused, not rolled over.
  /// - Complexity: O(1).
  public static func utcSeconds(_ text: String) throws(OptionError) -> Int64 {
    let failure = OptionError("--start: expected a UTC time YYYY-MM-DDTHH:MM:SSZ from 1970 to 2099, found \(QuotedText.quoted(TerminalText.escaped(text)))")
    let bytes = Array(text.utf8)
    let shape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    guard bytes.count == shape.count, zip(bytes, shape).allSatisfy({ byte, expected in
      expected == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
    }) else { throw failure }
    func number(_ from: Int, _ count: Int) -> Int64 { bytes[from..<from + count].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) } }
    let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
    let (hour, minute, second) = (number(11, 2), number(14, 2), number(17, 2))
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1970...2099).contains(year), (1...12).contains(month), (1...days[Int(month) - 1]).contains(day), hour < 24, minute < 60, second < 60 else {
      let field = !(1970...2099).contains(year) ? "the year" : !(1...12).contains(month) ? "the month" : !(1...days[Int(month) - 1]).contains(day) ? "the day" : "the time"
      throw OptionError("--start: \(field) of \(QuotedText.quoted(text)) is not on the calendar; expected a UTC time YYYY-MM-DDTHH:MM:SSZ from 1970 to 2099")
    }
    // Days since 1970-01-01 of a proleptic Gregorian date (the days before the year, then the month's).
    let yearsBefore = year - 1970
    let leapDaysBefore = (year - 1 - 1968) / 4 - (year - 1 - 1900) / 100 + (year - 1 - 1600) / 400
    let dayOfYear = days[0..<Int(month) - 1].reduce(0, +) + day - 1
    return ((yearsBefore * 365 + leapDaysBefore + dayOfYear) * 24 + hour) * 3600 + minute * 60 + second
  }
}
