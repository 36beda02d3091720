import Evaluation
import Filtering
import Foundation
import Simulation
import Speed
import Testing

/// The kernels `trackbench throughput` measures: every filter, synthesis and the scoring families.
@Suite struct ThroughputTests {
  @Test func throughputMeasuresEveryKernel() throws {
    for name in ["raw", "kalman", "haversine-sum", "synthesis"] {
      let m = try Throughput.measure(try Throughput.Kernel(parsing: name), fixes: 2000, repetitions: 1)
      #expect(m.fixes >= 2000 && m.fixesPerSecond > 0 && m.fixesPerSecond.isFinite, "\(name)")
    }
  }

  /// Scoring kernels, whole and by family, each measured; the whole one's figure is the run's scores
  /// summed, so it does the work the suite does for every strategy's run.
  @Test func scoringKernelsScoreTheRunForReal() throws {
    for kernel in ScoringKernel.allCases {
      let m = try Throughput.measure(try Throughput.Kernel(parsing: kernel.rawValue), fixes: 2000, repetitions: 1)
      #expect(m.strategy == kernel.rawValue && m.fixes >= 2000 && m.fixesPerSecond > 0 && m.fixesPerSecond.isFinite)
    }
    #expect(ScoringKernel.allCases.allSatisfy { Throughput.allKernels.contains($0.rawValue) })
    let engine = try ScenarioEngine(Throughput.syntheticScenario(fixes: 3000))
    let fixes = engine.observe(trial: 0)
    let scores = Metric.scores(RecordedRun(observedCount: fixes.count, recorded: fixes), against: engine.truth)
    let direct = scores.named.reduce(0) { $0 + ($1.value ?? 0) }
    #expect(direct != 0 && ScoringKernel.all.pass(over: fixes, against: engine.truth)() == direct)
  }
}
