import Foundation
import Yams
import TrackCore

/// A scenario file that cannot be used: names the file, the line and field where known, and what was
/// expected. `description` is the one-line message the CLI prints.
public struct ScenarioFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var column: Int?
  /// Field path, e.g. `noise[1].gauss_markov.tau_s`; empty for whole-file problems.
  public var field: String
  public var expected: String
  public var found: String?

  @_optimize(none)
  public init(file: String, line: Int? = nil, column: Int? = nil, field: String, expected: String, found: String? = nil) {
    self.file = file; self.line = line; self.column = column; self.field = field
    self.expected = expected; self.found = found
  }

  public var description: String {
    var place = file
    if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
    let what = field.isEmpty ? "" : "\(field): "
    return "\(place): \(what)expected \(expected)" + (found.map { ", found \($0)" } ?? "")
  }
}

/// Reads scenario files: YAML → ``Scenario``, checked through to a buildable ``ScenarioEngine``.
public enum ScenarioLoader {
  /// Files larger than this are refused before reading (a scenario is a few kilobytes).
  public static let maximumFileBytes = 1 << 20

  /// The path that names standard input.
  public static let standardInput = "-"

  /// Loads and validates one scenario file (`-`: standard input). A file's scenario `name` must be its
  /// file name without `.yaml`/`.yml`, so a name in a report leads to its file.
  /// - Throws: ``ScenarioFileError``.
  @_optimize(none)
  public static func load(file path: String) throws(ScenarioFileError) -> Scenario {
    try load(file: path, as: Scenario.self)
  }

  /// The same, decoding the file as `Contents`: the scenario with what a layer above reads from it.
  @_optimize(none)
  public static func load<Contents: ScenarioFileContents>(file path: String, as type: Contents.Type) throws(ScenarioFileError) -> Contents {
    try load(text: try specText(path, kind: "scenario"), file: path, as: type)
  }

  /// The same for a scenario's text held in memory (the bundled suite), `file` naming it in errors and
  /// giving the name it must have.
  @_optimize(none)
  public static func load<Contents: ScenarioFileContents>(text: String, file path: String, as _: Contents.Type) throws(ScenarioFileError) -> Contents {
    let contents = try parse(text, file: path, as: Contents.self)
    let scenario = contents.scenario
    if path != standardInput {
      let fileName = (path as NSString).lastPathComponent
      let stem = fileName.hasSuffix(".yaml") || fileName.hasSuffix(".yml") ? (fileName as NSString).deletingPathExtension : fileName
      guard scenario.name == stem else {
        let place = location(of: "name", inFile: path)
        throw ScenarioFileError(
          file: path, line: place?.line, column: place?.column, field: "name",
          expected: "'\(stem)', the file's name", found: QuotedText.quoted(scenario.name))
      }
    }
    return contents
  }

  /// A YAML manifest at `path` decoded as `T` (a mapping at the top), with its root node.
  /// - Parameters:
  ///   - kind: what the file is, for errors (`population manifest`).
  ///   - shape: what its top level should be, for errors.
  /// - Throws: ``ScenarioFileError`` naming the file, line and field.
  @_optimize(none)
  static func manifest<T: Decodable>(_ path: String, kind: String, shape: String) throws -> (value: T, root: Node) {
    let text = try specText(path, kind: kind)
    let root: Node
    do {
      guard let node = try Yams.compose(yaml: text), case .mapping = node else {
        throw ScenarioFileError(file: path, field: "", expected: shape, found: "an empty file or not a mapping")
      }
      root = node
    } catch let error as YamlError {
      throw ScenarioFileError(file: path, field: "", expected: "valid YAML", found: "\(error)")
    }
    do {
      return (try YAMLDecoder().decode(T.self, from: root), root)
    } catch let error as SpecError {
      throw ScenarioFileError(file: path, line: error.line, column: error.column, field: error.field, expected: error.expected, found: error.found)
    } catch let error as DecodingError {
      throw decodingError(error, file: path, root: root)
    }
  }

  /// The text of a spec file (a scenario, a population, a population manifest) of at most
  /// ``maximumFileBytes``, `-` for standard input: its size is checked before it is read, and a
  /// directory, device or pipe is refused, so no input's claims size the read.
  /// - Throws: ``ScenarioFileError`` naming the file and what was expected of a `kind`.
  @_optimize(none)
  public static func specText(_ path: String, kind: String) throws(ScenarioFileError) -> String {
    let data: Data
    if path == standardInput {
      data = FileHandle.standardInput.readData(ofLength: maximumFileBytes + 1)
      guard data.count <= maximumFileBytes else {
        throw ScenarioFileError(file: path, field: "", expected: "a \(kind) of at most \(maximumFileBytes) bytes", found: "more")
      }
    } else {
      do {
        data = try InputFile.contents(path, maximumBytes: maximumFileBytes)
      } catch {
        throw ScenarioFileError(file: path, field: "", expected: "a regular \(kind) file of at most \(maximumFileBytes) bytes", found: error.found)
      }
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ScenarioFileError(file: path, field: "", expected: "UTF-8 text", found: "invalid UTF-8")
    }
    return text
  }

