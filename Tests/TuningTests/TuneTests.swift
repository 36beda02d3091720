import Evaluation
import Filtering
import Foundation
import Harness
import Simulation
import Testing
import Tuning

@Suite struct TuneSearchTests {
  static let space = try! TuneSpace(strategy: "kalman", parameters: ["q=0.01..100:log", "r_scale=0.1..10:log"])

  /// A shifted quadratic in log space, minimum at q = 2, r_scale = 0.5.
  static func bowl(_ p: [Double]) -> Double { pow(log10(p[0] / 2), 2) + pow(log10(p[1] / 0.5), 2) }

  @Test func nelderMeadFindsTheMinimumOfAShiftedQuadraticInLogSpace() {
    var seen = Set<[Double]>()
    var best: (point: [Double], value: Double)?
    TuneSearch.run(.nelderMead, axes: Self.space.tuned, start: [0.5, 1], limit: 200, seed: 1, evaluated: { seen.count }) { p in
      seen.insert(p)
      let value = Self.bowl(p)
      if best == nil || value < best!.value { best = (p, value) }
      return value
    }
    let found = try! #require(best)
    #expect(abs(found.point[0] / 2 - 1) < 0.02 && abs(found.point[1] / 0.5 - 1) < 0.02, "\(found.point)")
    #expect(seen.count <= 200)
  }

  @Test func aGridVisitsEveryPointOnTheDeclaredScale() throws {
    let space = try TuneSpace(strategy: "kalman", parameters: ["q=0.01..100:log:5", "gate=0..8:linear:3"])
    var visited: [[Double]] = []
    TuneSearch.run(.grid, axes: space.tuned, start: space.startPoint, limit: 0, seed: 1, evaluated: { visited.count }) {
      visited.append($0)
      return 0
    }
    #expect(visited.count == 15)
    #expect(Set(visited.map { $0[0] }) == [0.01, 0.1, 1, 10, 100] && Set(visited.map { $0[1] }) == [0, 4, 8])
  }

  @Test func randomIsASeededLatinHypercube() {
    func draw(_ seed: UInt64) -> [[Double]] {
      var points: [[Double]] = []
      TuneSearch.run(.random, axes: Self.space.tuned, start: [], limit: 10, seed: seed, evaluated: { points.count }) {
        points.append($0)
        return 0
      }
      return points
    }
    let points = draw(3)
    #expect(points.count == 10 && points == draw(3) && points != draw(4))
    for (k, axis) in Self.space.tuned.enumerated() {
      let strata = points.map { min(9, Int(axis.unit($0[k]) * 10)) }
      #expect(Set(strata).count >= 9, "one point per stratum (3-digit rounding may move one across): \(strata)")
    }
  }
}

@Suite struct TuneSpaceTests {
  @Test func parametersAreFoundByNameAndStage() throws {
    let space = try TuneSpace(strategy: "speed-gate | kalman(gate: 0)", parameters: ["kalman.q=0.01..5:log", "speed-gate.vmax=20"])
    #expect(space.tuned.map(\.label) == ["kalman.q"] && space.tuned[0].scale == .log)
    #expect(space.strategy(at: [0.2]).description == "speed-gate(vmax: 20, reset: 10) | kalman(q: 0.2, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 0)")
    #expect(space.base.description.hasPrefix("speed-gate(vmax: 12"), "the strategy as given is the comparison")
  }

  @Test func wrongParametersSayWhatIsExpected() {
    func message(_ strategy: String, _ params: [String]) -> String {
      do { _ = try TuneSpace(strategy: strategy, parameters: params); return "" } catch { return error.message }
    }
    #expect(message("kalman", ["qq=1..2"]).contains("no parameter 'qq'; expected one of q, r_scale"))
    #expect(message("kalman", ["q=5..1"]).contains("LOW < HIGH"))
    #expect(message("kalman", ["q=0..1:log"]).contains("expects a number from 1e-06"))
    #expect(message("kalman", ["q=0.1..1:cubic"]).contains("':log', ':linear'"))
    #expect(message("speed-gate | kalman", ["q=0.1..1"]).contains("STAGE.NAME"))
    #expect(message("kalman", []).contains("at least one parameter"))
    #expect(message("kalman", ["q=0.1..1", "q=0.2..2"]).contains("given twice"))
  }
}

