// What registering a filter from another package costs per fix: TrackBench's own kalman and ema, and
// the same types registered from this package by hand (their loops then compiled here), timed
// alternately in one process on the same synthetic fixes. Release build only:
//   swift run -c release registration-cost [FIXES]
import Dispatch
import Foundation
import TrackBench

let fixes = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
func registered<F: TrackFilter & CatalogueStrategy>(_ type: F.Type, as name: String) -> StrategyDescriptor {
  StrategyDescriptor(name: name, summary: F.summary, parameters: F.parameterTable, isStreaming: true) { .streaming(StreamingFilter(F(parameters: $0))) }
}
let pairs: [(builtIn: String, user: StrategyDescriptor, parameters: [String: Double])] = [
  ("kalman(doppler: 0, gate: 0)", registered(KalmanFilter.self, as: "user-kalman"), ["doppler": 0, "gate": 0]),
  ("kalman", registered(KalmanFilter.self, as: "user-kalman-default"), [:]),
  ("ema", registered(ExponentialAverage.self, as: "user-ema"), [:]),
  ("moving-median", registered(MovingMedian.self, as: "user-moving-median"), [:]),
]
let input = try Throughput.syntheticFixes(fixes)
print("| strategy | as TrackBench builds it (M fixes/s) | registered from this package | ratio |")
print("|---|---|---|---|")
for (text, descriptor, parameters) in pairs {
  let builtIn = try Strategy(parsing: text)
  let user = try descriptor.make(parameters: parameters)
  var a: [Double] = [], b: [Double] = []
  for _ in 0..<5 {
    a.append(try Throughput.measure(.strategy(builtIn), fixes: fixes, repetitions: 7, input: input).fixesPerSecond)
    b.append(try Throughput.measure(.strategy(user), fixes: fixes, repetitions: 7, input: input).fixesPerSecond)
  }
  let x = a.sorted()[2], y = b.sorted()[2]
  print("| \(text) | \(String(format: "%.1f", x / 1e6)) | \(String(format: "%.1f", y / 1e6)) | \(String(format: "%.2f", y / x)) |")
}

// What a registered metric costs beside a built-in one: the built-in cross-track and live-pace RMS
// metrics and the same computations registered from this package, each run on the shared measures of
// one hour-long run (a point a second wobbling about a straight 10 km), timed alternately.
let truth = TruthTrack(
  frame: LocalFrame(origin: GeodeticPosition(latitude: 45, longitude: 7)),
  path: Path(segments: [.line(start: PlanarPoint(east: 0, north: 0), directionEast: 1, directionNorth: 0, length: 10_000)]),
  knotTimes: [0, 3600], knotDistances: [0, 10_000])
let points = (0...3600).map { (second: Int) -> LocalFix in
  let t = Double(second)
  let east: Double = 10_000 * t / 3600 + 2 * sin(t * 0.37)
  let north: Double = 3 * sin(t * 0.71)
  return LocalFix(time: t, east: east, north: north, horizontalAccuracy: 5)
}
let measures = RunMeasures(RecordedRun(observedCount: points.count, recorded: points), context: ScoringContext(truth: truth))
let copies: [(metric: Metric, user: MetricDescriptor)] = [
  (.crossTrackErrorRMS, MetricDescriptor(
    key: "user_cross_track_rms_m", words: "Cross-track RMS, registered", heading: "user xtrack", unit: "m", undefinedReason: "nothing recorded",
    computation: .run { CrossTrackError.summarise($0.crossTrack, .rms) })),
  (.currentPaceErrorRMS, MetricDescriptor(
    key: "user_pace_rms_s_per_km", words: "Live pace RMS, registered", heading: "user pace", unit: "s/km", undefinedReason: "never moving",
    computation: .run { CurrentPaceError.summarise($0.livePace, .rms) })),
]
func nanoseconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}
print("\n| metric (a run of 3601 points) | built in (µs a run) | registered from this package | ratio |")
print("|---|---|---|---|")
for (metric, descriptor) in copies {
  let registered = try Metric.register(descriptor)
  guard case .run(let builtIn) = metric.descriptor.computation, case .run(let user) = registered.descriptor.computation else { fatalError("not run metrics") }
  var a: [Double] = [], b: [Double] = [], sink = 0.0
  for _ in 0..<7 {
    a.append(nanoseconds { for _ in 0..<2000 { sink += builtIn(measures) ?? 0 } } / 2000)
    b.append(nanoseconds { for _ in 0..<2000 { sink += user(measures) ?? 0 } } / 2000)
  }
  precondition(builtIn(measures) == user(measures), "the copy computes what the built-in does")
  let x = a.sorted()[3], y = b.sorted()[3]
  print("| \(metric.rawValue) | \(String(format: "%.2f", x / 1e3)) | \(String(format: "%.2f", y / 1e3)) | \(String(format: "%.2f", y / x)) |\(sink.isNaN ? " " : "")")
}
