import Filtering
import Simulation
import Testing
import TrackCore

/// The laws every strategy obeys, checked on the given inputs:
/// 1. `run(over:)` (and `Strategy.run`) equals stepping a copy fix by fix;
/// 2. causal: what is recorded by step k never changes when later fixes change;
/// 3. output times strictly increase; every output emitted at step i has a time in [t₀, tᵢ];
/// 4. no invented fixes: at most one output per step, every value finite;
/// 5. a filter is a value: running the configured value twice gives the same output.
func checkTrackFilter<F: TrackFilter>(_ filter: F, on input: [LocalFix], alternative: [LocalFix], label: String) {
  func stepwise(_ fixes: [LocalFix]) -> [(step: Int, fix: LocalFix)] {
    var f = filter
    var out: [(Int, LocalFix)] = []
    for (i, fix) in fixes.enumerated() { if let r = f.step(fix) { out.append((i, r)) } }
    return out
  }
  let stepped = stepwise(input)
  #expect(filter.run(over: input) == stepped.map(\.fix), "\(label): run(over:) equals repeated step")
  #expect(filter.run(over: input) == filter.run(over: input), "\(label): a filter is a value")
  #expect(stepped.count <= input.count, "\(label): no more outputs than inputs")
  for (a, b) in zip(stepped, stepped.dropFirst()) {
    #expect(a.fix.time < b.fix.time, "\(label): output times strictly increase (\(a.fix.time), \(b.fix.time))")
    #expect(a.step < b.step, "\(label): at most one output per step")
  }
  for (step, fix) in stepped {
    #expect(fix.time >= input[0].time && fix.time <= input[step].time, "\(label): output at step \(step) not from the future")
    #expect(fix.east.isFinite && fix.north.isFinite && fix.time.isFinite && fix.horizontalAccuracy.isFinite, "\(label): finite")
  }
  // Causality: change everything after step k; outputs emitted up to k must not move.
  precondition(alternative.count == input.count)
  for k in [0, input.count / 3, input.count / 2, input.count - 2] {
    let mixed = Array(input[...k]) + Array(alternative[(k + 1)...])
    let before = stepped.filter { $0.step <= k }.map(\.fix)
    let after = stepwise(mixed).filter { $0.step <= k }.map(\.fix)
    #expect(before == after, "\(label): causal at step \(k)")
  }
}

/// Law-checks a strategy. A streaming one: through its concrete filter type and as a pipeline of
/// ``StreamingFilter`` stages stepped fix by fix, which must equal `Strategy.run` (the batch form). An
/// offline one may look ahead but never invents a time: its outputs are input fixes' times, in order.
func checkStrategy(_ strategy: Strategy, on input: [LocalFix], alternative: [LocalFix]) {
  let label = strategy.description
  let batch = strategy.run(over: input)
  #expect(batch == strategy.run(over: input), "\(label): deterministic")
  guard strategy.isStreaming else {
    let inputTimes = Set(input.filter { $0.horizontalAccuracy >= 0 }.map(\.time))
    #expect(batch.count <= input.count, "\(label): no more outputs than inputs")
    #expect(batch.allSatisfy { inputTimes.contains($0.time) }, "\(label): every output at an input fix's time")
    #expect(zip(batch, batch.dropFirst()).allSatisfy { $0.time < $1.time }, "\(label): times strictly increase")
    #expect(batch.allSatisfy { $0.east.isFinite && $0.north.isFinite && $0.horizontalAccuracy.isFinite }, "\(label): finite")
    return
  }
  let stages = strategy.stages.map { stage -> StreamingFilter in
    guard case .streaming(let filter) = stage else { fatalError("streaming pipelines hold streaming stages") }
    return filter
  }
  if stages.count == 1 { checkConcrete(stages[0], on: input, alternative: alternative, label: label) }
  let chained = StageChain(stages: stages)
  checkTrackFilter(chained, on: input, alternative: alternative, label: label + " (stepped)")
  #expect(chained.run(over: input) == batch, "\(label): stepping every stage fix by fix equals the batch run")
}

