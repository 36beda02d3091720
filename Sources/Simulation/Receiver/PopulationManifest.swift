import Foundation
import TrackCore
import Yams

/// The recipe of a population: its name, the recordings to fit (each with its truth), and the receiver
/// parts every device shares that no recording tells (e.g. Doppler noise), which are assumptions:
///
/// ```yaml
/// name: phones-open-sky
/// receiver: { doppler: { speed_sigma_mps: 0.1 } }
/// recordings:
///   - { file: drive.nmea, truth: span.nmea }
///   - { file: standing.txt, static_at: "37.422578,-122.081678" }
/// ```
/// Paths are relative to the manifest.
public struct PopulationManifest: Sendable, Decodable {
  public var name: String
  /// `receiver:` keys as YAML flow lines (`doppler: { … }`), copied into the population as written.
  public var receiverLines: [String] = []
  public var recordings: [Recording]

  public struct Recording: Sendable, Decodable {
    public var file: String
    /// The recording and its truth as the manifest names them (relative to the manifest).
    public var source: String = ""
    public var truth: String?
    /// `LAT,LON` or `mean`.
    public var staticAt: String?

    /// A replay manifest's entry (``ReplayManifest/Entry``), whose truth is required here.
    public init(from decoder: any Decoder) throws {
      let entry = try ReplayManifest.Entry(from: decoder)
      guard entry.truth != nil || entry.staticAt != nil else {
        throw decoder.specError(expected: "one truth: truth (a reference recording) or static_at (LAT,LON or mean)", found: "neither")
      }
      file = entry.file
      truth = entry.truth
      staticAt = entry.staticAt
    }
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case name, receiver, recordings }
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try c.value(.name, expected: "the population's name (letters, digits and dashes)") {
      !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
    recordings = try c.value(.recordings, expected: "a list of recordings")
    guard !recordings.isEmpty else {
      let list = try c.superDecoder(forKey: .recordings)
      throw SpecError(field: "recordings", line: list.mark?.line, column: list.mark?.column, expected: "at least one recording", found: "none")
    }
    _ = try c.decodeIfPresent(ReceiverSpec.self, forKey: .receiver)  // checked here, copied as text below
  }

  /// A node in YAML flow style on one line.
  static func flow(_ node: Node) -> String {
    switch node {
    case .scalar(let scalar): return scalar.string
    case .mapping(let mapping): return "{ " + mapping.map { "\($0.key.string ?? ""): \(flow($0.value))" }.joined(separator: ", ") + " }"
    case .sequence(let sequence): return "[" + sequence.map(flow).joined(separator: ", ") + "]"
    case .alias: return ""
    }
  }

  /// The manifest at `path`, its paths made relative to the working directory.
  /// - Throws: ``ScenarioFileError`` naming the file, line and field.
  /// - Parameter minimumRecordings: how many recordings the use needs: a population is fitted to at
  ///   least 2 (`calibrate --population`); a transfer check with a given receiver judges even one.
  public static func load(_ path: String, minimumRecordings: Int = 1) throws -> PopulationManifest {
    let loaded: (value: PopulationManifest, root: Node) = try ScenarioLoader.manifest(
      path, kind: "population manifest", shape: "a manifest mapping (name, recordings)")
    var manifest = loaded.value
    let root = loaded.root
    if manifest.recordings.count < minimumRecordings {
      var mark: Mark?
      if case .mapping(let top) = root { mark = top["recordings"]?.mark }
      throw ScenarioFileError(
        file: path, line: mark?.line, column: mark?.column, field: "recordings",
        expected: "a list of at least \(minimumRecordings) recordings to fit a population", found: "\(manifest.recordings.count)")
    }
    if case .mapping(let top) = root, case .mapping(let receiver)? = top["receiver"] {
      manifest.receiverLines = receiver.map { key, value in "\(key.string ?? ""): \(flow(value))" }
    }
    func relative(_ file: String) -> String { resolvedPath(file, besideSpec: path) }
    for i in manifest.recordings.indices {
      let entry = manifest.recordings[i]
      manifest.recordings[i].source = entry.file + (entry.truth.map { " (truth: \($0))" } ?? " (standing at \(entry.staticAt ?? ""))")
      manifest.recordings[i].file = relative(manifest.recordings[i].file)
      manifest.recordings[i].truth = manifest.recordings[i].truth.map(relative)
    }
    return manifest
  }
}