@Suite struct TunerTests {
  /// On the budget phone a smaller process noise follows the zig-zag less, so distance improves: tuning
  /// q on training seeds must beat the defaults on validation seeds it never saw, by a paired interval
  /// that excludes zero.
  @Test func tuningBeatsTheDefaultsOnUnseenSeedsWhereTheDirectionIsKnown() throws {
    var budget = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/budget-phone-5k.yaml"]).first)
    budget.trials = 6
    var unseen = budget
    unseen.seed &+= 1_000_003
    let objective = try Objective(parsing: "abs(distance_error_percent)")
    let tuner = Tuner(
      space: try TuneSpace(strategy: "kalman", parameters: ["q=0.001..5:log"]), objectiveText: "abs(distance_error_percent)",
      objective: objective, train: try TuneSet(name: "train", scenarios: [budget], threads: 2),
      validate: try TuneSet(name: "validate", scenarios: [unseen], threads: 2), threads: 2)
    let report = try tuner.run(method: .nelderMead, budget: 25, seed: 1)
    let best = try #require(report.best.validateObjective), defaults = try #require(report.defaults.validateObjective)
    #expect(best < defaults, "validation: best \(best), defaults \(defaults)")
    // The worst decile of 6 validation trials is the worst trial: its objective alone.
    let perTrial = try tuner.evaluator.scores(try Strategy(parsing: report.best.strategy), on: tuner.validate).compactMap { objective.evaluate($0).number }
    #expect(perTrial.count == 6 && report.best.validateWorstDecile == perTrial.max())
    #expect(try #require(report.best.validateWorstDecile) > best)
    #expect(try #require(report.best.parameters["q"]) < 0.5)
    #expect(try #require(report.validationImprovement.ci95High) < 0)
    #expect(report.evaluations.count <= 25 && report.evaluations.count >= 5)
    #expect(report.validate.seeds != report.train.seeds)
    let strategy = try Strategy(parsing: report.best.strategy)
    #expect(strategy.description == report.best.strategy, "the best is text run --strategies takes")
  }

  /// tune recommends only a point the accuracy gate passes (#66): the best points on training are
  /// judged in order (every metric paired per trial against the defaults on the validation cells), the
  /// first that passes is the recommendation, and those before it fail on named cells.
  @Test func theRecommendationPassesTheGate() throws {
    var park = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml"]).first)
    park.trials = 6
    var unseen = park
    unseen.seed &+= 1_000_003
    let text = "abs(distance_error_percent) + 0.05 * current_pace_error_rms_s_per_km"
    let tuner = Tuner(
      space: try TuneSpace(strategy: "kalman", parameters: ["q=0.05..20:log:7"]), objectiveText: text, objective: try Objective(parsing: text),
      train: try TuneSet(name: "train", scenarios: [park], threads: 2), validate: try TuneSet(name: "validate", scenarios: [unseen], threads: 2), threads: 2)
    let report = try tuner.run(method: .grid, budget: nil, seed: 1, gating: .validation)
    let gate = try #require(report.gate)
    let trains = gate.points.map { $0.trainObjective! }
    #expect(!gate.points.isEmpty && trains == trains.sorted() && trains.allSatisfy { $0 < report.defaults.trainObjective! }, "best on training first")
    #expect(gate.points.first?.strategy == report.best.strategy)
    #expect(gate.points.dropLast().allSatisfy { !$0.passed && $0.regressions > 0 && !$0.blocking.isEmpty }, "each before the pick fails, saying where")
    for point in gate.points {
      let check = try tuner.evaluator.gate(try Strategy(parsing: point.strategy), against: tuner.space.base, on: tuner.validate)
      #expect(check.passed == point.passed && check.regressions == point.regressions)
    }
    if let recommended = gate.recommended {
      #expect(gate.points.last?.passed == true && recommended.strategy == gate.points.last?.strategy && gate.improvement != nil)
    } else {
      #expect(gate.points.allSatisfy { !$0.passed } && gate.passesOnObjective != nil)
    }
    // Without gating the report has no gate, and the same best.
    let ungated = try tuner.run(method: .grid, budget: nil, seed: 1)
    #expect(ungated.gate == nil && ungated.best.strategy == report.best.strategy)
  }

