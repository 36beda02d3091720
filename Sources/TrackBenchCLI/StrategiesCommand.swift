import ArgumentParser
import Filtering
import Harness
import Reporting
import TrackCore

struct StrategiesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strategies", abstract: "List every strategy with its parameters (name, unit, default, range).")

  func run() async throws {
    try await InputFailure.guarding {
      var text = "Strategies (combine them with |, e.g. 'speed-gate(12) | kalman(q: 0.5) | distance-filter(3)'):\n"
      for descriptor in Strategy.catalogue {
        text += "\(descriptor.name)\(descriptor.isStreaming ? "" : " (offline)"): \(descriptor.summary)\n"
        for p in descriptor.parameters {
          let kind = p.isInteger ? "integer" : "real"
          text += "    \(p.name) [\(p.unit)] default \(Parameter.format(p.defaultValue)), \(kind) "
            + "\(Parameter.format(p.minimum))...\(Parameter.format(p.maximum)): \(p.summary)\n"
        }
      }
      text += "process: A filter in any language, run as a child process over the filter protocol (Sources/TrackBench/TrackBench.docc/YourFilter.md).\n"
      text += "    process(name: LABEL, cmd: \"COMMAND\", format: jsonl|binary, timeout: SECONDS, NAME: VALUE, …): the command runs under /bin/sh -c;\n"
      text += "    name is the label reports show; format jsonl (default) or binary, timeout per run (default 30 s); other numbers are the filter's own parameters\n"
      text += "Check any of them against the filter laws: trackbench laws STRATEGY\n"
      // Each line wraps at the terminal's width, continuing at its own indent plus two.
      var wrapped = ""
      for line in text.split(separator: "\n") {
        let indent = String(line.prefix { $0 == " " })
        let lines = TableRenderer.wrapped(String(line.dropFirst(indent.count)), width: Terminal.columns, indent: indent + "  ")
        wrapped += indent + lines.dropFirst(indent.count + 2)
      }
      try OutputDestination(nil).write(wrapped)
    }
  }
}
