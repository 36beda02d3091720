import TrackCore
import Evaluation
import Foundation
import Testing

/// The verdict on constructed records with a known order: three strategies on two scenarios, objective
/// the cross-track error (lower is better).
@Suite struct ShipVerdictTests {
  /// Trial t of `scenario`: strategy k scores `base[k] + noise(t)`, the noise shared by every strategy
  /// (they filtered the same fixes) and large against the gaps between strategies.
  func sweep(_ bases: [String: [Double]], trials: Int = 12, devices: [String: DeviceInfo] = [:]) -> (ExperimentResult, [CellRecord]) {
    var records: [CellRecord] = []
    var infos: [SweepHeader.ScenarioInfo] = []
    for (s, name) in bases.keys.sorted().enumerated() {
      infos.append(
        SweepHeader.ScenarioInfo(
          name: name, description: "", seed: 1, trials: trials, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600,
          firstCell: s * trials, category: name == "city" ? "urban" : "open sky", device: devices[name]))
      for t in 0..<trials {
        let shared = 3 * sin(Double(t) * 1.7 + Double(s))  // the same for every strategy in this cell
        let strategies = bases[name]!.enumerated().map { k, base in
          StrategyScores(
            strategy: ["alpha", "beta", "gamma"][k],
            scores: Scores(metrics: [.crossTrackErrorRMS, .paceLag], values: [10 + base + shared + 0.01 * Double((t * 7 + k) % 5), Double(k)]))
        }
        records.append(CellRecord(sweep: "v", cell: s * trials + t, scenario: name, trial: t, strategies: strategies))
      }
    }
    let header = SweepHeader(sweep: "v", cells: records.count, scenarios: infos)
    return (header.aggregate(records), records)
  }

  let objective = try! Objective(parsing: "cross_track_error_rms_m")

  @Test func ranksByTheWeightedObjectiveWithPairedIntervals() {
    // beta is best on the park by 0.5 m, alpha on the city by 0.2 m; summed, beta wins by 0.3 m.
    let (result, records) = sweep(["park": [0.5, 0, 1], "city": [0, 0.2, 1]])
    let verdict = ShipVerdict(result: result, objective: objective, objectiveText: "cross_track_error_rms_m", records: records)
    #expect(verdict.ranking.map(\.strategy) == ["beta", "alpha", "gamma"])
    #expect(verdict.scenariosRanked == ["city", "park"] && verdict.resamples == 1000)
    let alpha = verdict.ranking[1], gamma = verdict.ranking[2]
    #expect(abs(alpha.differenceFromBest! - 0.3) < 0.02)
    // The shared noise (±3 m) cancels in the pairs: the intervals are tight around the true gaps.
    #expect(alpha.ci95Low! > 0.2 && alpha.ci95High! < 0.4 && alpha.indistinguishableFromBest == false)
    #expect(gamma.ci95Low! > 1.6 && gamma.ci95High! < 1.9)
    // Best per class: the city's own winner is alpha.
    #expect(verdict.bestPerCategory.map(\.category) == ["urban", "open sky"])
    #expect(verdict.bestPerCategory.map(\.strategy) == ["alpha", "beta"])
    #expect(verdict.tradeOffs.first?.hasPrefix("beta: 1st of 3 live strategies on the objective") == true)
    // Reproducible to the bit.
    #expect(ShipVerdict(result: result, objective: objective, objectiveText: "x", records: records).ranking == verdict.ranking)
    // Winner stability: beta wins every park trial, alpha every city trial (the gaps exceed the per-trial
    // wobble), so each is best on half of the 24 trials; without records there is nothing to count.
    #expect(verdict.winners?.map(\.strategy) == ["beta", "alpha"] && verdict.winners?.map(\.share) == [0.5, 0.5])
    #expect(verdict.winners?.first?.trials == 24)
    #expect(ShipVerdict(result: result, objective: objective, objectiveText: "x").winners == nil)
  }

