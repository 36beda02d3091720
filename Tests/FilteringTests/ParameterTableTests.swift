import Filtering
import Testing
import TrackCore

@Suite struct ParameterTableTests {
  static func entry(_ name: String) throws -> StrategyDescriptor { try #require(Strategy.catalogue.first { $0.name == name }) }

  @Test func aStrategyIsMadeFromParametersByName() throws {
    let kalman = try Self.entry("kalman").make(parameters: ["gate": 0, "q": 0.1])
    #expect(kalman.description == "kalman(q: 0.1, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 0)")
    #expect(kalman == (try Strategy(parsing: "kalman(q: 0.1, gate: 0)")))
    #expect(try Self.entry("raw").make() == (try Strategy(parsing: "raw")))
  }

  @Test func makeRefusesWhatTheTableDoesNotDeclare() throws {
    #expect(throws: ParameterError.self) { try Self.entry("kalman").make(parameters: ["qq": 1]) }
    #expect(throws: ParameterError.self) { try Self.entry("run-average").make(parameters: ["n": 2.5]) }
  }

  /// Law for every catalogue entry with rules between its parameters: values that break a rule are
  /// refused by name and by text, naming both parameters; values that keep it are accepted.
  @Test func everyRuleBetweenParametersIsChecked() throws {
    let ruled = Strategy.catalogue.filter { !$0.orders.isEmpty }
    #expect(Set(ruled.map(\.name)).isSuperset(of: ["adaptive-interval", "opentracks"]))
    for entry in ruled {
      for order in entry.orders {
        let lower = try #require(entry.parameters.first { $0.name == order.lower })
        let upper = try #require(entry.parameters.first { $0.name == order.upper })
        let high = min(lower.maximum, upper.maximum), low = max(lower.minimum, upper.minimum)
        #expect(high > low, "\(entry.name): the ranges let the rule be broken")
        let broken = [order.lower: high, order.upper: low]
        #expect(throws: ParameterError.self) { try entry.make(parameters: broken) }
        let text = "\(entry.name)(\(order.lower): \(Parameter.format(high)), \(order.upper): \(Parameter.format(low)))"
        #expect {
          _ = try Strategy(parsing: text)
        } throws: { error in
          "\(error)".contains("\(order.lower) (\(Parameter.format(high))) must be at most \(order.upper) (\(Parameter.format(low)))")
        }
        _ = try entry.make(parameters: [order.lower: low, order.upper: high])
        _ = try Strategy(parsing: "\(entry.name)(\(order.lower): \(Parameter.format(low)), \(order.upper): \(Parameter.format(low)))")
      }
    }
  }

  /// Law for every catalogue entry: its configured value reports the values it was made with, by the
  /// table's names in order, and its text parses back to itself.
  @Test func everyEntryReportsItsValuesByName() throws {
    for entry in Strategy.catalogue {
      let given = Dictionary(uniqueKeysWithValues: entry.parameters.map { p in
        (p.name, p.isInteger ? (p.minimum + p.maximum / 2).rounded(.down) : (p.minimum + p.maximum) / 2)
      })
      let strategy = try entry.make(parameters: given)
      let reported = try #require(strategy.configured).parameters
      #expect(reported.table == entry.parameters, "\(entry.name)")
      #expect(reported.named.map(\.name) == entry.parameters.map(\.name), "\(entry.name)")
      for (name, value) in reported.named { #expect(value == given[name], "\(entry.name).\(name)") }
      #expect(try Strategy(parsing: strategy.description) == strategy, "\(entry.name)")
    }
  }
}
