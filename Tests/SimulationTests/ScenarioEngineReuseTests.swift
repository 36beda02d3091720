import Simulation
import Testing
import TrackCore

/// A file's engine is built once, by the loader that checks it, and reused whatever seed and trials
/// a run sets; a scenario changed in anything else gets an engine of its own.
@Suite struct ScenarioEngineReuseTests {
  let scenario = Scenario(
    name: "reuse", seed: 7, trials: 3,
    route: RouteSpec(origin: GeodeticPosition(latitude: 40, longitude: -3), shape: .outAndBack(length: 400, bearing: 30)),
    noise: [NoiseStage(WhiteNoise(sigma: 3))])

  @Test func anEngineReusedWithAnotherSeedAndTrialsDrawsWhatANewOneDraws() throws {
    let built = try ScenarioEngine(scenario)
    var reseeded = scenario
    reseeded.seed = 1234
    reseeded.trials = 5
    let reused = try ScenarioEngine.reusing(built, for: reseeded)
    let fresh = try ScenarioEngine(reseeded)
    #expect(reused.scenario == reseeded)
    for trial in 0..<3 { #expect(reused.observe(trial: trial) == fresh.observe(trial: trial), "trial \(trial)") }
    #expect(reused.observe(trial: 0) != built.observe(trial: 0), "the seed in force is the new one")
  }

  @Test func aScenarioChangedBeyondSeedAndTrialsIsBuiltAnew() throws {
    let built = try ScenarioEngine(scenario)
    var longer = scenario
    longer.route = RouteSpec(origin: scenario.route.origin, shape: .outAndBack(length: 900, bearing: 30))
    let engine = try ScenarioEngine.reusing(built, for: longer)
    #expect(engine.scenario == longer)
    #expect(abs(engine.truth.totalDistance - (try ScenarioEngine(longer)).truth.totalDistance) < 1e-9)
    #expect(engine.truth.totalDistance > built.truth.totalDistance + 900)
    var noisier = scenario
    noisier.noise = [NoiseStage(WhiteNoise(sigma: 30))]
    #expect(try ScenarioEngine.reusing(built, for: noisier).observe(trial: 0) == (try ScenarioEngine(noisier)).observe(trial: 0))
    #expect(try ScenarioEngine.reusing(nil, for: scenario).observe(trial: 1) == built.observe(trial: 1))
  }
}
