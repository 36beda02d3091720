import Evaluation
import Filtering
import Foundation
import Harness
import Realism
import Simulation
import TrackCore

/// Is a population accepted by the ranking it produces? For published statistics that carry what replay
/// said on their recording (``PopulationManifest/Published/ranks``): the verdict of a receiver (the
/// population of the other recordings, out of sample) along a drive like the recording's, its live pick,
/// and that pick's real rank there.
///
/// The drive (``drive(like:)``) is the recording's length, median speed and stops, on city streets: a
/// staircase of 400 m and 200 m blocks with 10 m corners, driven 400 m at the median speed, then 200 m at
/// ``peakFactor`` times it (so three quarters of the time at the median). The statistics' own drive is
/// straight at one speed, which does not matter for an error's statistics and does for a ranking: a
/// filter that cuts corners, or a speed gate near a car's speed, is judged by the motion. Blocks and
/// peaks are assumptions (the recordings' streets and speeds over time are not published; the peak is a
/// standard urban cycle's): city traffic is never one speed, and at one speed a 12 m/s speed gate ranked
/// first on drives of 7-8 m/s where the recordings ranked it outside their top 3 on all but one
/// (docs/realism.md). Its activity is running, as the replays that
/// ranked the recordings were (`replay`'s default).
public enum PublishedRanking {
  /// Trials the verdict along each drive is the mean of.
  public static let trials = 60
  /// Real ranks up to this are "the real top".
  public static let top = 3
  /// The drive's peak speed over its median: the ECE-15 urban driving cycle's top cruise speed over its
  /// middle one (50 and 32 km/h, UN ECE Regulation 83).
  public static let peakFactor = 50.0 / 32

  /// One recording left out: the pick and what is known of its real rank.
  public struct Row: Sendable {
    public var source: String
    /// The live strategy the verdict along the drive ranks first (its catalogue name), and its score.
    public var pick: String
    public var score: Double
    /// The pick's rank on the real recording; `nil` when not published.
    public var realRank: Int?
    /// Whether the pick is in the real top 3: `nil` when the published ranks cannot tell.
    public var inTop: Bool?
    /// Where the simulated verdict puts `raw` (1 = first), among the live strategies.
    public var rawRank: Int?
    /// raw's paired difference from the pick and its 95 % interval, when the verdict has them.
    public var rawDifference: (value: Double, low: Double, high: Double)?
  }

  /// The drive a receiver is simulated along to rank strategies for `entry`.
  @_optimize(none)
  public static func drive(like entry: PopulationManifest.Published, receiver: ReceiverSpec, seed: UInt64) -> Scenario {
    // Driving seconds: the recording's, less its stops (45 s after every 180 s of driving, as the
    // statistics' own drive has them).
    let cycle = ErrorSeries.drivingBetweenStops + ErrorSeries.stopSeconds
    let stops = entry.stops ? Int(Double(entry.seconds) / cycle) : 0
    let driving = Double(entry.seconds) - Double(stops) * ErrorSeries.stopSeconds
    let speed = max(entry.speed, 1)
    let length = max(driving * speed, 500)
    var points = [PlanarPoint(east: 0, north: 0)]
    var east = 0.0, north = 0.0, covered = 0.0, leg = 0
    while covered < length {
      var step = min(leg % 2 == 0 ? 400.0 : 200.0, length - covered)
      // A last piece too short for its corners goes on the leg before it instead.
      if length - covered - step < 50 { step = length - covered }
      if leg % 2 == 0 { east += step } else { north += step }
      covered += step
      points.append(PlanarPoint(east: east, north: north))
      leg += 1
    }
    var halts: [PaceSpec.Stop] = []
    for k in 1...max(stops, 1) where k <= stops {
      let at = Double(k) * ErrorSeries.drivingBetweenStops * speed
      if at < length { halts.append(PaceSpec.Stop(at: at, seconds: ErrorSeries.stopSeconds)) }
    }
    var scenario = Scenario(
      name: "drive-like-recording", seed: seed, trials: trials, activity: .running,
      route: RouteSpec(origin: GeodeticPosition(latitude: 22.54, longitude: 114.05), shape: .waypoints(points), cornerRadius: 10),
      pace: PaceSpec(
        profile: .intervals(
          fastSecondsPerKilometer: 1000 / (peakFactor * speed), fastMeters: 200, easySecondsPerKilometer: 1000 / speed, easyMeters: 400),
        stops: halts, maxAcceleration: ErrorSeries.cityAcceleration),
      receiver: receiver)
    // Named as a scenario file names it, so the verdict weighs its drawn devices alike.
    scenario.receiverName = receiver.population.map { "population \($0.name)" }
    return scenario
  }

