import Evaluation
import Foundation
import Reporting

/// Reads a results file written by `run --format json` (`-`: standard input), or says clearly what is
/// wrong with it.
enum ResultsFile {
  /// Largest results file read (a suite with tracks is a few MB).
  static let maximumBytes = 512 << 20

  static func read(_ path: String) throws -> Evaluation.ExperimentResult {
    let name = path == "-" ? "standard input" : path
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readData(ofLength: maximumBytes + 1)
    } else {
      var status = stat()
      guard stat(path, &status) == 0 else { throw InputFailure(message: "\(name): cannot read the results file: no such file") }
      guard status.st_mode & S_IFMT != S_IFDIR else { throw InputFailure(message: "\(name): expected a results file, found a directory") }
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw InputFailure(message: "\(name): cannot read the results file")
      }
      data = contents
    }
    guard data.count <= maximumBytes else { throw InputFailure(message: "\(name): expected a results file of at most \(maximumBytes) bytes, found more") }
    let result: Evaluation.ExperimentResult
    do {
      result = try ResultsCodec.results(from: data)
    } catch let error as DecodingError {
      throw InputFailure(message: "\(name): expected a TrackBench results file (schema trackbench.results): \(Self.describe(error))")
    } catch {
      throw InputFailure(message: "\(name): expected a TrackBench results file (schema trackbench.results): \(error.localizedDescription)")
    }
    do {
      try result.validate()
    } catch {
      throw InputFailure(message: "\(name): \(error)")
    }
    return result
  }

  /// A decoding error as `field: what`, in the file's snake_case spelling, without Swift's type dump.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + snake(key.stringValue) }
      }
      return text.isEmpty ? "the file" : text
    }
    switch error {
    case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
    case .typeMismatch(let type, let context): return "\(path(context.codingPath)): expected \(Self.kind(type))"
    case .valueNotFound(let type, let context): return "\(path(context.codingPath)): expected \(Self.kind(type)), found null"
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return "\(path(context.codingPath)): \(underlying ?? context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }

  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type: return "a number"
    case is Int.Type, is UInt64.Type: return "a whole number"
    case is String.Type: return "a text"
    default: return "\(type)".hasPrefix("Array") ? "a list" : "an object"
    }
  }

  private static func snake(_ key: String) -> String {
    var out = ""
    for character in key {
      if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
    }
    return out
  }
}
