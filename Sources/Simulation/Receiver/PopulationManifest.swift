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
///
/// In place of recordings, a manifest may list published statistics of recordings that cannot be
/// shared (`statistics:`, see ``Published``): each is fitted along a motion like its recording's.
public struct PopulationManifest: Sendable, Decodable {
  public var name: String
  /// `receiver:` keys as YAML flow lines (`doppler: { … }`), copied into the population as written.
  public var receiverLines: [String] = []
  /// The recordings to fit; empty when the manifest lists ``statistics``.
  public var recordings: [Recording]
  /// Published statistics to fit; empty when the manifest lists ``recordings``.
  public var statistics: [Published] = []

  /// The statistics of a recording that is not here, as `trackbench realism` names them, with what its
  /// motion was: `{ source: "…", seconds: 867, speed_mps: 18, stops: false, values: { error_sd_east_m:
  /// 3.655, … } }`; a statistic the recording gives no value for is left out.
  public struct Published: Sendable, Decodable {
    /// Which recording, and where its figures come from.
    public var source: String
    /// Seconds the recording lasted.
    public var seconds: Int
    /// Its median true speed, m/s.
    public var speed: Double
    /// Whether its truth stood still for stretches (red lights).
    public var stops: Bool
    /// Statistic name to value.
    public var values: [String: Double]
    /// What replay of the recording against its truth said, where published: a live strategy's catalogue
    /// name (default parameters) to its rank by the verdict's default objective (1 = best; ties share
    /// the better rank). A population is judged by whether its verdict's pick ranks well here.
    public var ranks: [String: Int]
    /// Every strategy of real rank up to this is in ``ranks`` (0: nothing said of the others), so a pick
    /// missing from ``ranks`` ranks below it.
    public var ranksCompleteTo: Int
    /// The run it was recorded on where several receivers were carried together (one car): entries of
    /// one drive share its motion and streets, so the check of a population leaves them out together.
    /// `nil`: recorded apart from every other entry.
    public var drive: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case source, seconds, speed_mps, stops, values, ranks, ranks_complete_to, drive }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      source = try c.value(.source, expected: "the recording's name and where its figures come from") { !$0.isEmpty }
      seconds = try c.value(.seconds, expected: "the recording's length, 30 to 86400 seconds") { (30...86_400).contains($0) }
      speed = try c.value(.speed_mps, expected: "its median true speed, 0 to 100 m/s") { (0...100).contains($0) }
      stops = try c.value(.stops, expected: "true or false: whether its truth stood still for stretches")
      // Each value by name, checked here so an error names its line and column.
      let mapping = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .values)
      var values: [String: Double] = [:]
      let names = ErrorStatisticRanges.all.map(\.name)
      for key in mapping.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        let node = try mapping.superDecoder(forKey: key)
        guard let range = ErrorStatisticRanges.all.first(where: { $0.name == key.stringValue })?.range else {
          throw SpecError(
            field: fieldPath(mapping.codingPath + [key]), line: node.mark?.line, column: node.mark?.column,
            expected: "a statistic trackbench realism measures (\(names.joined(separator: ", ")))", found: "'\(key.stringValue)'")
        }
        values[key.stringValue] = try mapping.value(key, expected: "a number from \(range.lowerBound) to \(range.upperBound)") { range.contains($0) }
      }
      // A row without a figure fits nothing: refused, so no population is fitted to nothing.
      guard !values.isEmpty else {
        let node = try c.superDecoder(forKey: .values)
        throw SpecError(
          field: fieldPath(mapping.codingPath), line: node.mark?.line, column: node.mark?.column,
          expected: "at least one statistic trackbench realism measures (\(names.joined(separator: ", ")))", found: "none")
      }
      self.values = values
      var ranks: [String: Int] = [:]
      if c.contains(.ranks) {
        let list = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .ranks)
        for key in list.allKeys {
          ranks[key.stringValue] = try list.value(key, expected: "a rank from 1 to 1000") { (1...1000).contains($0) }
        }
      }
      self.ranks = ranks
      ranksCompleteTo = try c.value(.ranks_complete_to, default: 0, expected: "a rank from 0 to 1000 up to which ranks lists every strategy") {
        (0...1000).contains($0)
      }
      drive = c.contains(.drive) ? try c.value(.drive, expected: "the name of the run it was recorded on with the others of that name") { !$0.isEmpty } : nil
    }
  }

  public struct Recording: Sendable, Decodable {
    public var file: String
    /// The recording and its truth as the manifest names them (relative to the manifest).
    public var source: String = ""
    public var truth: String?
    /// `LAT,LON` or `mean`.
    public var staticAt: String?

    /// A replay manifest's entry (``ReplayManifest/Entry``), whose truth is required here.
    @_optimize(none)
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

  /// Most entries of ``statistics`` (each is fitted by simulation, about 2 s on 2 cores).
  public static let maximumStatistics = 100

  enum CodingKeys: String, CodingKey, CaseIterable { case name, receiver, recordings, statistics }
  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try c.value(.name, expected: "the population's name (letters, digits and dashes)") {
      !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
    guard c.contains(.recordings) != c.contains(.statistics) else {
      throw decoder.specError(expected: "one of recordings (files with their truths) or statistics (published figures)", found: c.contains(.recordings) ? "both" : "neither")
    }
    if c.contains(.statistics) {
      recordings = []
      statistics = try c.value(.statistics, expected: "a list of published statistics ({ source, seconds, speed_mps, stops, values })")
      // Each entry is fitted by simulation (about 2 s here): the list is bounded before any is.
      guard statistics.count <= Self.maximumStatistics else {
        let list = try c.superDecoder(forKey: .statistics)
        throw SpecError(
          field: CodingKeys.statistics.rawValue, line: list.mark?.line, column: list.mark?.column,
          expected: "at most \(Self.maximumStatistics) entries", found: "\(statistics.count)")
      }
    } else {
      recordings = try c.value(.recordings, expected: "a list of recordings")
    }
    guard !recordings.isEmpty || !statistics.isEmpty else {
      let key: CodingKeys = c.contains(.statistics) ? .statistics : .recordings
      let list = try c.superDecoder(forKey: key)
      throw SpecError(field: key.rawValue, line: list.mark?.line, column: list.mark?.column, expected: "at least one entry", found: "none")
    }
    _ = try c.decodeIfPresent(ReceiverSpec.self, forKey: .receiver)  // checked here, copied as text below
  }

  /// A node in YAML flow style on one line.
  @_optimize(none)
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
  @_optimize(none)
  public static func load(_ path: String, minimumRecordings: Int = 1) throws -> PopulationManifest {
    let loaded: (value: PopulationManifest, root: Node) = try ScenarioLoader.manifest(
      path, kind: "population manifest", shape: "a manifest mapping (name, recordings)")
    var manifest = loaded.value
    let root = loaded.root
    let key = manifest.statistics.isEmpty ? "recordings" : "statistics"
    if max(manifest.recordings.count, manifest.statistics.count) < minimumRecordings {
      var mark: Mark?
      if case .mapping(let top) = root { mark = top[key]?.mark }
      throw ScenarioFileError(
        file: path, line: mark?.line, column: mark?.column, field: key,
        expected: "a list of at least \(minimumRecordings) \(key == "recordings" ? "recordings" : "entries") to fit a population",
        found: "\(max(manifest.recordings.count, manifest.statistics.count))")
    }
    if case .mapping(let top) = root, case .mapping(let receiver)? = top["receiver"] {
      manifest.receiverLines = receiver.map { key, value in "\(key.string ?? ""): \(flow(value))" }
    }
    @_optimize(none)
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