/// Streaming stages stepped together: each fix goes through every stage in order.
struct StageChain: TrackFilter {
  var stages: [StreamingFilter]
  mutating func step(_ fix: LocalFix) -> LocalFix? {
    var current = fix
    for i in stages.indices {
      guard let next = stages[i].step(current) else { return nil }
      current = next
    }
    return current
  }
}

/// The laws through the concrete type, so its own specialised `run` is what is checked.
func checkConcrete(_ filter: StreamingFilter, on input: [LocalFix], alternative: [LocalFix], label: String) {
  switch filter {
  case .raw(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .moonrunner(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .distanceFilter(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .accuracyGate(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .androidMin(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .openTracks(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .runAverage(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .runAdaptive(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .speedGate(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .weightedAverage(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .ema(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .movingMedian(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .timeSample(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  case .kalman(let f): checkTrackFilter(f, on: input, alternative: alternative, label: label)
  }
}

/// Law inputs: a noisy park loop, with an invalid fix, a fix claiming 60 m and a 30 s dropout.
enum LawInputs {
  static let engine: ScenarioEngine = {
    let scenario = Scenario(
      name: "laws", seed: 99, trials: 2,
      route: RouteSpec(
        origin: GeodeticPosition(latitude: 52, longitude: 4),
        shape: .loop(waypoints: [.init(east: 0, north: 0), .init(east: 150, north: 0), .init(east: 150, north: 80), .init(east: 0, north: 80)], laps: 1),
        cornerRadius: 6),
      pace: .steady(secondsPerKilometer: 330),
      receiver: ReceiverSpec(rateHz: 1, jitter: 0.1),
      noise: [.white(WhiteNoise(sigma: 1)), .gaussMarkov(GaussMarkovNoise(sigma: 4, tau: 30))])
    return try! ScenarioEngine(scenario)
  }()

  static func trial(_ k: Int) -> [LocalFix] {
    var fixes = engine.observe(trial: k)
    fixes[20].horizontalAccuracy = -1
    fixes[40].horizontalAccuracy = 60
    fixes.removeSubrange(60..<90)
    return fixes
  }

  static let input = trial(0)
  static let alternative = trial(1)

  /// A downtown block with Doppler speed and course, outliers and a standing stop: for gating, fusion
  /// and idle detection.
  static let dopplerEngine: ScenarioEngine = {
    let scenario = Scenario(
      name: "laws-doppler", seed: 7, trials: 2,
      route: RouteSpec(
        origin: GeodeticPosition(latitude: 40, longitude: -74),
        shape: .loop(waypoints: [.init(east: 0, north: 0), .init(east: 200, north: 0), .init(east: 200, north: 120), .init(east: 0, north: 120)], laps: 1),
        cornerRadius: 4),
      pace: PaceSpec(profile: .steady(secondsPerKilometer: 300), stops: [.init(at: 250, seconds: 30)]),
      receiver: ReceiverSpec(rateHz: 1, doppler: .init(speedSigma: 0.2, courseSigma: 4)),
      noise: [.gaussMarkov(GaussMarkovNoise(sigma: 3, tau: 30)), .outliers(Outliers(perHour: 120, jump: 40...200))])
    return try! ScenarioEngine(scenario)
  }()
  static let withDoppler = dopplerEngine.observe(trial: 0)
  static let withDopplerAlternative = dopplerEngine.observe(trial: 1)

  /// Noise-free fixes 3 m apart along a straight line, each claiming 1 m.
  static let straight: [LocalFix] = (0..<600).map {
    LocalFix(time: Double($0), east: 3 * Double($0) * 0.6, north: 3 * Double($0) * 0.8, horizontalAccuracy: 1)
  }
}
