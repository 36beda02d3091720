import Evaluation
import Foundation
import Realism
import Simulation
import TrackCore
import TrackIO

/// Where the truth of a recording comes from: a point it stood at, its own mean position, or a
/// reference receiver's recording (`--static-at`, `--truth`, or a manifest's entry).
public enum TruthChoice: Sendable, Hashable {
  case staticAt(GeodeticPosition), staticAtMean, reference(String)

  /// The truth `staticAt` (`LAT,LON` in degrees, or `mean`) and `truth` (a reference's file) ask for,
  /// checked before any file is read.
  /// - Throws: ``ReplayInputError`` for both or neither, or a point that is not one.
  @_optimize(none)
  public static func chosen(staticAt: String?, truth: String?, for file: String) throws(ReplayInputError) -> TruthChoice {
    switch (staticAt, truth) {
    case (nil, nil): throw ReplayInputError("expected --static-at LAT,LON (or 'mean') or --truth REF: the truth of \(file)")
    case (.some, .some): throw ReplayInputError("--static-at and --truth: expected one of them, found both")
    case (let point?, nil):
      if point == "mean" { return .staticAtMean }
      guard let position = GeodeticPosition(degrees: point) else {
        throw ReplayInputError("--static-at: expected LAT,LON in degrees (e.g. 37.4265,-122.1737) or 'mean', found '\(point)'")
      }
      return .staticAt(position)
    case (nil, let reference?): return .reference(reference)
    }
  }

  /// The reference recording's file, if the truth is one.
  public var file: String? { if case .reference(let path) = self { path } else { nil } }

  /// The error series of `recording` (read from `file`) against this truth; a reference recording
  /// already read is `reference`, else `readTruth` reads it.
  /// - Throws: what `readTruth` throws; ``ReplayInputError`` when a reference has fewer than 10 epochs at
  ///   the recording's times.
  @_optimize(none)
  public func series(
    _ recording: Recording, file: String, reference: Recording? = nil, readTruth: (String) throws -> Recording
  ) throws -> ErrorSeries {
    let series: ErrorSeries
    switch self {
    case .staticAtMean: series = ErrorSeries(recordingAboutItsMean: recording)
    case .staticAt(let point): series = ErrorSeries(recording: recording, staticAt: point)
    case .reference(let path):
      series = ErrorSeries(recording: recording, truth: try reference ?? readTruth(path))
      guard series.count >= 10 else {
        throw ReplayInputError("\(path): expected epochs at the times of \(file) (paired within \(ErrorSeries.pairingTolerance) s), found \(series.count) pairs")
      }
    }
    return series
  }
}

/// A recording to replay and the truth asked for it (none: only what the recording tells by itself).
public struct ReplayEntry: Sendable, Hashable {
  public var file: String
  public var truth: TruthChoice?
  @_optimize(none)
  public init(file: String, truth: TruthChoice?) { self.file = file; self.truth = truth }
}

/// Bad replay input: the message names the file or option and says what was expected.
public struct ReplayInputError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// What `replay` and a baseline of recordings read: the recordings named by files, folders or a manifest,
/// each with its truth, read and checked before any strategy runs.
public enum ReplayInputs {
  /// The recordings named by `files` (a folder stands for the recordings in it, by their extensions, in
  /// name order) with the truth `truth`/`staticAt` give them all, or those of `manifest`
  /// (``ReplayManifest``), each with its own.
  /// - Throws: ``ReplayInputError`` for both or neither, a truth given with a manifest, or an empty folder.
  @_optimize(none)
  public static func entries(files: [String], manifest: String?, truth: String?, staticAt: String?) throws(ReplayInputError) -> [ReplayEntry] {
    if let manifest {
      guard files.isEmpty else { throw ReplayInputError("--manifest: expected recordings either in the manifest or as arguments, found both") }
      guard truth == nil, staticAt == nil else {
        throw ReplayInputError("--manifest: each recording's truth is in the manifest; expected no --truth or --static-at")
      }
      return try entries(manifest: manifest)
    }
    var expanded: [String] = []
    for path in files {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        expanded.append(path)
        continue
      }
      let known = Set(RecordingFormat.catalogue.flatMap(\.extensions))
      let inside = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
        .filter { known.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
      guard !inside.isEmpty else {
        throw ReplayInputError("\(path): expected recordings in the folder (\(known.sorted().map { "." + $0 }.joined(separator: ", "))), found none")
      }
      expanded += inside.map { (path as NSString).appendingPathComponent($0) }
    }
    guard !expanded.isEmpty else { throw ReplayInputError("expected one or more recordings to replay, found none") }
    let kind = staticAt == nil && truth == nil ? nil : try TruthChoice.chosen(staticAt: staticAt, truth: truth, for: expanded[0])
    return expanded.map { ReplayEntry(file: $0, truth: kind) }
  }

