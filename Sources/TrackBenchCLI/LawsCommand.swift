import ArgumentParser
import Filtering
import Harness
import Reporting
import TrackBenchTestSupport

/// `trackbench laws STRATEGY…`: the law-checker `TrackBenchTestSupport` runs in Swift tests, for any
/// strategy text: built-in, registered, a pipeline, or a program in any language (filter or sampling
/// policy). One line per law; exit 1 when a law is broken.
struct LawsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "laws",
    abstract: "Check strategies against the laws every filter obeys (causal, no invented fixes, times increase, …).",
    discussion: """
      Each strategy runs on two reference runs (\(StrategyLaws.runs.joined(separator: "; "))) and prints one \
      line per law: ok, or FAIL with what broke it. Exit 0 when every law holds, 1 when one is broken, 2 \
      for a strategy text that does not parse. A program typed here runs (e.g. 'process(cmd: "java -cp build \
      MyFilter")').
      """)

  @Argument(help: "Strategy texts, e.g. kalman 'speed-gate(12) | ema' 'process(cmd: \"python3 f.py\")'.")
  var strategies: [String]

  func run() async throws {
    try await InputFailure.guarding {
      let parsed = try strategies.map { text in
        do { return try Strategy(parsing: text) } catch { throw InputFailure(message: "\(text): \(error)") }
      }
      var out = ""
      var broken = 0
      for strategy in parsed {
        let results = StrategyLaws.check(strategy)
        let failed = results.filter { !$0.broken.isEmpty }.count
        broken += failed
        out += "\(strategy.description): \(failed == 0 ? "every law holds" : "\(failed) of \(results.count) laws broken")\n"
        let indent = String(repeating: " ", count: 8)
        func line(_ mark: String, _ text: String) {
          out += mark + TableRenderer.wrapped(text, width: max(60, Terminal.columns), indent: indent).dropFirst(indent.count)
        }
        for (law, violations, checked) in results {
          guard let first = violations.first else {
            line(checked ? "  ok    " : "  --    ", checked ? law : "\(law): not checked (the program failed)")
            continue
          }
          // The first violation says what broke; its strategy label says on which run or stage.
          let detail = first.strategy == strategy.description ? first.detail : "\(first.detail) (\(first.strategy.dropFirst(strategy.description.count).trimmingCharacters(in: .whitespaces)))"
          line("  FAIL  ", "\(law): \(detail)")
        }
      }
      try OutputDestination(nil).write(out)
      if broken > 0 { throw ExitCode(1) }
    }
  }
}
