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
