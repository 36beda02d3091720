import Evaluation
import Filtering
import Foundation
import Harness
import Simulation
import Testing

/// The bundled hilly trail (docs/elevation.md): what the issue's complaints describe shows, and the best
/// estimator is close.
@Suite struct HillyTrailTests {
  @Test func aRawBarometerOvercountsAndTheAnchoredEstimatorIsWithinAFewPercent() throws {
    let scenario = try ScenarioDiscovery.load(paths: [scenarioDirectory + "/hilly-trail.yaml"])
    let strategies = try [
      "raw", "barometer-altitude", "barometer-altitude | altitude-hysteresis(1)",
      "barometer-altitude(anchor_s: 600) | altitude-smooth(tau_s: 5) | altitude-hysteresis(1)", "kalman",
    ].map { try Strategy(parsing: $0) }
    let result = try ExperimentRunner(Experiment(scenarios: scenario, strategies: strategies, trials: 12)).run(threads: 2)
    let rows = result.scenarios[0].strategies
    func percent(_ i: Int) throws -> (mean: Double, low: Double, high: Double) {
      let s = try #require(rows[i].summary(.ascentErrorPercent))
      return (try #require(s.mean), try #require(s.ci95Low), try #require(s.ci95High))
    }
    let gps = try percent(0), barometer = try percent(1), thresholded = try percent(2), best = try percent(3)
    // Every rise of the raw barometer: more than twice the true climb (docs: about 2.6 times).
    #expect(barometer.mean > 100, "\(barometer)")
    // GPS altitude as the Pixel 4 reports it (smooth, 0.1 m a second) overcounts too, far less.
    #expect(gps.low > 5 && gps.high < barometer.low, "\(gps)")
    // A 1 m threshold removes most of it; anchored and smoothed the interval lies within ±3 %.
    #expect(thresholded.mean < 10)
    #expect(best.low > -3 && best.high < 3, "\(best)")
    // A position filter carries the raw altitude: it counts what raw counts.
    #expect(try #require(rows[4].summary(.ascentError)?.mean) == (try #require(rows[0].summary(.ascentError)?.mean)))
    // The verdict ranks by an ascent objective: a barometer estimator with a threshold wins, the summed
    // barometer comes last.
    let verdict = ShipVerdict(
      result: result, objective: try Objective(parsing: "abs(ascent_error_percent)"), objectiveText: "abs(ascent_error_percent)", weights: [:])
    #expect(verdict.pick?.hasPrefix("barometer-altitude") == true && verdict.pick?.contains("altitude-hysteresis") == true, "\(verdict.pick ?? "none")")
    #expect(verdict.ranking.last?.strategy == strategies[1].description)
    #expect(verdict.tradeOffs.contains { $0.contains("elevation gain error") }, "\(verdict.tradeOffs)")
    // Anchoring brings the absolute altitude near the truth's; the barometer alone keeps its offset.
    #expect(try #require(rows[3].summary(.altitudeErrorRMS)?.mean) < (try #require(rows[1].summary(.altitudeErrorRMS)?.mean)))
  }
}
