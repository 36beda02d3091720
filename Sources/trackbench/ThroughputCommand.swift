import ArgumentParser
import Foundation
import Harness
import TrackCore

struct ThroughputCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "throughput",
    abstract: "Time one kernel on a synthetic run: a strategy, haversine-sum or synthesis (median of repetitions).")

  @Option(help: "A strategy (e.g. 'kalman(q: 0.5)'), 'haversine-sum' or 'synthesis'.")
  var strategy: String

  @Option(help: "Fixes in the synthetic run (1000-50000000).")
  var fixes: Int = 1_000_000

  @Option(help: "Timed repetitions after one warm-up.")
  var repetitions: Int = 7

  @Option(help: "json or text.")
  var format: String = "text"

  @Option(help: "Also write the input fixes to this file as packed float64 (time, east, north, accuracy), for timing other tools on the same data.")
  var exportFixes: String?

  @Option(help: "Run on these packed float64 fixes (time, east, north, accuracy) instead of the synthetic run.")
  var inputFixes: String?

  @Option(help: "Write what the strategy recorded to this file, packed as --export-fixes.")
  var outputFixes: String?

  func run() async throws {
    try await InputFailure.guarding {
      guard (1000...50_000_000).contains(fixes) || inputFixes != nil else {
        throw InputFailure(message: "--fixes: expected 1000 to 50000000, found \(fixes)")
      }
      guard (1...1000).contains(repetitions) else {
        throw InputFailure(message: "--repetitions: expected 1 to 1000, found \(repetitions)")
      }
      guard format == "json" || format == "text" else {
        throw InputFailure(message: "--format: expected json or text, found '\(format)'")
      }
      let kernel = try Throughput.Kernel(parsing: strategy)
      var input: [LocalFix]?
      if let inputFixes {
        guard let data = FileManager.default.contents(atPath: inputFixes) else {
          throw InputFailure(message: "\(inputFixes): cannot read the input fixes")
        }
        do { input = try Throughput.unpack(data) } catch let error as PackedFixesError { throw InputFailure(message: "\(inputFixes): \(error.reason)") }
      }
      let fixesUsed = try input ?? (exportFixes == nil ? nil : Throughput.syntheticFixes(fixes))
      if let exportFixes, let fixesUsed {
        try Throughput.packed(fixesUsed).write(to: URL(fileURLWithPath: exportFixes), options: .atomic)
      }
      var recorded: [LocalFix] = []
      let m = try Throughput.measure(kernel, fixes: fixes, repetitions: repetitions, input: fixesUsed, output: &recorded)
      if let outputFixes {
        try Throughput.packed(recorded).write(to: URL(fileURLWithPath: outputFixes), options: .atomic)
      }
      if format == "json" {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        print(String(decoding: try encoder.encode(m), as: UTF8.self))
      } else {
        let millions = (m.fixesPerSecond / 1e4).rounded() / 100
        print("\(m.strategy): \(millions) M fixes/s (\(m.fixes) fixes, median of \(m.repetitions), \(m.build) build)")
      }
    }
  }
}
