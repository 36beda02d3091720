// What registering a filter from another package costs per fix: TrackBench's own kalman and ema, and
// the same types registered from this package by hand (their loops then compiled here), timed
// alternately in one process on the same synthetic fixes. Release build only:
//   swift run -c release registration-cost [FIXES]
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
