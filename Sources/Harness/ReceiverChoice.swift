import Simulation

/// A receiver chosen by name on the command line: a bundled preset (`--preset`) or a receiver
/// population (`--population`, bundled or a file).
public enum ReceiverChoice {
  /// The preset named `name`.
  /// - Throws: ``OptionError`` listing the presets.
  public static func preset(_ name: String) throws(OptionError) -> ReceiverPreset {
    guard let found = ReceiverPreset.named(name) else {
      throw OptionError("--preset: expected one of \(ReceiverPreset.all.map(\.name).joined(separator: ", ")), found '\(name)'")
    }
    return found
  }

  /// The receiver `--population` or `--preset` names, with how reports name it (`the population
  /// phones-urban`), or nil when neither is given.
  /// - Throws: ``OptionError`` for an unknown preset, the population's ``SpecError``.
  public static func given(population: String?, preset: String?) throws -> (spec: ReceiverSpec, name: String)? {
    if let population { return (try ReceiverPopulation.receiver(named: population, field: "--population"), "the population \(population)") }
    if let preset { return (try Self.preset(preset).receiver(), "the preset \(preset)") }
    return nil
  }
}
