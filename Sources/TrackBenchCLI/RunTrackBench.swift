import Evaluation
import Filtering
import Foundation

/// Runs the `trackbench` command line: registers `strategies` (your own filters) and `metrics` (your own
/// metrics, Sources/TrackBench/TrackBench.docc/YourMetric.md), then parses the arguments and runs the command. A package gets the
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
  keepFreedMemory()
  let finished = DispatchSemaphore(value: 0)
  Task.detached { await TrackBenchCommand.runMain(arguments) }
  finished.wait()  // runMain ends the process; nothing signals this.
  fatalError("unreachable: the command exits the process")
}

/// Keeps memory the process frees for its next allocation. A cell allocates and frees the same large
/// arrays (a run's fixes, a megabyte for a marathon) again and again; by default glibc gives a worker
/// thread's freed top of heap back to the kernel (madvise) and every reuse faults its pages in again,
/// a tenth of a suite run's CPU spent in the kernel. A command is one short batch, so holding up to
/// 256 MiB of freed memory until it exits costs nothing and the kernel time goes (0.2-0.6 s → 0.01-0.06 s
/// of system CPU for `run --trials 100 --threads 1`).
private func keepFreedMemory() {
  // mallopt is in <malloc.h>, which Swift's Glibc module leaves out; it is looked up by name, so a C
  // library without it (musl) is simply left as it is. Parameter numbers from glibc's <malloc.h>.
  #if os(Linux)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
    guard let symbol = dlsym(nil, "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(trimThreshold, 256 << 20)
    _ = mallopt(mmapThreshold, 32 << 20)
  #endif
}
