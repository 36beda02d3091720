import Filtering
import Foundation
import Testing
import TrackBenchTestSupport
import TrackCore

/// A user's filter, as a consumer package would write it: an alpha-beta tracker on east/north.
struct AlphaBetaFilter: TrackFilter, CatalogueStrategy {
  static let name = "test-alpha-beta"
  static let summary = "Alpha-beta tracker (a test's own filter)."
  static let parameterTable = [
    Parameter(name: "alpha", unit: "1", defaultValue: 0.5, minimum: 0.01, maximum: 1, summary: "position gain"),
    Parameter(name: "beta", unit: "1", defaultValue: 0.1, minimum: 0, maximum: 1, summary: "velocity gain"),
  ]
  var alpha: Double, beta: Double
  var last: LocalFix?
  var velocity = (east: 0.0, north: 0.0)
  init(parameters p: ParameterValues) { alpha = p["alpha"]; beta = p["beta"] }
  var parameters: ParameterValues { ParameterValues(Self.parameterTable, current: ["alpha": alpha, "beta": beta]) }
  static func == (a: Self, b: Self) -> Bool { a.alpha == b.alpha && a.beta == b.beta && a.last == b.last && a.velocity == b.velocity }
  func hash(into h: inout Hasher) { h.combine(alpha); h.combine(beta) }

  mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard fix.horizontalAccuracy >= 0 else { return nil }
    guard var point = last else {
      last = fix
      return fix
    }
    let dt = fix.time - point.time
    guard dt > 0 else { return nil }
    let predictedEast = point.east + velocity.east * dt, predictedNorth = point.north + velocity.north * dt
    let re = fix.east - predictedEast, rn = fix.north - predictedNorth
    point.east = predictedEast + alpha * re
    point.north = predictedNorth + alpha * rn
    velocity.east += beta * re / dt
    velocity.north += beta * rn / dt
    point.time = fix.time
    point.horizontalAccuracy = fix.horizontalAccuracy
    last = point
    return point
  }
}

/// Deliberately broken filters: each must be caught by the law-checker with a clear message.
struct LookAheadFilter: TrackFilter {  // its fast loop averages with the next fix: not causal
  mutating func step(_ fix: LocalFix) -> LocalFix? { fix }
  func run(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    output = input.indices.map { i in
      var fix = input[i]
      if i + 1 < input.count { fix.east = (fix.east + input[i + 1].east) / 2 }
      return fix
    }
  }
}
struct FutureFilter: TrackFilter {  // records a point half a second ahead of the fix: invents a time
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    point.time += 0.5
    return point
  }
}
struct BackwardsFilter: TrackFilter {  // every tenth point goes back in time
  var count = 0
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    count += 1
    var point = fix
    if count % 10 == 0 { point.time -= 5 }
    return point
  }
}
struct StatefulFilter: TrackFilter {  // remembers across runs through a class: not a value
  final class Memory: @unchecked Sendable { var seen = 0 }
  let memory = Memory()
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    memory.seen += 1
    var point = fix
    point.east += Double(memory.seen)
    return point
  }
}

@Suite(.serialized) struct RegistrationTests {
  static let registered: Void = { try! Strategy.register(.filter(AlphaBetaFilter.self)) }()