  /// Parses scenario YAML; `file` names it in errors.
  /// - Throws: ``ScenarioFileError``.
  @_optimize(none)
  public static func parse(_ text: String, file: String) throws(ScenarioFileError) -> Scenario {
    try parse(text, file: file, as: Scenario.self)
  }

  /// The same, decoding the text as `Contents`.
  @_optimize(none)
  public static func parse<Contents: ScenarioFileContents>(_ text: String, file: String, as _: Contents.Type) throws(ScenarioFileError) -> Contents {
    var root: Node
    do {
      guard let node = try Yams.compose(yaml: text) else {
        throw ScenarioFileError(file: file, field: "", expected: "a scenario mapping", found: "an empty file")
      }
      root = node
    } catch let error as ScenarioFileError {
      throw error
    } catch let error as YamlError {
      throw syntaxError(error, file: file)
    } catch {
      throw ScenarioFileError(file: file, field: "", expected: "valid YAML", found: "\(error)")
    }
    let contents: Contents
    do {
      var presetName: String?
      if case .mapping(let top) = root, case .mapping(let receiver)? = top["receiver"] { presetName = receiver["preset"]?.scalar?.string }
      if case .mapping(var top) = root, let receiver = top["receiver"], let expanded = try ReceiverPreset.expand(receiver) {
        top["receiver"] = expanded
        root = .mapping(top)
      }
      if case .mapping(var top) = root, let receiver = top["receiver"], let expanded = try ReceiverPopulation.expand(receiver, scenarioFile: file) {
        top["receiver"] = expanded
        root = .mapping(top)
      }
      if case .mapping(var top) = root, top["motion"] != nil {
        try RecordedMotion.expand(&top, scenarioFile: file)
        root = .mapping(top)
      }
      if case .mapping(var top) = root, let route = top["route"], let expanded = try RecordedRoute.expand(route, scenarioFile: file) {
        top["route"] = expanded
        root = .mapping(top)
      }
      var decoded = try YAMLDecoder().decode(Contents.self, from: root)
      decoded.scenario.definition = CanonicalDocument.text(root, leavingOut: ["description", "strategies", "seed", "trials"])
      decoded.scenario.receiverName = decoded.scenario.receiver.population.map { "population \($0.name)" } ?? presetName.map { "preset \($0)" }
      decoded.keep(try ScenarioEngine(decoded.scenario))
      contents = decoded
    } catch let error as SpecError {
      if let other = error.file {
        throw ScenarioFileError(file: other, line: error.line, column: error.column, field: error.field, expected: error.expected, found: error.found)
      }
      let mark = error.line == nil ? node(at: error.field, in: root)?.mark : nil
      throw ScenarioFileError(
        file: file, line: error.line ?? mark?.line, column: error.column ?? mark?.column,
        field: error.field, expected: error.expected, found: error.found)
    } catch let error as DecodingError {
      throw decodingError(error, file: file, root: root)
    } catch {
      throw ScenarioFileError(file: file, field: "", expected: "a valid scenario", found: "\(error)")
    }
    return contents
  }

  @_optimize(none)
  static func syntaxError(_ error: YamlError, file: String) -> ScenarioFileError {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
      return ScenarioFileError(file: file, line: mark.line, column: mark.column, field: "", expected: "valid YAML", found: problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return ScenarioFileError(
        file: file, line: context.mark.line, column: context.mark.column, field: "",
        expected: "each key once in a mapping", found: "\(duplicates.map { "'\($0)'" }.joined(separator: ", ")) more than once")
    case .reader(let problem, let offset, let value, _):
      let place = offset.map { " at byte \($0)" } ?? ""
      return ScenarioFileError(
        file: file, field: "", expected: "printable YAML text",
        found: "\(problem) (character \(value)\(place))")
    default:
      return ScenarioFileError(file: file, field: "", expected: "valid YAML", found: "\(error)")
    }
  }

