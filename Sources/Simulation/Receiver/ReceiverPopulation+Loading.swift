import Foundation
import Synchronization
import Yams

extension ReceiverPopulation {
  /// The populations shipped with TrackBench, as `calibrate --population` wrote them (see
  /// `populations/` and `docs/realism.md`).
  public static var bundled: [(name: String, yaml: String)] { BundledPopulations.all }
  /// Bundled populations' earlier names, still read: `snapshot-receivers` is `low-cost-l1` (renamed when
  /// it became the low-cost population issue #26 names).
  static let formerNames = ["snapshot-receivers": "low-cost-l1"]

  /// The populations this process has read and checked, by their text: the standard suite names three
  /// populations in thirteen scenarios, and checking one (decoding it, then its receiver keys) cost a
  /// tenth of a whole `run --format json` at 4 trials. Only a population that passed is kept, so a
  /// faulty one is reported each time as before; its document is still composed afresh each time.
  private static let checked = Mutex<[String: ReceiverPopulation]>([:])

  /// The population named `reference`: a bundled name, or a YAML file (beside `specFile`, the file that
  /// names it; `-`: the working directory).
  /// - Throws: ``SpecError`` naming `field` (and the file's line and field inside it) when there is no
  ///   such population or its file is malformed, empty or out of range.
  @_optimize(none)
  public static func load(_ reference: String, besideSpec specFile: String = "-", field: String = "population") throws -> (node: Node, population: ReceiverPopulation) {
    let text: String
    let place: String
    if let shipped = bundled.first(where: { $0.name == (formerNames[reference] ?? reference) }) {
      text = shipped.yaml
      place = "the bundled population '\(reference)'"
    } else {
      let path = resolvedPath(reference, besideSpec: specFile)
      var status = stat()
      guard stat(path, &status) == 0 else {
        throw SpecError(
          field: field,
          expected: bundled.isEmpty
            ? "a population file (none is bundled yet)" : "a bundled population (\(bundled.map(\.name).joined(separator: ", "))) or a population file",
          found: "'\(reference)': no such population or file")
      }
      do {
        text = try ScenarioLoader.specText(path, kind: "population")
      } catch {
        throw SpecError(field: field, expected: error.expected, found: "'\(path)': \(error.found ?? "")")
      }
      place = path
    }
    // From here on a fault is in the population's own document: reported at its file, line and column.
    let node: Node
    do {
      guard let composed = try Yams.compose(yaml: text), case .mapping(let top) = composed else {
        throw SpecError(file: place, field: "", line: nil, column: nil, expected: "a population mapping (name, sources, parameters)", found: "an empty file or not a mapping")
      }
      if case .mapping(let receiver)? = top["receiver"], let nested = receiver.first(where: { $0.key.string == "population" }) {
        throw SpecError(
          file: place, field: "receiver.population", line: nested.key.mark?.line, column: nested.key.mark?.column,
          expected: "the receiver keys the population's devices share (a population does not name another)", found: "a population")
      }
      node = composed
    } catch let error as YamlError {
      let located = ScenarioLoader.syntaxError(error, file: place)
      throw SpecError(file: place, field: located.field, line: located.line, column: located.column, expected: located.expected, found: located.found)
    }
    if let population = checked.withLock({ $0[text] }) { return (node, population) }
    let population: ReceiverPopulation
    do {
      population = try YAMLDecoder().decode(ReceiverPopulation.self, from: node)
      // Its shared receiver keys are checked here, on its own document, not once merged into a scenario's
      // receiver (where a fault would be reported at the scenario's name with this file's line).
      do { _ = try receiver(from: node) } catch var error as SpecError {
        error.field = "receiver." + error.field
        throw error
      } catch let error as DecodingError {
        let located = ScenarioLoader.decodingError(error, file: place, root: merged(Node.Mapping([]), population: node))
        throw SpecError(field: "receiver." + located.field, line: located.line, column: located.column, expected: located.expected, found: located.found)
      }
      checked.withLock { $0[text] = population }
      return (node, population)
    } catch let error as SpecError {
      // The decoder marks the mapping it was in; the field's own node is more precise when it can be found.
      let mark = ScenarioLoader.node(at: error.field, in: node)?.mark
      throw SpecError(
        file: place, field: error.field, line: mark?.line ?? error.line, column: mark?.column ?? error.column, expected: error.expected, found: error.found)
    } catch let error as DecodingError {
      let located = ScenarioLoader.decodingError(error, file: place, root: node)
      throw SpecError(file: place, field: located.field, line: located.line, column: located.column, expected: located.expected, found: located.found)
    }
  }

  /// `receiver` with its `population` key replaced by the population's mapping and its `receiver`
  /// keys laid under the others (as a preset's are); `nil` when it names no population.
  @_optimize(none)
  static func expand(_ receiver: Node, scenarioFile: String) throws -> Node? {
    guard case .mapping(let mapping) = receiver, let node = mapping["population"] else { return nil }
    guard case .scalar(let scalar) = node else {
      // An inline population mapping is decoded as it stands.
      return nil
    }
    let loaded: Node
    do {
      loaded = try load(scalar.string, besideSpec: scenarioFile, field: "receiver.population").node
    } catch var error as SpecError where error.file == nil {
      error.line = node.mark?.line
      error.column = node.mark?.column
      throw error
    }
    return merged(mapping, population: loaded)
  }

  /// The receiver mapping `mapping` with `population` in place of its `population` key, over the
  /// population's shared `receiver` keys.
  @_optimize(none)
  static func merged(_ mapping: Node.Mapping, population: Node) -> Node {
    var mapping = mapping
    mapping["population"] = population
    guard case .mapping(let populationMapping) = population, let base = populationMapping["receiver"] else { return .mapping(mapping) }
    return ReceiverPreset.merge(base, over: .mapping(mapping))
  }
}

extension ReceiverPopulation {
  /// The receiver a scenario with `receiver: { population: FILE }` gets from a population file's text.
  @_optimize(none)
  public static func receiver(fromYAML text: String) throws -> ReceiverSpec {
    try receiver(from: try Yams.compose(yaml: text) ?? .mapping([:]))
  }

  @_optimize(none)
  private static func receiver(from population: Node) throws -> ReceiverSpec {
    try YAMLDecoder().decode(ReceiverSpec.self, from: merged(Node.Mapping([]), population: population))
  }

  /// The receiver a scenario with `receiver: { population: reference }` gets: a bundled name or a file
  /// (relative to the working directory).
  /// - Throws: ``SpecError`` naming `field`, as ``load(_:besideSpec:field:)`` does.
  @_optimize(none)
  public static func receiver(named reference: String, field: String) throws -> ReceiverSpec {
    let node = try load(reference, field: field).node
    do {
      return try receiver(from: node)
    } catch let error as SpecError where error.file == nil {
      throw SpecError(field: field, expected: "\(error.field): \(error.expected)", found: "'\(reference)': \(error.found ?? "")")
    }
  }
}