  @Test func aRegisteredFilterIsAStrategyByName() throws {
    _ = Self.registered
    let strategy = try Strategy(parsing: "test-alpha-beta(alpha: 0.3)")
    #expect(strategy.description == "test-alpha-beta(alpha: 0.3, beta: 0.1)")
    #expect(Strategy.catalogue.contains { $0.name == "test-alpha-beta" } && Strategy.defaults.contains { $0.description.hasPrefix("test-alpha-beta(") })
    // The same as the filter run by hand, in a pipeline too.
    let direct = AlphaBetaFilter(parameters: try ParameterValues(AlphaBetaFilter.parameterTable, ["alpha": 0.3])).run(over: LawInputs.input)
    #expect(strategy.run(over: LawInputs.input) == direct)
    let pipeline = try Strategy(parsing: "speed-gate(12) | test-alpha-beta(0.3, 0.2) | distance-filter(3)")
    #expect(pipeline.stages.count == 3 && pipeline.isStreaming)
    let broken = checkStrategy(pipeline, on: LawInputs.input, alternative: LawInputs.alternative)
    #expect(broken.isEmpty, "\(broken)")
    #expect(try Strategy(parsing: pipeline.description) == pipeline)
    // Parameters by name for tune.
    #expect(try Strategy.catalogue.first { $0.name == "test-alpha-beta" }!.make(parameters: ["beta": 0.4]).description == "test-alpha-beta(alpha: 0.5, beta: 0.4)")
    #expect(throws: StrategyParseError.self) { try Strategy(parsing: "test-alpha-beta(gamma: 1)") }
  }

  /// A command run in a scope that does not see registrations (as the `trackbench` binary, which
  /// registers nothing) knows the built-in strategies alone.
  @Test func aScopeWithoutRegistrationsSeesTheBuiltInsAlone() {
    _ = Self.registered
    CommandScope.$current.withValue(CommandScope(capturing: true, seesRegistrations: false)) {
      #expect(Strategy.catalogue.count == Strategy.builtIn.count)
      #expect(throws: StrategyParseError.self) { try Strategy(parsing: "test-alpha-beta") }
    }
    #expect(Strategy.catalogue.contains { $0.name == "test-alpha-beta" }, "outside the scope the registration is seen")
  }

  @Test func namesAreRegisteredOnce() {
    _ = Self.registered
    #expect(throws: StrategyRegistrationError(name: "test-alpha-beta", message: "a strategy of that name is already registered; expected each name once")) {
      try Strategy.register(.filter(AlphaBetaFilter.self))
    }
    let kalman = StrategyDescriptor(name: "kalman", summary: "", parameters: [], isStreaming: true) { _ in .streaming(StreamingFilter(RawFilter())) }
    #expect(throws: StrategyRegistrationError(name: "kalman", message: "the name is a built-in strategy's; expected a new name")) { try Strategy.register(kalman) }
    let badName = StrategyDescriptor(name: "My Filter", summary: "", parameters: [], isStreaming: true) { _ in .streaming(StreamingFilter(RawFilter())) }
    #expect(throws: StrategyRegistrationError.self) { try Strategy.register(badName) }
  }

  @Test func theLawCheckerPassesAGoodFilterAndEveryBuiltIn() {
    #expect(checkTrackFilter(AlphaBetaFilter(parameters: ParameterValues(defaultsOf: AlphaBetaFilter.parameterTable)), label: "alpha-beta").isEmpty)
    for descriptor in Strategy.builtIn {
      let strategy = descriptor.make(ParameterValues(defaultsOf: descriptor.parameters))
      let broken = checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative)
      #expect(broken.isEmpty, "\(broken)")
    }
  }

  @Test func theLawCheckerCatchesBrokenFilters() {
    func laws(_ violations: [LawViolation]) -> Set<String> { Set(violations.map(\.law)) }
    let lookAhead = checkTrackFilter(LookAheadFilter(), label: "look-ahead")
    #expect(laws(lookAhead).contains("run(over:) equals stepping fix by fix"), "\(lookAhead)")
    #expect(lookAhead.first?.description.hasPrefix("look-ahead: run(over:) equals stepping fix by fix: the runs differ from recorded point 0") == true, "\(lookAhead)")
    let future = checkTrackFilter(FutureFilter(), label: "future")
    #expect(laws(future).contains("never from the future"), "\(future)")
    let backwards = checkTrackFilter(BackwardsFilter(), label: "backwards")
    #expect(laws(backwards).contains("times strictly increase"), "\(backwards)")
    #expect(backwards.contains { $0.detail.hasPrefix("point at step 9 has time") }, "\(backwards)")
    let stateful = checkTrackFilter(StatefulFilter(), label: "stateful")
    #expect(laws(stateful).contains("a filter is a value"), "\(stateful)")
  }
}
