import Foundation
import Simulation
import StandardSuite
import TrackCore
import TrackIO

/// Finds and loads scenario files from the paths given on the command line.
public enum ScenarioDiscovery {
  /// The bundled standard suite, relative to the working directory.
  public static let defaultDirectory = "scenarios"

  /// Expands directories into their `*.yaml`/`*.yml` files (sorted by name), keeps files as given (`-`:
  /// one scenario from standard input), and loads each. Scenario names must be unique.
  /// - Throws: ``ScenarioFileError`` for the first bad path or file.
  @_optimize(none)
  public static func load(paths: [String]) throws(ScenarioFileError) -> [Scenario] {
    try loadFiles(paths: paths).map(\.document.scenario)
  }

  /// Where the bundled suite's scenarios say they come from (``BundledSuite``): `(bundled)/park-loop.yaml`.
  public static let bundledFolder = "(bundled)"

  /// The standard suite inside the binary, each scenario with the file it says it came from.
  @_optimize(none)
  public static func loadBundled() throws(ScenarioFileError) -> [(file: String, document: ScenarioDocument)] {
    try BundledSuite.files.map { entry throws(ScenarioFileError) in
      let file = bundledFolder + "/" + entry.name
      return (file, try ScenarioLoader.load(text: entry.text, file: file, as: ScenarioDocument.self))
    }
  }

  /// Whether `paths` means the suite inside the binary: none given and no `scenarios/` here.
  @_optimize(none)
  public static func usesBundledSuite(_ paths: [String]) -> Bool {
    paths.isEmpty && !FileManager.default.fileExists(atPath: defaultDirectory)
  }

  /// "; park-loop is a scenario of the bundled suite: `trackbench init` writes it to
  /// scenarios/park-loop.yaml" when a missing path names one (outside a checkout, a name from the docs
  /// is the likely slip), else nothing.
  @_optimize(none)
  static func bundledHint(_ path: String) -> String {
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    guard BundledSuite.files.contains(where: { $0.name == name + ".yaml" }) else { return "" }
    return "; \(name) is a scenario of the bundled suite: `trackbench init` writes it to scenarios/\(name).yaml, "
      + "and `trackbench run` runs the whole suite"
  }

  /// As ``load(paths:)``, with the file each scenario came from. No paths and no `scenarios/` folder
  /// in the working directory: the standard suite inside the binary (``BundledSuite``).
  @_optimize(none)
  public static func loadFiles(paths: [String]) throws(ScenarioFileError) -> [(file: String, document: ScenarioDocument)] {
    if usesBundledSuite(paths) { return try loadBundled() }
    var files: [String] = []
    for path in paths.isEmpty ? [defaultDirectory] : paths {
      if path == ScenarioLoader.standardInput {
        files.append(path)
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ScenarioFileError(file: path, field: "", expected: "a scenario file or directory", found: "no such path" + bundledHint(path))
      }
      if isDirectory.boolValue {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let yaml = entries.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        guard !yaml.isEmpty else {
          throw ScenarioFileError(file: path, field: "", expected: "a directory holding *.yaml scenario files", found: "none")
        }
        files += yaml.map { (path as NSString).appendingPathComponent($0) }
      } else {
        files.append(path)
      }
    }
    var scenarios: [(file: String, document: ScenarioDocument)] = []
    var seen: [String: String] = [:]
    for file in files {
      // A recording given where a scenario belongs: say what it is and which command takes it, not
      // that its bytes are not YAML.
      let name = (file as NSString).lastPathComponent.lowercased()
      if name.contains("."), let ext = name.split(separator: ".").last.map(String.init),
        let format = RecordingFormat.catalogue.first(where: { $0.extensions.contains(ext) })
      {
        throw ScenarioFileError(
          file: file, field: "", expected: "a scenario (YAML)", found: "a \(format.title) recording (to score strategies on it: trackbench replay \(file))")
      }
      let document = try ScenarioLoader.load(file: file, as: ScenarioDocument.self)
      let scenario = document.scenario
      if let other = seen[scenario.name] {
        throw ScenarioFileError(
          file: file, field: "name", expected: "a name no other scenario uses", found: "\(QuotedText.quoted(scenario.name)), as in \(other)")
      }
      seen[scenario.name] = file
      scenarios.append((file, document))
    }
    return scenarios
  }

  /// One scenario file (or `-`), not a directory.
  /// - Throws: ``ScenarioFileError``.
  @_optimize(none)
  public static func loadOne(path: String) throws(ScenarioFileError) -> ScenarioDocument {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw ScenarioFileError(file: path, field: "", expected: "a scenario file", found: "a directory")
    }
    return try loadFiles(paths: [path])[0].document
  }
}
