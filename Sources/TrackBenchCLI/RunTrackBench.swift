import Dispatch
import Evaluation
import Filtering
import Foundation

/// Runs the `trackbench` command line: registers `strategies` (your own filters) and `metrics` (your own
/// metrics, docs/your-metric.md), then parses the arguments and runs the command. A package gets the
/// whole CLI with its filters and metrics in a three-line `main.swift`:
///
///     import TrackBenchCLI
///     import MyFilters
///     runTrackBench(registering: [.filter(AlphaBetaFilter.self)], metrics: [LapMarkError.descriptor])
///
/// A strategy or metric that cannot be registered (a taken name) is one `error:` line, exit 2.
///
/// Synchronous on purpose: the command runs as a task while the main thread waits on a semaphore. An
/// `async` main would leave the main thread in libdispatch's `sigsuspend`, whose read-only signal mask
/// valgrind 3.19 (Debian 12) cannot handle, so `throughput --instructions` could not count us.
public func runTrackBench(
  registering strategies: [StrategyDescriptor] = [], metrics: [MetricDescriptor] = [],
  arguments: [String] = Array(CommandLine.arguments.dropFirst())
) -> Never {
  do {
    for descriptor in strategies { try Strategy.register(descriptor) }
    for descriptor in metrics { try Metric.register(descriptor) }
  } catch {
    ErrorText.print("\(error)")
    exit(2)
  }
  let finished = DispatchSemaphore(value: 0)
  Task.detached { await TrackBenchCommand.runMain(arguments) }
  finished.wait()  // runMain ends the process; nothing signals this.
  fatalError("unreachable: the command exits the process")
}