  /// No device decides for the others: with a population, nine trials draw a quiet device on which alpha
  /// errs 1 m and beta 2 m, one draws a device ten times noisier on which alpha errs 100 m and beta 50.
  /// Summed, that one device ranks beta first (mean 6.8 against 10.9 m); per device, alpha is better on
  /// nine devices of ten and ranks first. A fixed receiver keeps the plain mean.
  @Test func aNoisyDeviceDoesNotDecideForThePopulation() throws {
    func run(_ receiver: String) -> ShipVerdict {
      var records: [CellRecord] = []
      for t in 0..<10 {
        let (a, b) = t == 3 ? (100.0, 50.0) : (1.0 + 0.01 * Double(t), 2.0)
        let strategies = [("alpha", a), ("beta", b), ("gamma", 3 * a)].map { name, x in
          StrategyScores(strategy: name, scores: Scores(metrics: [.crossTrackErrorRMS], values: [x]))
        }
        records.append(CellRecord(sweep: "v", cell: t, scenario: "walk", trial: t, strategies: strategies))
      }
      let info = SweepHeader.ScenarioInfo(
        name: "walk", description: "", seed: 1, trials: 10, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: 0,
        category: "open sky", device: DeviceInfo(receiver: receiver, reportsSpeed: false))
      let result = SweepHeader(sweep: "v", cells: records.count, scenarios: [info]).aggregate(records)
      return ShipVerdict(result: result, objective: objective, objectiveText: "cross_track_error_rms_m", records: records)
    }
    let population = run("population walkers"), preset = run("preset low-cost-receiver")
    #expect(preset.ranking.map(\.strategy) == ["beta", "alpha", "gamma"] && preset.perDevice == nil)
    #expect(population.ranking.map(\.strategy) == ["alpha", "beta", "gamma"] && population.perDevice == ["walk"])
    // In metres still: alpha's ratios' mean times the scales' mean (the median of the three per trial:
    // beta's 2 m on the quiet trials, alpha's 100 m on the noisy one).
    let alpha = try #require(population.ranking.first?.score)
    let scale: [Double] = (0..<10).map { $0 == 3 ? 100.0 : 2.0 }
    var ratio: [Double] = []
    for t in 0..<10 {
      let quiet: Double = (1.0 + 0.01 * Double(t)) / 2
      ratio.append(t == 3 ? 1.0 : quiet)
    }
    let meanRatio: Double = ratio.reduce(0, +) / 10, meanScale: Double = scale.reduce(0, +) / 10
    #expect(abs(alpha - meanRatio * meanScale) < 1e-9, "\(alpha)")
    // The intervals come from the same per-device scores: beta's gap holds no zero.
    #expect(population.ranking[1].ci95Low.map { $0 > 0 } == true)
    // Objectives with a statistic of their own keep it: the median over trials is robust already.
    let median = try Objective(parsing: "median(cross_track_error_rms_m)")
    #expect(DeviceNormalised(objective: median, trials: [], live: [], all: []) == nil)
  }

  /// The verdict says which phones it is about, and what to ship for each kind when there are several:
  /// the city's phone reports no speed and alpha wins there, the park's reports one and beta wins.
  @Test func eachKindOfPhoneGetsItsOwnPickWhenThereAreSeveral() throws {
    let speed = DeviceInfo(receiver: "population phones-open-sky", reportsSpeed: true)
    let silent = DeviceInfo(receiver: "population phones-urban", reportsSpeed: false)
    let (mixed, records) = sweep(["park": [0.5, 0, 1], "city": [0, 0.2, 1], "track": [0.5, 0, 1]], devices: ["park": speed, "track": speed, "city": silent])
    let verdict = ShipVerdict(result: mixed, objective: objective, objectiveText: "x", records: records)
    let groups = try #require(verdict.devices)
    #expect(groups.map(\.kind) == ["phones that report speed", "phones that report no speed"], "most scenarios first")
    #expect(groups.map(\.scenarios) == [["park", "track"], ["city"]])
    #expect(groups.map(\.strategy) == ["beta", "alpha"] && groups.map(\.receivers) == [["population phones-open-sky"], ["population phones-urban"]])
    #expect(abs(groups[1].score! - 10.0) < 3.5)
    // One kind: named, nothing to split.
    let (same, sameRecords) = sweep(["park": [0.5, 0, 1], "city": [0, 0.2, 1]], devices: ["park": speed, "city": speed])
    let single = try #require(ShipVerdict(result: same, objective: objective, objectiveText: "x", records: sameRecords).devices)
    #expect(single.count == 1 && single[0].strategy == nil && single[0].scenarios == ["city", "park"])
    // Scenarios that do not say (recordings, older results): no line at all.
    let (unsaid, unsaidRecords) = sweep(["park": [0.5, 0, 1]])
    #expect(ShipVerdict(result: unsaid, objective: objective, objectiveText: "x", records: unsaidRecords).devices == nil)
  }