  @_optimize(none)
  static func decodingError(_ error: DecodingError, file: String, root: Node) -> ScenarioFileError {
    @_optimize(none)
    func located(_ path: [any CodingKey], expected: String, found: String?) -> ScenarioFileError {
      let field = fieldPath(path)
      let mark = node(at: field, in: root)?.mark
      return ScenarioFileError(
        file: file, line: mark?.line, column: mark?.column, field: field, expected: expected, found: found)
    }
    switch error {
    case .typeMismatch(let type, let context):
      // A document that is not even a mapping may be any file at all: what it is, not what it says.
      let text = context.codingPath.isEmpty ? unquoted(root) : node(at: fieldPath(context.codingPath), in: root).map(describe)
      return located(context.codingPath, expected: typeName(type), found: text)
    case .valueNotFound(let type, let context):
      return located(context.codingPath, expected: typeName(type), found: "nothing")
    case .keyNotFound(let key, let context):
      let parent = fieldPath(context.codingPath)
      let mark = node(at: parent, in: root)?.mark
      let hint = context.debugDescription.hasPrefix("expected ") ? String(context.debugDescription.dropFirst(9)) : "a value"
      return ScenarioFileError(
        file: file, line: mark?.line, column: mark?.column, field: fieldPath(context.codingPath + [key]),
        expected: hint, found: "the field is missing")
    case .dataCorrupted(let context):
      let text = node(at: fieldPath(context.codingPath), in: root).map(describe)
      return located(context.codingPath, expected: "a valid value (\(context.debugDescription))", found: text)
    @unknown default:
      return ScenarioFileError(file: file, field: "", expected: "a valid scenario", found: "\(error)")
    }
  }

  @_optimize(none)
  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type: return "a number"
    case is Int.Type, is UInt64.Type: return "a whole number"
    case is String.Type: return "a text"
    case is Bool.Type: return "true or false"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") || name == "Sequence" { return "a list" }
      if name.hasPrefix("Dictionary") || name == "Mapping" || name.contains("KeyedDecodingContainer") { return "a mapping" }
      if name == "Scalar" { return "a single value" }
      return "a \(name)"
    }
  }

  /// What a node is, without quoting it.
  @_optimize(none)
  private static func unquoted(_ node: Node) -> String {
    if case .scalar(let scalar) = node { return "a text of \(scalar.string.count) characters" }
    return describe(node)
  }

  @_optimize(none)
  private static func describe(_ node: Node) -> String {
    switch node {
    case .scalar(let scalar): return QuotedText.quoted(scalar.string)
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    }
  }

  /// Line and column of a field (`strategies[1]`) in a scenario file, when the file parses.
  @_optimize(none)
  public static func location(of field: String, inFile path: String) -> (line: Int, column: Int)? {
    guard let data = try? InputFile.contents(path, maximumBytes: maximumFileBytes), let text = String(data: data, encoding: .utf8),
      let root = try? Yams.compose(yaml: text), let mark = node(at: field, in: root)?.mark
    else { return nil }
    return (mark.line, mark.column)
  }

  /// The node at a field path like `route.loop.waypoints_m[2]`, for its line.
  @_optimize(none)
  static func node(at field: String, in root: Node) -> Node? {
    var current: Node? = root
    var name = ""
    @_optimize(none)
    func descend() {
      guard !name.isEmpty else { return }
      current = current?.mapping?[name]
      name = ""
    }
    var index = ""
    var inIndex = false
    for character in field {
      switch character {
      // A key may hold dots itself (a population's `error.offset_m`): descend only at a dot that ends a key.
      case "." where !inIndex: if name.isEmpty || current?.mapping?[name] != nil { descend() } else { name.append(character) }
      case "[": descend(); inIndex = true; index = ""
      case "]":
        inIndex = false
        if let i = Int(index), let sequence = current?.sequence, i < sequence.count { current = sequence[i] } else { return current }
      default: if inIndex { index.append(character) } else { name.append(character) }
      }
    }
    descend()
    return current
  }
}

/// What a scenario file decodes to: the scenario Simulation simulates, and whatever a layer above reads
/// from the same mapping (Harness's `ScenarioDocument`: the strategies to compare, the scoring).
public protocol ScenarioFileContents: Decodable, Sendable {
  var scenario: Scenario { get set }
  /// Takes the engine the loader built to check the file, so that a runner need not build it again
  /// (``ScenarioEngine/reusing(_:for:)``). By default it is not kept.
  @_optimize(none)
  mutating func keep(_ engine: ScenarioEngine)
}

extension ScenarioFileContents {
  @_optimize(none)
  public mutating func keep(_ engine: ScenarioEngine) {}
}

extension Scenario: ScenarioFileContents {
  public var scenario: Scenario {
    get { self }
    set { self = newValue }
  }
}
