import Filtering
import Foundation
import Testing
import TrackCore

/// The key a strategy is known by: made from the parsed value, read back from a record unchanged.
@Suite struct StrategyKeyTests {
  @Test func twoSpellingsOfOneStrategyHaveOneKey() throws {
    let spellings = ["kalman(0.5)", "kalman(q: 0.5)", " kalman( q: 0.50, gate: 5 ) ", "kalman(gate: 5, q: 5e-1)"]
    let keys = try spellings.map { try Strategy(parsing: $0).key }
    #expect(Set(keys).count == 1)
    #expect(keys[0].text == "kalman(q: 0.5, r_scale: 1, doppler: 1, doppler_sigma: 0.5, gate: 5)")
    #expect(try Strategy(parsing: "kalman(q: 0.6)").key != keys[0])
  }

  @Test func theKeyIsTheStrategysStructure() throws {
    let key = try Strategy(parsing: "speed-gate(12) | kalman(q: 0.5)").key
    #expect(key.stages.map(\.name) == ["speed-gate", "kalman"])
    #expect(key.stages[0].arguments == [.init(name: "vmax", value: "12"), .init(name: "reset", value: "10")])
    #expect(try Strategy(parsing: "raw").key.stages == [StrategyKey.Stage(name: "raw", arguments: [])])
    let process = try Strategy(parsing: #"process(name: my-ab, cmd: "python3 a.py --x \"1|2\", 3", alpha: 0.3)"#).key
    #expect(process.stages.count == 1)
    #expect(process.stages[0].arguments.map(\.name) == ["name", "cmd", "alpha"])
    #expect(process.stages[0].arguments[1].value == #""python3 a.py --x \"1|2\", 3""#)
  }

  /// Every law strategy's key, stored and read back as a record does, is the same key with the same
  /// stages, and its text is the strategy's text form.
  @Test func storedKeysReadBackUnchanged() throws {
    let pipelines = try ["speed-gate(12) | kalman(q: 0.5) | distance-filter(3)", #"process(cmd: "sh -c 'cat | x'", format: binary, k: 2) | rts"#].map { try Strategy(parsing: $0) }
    for strategy in lawStrategies + pipelines {
      let key = strategy.key
      #expect(key.text == strategy.description)
      let stored = try JSONDecoder().decode(StrategyKey.self, from: try JSONEncoder().encode(key))
      #expect(stored == key && stored.stages == key.stages)
      #expect(try String(decoding: JSONEncoder().encode(key), as: UTF8.self) == String(decoding: JSONEncoder().encode(strategy.description), as: UTF8.self))
    }
  }

  @Test func offlineIsLookedUpByStageName() throws {
    #expect(Strategy.isOffline(try Strategy(parsing: "kalman | rts").key))
    #expect(Strategy.isOffline(try Strategy(parsing: "douglas-peucker").key))
    #expect(!Strategy.isOffline(try Strategy(parsing: "speed-gate | kalman").key))
    // A stage this build does not know (another build's registered filter) counts as live.
    #expect(!Strategy.isOffline(StrategyKey(stored: "someone-elses-filter(k: 1)")))
  }
}
