import Foundation

/// A text file as UTF-8 bytes, whatever Unicode encoding its byte-order mark names: UTF-8 (as is) or
/// UTF-16 in either byte order (Windows tools write NMEA logs and GPX so; GPSBabel reads them),
/// transcoded as it is read, in bounded chunks. Every text reader (GPX, TCX, NMEA, CSV, GnssLogger)
/// reads through it, so each reads UTF-16 the same way.
///
/// Unpaired surrogates and a final odd byte become U+FFFD; the UTF-16 byte-order mark is not passed on.
struct TextInput {
  private let descriptor: Int32
  private enum Encoding { case undecided, utf8, utf16(bigEndian: Bool) }
  private var encoding = Encoding.undecided
  /// Undecoded UTF-16 bytes read ahead, from `offset`.
  private var pending: [UInt8] = []
  private var offset = 0
  private var ended = false

  /// Raw bytes read at once in UTF-16 mode.
  static let rawChunk = 1 << 16

  init(_ descriptor: Int32) { self.descriptor = descriptor }

  /// Whether `bytes` start with a UTF-16 byte-order mark, and which.
  static func utf16Mark(_ a: UInt8, _ b: UInt8) -> Bool? {
    if a == 0xFF && b == 0xFE { return false }
    if a == 0xFE && b == 0xFF { return true }
    return nil
  }

  /// Up to `capacity` (≥ 8) bytes of UTF-8 into `buffer`: the count, 0 at the end, or -1 with `errno`
  /// set when the file cannot be read.
  mutating func read(_ buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int) -> Int {
    switch encoding {
    case .utf8: return Self.readRetrying(descriptor, buffer, capacity)
    case .undecided:
      // At least two bytes (or the end) tell the encoding.
      var count = 0
      while count < 2 {
        let n = Self.readRetrying(descriptor, buffer + count, capacity - count)
        if n < 0 { return -1 }
        if n == 0 { break }
        count += n
      }
      guard count >= 2, let bigEndian = Self.utf16Mark(buffer[0], buffer[1]) else {
        encoding = .utf8
        return count
      }
      encoding = .utf16(bigEndian: bigEndian)
      pending = Array(UnsafeBufferPointer(start: buffer + 2, count: count - 2))
      return transcode(into: buffer, capacity, bigEndian: bigEndian)
    case .utf16(let bigEndian):
      return transcode(into: buffer, capacity, bigEndian: bigEndian)
    }
  }

  private static func readRetrying(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int) -> Int {
    while true {
      let n = Foundation.read(descriptor, buffer, capacity)
      if n < 0 && errno == EINTR { continue }
      return n
    }
  }

  /// Refills ``pending`` so that at least `needed` bytes are left from ``offset``, unless the file ends.
  private mutating func fill(_ needed: Int) -> Bool {
    guard pending.count - offset < needed, !ended else { return true }
    pending.removeFirst(offset)
    offset = 0
    var chunk = [UInt8](repeating: 0, count: Self.rawChunk)
    while pending.count < needed && !ended {
      let n = chunk.withUnsafeMutableBufferPointer { Self.readRetrying(descriptor, $0.baseAddress!, $0.count) }
      if n < 0 { return false }
      if n == 0 { ended = true } else { pending.append(contentsOf: chunk[0..<n]) }
    }
    return true
  }

  private mutating func transcode(into buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int, bigEndian: Bool) -> Int {
    var produced = 0
    while produced + 4 <= capacity {
      guard fill(4) else { return produced > 0 ? produced : -1 }
      let left = pending.count - offset
      if left == 0 { break }
      if left == 1 {
        offset += 1
        produced += Self.encode(0xFFFD, into: buffer + produced)
        continue
      }
      func unit(_ k: Int) -> UInt32 {
        let a = UInt32(pending[offset + k]), b = UInt32(pending[offset + k + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
      }
      let first = unit(0)
      var scalar = first
      offset += 2
      if (0xD800...0xDBFF).contains(first) {
        if pending.count - offset >= 2, case let second = unit(0), (0xDC00...0xDFFF).contains(second) {
          scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
          offset += 2
        } else {
          scalar = 0xFFFD
        }
      } else if (0xDC00...0xDFFF).contains(first) {
        scalar = 0xFFFD
      }
      produced += Self.encode(scalar, into: buffer + produced)
    }
    return produced
  }

  /// `scalar` as UTF-8 at `out`; returns the bytes written (1-4).
  private static func encode(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
    switch scalar {
    case 0..<0x80:
      out[0] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      out[0] = UInt8(0xC0 | scalar >> 6); out[1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      out[0] = UInt8(0xE0 | scalar >> 12); out[1] = UInt8(0x80 | scalar >> 6 & 0x3F); out[2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      out[0] = UInt8(0xF0 | scalar >> 18); out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      out[2] = UInt8(0x80 | scalar >> 6 & 0x3F); out[3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

  /// Bytes in memory as UTF-8: transcoded when they start with a UTF-16 byte-order mark, else as given.
  static func utf8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard bytes.count >= 2, let bigEndian = utf16Mark(bytes[0], bytes[1]) else { return nil }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var k = 2
    while k + 1 < bytes.count {
      let a = UInt16(bytes[k]), b = UInt16(bytes[k + 1])
      units.append(bigEndian ? a << 8 | b : b << 8 | a)
      k += 2
    }
    var text = String(decoding: units, as: UTF16.self)
    if k < bytes.count { text.append("\u{FFFD}") }
    return Array(text.utf8)
  }
}
