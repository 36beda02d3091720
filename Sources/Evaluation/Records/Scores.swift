import Foundation

/// What one strategy scored on one run, by metric name.
///
/// Holds the metrics it was scored on and a value or none for each: a metric without a value on this
/// run (a lag on a steady run) is present and empty, which is not the same as a metric never scored. In
/// JSON an object from metric name to number or `null`.
public struct Scores: Sendable, Hashable {
  /// The metrics scored, in report order.
  public let metrics: [Metric]
  private let values: [Double?]

  /// - Precondition: one value per metric; values are finite (non-finite ones are stored as none).
  public init(metrics: [Metric], values: [Double?]) {
    precondition(metrics.count == values.count, "one value per metric")
    self.metrics = metrics
    self.values = values.map { $0.flatMap { $0.isFinite ? $0 : nil } }
  }

  /// Values by metric; metrics not in `metrics` order are put in ``Metric`` order.
  public init(_ values: [Metric: Double?], metrics: [Metric]) {
    self.init(metrics: metrics, values: metrics.map { values[$0] ?? nil })
  }

  /// The value of `metric`, or `nil` when it has none on this run or was not scored.
  public subscript(metric: Metric) -> Double? {
    guard let index = metrics.firstIndex(of: metric) else { return nil }
    return values[index]
  }

  /// Whether `metric` was scored (with or without a value).
  public func scored(_ metric: Metric) -> Bool { metrics.contains(metric) }

  /// (metric, value or none) in report order.
  public var named: [(metric: Metric, value: Double?)] { Array(zip(metrics, values)) }
}

extension Scores: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    var found: [Metric: Double?] = [:]
    for key in container.allKeys {
      // A decoder converting from snake case hands the names over in camel case.
      guard let metric = Metric(rawValue: key.stringValue) ?? Self.camelCaseNames[key.stringValue] else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "expected a metric name (\(Metric.allCases.map(\.rawValue).joined(separator: ", "))), found \(Self.snakeCase(key.stringValue))")
      }
      found[metric] = try container.decode(Double?.self, forKey: key)
    }
    self.init(found, metrics: Metric.allCases.filter { found.keys.contains($0) })
  }

  private static let camelCaseNames: [String: Metric] = Dictionary(
    uniqueKeysWithValues: Metric.allCases.map { metric in
      let words = metric.rawValue.split(separator: "_")
      // As Foundation converts: every word after the first `capitalized` ("2s" → "2S", "p95" → "P95").
      return (words.first.map(String.init)! + words.dropFirst().map { String($0).capitalized }.joined(), metric)
    })

  /// A key as the file spelt it (a snake-case decoder hands it over in camel case).
  private static func snakeCase(_ key: String) -> String {
    key.reduce(into: "") { text, character in
      if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (metric, value) in named {
      if let value { try container.encode(value, forKey: Key(stringValue: metric.rawValue)) } else {
        try container.encodeNil(forKey: Key(stringValue: metric.rawValue))
      }
    }
  }
}
