import Filtering
import Foundation
import Testing

@Suite struct StrategyParsingTests {
  @Test func textFormsRoundTrip() throws {
    for strategy in lawStrategies {
      #expect(try Strategy(parsing: strategy.description) == strategy)
    }
    #expect(try Strategy(parsing: "kalman(q: 0.25)").description == "kalman(q: 0.25, r_scale: 1)")
    #expect(try Strategy(parsing: " distance-filter( 7 ) ") == .distanceFilter(DistanceFilter(minimumDistance: 7)))
  }

  @Test func codableIsTheTextForm() throws {
    let data = try JSONEncoder().encode([try Strategy(parsing: "run-average(4)")])
    #expect(String(decoding: data, as: UTF8.self) == "[\"run-average(n: 4)\"]")
    #expect(try JSONDecoder().decode([Strategy].self, from: data) == [.runAverage(RunAverageFilter(count: 4))])
  }

  @Test(arguments: [
    ("kalmann", "unknown strategy 'kalmann'"),
    ("kalman(z: 1)", "unknown parameter 'z'"),
    ("kalman(q: -1)", "q expects a number from"),
    ("run-average(2.5)", "n expects a whole number"),
    ("raw(1)", "raw takes 0 parameter(s)"),
    ("kalman(q: 1", "expected ')'"),
    ("distance-filter(abc)", "got 'abc'"),
  ])
  func errorsSayWhatIsWrong(text: String, message: String) {
    do {
      _ = try Strategy(parsing: text)
      Issue.record("'\(text)' parsed")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test func everyParameterDefaultIsInRange() {
    for descriptor in Strategy.catalogue {
      for p in descriptor.parameters { #expect(p.accepts(p.defaultValue), "\(descriptor.name).\(p.name)") }
    }
    #expect(Strategy.defaults.count == Strategy.catalogue.count)
  }
}
