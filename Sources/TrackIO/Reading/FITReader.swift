import Foundation

/// Reads Garmin FIT activity files: a decoder of the binary format (FIT protocol 1.0/2.0).
///
/// A file is a 12- or 14-byte header (size, protocol, profile, data size, `.FIT`, optional header CRC),
/// data records, and a CRC-16 over everything before it; files may be chained back to back. Records are
/// definition messages (local type 0-15 → global message number, byte order, fields and their sizes and
/// base types, developer fields) and data messages laid out by the last definition of their local type;
/// a compressed-timestamp header carries a 5-bit time offset from the last full timestamp. Developer
/// fields are skipped by their declared sizes.
///
/// Kept: `record` messages (20) with a timestamp and a valid position (semicircles, degrees = value ×
/// 180 / 2³¹): altitude (`enhanced_altitude` else `altitude`, m), speed (`enhanced_speed` else `speed`,
/// m/s), `gps_accuracy` (m, a claimed accuracy). The device's distance is the sum of the sessions'
/// `total_distance`, else the last record's `distance`; laps are the laps' `total_distance`. A timer
/// stop event starts a new segment at the next point. Records without a position are counted as
/// ``Recording/SkipReason/noFix``; a time not after the previous point's, as
/// ``Recording/SkipReason/notAfterPrevious``.
///
/// Checked: the header (signature, sizes), both CRCs (a header CRC of 0 means "not computed", as the
/// protocol allows), every record's bounds and its local type's definition. Any failure throws a
/// ``RecordingError`` at its byte offset: a FIT file is either read whole or refused.
/// - Complexity: O(bytes). A file is memory-mapped, so its pages are the kernel's cache, not the
///   process's heap; memory held is the points kept.
public struct FITReader: Sendable {
  public init() {}

  /// Reads `path` (`-`: standard input, read whole).
  public func read(_ path: String) throws -> Recording {
    // A stream's header is checked before the rest is read into memory.
    try MappedFile.withBytes(
      of: path, headBytes: 12,
      checkHead: { head in
        let decoder = FITDecoder(bytes: head, name: path)
        _ = try decoder.checkHeader()
      }
    ) { bytes in
      var decoder = FITDecoder(bytes: bytes, name: path)
      return try decoder.decode()
    }
  }

  /// Reads FIT bytes held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(bytes: [UInt8], name: String = "-") throws -> Recording {
    try bytes.withUnsafeBytes { bytes in
      var decoder = FITDecoder(bytes: bytes, name: name)
      return try decoder.decode()
    }
  }
}