  /// Kinds by what the fixes do, measured: two scenarios of phones that report no speed, one whose fixes
  /// as given measure the distance within 2 % (raw +0.8 % on the median trial) and one whose fixes do
  /// not (+6 %), are two kinds with a pick each; a run without `raw` is told apart by its speed alone;
  /// the kind on the other side of the line, with no scenario, is named as unanswered.
  @Test func kindsAreToldApartByWhatTheFixesDo() throws {
    let silent = DeviceInfo(receiver: "population phones-urban", reportsSpeed: false)
    // raw's distance error on each trial, and a smoother's: on the smooth fixes raw wins, on the rough
    // ones the smoother does. One wild trial (+40 %) does not move the median.
    func scenario(_ name: String, raw: Double, smoother: Double, first: Int) -> (SweepHeader.ScenarioInfo, [CellRecord]) {
      let info = SweepHeader.ScenarioInfo(
        name: name, description: "", seed: 1, trials: 9, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600,
        firstCell: first, category: nil, device: silent)
      let records = (0..<9).map { t in
        let wobble = 0.05 * Double(t % 3)
        return CellRecord(
          sweep: "k", cell: first + t, scenario: name, trial: t,
          strategies: [
            StrategyScores(strategy: "raw", scores: Scores(metrics: [.distanceErrorPercent], values: [t == 4 ? 40 : raw + wobble])),
            StrategyScores(strategy: "smoother", scores: Scores(metrics: [.distanceErrorPercent], values: [smoother + wobble])),
          ])
      }
      return (info, records)
    }
    let streets = scenario("streets", raw: 0.8, smoother: 1.5, first: 0)
    let canyon = scenario("canyon", raw: 6, smoother: 2, first: 9)
    let header = SweepHeader(sweep: "k", cells: 18, scenarios: [streets.0, canyon.0])
    let records = streets.1 + canyon.1
    let distance = try Objective(parsing: "abs(distance_error_percent)")
    let verdict = ShipVerdict(result: header.aggregate(records), objective: distance, objectiveText: "x", records: records)
    let groups = try #require(verdict.devices)
    #expect(groups.map(\.kind) == [
      "phones that report no speed, fixes already smooth (raw distance within 2 %)",
      "phones that report no speed, fixes not smooth (raw distance off by over 2 %)",
    ])
    #expect(groups.map(\.scenarios) == [["streets"], ["canyon"]] && groups.map(\.strategy) == ["raw", "smoother"])
    #expect(verdict.devicesNotSimulated == nil, "both sides of the line are simulated")
    // Only the canyon: the smooth kind is named as one the verdict has no answer for.
    let alone = scenario("canyon", raw: 6, smoother: 2, first: 0)
    let canyonOnly = ShipVerdict(
      result: SweepHeader(sweep: "k", cells: 9, scenarios: [alone.0]).aggregate(alone.1), objective: distance, objectiveText: "x", records: alone.1)
    #expect(canyonOnly.devicesNotSimulated == ["phones that report no speed, fixes already smooth (raw distance within 2 %)"])
    // At the line: 2 % is still smooth, 2.2 % is not.
    let edge = scenario("edge", raw: 1.95, smoother: 1, first: 0), over = scenario("over", raw: 2.2, smoother: 1, first: 0)
    #expect(ShipVerdict.deviceKind(SweepHeader(sweep: "k", cells: 9, scenarios: [edge.0]).aggregate(edge.1).scenarios[0])!.contains("already smooth"))
    #expect(ShipVerdict.deviceKind(SweepHeader(sweep: "k", cells: 9, scenarios: [over.0]).aggregate(over.1).scenarios[0])!.contains("not smooth"))
  }

  /// A metric on which every strategy stands level places nobody (#66, item 3: "best at 187 mW (1st)"
  /// was every always-on strategy's strength).
  @Test func aLevelMetricIsNoStrength() throws {
    let info = SweepHeader.ScenarioInfo(
      name: "park", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: 0, category: nil)
    let records = (0..<4).map { t in
      CellRecord(
        sweep: "l", cell: t, scenario: "park", trial: t,
        strategies: ["alpha", "beta"].enumerated().map { k, name in
          StrategyScores(strategy: StrategyKey(stored: name), scores: Scores(metrics: [.crossTrackErrorRMS, .meanPower], values: [2 + Double(k) + 0.01 * Double(t), 187]))
        })
    }
    let verdict = ShipVerdict(
      result: SweepHeader(sweep: "l", cells: 4, scenarios: [info]).aggregate(records), objective: objective, objectiveText: "x", records: records)
    #expect(verdict.tradeOffs.count == 2 && verdict.tradeOffs.allSatisfy { !$0.contains("mW") }, "\(verdict.tradeOffs)")
  }

  /// Each trade-off names how often the strategy's accuracy circle holds the truth, and what that says
  /// (#67); a strategy without a claim is not judged on one.
  @Test func theTradeOffsNameEachStrategysHonesty() throws {
    let info = SweepHeader.ScenarioInfo(
      name: "park", description: "", seed: 1, trials: 4, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: 0, category: nil)
    // alpha covers 20 % (too small), beta 70 % (honest), gamma 95 % (too large), delta claims nothing.
    let coverage: [Double?] = [20, 70, 95, nil]
    let records = (0..<4).map { t in
      CellRecord(
        sweep: "h", cell: t, scenario: "park", trial: t,
        strategies: ["alpha", "beta", "gamma", "delta"].enumerated().map { k, name in
          let metrics: [Metric] = coverage[k] == nil ? [.crossTrackErrorRMS] : [.crossTrackErrorRMS, .claimCoverage]
          let values = [1 + Double(k) + 0.01 * Double(t)] + (coverage[k].map { [$0] } ?? [])
          return StrategyScores(strategy: StrategyKey(stored: name), scores: Scores(metrics: metrics, values: values))
        })
    }
    let verdict = ShipVerdict(
      result: SweepHeader(sweep: "h", cells: 4, scenarios: [info]).aggregate(records), objective: objective, objectiveText: "x", records: records)
    #expect(verdict.tradeOffs.count == 4)
    #expect(verdict.tradeOffs[0].hasSuffix("its accuracy circle holds the truth on 20 % of points (68 % is honest: drawn too small)."))
    #expect(verdict.tradeOffs[1].hasSuffix("on 70 % of points (68 % is honest: about honest)."))
    #expect(verdict.tradeOffs[2].hasSuffix("on 95 % of points (68 % is honest: drawn too large)."))
    #expect(!verdict.tradeOffs[3].contains("accuracy circle"))
    // The band's edges: 58 and 78 are still about honest.
    #expect(ShipVerdict.honesty(58).hasSuffix("about honest)") && ShipVerdict.honesty(78).hasSuffix("about honest)"))
    #expect(ShipVerdict.honesty(57.9).hasSuffix("drawn too small)") && ShipVerdict.honesty(78.1).hasSuffix("drawn too large)"))
  }

  @Test func weightsChangeTheOrderAndZeroLeavesAScenarioOut() {
    let (result, records) = sweep(["park": [0.5, 0, 1], "city": [0, 0.2, 1]])
    let cityHeavy = ShipVerdict(result: result, objective: objective, objectiveText: "", weights: ["city": 4], records: records)
    // 4 × 0.2 against 0.5: alpha now wins by 0.3 m.
    #expect(cityHeavy.ranking.map(\.strategy) == ["alpha", "beta", "gamma"])
    #expect(abs(cityHeavy.ranking[1].differenceFromBest! - 0.3) < 0.02 && cityHeavy.weights == ["city": 4])
    let parkOnly = ShipVerdict(result: result, objective: objective, objectiveText: "", weights: ["city": 0], records: records)
    #expect(parkOnly.scenariosRanked == ["park"] && parkOnly.ranking.first?.strategy == "beta")
  }

  @Test func equalStrategiesAreIndistinguishableAndSummariesAloneGiveNoInterval() {
    let (result, records) = sweep(["park": [0, 0, 2]])
    let verdict = ShipVerdict(result: result, objective: objective, objectiveText: "", records: records)
    #expect(verdict.ranking[1].indistinguishableFromBest == true)
    let unpaired = ShipVerdict(result: result, objective: objective, objectiveText: "")
    #expect(unpaired.resamples == 0 && unpaired.ranking.allSatisfy { $0.ci95Low == nil })
    #expect(unpaired.ranking.map(\.strategy) == verdict.ranking.map(\.strategy))
  }

  /// Records of strategies by their distance error on each trial of one scenario (`nil`: no value).
  func distanceSweep(_ errors: [String: [Double?]]) -> (ExperimentResult, [CellRecord]) {
    let names = errors.keys.sorted()
    let trials = errors.values.first!.count
    let records = (0..<trials).map { t in
      CellRecord(
        sweep: "v", cell: t, scenario: "walk", trial: t,
        strategies: names.map { name in
          StrategyScores(
            strategy: StrategyKey(stored: name),
            scores: Scores(metrics: [.distanceErrorPercent, .currentPaceErrorRMS], values: [errors[name]![t], 10]))
        })
    }
    let header = SweepHeader(
      sweep: "v", cells: trials,
      scenarios: [.init(name: "walk", description: "", seed: 1, trials: trials, fixesPerTrial: 10, trueDistanceM: 1000, durationS: 600, firstCell: 0)])
    return (header.aggregate(records), records)
  }

  /// A strategy whose trials read −100 % and +100 % averages 0 %; by the default objective (the size
  /// on each run) it is the worst, not the best. The bias stays available by name.
  @Test func trialsThatCancelRankLast() throws {
    let (result, records) = distanceSweep([
      "cancelling": [-100, 100, -100, 100], "steady": [3, -2, 4, -3], "biased": [5, 6, 5, 6],
    ])
    let text = "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km"
    let verdict = ShipVerdict(result: result, objective: try Objective(parsing: text), objectiveText: text, records: records)
    #expect(verdict.ranking.map(\.strategy) == ["steady", "biased", "cancelling"])
    #expect(abs(verdict.ranking[2].score! - 100.5) < 1e-9)
    #expect(verdict.pick == "steady")
    // Re-ranking the summaries alone (a results file) gives the same scores.
    let summaries = ShipVerdict(result: result, objective: try Objective(parsing: text), objectiveText: text)
    #expect(summaries.ranking.map(\.score) == verdict.ranking.map(\.score))
    let bias = ShipVerdict(result: result, objective: try Objective(parsing: "abs(mean(distance_error_percent))"), objectiveText: "", records: records)
    #expect(bias.ranking.first?.strategy == "cancelling")
  }

  /// A strategy without a value on one trial (it kept too little to measure) is not ranked and says
  /// where; the scenario still ranks the others.
  @Test func aStrategyThatFailsOnATrialIsNotAveragedIn() throws {
    let (result, records) = distanceSweep(["failing": [1, nil, 1, 1], "steady": [3, -2, 4, -3]])
    let verdict = ShipVerdict(result: result, objective: try Objective(parsing: "abs(distance_error_percent)"), objectiveText: "", records: records)
    #expect(verdict.scenariosRanked == ["walk"])
    #expect(verdict.ranking.map(\.strategy) == ["steady", "failing"])
    #expect(verdict.ranking[1].score == nil && verdict.ranking[1].reason?.contains("no value on walk") == true)
  }

  /// An objective the summaries cannot give (a maximum on each trial) is taken from the records, and a
  /// results file alone says it needs them.
  @Test func perTrialObjectivesUseTheRecords() throws {
    let (result, records) = distanceSweep(["a": [-4, 4, -4, 4], "b": [1, 2, 3, 4]])
    let objective = try Objective(parsing: "max(abs(distance_error_percent), 2.5)")
    let verdict = ShipVerdict(result: result, objective: objective, objectiveText: "", records: records)
    #expect(verdict.ranking.map(\.strategy) == ["b", "a"] && verdict.ranking.map(\.score) == [3, 4])
    let alone = ShipVerdict(result: result, objective: objective, objectiveText: "")
    #expect(alone.scenariosRanked.isEmpty && alone.scenariosLeftOut.first?.reason.contains("re-rank the per-trial records") == true)
  }

  @Test func weightsNameScenarios() throws {
    #expect(try ShipVerdict.parseWeights("park=2, city=0", scenarios: ["park", "city"]) == ["park": 2, "city": 0])
    #expect(throws: ToleranceError.self) { try ShipVerdict.parseWeights("woods=2", scenarios: ["park"]) }
    #expect(throws: ToleranceError.self) { try ShipVerdict.parseWeights("park=-1", scenarios: ["park"]) }
  }
}
