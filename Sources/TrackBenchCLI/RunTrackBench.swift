import Filtering
import Foundation

/// Runs the `trackbench` command line: registers `strategies` (your own filters), then parses the
/// arguments and runs the command. A package gets the whole CLI with its filters in a three-line
/// `main.swift`:
///
///     import TrackBenchCLI
///     import MyFilters
///     await runTrackBench(registering: [.filter(AlphaBetaFilter.self)])
///
/// A strategy that cannot be registered (a taken name) is one `error:` line, exit 2.
public func runTrackBench(registering strategies: [StrategyDescriptor] = [], arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
  for descriptor in strategies {
    do { try Strategy.register(descriptor) } catch {
      ErrorText.print("\(error)")
      exit(2)
    }
  }
  await TrackBenchCommand.runMain(arguments)
}
