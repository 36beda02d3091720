import AlphaBeta
import Testing
import TrackBench
import TrackBenchTestSupport

@Suite struct AlphaBetaTests {
  /// The filter obeys the laws every TrackBench strategy passes (causal, never from the future, no
  /// invented fixes, a value), on TrackBench's reference runs.
  @Test func obeysTheLaws() {
    let filter = AlphaBetaFilter(parameters: ParameterValues(defaultsOf: AlphaBetaFilter.parameterTable))
    let broken = checkTrackFilter(filter, label: "alpha-beta")
    #expect(broken.isEmpty, "\(broken)")
  }

  /// Registered, it is a strategy like any other: by name, in a pipeline, law-checked there too.
  @Test func isAStrategyOnceRegistered() throws {
    try? Strategy.register(.filter(AlphaBetaFilter.self))
    let pipeline = try Strategy(parsing: "speed-gate(12) | alpha-beta(alpha: 0.3)")
    #expect(pipeline.description == "speed-gate(vmax: 12, reset: 10) | alpha-beta(alpha: 0.3, beta: 0.05, max_accuracy: 30)")
    let broken = checkStrategy(pipeline, on: LawInputs.input, alternative: LawInputs.alternative)
    #expect(broken.isEmpty, "\(broken)")
  }
}
