import Foundation

/// Duplicate keys in JSON text: Foundation's decoder keeps one of them silently, so a line edited by
/// hand (`"time": …, "time": …`) would be read as something its text does not say.
enum JSONKeys {
  /// The first key that appears twice in one object of `data`, with the object's depth (1: the top
  /// level), or `nil`. Keys are compared as written (escapes not decoded). Malformed text returns `nil`:
  /// the decoder reports it.
  /// - Complexity: O(bytes), one pass; memory O(keys of the open objects).
  static func firstDuplicate(in data: Data) -> (key: String, depth: Int)? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (key: String, depth: Int)? in
      // One frame per open object (its keys so far) or list (nil).
      var frames: [Set<[UInt8]>?] = []
      var expectingKey = false
      var i = 0
      let count = bytes.count
      while i < count {
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "{"):
          frames.append([])
          expectingKey = true
        case UInt8(ascii: "["):
          frames.append(nil)
          expectingKey = false
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          _ = frames.popLast()
          expectingKey = false
        case UInt8(ascii: ","):
          expectingKey = frames.last.map { $0 != nil } ?? false
        case UInt8(ascii: "\""):
          let start = i + 1
          i += 1
          while i < count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
          guard i < count else { return nil }
          if expectingKey, let depth = frames.indices.last, frames[depth] != nil {
            let key = Array(bytes[start..<i])
            if frames[depth]!.insert(key).inserted == false { return (String(decoding: key, as: UTF8.self), depth + 1) }
            expectingKey = false
          }
        default: break
        }
        i += 1
      }
      return nil
    }
  }
}
