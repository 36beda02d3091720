import ArgumentParser
import Filtering
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
      try OutputDestination(nil).write(text)
    }
  }
}
