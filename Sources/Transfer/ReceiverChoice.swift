import Harness
import Realism
import Simulation
import TrackCore

/// A receiver chosen by name on the command line: a bundled preset (`--preset`) or a receiver
/// population (`--population`, bundled or a file).
public enum ReceiverChoice {
  /// The preset named `name`.
  /// - Throws: ``OptionError`` listing the presets.
  @_optimize(none)
  public static func preset(_ name: String) throws(OptionError) -> ReceiverPreset {
    guard let found = ReceiverPreset.named(name) else {
      throw OptionError("--preset: expected one of \(ReceiverPreset.all.map(\.name).joined(separator: ", ")), found '\(name)'")
    }
    return found
  }

  /// The receiver `--population` or `--preset` names, with how reports name it (`the population
  /// phones-urban`), or nil when neither is given.
  /// - Throws: ``OptionError`` for an unknown preset, the population's ``SpecError``.
  @_optimize(none)
  public static func given(population: String?, preset: String?) throws -> (spec: ReceiverSpec, name: String)? {
    if let population { return (try ReceiverPopulation.receiver(named: population, field: "--population"), "the population \(population)") }
    if let preset { return (try Self.preset(preset).receiver(), "the preset \(preset)") }
    return nil
  }

  /// `realism`'s receivers to compare with recordings: receiver presets and populations (comma-separated
  /// names, bundled or files) and the receiver and noise of each scenario file under `scenarios`.
  /// - Throws: ``OptionError`` when nothing is named or a name is unknown; what loading a scenario throws.
  @_optimize(none)
  public static func compared(presets: String?, scenarios: [String], populations: String?) throws -> RealismComparison {
    var receivers: [(name: String, receiver: ReceiverSpec, noise: [NoiseStage])] = []
    // Each receiver once: the same one twice would be compared twice, under one name.
    for (option, list) in [("--preset", presets), ("--population", populations)] {
      var seen = Set<String>()
      if let twice = names(list).first(where: { !seen.insert($0).inserted }) {
        throw OptionError("\(option): \(QuotedText.quoted(twice)) is given twice; expected each name once")
      }
    }
    for name in names(presets) {
      let preset = try preset(name)
      receivers.append((preset.name, try preset.receiver(), []))
    }
    // No scenario named: none (load(paths: []) would read the working directory's scenarios/).
    for scenario in scenarios.isEmpty ? [] : try ScenarioDiscovery.load(paths: scenarios) {
      receivers.append((scenario.name, scenario.receiver, scenario.noise))
    }
    var placed: [(name: String, receiver: ReceiverSpec)] = []
    for name in names(populations) {
      placed.append((name, try ReceiverPopulation.receiver(named: name, field: "--population")))
    }
    guard !receivers.isEmpty || !placed.isEmpty else {
      throw OptionError("expected --preset NAMES, --population NAMES or scenario files to compare, found none")
    }
    return RealismComparison(receivers: receivers, populations: placed)
  }

  /// The comma-separated names of `list`.
  @_optimize(none)
  private static func names(_ list: String?) -> [String] {
    (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
