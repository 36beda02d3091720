import Evaluation
import Foundation
import TrackCore

/// Reads a results file written by `run --format json` (`-`: standard input), or says clearly what is
/// wrong with it (``ResultsFileError``, naming the file).
public enum ResultsFile {
  /// Largest results file read (a suite with tracks is a few MB).
  public static let maximumBytes = 512 << 20

  @_optimize(none)
  public static func read(_ path: String) throws(ResultsFileError) -> ExperimentResult {
    let (name, data) = try load(path)
    return try results(data, name: name)
  }

  /// What `report` and `compare` take: a results file, or a records file (`run --records`, `merge
  /// --records`, a journal: a sweep header line, then records), told apart by the first line. Each file
  /// is read once.
  public enum Contents: Sendable {
    case results(ExperimentResult)
    case records(header: SweepHeader, records: [CellRecord])

    /// The summaries, aggregated from the records when the file holds records.
    public var result: ExperimentResult {
      switch self {
      case .results(let result): return result
      case .records(let header, let records): return header.aggregate(records)
      }
    }
  }

  /// Reads a results or records file (`-`: standard input).
  /// - Throws: ``ResultsFileError`` naming the file; a shard (part of a sweep) is refused.
  @_optimize(none)
  public static func readEither(_ path: String) throws(ResultsFileError) -> Contents {
    let (name, data) = try load(path)
    let firstLine = data.prefix { $0 != 10 }
    guard let header = try? JSONSerialization.jsonObject(with: firstLine) as? [String: Any], header["schema"] as? String == SweepHeader.currentSchema else {
      return .results(try results(data, name: name))
    }
    let contents: SweepFile.Contents
    do { contents = try SweepFile.read(data: data, name: name) } catch { throw ResultsFileError("\(error)") }
    if let shard = contents.header.shard {
      throw ResultsFileError("\(name): shard \(shard) of a sweep; expected a whole sweep's records (trackbench merge the shards --records FILE)")
    }
    return .records(header: contents.header, records: contents.records)
  }

  /// The file's bytes and the name errors call it by.
  @_optimize(none)
  private static func load(_ path: String) throws(ResultsFileError) -> (name: String, data: Data) {
    let name = path == "-" ? "standard input" : path
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readData(ofLength: maximumBytes + 1)
    } else {
      do { data = try InputFile.contents(path, maximumBytes: maximumBytes) } catch {
        throw ResultsFileError("\(name): expected a regular results file of at most \(maximumBytes) bytes, found \(error.found)")
      }
    }
    guard data.count <= maximumBytes else { throw ResultsFileError("\(name): expected a results file of at most \(maximumBytes) bytes, found more") }
    return (name, data)
  }

  /// Decodes and validates a results file's bytes.
  @_optimize(none)
  private static func results(_ data: Data, name: String) throws(ResultsFileError) -> ExperimentResult {
    let result: ExperimentResult
    do {
      result = try ResultsCodec.results(from: data)
    } catch {
      throw ResultsFileError("\(name): expected a TrackBench results file (schema trackbench.results): \(error)")
    }
    do {
      try result.validate()
    } catch {
      throw ResultsFileError("\(name): \(error)")
    }
    return result
  }
}

/// A results or records file that cannot be read: the message names the file and says what was found.
public struct ResultsFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  @_optimize(none)
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