  /// The verdict (``ShipVerdict``, with its paired intervals) on `strategies` by its default objective
  /// along the drive of `entry` with `receiver`, over ``trials`` trials: what a user of this
  /// population would be told to ship there.
  /// - Throws: what building or running the experiment throws.
  @_optimize(none)
  public static func verdict(
    _ entry: PopulationManifest.Published, receiver: ReceiverSpec, strategies: [Strategy], seed: UInt64 = 1, threads: Int = 1
  ) throws -> ShipVerdict {
    let objective = try Objective(parsing: ShipVerdict.defaultObjective)
    var experiment = Experiment(scenarios: [drive(like: entry, receiver: receiver, seed: seed)], strategies: strategies)
    experiment.metrics = Objective.metrics(of: [objective])
    let runner = try ExperimentRunner(experiment)
    var records: [CellRecord] = []
    if let failure = runner.execute(runner.cells, threads: threads, sink: { records.append($0) }) { throw failure }
    records.sort { $0.cell < $1.cell }
    return ShipVerdict.judging(runner.aggregate(records), objective: objective, objectiveText: ShipVerdict.defaultObjective, records: records)
  }

  /// The verdict's live ranking as (catalogue name, score), best first.
  @_optimize(none)
  public static func ranking(_ verdict: ShipVerdict) -> [(name: String, score: Double)] {
    verdict.ranking.compactMap { entry in
      guard entry.offline != true, let score = entry.score else { return nil }
      let name = (try? Strategy(parsing: entry.strategy))?.entry?.descriptor.name ?? entry.strategy
      return (name, score)
    }
  }

  /// The row of `entry` given the simulated `verdict`.
  @_optimize(none)
  public static func row(_ entry: PopulationManifest.Published, verdict: ShipVerdict) -> Row? {
    guard var row = row(entry, ranking: ranking(verdict)) else { return nil }
    if let raw = verdict.ranking.first(where: { $0.strategy == "raw" }), let d = raw.differenceFromBest, let low = raw.ci95Low, let high = raw.ci95High {
      row.rawDifference = (d, low, high)
    }
    return row
  }

  /// The row of `entry` given the simulated `ranking` (best first).
  @_optimize(none)
  public static func row(_ entry: PopulationManifest.Published, ranking: [(name: String, score: Double)]) -> Row? {
    guard let best = ranking.first else { return nil }
    let realRank = entry.ranks[best.name]
    let inTop: Bool? = realRank.map { $0 <= top } ?? (entry.ranksCompleteTo >= top ? false : nil)
    // Ties share the better rank, as the published ones do.
    let raw = ranking.first { $0.name == "raw" }.map { raw in ranking.filter { $0.score < raw.score }.count + 1 }
    return Row(source: entry.source, pick: best.name, score: best.score, realRank: realRank, inTop: inTop, rawRank: raw)
  }

  /// One line of `calibrate --population`'s report for `row`.
  @_optimize(none)
  public static func line(_ row: Row) -> String {
    let real: String
    switch (row.realRank, row.inTop) {
    case (let rank?, true?): real = "real rank \(rank): in the real top \(top)"
    case (let rank?, _): real = "real rank \(rank): NOT in the real top \(top)"
    case (nil, false?): real = "not among the published real top \(top): NOT in it"
    default: real = "its real rank not published: unknown"
    }
    var raw = row.rawRank.map { "; raw \(ShipVerdict.ordinal($0)) there" } ?? ""
    if let d = row.rawDifference, row.rawRank != 1 {
      raw += String(format: " (%+.3f [%+.3f, %+.3f])", d.value, d.low, d.high)
    }
    return "ranking: the verdict along a drive like it ships \(row.pick) (score \(String(format: "%.3f", row.score))\(raw)); \(real)\n"
  }

  /// Refuses a published rank of a strategy the catalogue does not have (a misspelt name would leave
  /// every pick "unknown").
  /// - Throws: ``ReplayInputError`` naming the file, the entry and the name.
  @_optimize(none)
  public static func checkNames(of manifest: PopulationManifest, file: String) throws {
    let names = Set(Strategy.catalogue.map(\.name))
    for (index, entry) in manifest.statistics.enumerated() {
      for name in entry.ranks.keys.sorted() where !names.contains(name) {
        throw ReplayInputError(
          "\(file): statistics[\(index)].ranks: expected a strategy of the catalogue (trackbench strategies), found \(QuotedText.quoted(name))")
      }
    }
  }

  /// The report's last line: on how many recordings the pick is in the real top 3.
  @_optimize(none)
  public static func summary(_ rows: [Row]) -> String {
    let inTop = rows.filter { $0.inTop == true }.count, unknown = rows.filter { $0.inTop == nil }.count
    let picks = rows.map(\.pick).joined(separator: ", ")
    return "leave-one-recording-out ranking: the verdict's live pick in the real top \(top) on \(inTop) of \(rows.count) recordings"
      + (unknown > 0 ? " (\(unknown) with its real rank not published)" : "") + "; picks: \(picks)\n"
  }
}
