import Evaluation
import Foundation
import Testing

/// A key written twice in one JSON object is refused wherever TrackBench reads its own JSON (results,
/// records, headers, histories): Foundation's decoder would keep one of them silently.
@Suite struct DuplicateKeyTests {
  struct Nested: Decodable { var a: Int?; var b: [Inner]?; var c: Inner? }
  struct Inner: Decodable { var x: Int?; var y: String? }

  @Test(arguments: [
    (#"{"a":1,"a":2}"#, "a"),
    (#"{"a":1,"c":{"x":1,"y":"s","x":2}}"#, "x"),
    (#"{"b":[{"x":1},{"x":2,"y":"q","y":"r"}]}"#, "y"),
    (#"{"a" : 1 , "b":[], "a":3}"#, "a"),
  ])
  func aKeyTwiceInOneObjectIsRefused(text: String, key: String) {
    #expect {
      _ = try ResultsCodec.decode(Nested.self, from: Data(text.utf8))
    } throws: { error in
      "\(error)" == "field \(key): \(JSONReadError.duplicateKey)"
    }
  }

  @Test(arguments: [
    #"{"a":1,"c":{"x":1},"b":[{"x":1},{"x":2}]}"#,
    #"{"c":{"y":"a\",\"y\":\"b"},"a":1}"#,
    #"{"c":{"y":"\\"},"b":[{"y":"\\"}]}"#,
    #"{"a":1,"b":[{"x":1,"y":"{"},{"x":2,"y":"}"}]}"#,
  ])
  func theSameKeyInOtherObjectsOrInsideStringsIsFine(text: String) throws {
    _ = try ResultsCodec.decode(Nested.self, from: Data(text.utf8))
  }
}
