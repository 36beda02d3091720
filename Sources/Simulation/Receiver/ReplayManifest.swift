import Foundation
import TrackCore
import Yams

/// A list of recordings to replay, each with its own truth if it has one (`replay --manifest`,
/// `baseline record --replay --manifest`):
///
/// ```yaml
/// recordings:
///   - { file: monday.gpx }                                       # no truth: what it tells by itself
///   - { file: drive.nmea, truth: span.nmea }                     # a reference receiver
///   - { file: standing.txt, static_at: "37.422578,-122.081678" } # a fixed point (or "mean")
/// ```
/// Paths are relative to the manifest. The same entries as a population manifest's, the truth optional.
public struct ReplayManifest: Sendable, Decodable {
  public var recordings: [Entry]

  public struct Entry: Sendable, Decodable {
    /// The recording, relative to the working directory once loaded.
    public var file: String
    /// A reference recording whose epochs, paired by UTC time, are the truth.
    public var truth: String?
    /// `LAT,LON` or `mean`: the receiver stood still there.
    public var staticAt: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case file, truth, static_at }
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
      file = try c.value(.file, expected: "the recording's file") { !$0.isEmpty }
      truth = try c.decodeIfPresent(String.self, forKey: .truth)
      staticAt = try c.decodeIfPresent(String.self, forKey: .static_at)
      if let staticAt, staticAt != "mean", GeodeticPosition(degrees: staticAt) == nil {
        let at = try c.superDecoder(forKey: .static_at)
        throw SpecError(
          field: fieldPath(at.codingPath), line: at.mark?.line, column: at.mark?.column,
          expected: "LAT,LON in degrees (e.g. 37.4265,-122.1737) or 'mean'", found: QuotedText.quoted(staticAt))
      }
      if truth != nil, staticAt != nil {
        throw decoder.specError(expected: "one truth: truth (a reference recording) or static_at (LAT,LON or mean)", found: "both")
      }
    }
  }

  /// A transfer or population manifest's name, read so the same file serves `replay --manifest`.
  public var name: String?

  /// `name` and `receiver` are a transfer or population manifest's (``PopulationManifest``): the same
  /// file replays as it is; the receiver is checked and unused (a replay simulates nothing).
  enum CodingKeys: String, CodingKey, CaseIterable { case name, receiver, recordings }
  @_optimize(none)
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    name = try c.decodeIfPresent(String.self, forKey: .name)
    _ = try c.decodeIfPresent(ReceiverSpec.self, forKey: .receiver)
    recordings = try c.value(.recordings, expected: "a list of recordings ({ file, truth or static_at })")
    guard !recordings.isEmpty else {
      let list = try c.superDecoder(forKey: .recordings)
      throw SpecError(field: "recordings", line: list.mark?.line, column: list.mark?.column, expected: "at least one recording", found: "none")
    }
  }

  /// The manifest at `path`, its paths made relative to the working directory.
  /// - Throws: ``ScenarioFileError`` naming the file, line and field.
  @_optimize(none)
  public static func load(_ path: String) throws -> ReplayManifest {
    var manifest: ReplayManifest = try ScenarioLoader.manifest(path, kind: "replay manifest", shape: "a manifest mapping (recordings)").value
    for i in manifest.recordings.indices {
      manifest.recordings[i].file = resolvedPath(manifest.recordings[i].file, besideSpec: path)
      manifest.recordings[i].truth = manifest.recordings[i].truth.map { resolvedPath($0, besideSpec: path) }
    }
    return manifest
  }
}
