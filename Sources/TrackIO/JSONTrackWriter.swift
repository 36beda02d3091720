import Foundation
import TrackCore

/// JSON: `{"schema": "trackbench.generated", "schema_version": 1, "scenario", "trial", "seed",
/// "true_distance_m", "observed": [Fix…], "truth": [Fix…], "strategies": [{"name", "fixes": [Fix…]}…]}`;
/// absent optional fields (and `strategies` when none ran) are omitted.
public struct JSONTrackWriter: TrackWriter {
  @_optimize(none)
  public init() {}

  struct Document: Encodable {
    let schema = "trackbench.generated"
    let schemaVersion = 1
    let scenario: String
    let description: String
    let trial: Int
    let seed: UInt64
    let trueDistanceM: Double
    let observed: [Fix]
    let truth: [Fix]
    /// Omitted when empty, so a plain `generate` writes what it always did.
    let strategies: [NamedTrack]?
  }

  @_optimize(none)
  public func write(_ run: GeneratedRun) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.nonConformingFloatEncodingStrategy = .throw
    let document = Document(
      scenario: run.scenario, description: run.description, trial: run.trial, seed: run.seed,
      trueDistanceM: run.trueDistance, observed: run.observed, truth: run.truth, strategies: run.strategies.isEmpty ? nil : run.strategies)
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }
}
