import ArgumentParser
import Filtering

struct StrategiesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "strategies", abstract: "List every strategy with its parameters (name, unit, default, range).")

  func run() {
    print("Strategies (combine them with |, e.g. 'speed-gate(12) | kalman(q: 0.5) | distance-filter(3)'):")
    for descriptor in Strategy.catalogue {
      print("\(descriptor.name)\(descriptor.isStreaming ? "" : " (offline)"): \(descriptor.summary)")
      for p in descriptor.parameters {
        let kind = p.isInteger ? "integer" : "real"
        print("    \(p.name) [\(p.unit)] default \(format(p.defaultValue)), \(kind) \(format(p.minimum))...\(format(p.maximum)): \(p.summary)")
      }
    }
  }

  private func format(_ v: Double) -> String { v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
