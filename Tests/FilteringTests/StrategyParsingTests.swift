import Filtering
import Foundation
import Testing

@Suite struct StrategyParsingTests {
  @Test func textFormsRoundTrip() throws {
    for strategy in lawStrategies {
      #expect(try Strategy(parsing: strategy.description) == strategy)
    }
    #expect(try Strategy(parsing: "kalman(q: 0.25)").description == "kalman(q: 0.25, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)")
    #expect(try Strategy(parsing: " distance-filter( 7 ) ") == .streaming(StreamingFilter(try DistanceFilter(["d": 7]))))
    let pipeline = try Strategy(parsing: "speed-gate(12) | kalman(q: 0.5) | distance-filter(3)")
    #expect(pipeline.stages.count == 3 && pipeline.isStreaming)
    #expect(pipeline.description == "speed-gate(vmax: 12, reset: 10) | kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5) | distance-filter(d: 3)")
    #expect(try Strategy(parsing: pipeline.description) == pipeline)
    #expect(!(try Strategy(parsing: "kalman | rts")).isStreaming)
  }

  @Test func codableIsTheTextForm() throws {
    let data = try JSONEncoder().encode([try Strategy(parsing: "run-average(4)")])
    #expect(String(decoding: data, as: UTF8.self) == "[\"run-average(n: 4)\"]")
    #expect(try JSONDecoder().decode([Strategy].self, from: data) == [.streaming(StreamingFilter(try RunAverageFilter(["n": 4])))])
  }

  @Test(arguments: [
    ("kalmann", 1, "unknown strategy 'kalmann'"),
    ("kalman(z: 1)", 8, "unknown parameter 'z'"),
    ("kalman(q: -1)", 8, "q expects a number from"),
    ("run-average(2.5)", 13, "n expects a whole number"),
    ("raw(1)", 5, "raw takes 0 parameter(s)"),
    ("kalman(q: 1", 1, "expected ')'"),
    ("distance-filter(abc)", 17, "found 'abc'"),
    ("speed-gate(12) | kalmn(q: 0.5) | distance-filter(3)", 18, "unknown strategy 'kalmn'"),
    ("speed-gate(12) | kalman(q: 0.5, gate: 500) | distance-filter(3)", 33, "gate expects"),
    ("speed-gate(12) || raw", 17, "expected a strategy between the bars"),
    ("kalman(q: 0.5, q: 0.6)", 16, "q of kalman is given twice"),
    ("kalman(0.5, q: 0.6)", 13, "q of kalman is given twice"),
    ("kalman(q:)", 8, "found nothing"),
    ("kalman(q: )", 8, "found nothing"),
  ])
  func errorsPointAtTheOffendingToken(text: String, column: Int, message: String) {
    do {
      _ = try Strategy(parsing: text)
      Issue.record("'\(text)' parsed")
    } catch let error as StrategyParseError {
      #expect(error.message.contains(message), "\(error)")
      #expect(error.column == column, "\(error)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func everyParameterDefaultIsInRange() {
    for descriptor in Strategy.catalogue {
      for p in descriptor.parameters { #expect(p.accepts(p.defaultValue), "\(descriptor.name).\(p.name)") }
    }
    #expect(Strategy.defaults.count == Strategy.catalogue.filter { !$0.isAnnotatingStage && !$0.needsVenue }.count)
  }
}