/// FIT's CRC-16 (polynomial 0xA001, reflected, initial 0), as the protocol's nibble-table algorithm
/// computes it, here one table lookup per byte.
package enum FITCRC {
  static let table: [UInt16] = (0..<256).map { byte in
    let nibbles: [UInt16] = [
      0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401, 0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]
    var crc: UInt16 = 0
    for nibble in [UInt16(byte) & 0xF, UInt16(byte) >> 4] {
      let low = nibbles[Int(crc & 0xF)]
      crc = (crc >> 4) & 0x0FFF
      crc = crc ^ low ^ nibbles[Int(nibble)]
    }
    return crc
  }

  package static func update(_ crc: UInt16, _ bytes: UnsafeRawBufferPointer) -> UInt16 {
    var crc = crc
    table.withUnsafeBufferPointer { table in
      for byte in bytes { crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
    }
    return crc
  }
}

/// One pass over the bytes of one or more chained FIT files.
package struct FITDecoder {
  let bytes: UnsafeRawBufferPointer
  let name: String
  var recording = Recording(hasDate: true)

  /// Seconds between the Unix epoch and FIT's (1989-12-31T00:00:00Z).
  package static let epochOffset = 631_065_600.0
  static let semicircle = 180.0 / 2_147_483_648.0
  /// Bytes of one value of each base type (by its low five bits); 0: text or bytes, never a number.
  static let baseTypeSizes = [1, 1, 1, 2, 2, 4, 4, 0, 4, 8, 1, 2, 4, 0, 8, 8, 8]

  struct Field { var number: UInt8; var offset: Int; var size: Int; var baseType: UInt8 }
  struct Definition { var global: UInt16; var bigEndian: Bool; var fields: [Field]; var size: Int }

  private var definitions = [Definition?](repeating: nil, count: 16)
  private var lastTimestamp: UInt32?
  private var sessionDistance: Double?
  private var lastRecordDistance: Double?
  private var laps: [Double] = []
  private var timerStopped = false

  init(bytes: UnsafeRawBufferPointer, name: String) { self.bytes = bytes; self.name = name }

  func failure(at offset: Int, expected: String, found: String) -> RecordingError {
    RecordingError(file: name, place: "byte \(offset)", expected: expected, found: found)
  }

  func uint16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
  func uint32(_ offset: Int) -> UInt32 { UInt32(uint16(offset)) | UInt32(uint16(offset + 2)) << 16 }

  mutating func decode() throws -> Recording {
    guard !bytes.isEmpty else { throw failure(at: 0, expected: "a FIT file header", found: "an empty file") }
    // A record message takes 20-60 bytes; capacity never touched costs no memory.
    recording.points.reserveCapacity(min(bytes.count / 16, Recording.maximumPoints))
    var start = 0
    while start < bytes.count { start = try decodeFile(at: start) }
    guard !recording.points.isEmpty else {
      throw RecordingError(file: name, expected: "a record message with a position and a timestamp", found: "none")
    }
    recording.deviceDistance = sessionDistance ?? lastRecordDistance
    recording.deviceLaps = laps
    return recording
  }

  /// Checks the header size byte and the signature of the file starting at `start` (at least 12 bytes
  /// there): a stream's first bytes before the rest is read, and every chained file.
  /// - Returns: the header's size.
  @discardableResult
  func checkHeader(at start: Int = 0) throws -> Int {
    let headerSize = Int(bytes[start])
    guard headerSize >= 12 else { throw failure(at: start, expected: "a header size of 12 or 14", found: "\(headerSize)") }
    guard bytes[start + 8] == 0x2E, bytes[start + 9] == 0x46, bytes[start + 10] == 0x49, bytes[start + 11] == 0x54 else {
      throw failure(at: start + 8, expected: "the signature '.FIT'", found: "other bytes (not a FIT file)")
    }
    return headerSize
  }

  /// Decodes the file starting at `start`; returns where the next chained file would start.
  private mutating func decodeFile(at start: Int) throws -> Int {
    let available = bytes.count - start
    guard available >= 12 else {
      throw failure(at: start, expected: "a FIT header of 12 or 14 bytes", found: "\(available) byte\(available == 1 ? "" : "s")")
    }
    guard Int(bytes[start]) <= available else {
      throw failure(at: start, expected: "a header size of 12 or 14", found: "\(bytes[start])")
    }
    let headerSize = try checkHeader(at: start)
    if headerSize >= 14 {
      let stored = uint16(start + 12)
      let computed = FITCRC.update(0, UnsafeRawBufferPointer(rebasing: bytes[start..<start + 12]))
      guard stored == 0 || stored == computed else {
        throw failure(at: start + 12, expected: "header CRC \(hex(computed))", found: "\(hex(stored))")
      }
    }
    let dataSize = Int(uint32(start + 4))
    let end = start + headerSize + dataSize
    guard dataSize <= available - headerSize - 2 else {
      throw failure(
        at: start + 4, expected: "\(dataSize) bytes of records and a 2-byte CRC (the header's data size)",
        found: "\(available - headerSize) bytes (a truncated file)")
    }
    // The CRC is checked before the records, unless the header claims more than a reader reads without
    // a point (64 MiB): then the records are decoded as they come and one giving no point in that span
    // stops there, before the rest (a header claiming 2 GB of zeros) is ever touched.
    let checkedFirst = dataSize <= Recording.bytesWithoutPoint
    if checkedFirst { try checkCRC(from: start, to: end) }
    definitions = [Definition?](repeating: nil, count: 16)
    var offset = start + headerSize
    while offset < end {
      offset = try decodeRecord(at: offset, end: end)
      if !checkedFirst { try Recording.checkProgress(bytesRead: offset, kept: recording.points.count, file: name) }
    }
    if !checkedFirst { try checkCRC(from: start, to: end) }
    return end + 2
  }

  /// Checks the CRC stored at `end` against the bytes from `start`.
  private func checkCRC(from start: Int, to end: Int) throws {
    let computed = FITCRC.update(0, UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    let stored = uint16(end)
    guard computed == stored else { throw failure(at: end, expected: "file CRC \(hex(computed))", found: "\(hex(stored))") }
  }

  private func hex(_ value: UInt16) -> String { "0x" + String(value, radix: 16, uppercase: true) }

  /// Decodes one record at `offset`; returns the offset after it.
  private mutating func decodeRecord(at offset: Int, end: Int) throws -> Int {
    let header = bytes[offset]
    if header & 0x80 != 0 {
      // Compressed timestamp: local type in bits 5-6, seconds in bits 0-4 rolling over every 32 s.
      guard let last = lastTimestamp else {
        throw failure(at: offset, expected: "a full timestamp before a compressed-timestamp record", found: "none")
      }
      let seconds = UInt32(header & 0x1F)
      var timestamp = (last & ~0x1F) + seconds
      if seconds < last & 0x1F { timestamp &+= 0x20 }
      return try decodeData(local: Int((header >> 5) & 0x3), at: offset, end: end, timestamp: timestamp)
    }
    let local = Int(header & 0x0F)
    if header & 0x40 != 0 { return try decodeDefinition(local: local, at: offset, end: end, developer: header & 0x20 != 0) }
    return try decodeData(local: local, at: offset, end: end, timestamp: nil)
  }

  private mutating func decodeDefinition(local: Int, at offset: Int, end: Int, developer: Bool) throws -> Int {
    guard offset + 6 <= end else { throw failure(at: offset, expected: "a definition message of 6 bytes or more", found: "the end of the records") }
    let bigEndian: Bool
    switch bytes[offset + 2] {
    case 0: bigEndian = false
    case 1: bigEndian = true
    case let other: throw failure(at: offset + 2, expected: "architecture 0 (little-endian) or 1 (big-endian)", found: "\(other)")
    }
    let global = bigEndian ? UInt16(bytes[offset + 3]) << 8 | UInt16(bytes[offset + 4]) : uint16(offset + 3)
    let count = Int(bytes[offset + 5])
    var cursor = offset + 6
    guard cursor + 3 * count <= end else { throw failure(at: cursor, expected: "\(count) field definitions", found: "the end of the records") }
    var fields: [Field] = []
    fields.reserveCapacity(count)
    var size = 0
    for _ in 0..<count {
      let field = Field(number: bytes[cursor], offset: size, size: Int(bytes[cursor + 1]), baseType: bytes[cursor + 2])
      guard field.size > 0 else { throw failure(at: cursor + 1, expected: "a field size of 1 byte or more", found: "0") }
      fields.append(field)
      size += field.size
      cursor += 3
    }
    if developer {
      guard cursor < end else { throw failure(at: cursor, expected: "a developer field count", found: "the end of the records") }
      let developerCount = Int(bytes[cursor])
      cursor += 1
      guard cursor + 3 * developerCount <= end else {
        throw failure(at: cursor, expected: "\(developerCount) developer field definitions", found: "the end of the records")
      }
      for _ in 0..<developerCount {
        size += Int(bytes[cursor + 1])
        cursor += 3
      }
    }
    definitions[local] = Definition(global: global, bigEndian: bigEndian, fields: fields, size: size)
    return cursor
  }

  private mutating func decodeData(local: Int, at offset: Int, end: Int, timestamp compressed: UInt32?) throws -> Int {
    guard let definition = definitions[local] else {
      throw failure(at: offset, expected: "a definition of local message type \(local) before its data", found: "none")
    }
    let body = offset + 1
    guard body + definition.size <= end else {
      throw failure(at: offset, expected: "\(definition.size) bytes of message data", found: "\(end - body) before the end of the records")
    }
    var message = FITMessage(timestamp: compressed)
    for field in definition.fields {
      guard let value = value(of: field, at: body + field.offset, bigEndian: definition.bigEndian) else { continue }
      message.set(field.number, value, global: definition.global)
    }
    if let timestamp = message.timestamp { lastTimestamp = timestamp }
    consume(message, global: definition.global, offset: offset)
    return body + definition.size
  }

  /// The field's value as a number, or `nil` when it holds the base type's "invalid" value, is an array
  /// (size not that of one value), or is text or bytes.
  private func value(of field: Field, at offset: Int, bigEndian: Bool) -> Double? {
    let type = field.baseType & 0x1F
    guard Int(type) < Self.baseTypeSizes.count, Self.baseTypeSizes[Int(type)] == field.size else { return nil }
    var raw: UInt64 = 0
    for i in 0..<field.size {
      let byte = UInt64(bytes[offset + (bigEndian ? i : field.size - 1 - i)])
      raw = raw << 8 | byte
    }
    let bits = UInt64(field.size * 8)
    let allOnes: UInt64 = bits == 64 ? .max : (1 << bits) - 1
    switch type {
    case 0, 2, 4, 6, 15:  // enum, unsigned: all ones is invalid
      return raw == allOnes ? nil : Double(raw)
    case 10, 11, 12, 16:  // unsigned, zero invalid
      return raw == 0 ? nil : Double(raw)
    case 1, 3, 5, 14:  // signed: the largest positive value is invalid
      guard raw != allOnes >> 1 else { return nil }
      let shift = 64 - bits
      return Double(Int64(bitPattern: raw << shift) >> Int64(shift))
    case 8:
      let value = Double(Float(bitPattern: UInt32(raw)))
      return raw == allOnes || !value.isFinite ? nil : value
    case 9:
      let value = Double(bitPattern: raw)
      return raw == allOnes || !value.isFinite ? nil : value
    default:
      return nil
    }
  }

  private mutating func consume(_ message: FITMessage, global: UInt16, offset: Int) {
    switch global {
    case FITMessage.record:
      if let distance = message.distance { lastRecordDistance = distance }
      guard let latitude = message.latitude, let longitude = message.longitude else {
        recording.skip(.noFix, at: "byte \(offset)")
        return
      }
      guard let timestamp = message.timestamp else { recording.skip(.noTime, at: "byte \(offset)"); return }
      guard abs(latitude) <= 90, abs(longitude) <= 180 else { recording.skip(.outOfRange, at: "byte \(offset)"); return }
      let time = Double(timestamp) + Self.epochOffset
      if let last = recording.points.last, time <= last.time {
        recording.skip(.notAfterPrevious, at: "byte \(offset)")
        return
      }
      guard recording.points.count < Recording.maximumPoints else { recording.skip(.malformed, at: "byte \(offset)"); return }
      if timerStopped, !recording.points.isEmpty { recording.segmentStarts.append(recording.points.count) }
      timerStopped = false
      recording.points.append(
        RecordedPoint(
          time: time, latitude: latitude, longitude: longitude, altitude: message.altitude, speed: message.speed,
          horizontalAccuracy: message.accuracy, accuracySource: message.accuracy == nil ? .unknown : .claimed))
    case FITMessage.session:
      if let distance = message.distance { sessionDistance = (sessionDistance ?? 0) + distance }
    case FITMessage.lap:
      if let distance = message.distance { laps.append(distance) }
    case FITMessage.event:
      // Event 0 is the timer; types 1 (stop) and 4 (stop all) pause it.
      if message.event == 0, message.eventType == 1 || message.eventType == 4 { timerStopped = true }
    default:
      break
    }
  }
}

/// The fields of one data message TrackBench uses, in SI units.
struct FITMessage {
  static let session: UInt16 = 18, lap: UInt16 = 19, record: UInt16 = 20, event: UInt16 = 21

  var timestamp: UInt32?
  var latitude: Double?
  var longitude: Double?
  var altitude: Double?
  var speed: Double?
  var distance: Double?
  var accuracy: Double?
  var event: Double?
  var eventType: Double?
  private var enhancedAltitude = false
  private var enhancedSpeed = false

  init(timestamp: UInt32?) { self.timestamp = timestamp }

  mutating func set(_ number: UInt8, _ value: Double, global: UInt16) {
    if number == 253 { timestamp = UInt32(exactly: value) ?? timestamp; return }
    // Speed, distance and accuracy are unsigned in the profile: a file that declares them signed and
    // stores a negative value says nothing usable (found by fuzzing).
    if value < 0, [5, 6, 9, 31, 73].contains(number) { return }
    switch (global, number) {
    case (Self.record, 0): latitude = value * FITDecoder.semicircle
    case (Self.record, 1): longitude = value * FITDecoder.semicircle
    case (Self.record, 2): if !enhancedAltitude { altitude = value / 5 - 500 }
    case (Self.record, 78): altitude = value / 5 - 500; enhancedAltitude = true
    case (Self.record, 6): if !enhancedSpeed { speed = value / 1000 }
    case (Self.record, 73): speed = value / 1000; enhancedSpeed = true
    case (Self.record, 5): distance = value / 100
    case (Self.record, 31): accuracy = value
    case (Self.session, 9), (Self.lap, 9): distance = value / 100
    case (Self.event, 0): event = value
    case (Self.event, 1): eventType = value
    default: break
    }
  }
}

extension RecordingFormatDescriptor {
  public static let fit = RecordingFormatDescriptor(
    name: "fit", title: "FIT", extensions: ["fit"], isBinary: true,
    sniff: { $0.bytes.count >= 12 && $0.bytes[8..<12].elementsEqual(".FIT".utf8) },
    read: { path, _ in try FITReader().read(path) })
}