  /// The recordings of a ``ReplayManifest``, each with its own truth.
  @_optimize(none)
  public static func entries(manifest: String) throws(ReplayInputError) -> [ReplayEntry] {
    let list: ReplayManifest
    do { list = try ReplayManifest.load(manifest) } catch { throw ReplayInputError("\(error)") }
    return try list.recordings.map { entry throws(ReplayInputError) in
      let kind = entry.truth == nil && entry.staticAt == nil ? nil : try TruthChoice.chosen(staticAt: entry.staticAt, truth: entry.truth, for: entry.file)
      return ReplayEntry(file: entry.file, truth: kind)
    }
  }

  /// The recordings to replay, each with its truth, read and checked before any strategy runs: a
  /// reference overlaps its recording, and all of them fit the replay's memory limit. A reference
  /// several recordings share is read once.
  /// - Parameters:
  ///   - read: reads a recording (its format from the name or content, or as the caller was told).
  ///   - readTruth: reads a reference receiver's recording.
  /// - Throws: what `read` and `readTruth` throw; ``ReplayInputError`` naming the file and what was expected.
  @_optimize(none)
  public static func inputs(
    _ entries: [ReplayEntry], read: (String) throws -> Recording, readTruth: (String) throws -> Recording, assumedAccuracy: Double
  ) throws -> [ReplayRecording] {
    var references: [String: Recording] = [:]
    // Memory is checked before any strategy runs (a replay keeps every point of every recording), after
    // each file read: many large recordings are refused as soon as they exceed the limit.
    var points = 0
    func checkMemory() throws {
      let estimate = Replay.memoryEstimate(points: points)
      guard estimate <= Replay.memoryLimitBytes else {
        throw ReplayInputError(
          "\(entries.count == 1 ? entries[0].file : "\(entries.count) recordings"): expected recordings that replay in \(Int(Replay.memoryLimitBytes / 1_048_576)) MB "
            + "(TRACKBENCH_MEMORY_LIMIT_MB raises it), found \(points) points, an estimated \(Int(estimate / 1_048_576)) MB")
      }
    }
    return try entries.map { entry -> ReplayRecording in
      let file = entry.file
      let recording = try read(file)
      points += recording.points.count
      try checkMemory()
      switch entry.truth {
      case nil: return ReplayRecording(file: file, recording: recording, truth: .none, assumedAccuracy: assumedAccuracy)
      case .staticAt(let point): return ReplayRecording(file: file, recording: recording, truth: .staticAt(point), assumedAccuracy: assumedAccuracy)
      case .staticAtMean: return ReplayRecording(
          file: file, recording: recording, truth: .staticAt(ErrorSeries.meanPosition(of: recording)), assumedAccuracy: assumedAccuracy)
      case .reference(let path):
        let reference: Recording
        if let known = references[path] {
          reference = known
        } else {
          reference = try readTruth(path)
          references[path] = reference
          points += reference.points.count
          try checkMemory()
        }
        let overlap = Replay.overlap(recording, reference)
        guard overlap >= 2 else {
          throw ReplayInputError("\(path): expected epochs during \(file) (paired by UTC time), found \(overlap)")
        }
        // The truth is built second by second over the shared span.
        guard Replay.sharedSpan(recording, reference) <= Recording.maximumSpan else {
          throw ReplayInputError("\(path): expected a reference sharing at most 7 days with \(file), found \(Int((Replay.sharedSpan(recording, reference) / 86_400).rounded())) days; replay one part at a time")
        }
        return ReplayRecording(file: file, recording: recording, truth: .reference(reference), assumedAccuracy: assumedAccuracy)
      }
    }
  }
}
