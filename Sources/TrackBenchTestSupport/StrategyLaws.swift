import Filtering
import TrackCore

/// The laws ``checkStrategy(_:on:alternative:)`` holds a strategy to, by name, and the check on
/// TrackBench's two reference runs grouped by law: what `trackbench laws STRATEGY` prints, one line per law.
public enum StrategyLaws {
  /// A streaming strategy made of built-in or registered stages.
  public static let streaming = [
    "deterministic", "output is emptied first", "run(over:) equals stepping fix by fix", "a filter is a value", "no invented fixes",
    "times strictly increase", "never from the future", "every value finite", "causal", "stepping every stage equals the batch run",
  ]
  /// A strategy with a child process among its stages (a filter or a sampling policy in any language).
  public static let process = [
    "speaks the filter protocol", "deterministic", "output is emptied first", "no invented fixes", "times strictly increase",
    "never from the future", "every value finite", "causal",
  ]
  /// Elevation stages alone (``ElevationStage``): the streaming laws, and the track is the input's.
  public static let elevation = streaming + ["rewrites altitude alone"]
  /// Pause stages alone (``PauseStage``): the streaming laws, and every fix kept, marked, never moved anywhere new.
  public static let pause = streaming + ["marks pauses alone"]
  /// Annotating stages alone (``AnnotatingStage``): the streaming laws, and every fix kept, only its lap marks,
  /// distance adjustment, speed claim and position claim rewritten (a fix without a valid position stays so).
  public static let annotating = streaming + ["annotates alone"]
  /// An offline smoother (it may look ahead).
  public static let offline = ["deterministic", "output is emptied first", "no invented fixes", "never invents a time", "times strictly increase", "every value finite"]

  /// The reference runs the laws are checked on, as the report names them.
  public static let runs = [
    "a noisy 1 Hz park loop with an invalid fix, a fix claiming 60 m and a 30-s dropout",
    "a downtown block with Doppler speed and course, GPS altitude and a barometer over a 4 % climb, outliers and a 30-s stop",
  ]

  /// The laws that apply to `strategy`, in the order they are reported.
  public static func applying(to strategy: Strategy) -> [String] {
    if !strategy.isStreaming { return offline }
    if strategy.runsProgram { return process }
    if strategy.stages.allSatisfy({ ($0.configured as? any ElevationStage) != nil }) { return elevation }
    if strategy.stages.allSatisfy({ ($0.configured as? any AnnotatingStage) != nil }) { return annotating }
    return strategy.stages.allSatisfy({ ($0.configured as? any PauseStage) != nil }) ? pause : streaming
  }

  /// Each law that applies with what broke it on the reference runs (empty: kept), and whether it was
  /// checked. A process that fails (crashes, hangs, breaks the protocol) breaks "speaks the filter
  /// protocol" and stops the check: the other laws are not checked. A violation of a law not in
  /// ``applying(to:)`` is reported under its own name after them.
  /// - Complexity: about a dozen runs of the strategy over each reference run (a few thousand fixes).
  public static func check(_ strategy: Strategy) -> [(law: String, broken: [LawViolation], checked: Bool)] {
    let context = FilterRun.Context(scenario: "laws", trial: 0, frame: LocalFrame(origin: GeodeticPosition(latitude: 52, longitude: 4)))
    let outcome = FilterRun.collectingFailure(context) {
      checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative)
        + checkStrategy(strategy, on: LawInputs.withDoppler, alternative: LawInputs.withDopplerAlternative)
    }
    let protocolLaw = "speaks the filter protocol"
    var laws = applying(to: strategy)
    switch outcome {
    case .success(let violations):
      for v in violations where !laws.contains(v.law) { laws.append(v.law) }
      return laws.map { law in (law, violations.filter { $0.law == law }, true) }
    case .failure(let failure):
      let broken = LawViolation(strategy: strategy.description, law: protocolLaw, detail: "run \(failure.run): \(failure.message)")
      return laws.map { law in law == protocolLaw ? (law, [broken], true) : (law, [], false) }
    }
  }
}
