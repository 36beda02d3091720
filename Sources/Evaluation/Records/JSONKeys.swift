import Foundation

/// Duplicate keys in JSON text: Foundation's decoder keeps one of them silently, so a line edited by
/// hand (`"time": …, "time": …`) would be read as something its text does not say.
enum JSONKeys {
  /// The first key that appears twice in one object of `data`, with the object's depth (1: the top
  /// level), or `nil`. Keys are compared as written (escapes not decoded). Malformed text returns `nil`:
  /// the decoder reports it.
  /// - Complexity: O(bytes + Σ keys² per object), one pass over the bytes; the keys of the open objects
  ///   are kept in one flat list (a hash, then the bytes compared on equal hashes), so no allocation per
  ///   object once it has grown.
  static func firstDuplicate(in data: Data) -> (key: String, depth: Int)? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (key: String, depth: Int)? in
      // Keys of the open objects, innermost last; `frames` holds where each open object's keys start
      // (-1 for a list, which has none).
      var keys: [(hash: UInt64, start: Int, count: Int)] = []
      var frames: [Int] = []
      var expectingKey = false
      var i = 0
      let count = bytes.count
      while i < count {
        switch bytes[i] {
        case UInt8(ascii: "{"):
          frames.append(keys.count)
          expectingKey = true
        case UInt8(ascii: "["):
          frames.append(-1)
          expectingKey = false
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if let start = frames.popLast(), start >= 0 { keys.removeSubrange(start...) }
          expectingKey = false
        case UInt8(ascii: ","):
          expectingKey = (frames.last ?? -1) >= 0
        case UInt8(ascii: "\""):
          let start = i + 1
          var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
          i += 1
          while i < count, bytes[i] != UInt8(ascii: "\"") {
            let step = bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            for k in i..<min(i + step, count) { hash = (hash ^ UInt64(bytes[k])) &* 0x100_0000_01b3 }
            i += step
          }
          guard i < count else { return nil }
          if expectingKey, let frame = frames.last, frame >= 0 {
            let length = i - start
            for known in keys[frame...] where known.hash == hash && known.count == length
              && memcmp(bytes.baseAddress! + known.start, bytes.baseAddress! + start, length) == 0
            {
              return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self), frames.count)
            }
            keys.append((hash, start, length))
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
