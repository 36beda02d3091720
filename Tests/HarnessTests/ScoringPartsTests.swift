import Evaluation
import Filtering
import Harness
import Simulation
import Testing
import TrackCore

/// Scoring a run on a few metrics (``Metric/scores(_:context:known:only:)``, what `tune` does) measures
/// only the parts of the run they declare (``MetricDescriptor/reads``): the law is that every built-in
/// metric scored alone has the value it has among all of them, to the bit.
@Suite struct ScoringPartsTests {
  /// Scenarios with every part (laps on a track, stops, elevation, checkpoints, 5 km and more, an arm
  /// swing with claimed speed accuracies) and strategies that move each one.
  static let cases: [(scenario: String, strategies: [String])] = [
    ("track-400m", ["raw", "kalman | track-snap(lane: 1)", "track-snap(lane: 1) | lap-round"]),
    ("run-walk-stops", ["raw", "kalman | auto-pause", "auto-pause(samples: 1)"]),
    ("hilly-trail", ["raw", "barometer-altitude | altitude-hysteresis(1)"]),
    ("park-loop", ["raw", "kalman", "douglas-peucker"]),
    ("wrist-walk", ["rts", "effort-bars(scale: 4)"]),
    ("downtown-grid", ["moonrunner", "speed-gate(12) | kalman(q: 0.5) | distance-filter(3)"]),
  ]

  @Test func everyMetricAloneIsTheSameAsAmongAll() throws {
    var compared = 0, valued = 0
    for (name, strategyTexts) in Self.cases {
      let document = try ScenarioDiscovery.loadOne(path: scenarioDirectory + "/\(name).yaml")
      let engine = try ScenarioEngine(document.scenario)
      let context = ScoringContext(truth: engine.truth, settings: document.scoring)
      let observed = engine.observe(trial: 0)
      let known = KnownDistances(engine.truth, fixes: observed, searchRadius: CrossTrackError().searchRadius)
      for text in strategyTexts {
        var recorded: [LocalFix] = []
        let energy = SampledRun.run(try Strategy(parsing: text), observed: observed, engine: engine, trial: 0, into: &recorded)
        let run = RecordedRun(observedCount: observed.count, recorded: recorded, energy: energy)
        var whole = known
        let all = Metric.scores(run, context: context, known: &whole)
        for metric in Metric.simulated {
          var alone = known
          let scored = Metric.scores(run, context: context, known: &alone, only: [metric])
          #expect(scored.scored(metric))
          #expect(scored[metric]?.bitPattern == all[metric]?.bitPattern, "\(name), \(text): \(metric.rawValue) alone \(String(describing: scored[metric])), among all \(String(describing: all[metric]))")
          compared += 1
          if all[metric] != nil { valued += 1 }
        }
        var every = known
        #expect(Metric.scores(run, context: context, known: &every, only: context.metrics) == all)
        var pair = known
        let two = Metric.scores(run, context: context, known: &pair, only: [.paceLag, .cornerLoss])
        #expect(two[.paceLag]?.bitPattern == all[.paceLag]?.bitPattern && two[.cornerLoss]?.bitPattern == all[.cornerLoss]?.bitPattern)
      }
    }
    // Every part was measured somewhere: each group of metrics had values.
    #expect(compared > 500 && valued > 400, "\(valued) of \(compared) values")
  }

  /// What the law catches: a metric that read a part it did not declare would see the part empty.
  @Test func anUndeclaredPartIsEmpty() throws {
    let engine = try ScenarioEngine(ScenarioDiscovery.loadOne(path: scenarioDirectory + "/park-loop.yaml").scenario)
    let context = ScoringContext(truth: engine.truth)
    let observed = engine.observe(trial: 0)
    var known = KnownDistances(engine.truth, fixes: observed, searchRadius: CrossTrackError().searchRadius)
    let run = RecordedRun(observedCount: observed.count, recorded: observed)
    let none = RunMeasures(run, context: context, known: &known, parts: [])
    let every = RunMeasures(run, context: context, known: &known, parts: .all)
    #expect(none.crossTrack.isEmpty && !every.crossTrack.isEmpty)
    #expect(none.livePace.appSpeed.isEmpty && !every.livePace.appSpeed.isEmpty)
    #expect(none.efforts.fastestKilometre == nil && every.efforts.fastestKilometre != nil)
    #expect(none.distance.total == every.distance.total)
    #expect(CrossTrackError.summarise(none.crossTrack, .rms) == nil)
    #expect(MetricDescriptor.crossTrackErrorRMS.reads == .crossTrack && MetricDescriptor.distanceErrorPercent.reads.isEmpty)
  }
}

@Suite struct ExperimentMetricsTests {
  /// An experiment on a few metrics (`transfer`'s criteria) records the values the whole set has, to the
  /// bit, and is a sweep of its own (another fingerprint: its shards never merge with a whole one's).
  @Test func aFewMetricsRecordTheirValuesAmongAll() throws {
    let scenarios = try ScenarioDiscovery.load(paths: ["park-loop", "run-walk-stops"].map { scenarioDirectory + "/\($0).yaml" })
    let strategies = try ["raw", "kalman", "kalman | auto-pause"].map { try Strategy(parsing: $0) }
    var experiment = Experiment(scenarios: scenarios, strategies: strategies, trials: 2)
    let whole = try ExperimentRunner(experiment)
    var all: [CellRecord] = []
    _ = try whole.run(threads: 2, records: { all = $0 })
    experiment.metrics = Headlines.transfer + [.pauseLatency, .paceLag]
    let few = try ExperimentRunner(experiment)
    var records: [CellRecord] = []
    let failure = few.execute(few.cells, threads: 2, sink: { records.append($0) })
    #expect(failure == nil)
    records.sort { $0.cell < $1.cell }
    #expect(records.count == all.count && records.count == 4)
    var valued = 0
    for (record, full) in zip(records, all) {
      for (scored, whole) in zip(record.strategies, full.strategies) {
        #expect(scored.scores.metrics == experiment.metrics)
        for metric in experiment.metrics! {
          #expect(scored.scores[metric]?.bitPattern == whole.scores[metric]?.bitPattern, "\(record.scenario) \(scored.strategy): \(metric.rawValue)")
          if whole.scores[metric] != nil { valued += 1 }
        }
      }
    }
    #expect(valued > 30)
    #expect(few.fingerprint(illustrate: false) != whole.fingerprint(illustrate: false))
  }
}