  /// A Kalman filter with a mis-set noise level draws its circle far too small (#67); `accuracy-scale`
  /// tuned to honest coverage on training seeds brings it within a few points of 68 % on seeds it never
  /// saw.
  @Test func aRecalibratedClaimIsHonestOnUnseenSeeds() throws {
    // The woods' receiver is one preset (a population's devices would scatter the coverage by trial),
    // at the scenario's own 40 trials; the mean coverage over trials is what is fitted.
    let woods = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/woods-trail.yaml"]).first)
    var unseen = woods
    unseen.seed &+= 1_000_003
    let text = "abs(mean(claim_coverage_percent) - 68)"
    let objective = try Objective(parsing: text)
    let tuner = Tuner(
      space: try TuneSpace(strategy: "kalman(q: 0.05) | accuracy-scale", parameters: ["accuracy-scale.k=0.5..20:log"]), objectiveText: text,
      objective: objective, train: try TuneSet(name: "train", scenarios: [woods], threads: 2),
      validate: try TuneSet(name: "validate", scenarios: [unseen], threads: 2), threads: 2)
    let report = try tuner.run(method: .nelderMead, budget: 30, seed: 1, gating: .none)
    func coverage(_ strategy: String) throws -> Double {
      let cells = try tuner.evaluator.scores(try Strategy(parsing: strategy), on: tuner.validate).compactMap { $0[.claimCoverage] }
      return cells.reduce(0, +) / Double(cells.count)
    }
    let misSet = try coverage("kalman(q: 0.05) | accuracy-scale(k: 1)")
    let recalibrated = try coverage(report.best.strategy)
    #expect(misSet < 40, "overconfident: \(misSet) %")
    #expect(abs(recalibrated - 68) < 5, "recalibrated on training, \(recalibrated) % on unseen seeds (\(report.best.strategy))")
    #expect(try #require(report.best.parameters["accuracy-scale.k"]) > 1)
  }

  /// Every point is scored once: asking again costs nothing and gives the same scores.
  @Test func evaluationsAreCachedByStrategyAndCell() throws {
    var scenario = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml"]).first)
    scenario.trials = 2
    let set = try TuneSet(name: "train", scenarios: [scenario], threads: 1)
    let evaluator = TuneEvaluator(objective: try Objective(parsing: "distance_error_m"), threads: 1)
    let kalman = try Strategy(parsing: "kalman(q: 0.3)")
    try evaluator.include(set, reference: kalman)
    let first = try evaluator.score(kalman, on: set)
    let again = try evaluator.score(try Strategy(parsing: "kalman(q: 0.3)"), on: set)
    #expect(evaluator.evaluations["train"] == 1)
    #expect(first.total == again.total && first.cells == again.cells)
  }

  /// A metric without a value on a scenario (no lag on a steady run) is said, and that scenario is left
  /// out of the objective for every point, not silently dropped for some.
  @Test func aMetricWithoutAValueLeavesItsScenarioOutAndSaysWhy() throws {
    var still = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/standing-still.yaml"]).first)
    still.trials = 2
    var park = try #require(try ScenarioDiscovery.load(paths: [scenarioDirectory + "/park-loop.yaml"]).first)
    park.trials = 2
    let set = try TuneSet(name: "train", scenarios: [still, park], threads: 2)
    let evaluator = TuneEvaluator(objective: try Objective(parsing: "abs(distance_error_percent)"), threads: 2)
    let leftOut = try evaluator.include(set, reference: try Strategy(parsing: "kalman"))
    #expect(leftOut.map(\.scenario) == ["standing-still"])
    #expect(leftOut.first?.reason.contains("distance_error_percent has no value on some trial (true distance under 1 m)") == true)
    let score = try evaluator.score(try Strategy(parsing: "kalman"), on: set)
    #expect(score.total == score.perScenario[1].number)
  }
}

/// What tune prints "for a scenario file" loads as a scenario file, whatever the strategy's text holds.
@Suite struct TuneYAMLTests {
  @Test func theScenarioStrategiesLoadBackForEveryStrategyText() throws {
    let texts = [
      "kalman(q: 5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)",
      #"process(cmd: "python3 -c \"import sys; print(sys.argv)\" C:\\filters", format: binary, q: 0.5)"#,
    ]
    var scenario = try String(contentsOf: repositoryRoot.appendingPathComponent("scenarios/park-loop.yaml"), encoding: .utf8)
    scenario = scenario.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("strategies:") && !$0.hasPrefix("  - \"") }
      .joined(separator: "\n")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tune-yaml-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("park-loop.yaml")
    try (scenario + "\n" + Tuner.scenarioStrategies(texts)).write(to: file, atomically: true, encoding: .utf8)
    let loaded = try ScenarioDiscovery.loadFiles(paths: [file.path])[0].document
    #expect(loaded.strategies.map(\.strategy.description) == texts.map { try! Strategy(parsing: $0).description })
  }
}
