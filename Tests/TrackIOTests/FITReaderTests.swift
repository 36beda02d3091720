import Foundation
import Testing

import TrackIO

@Suite struct FITReaderTests {
  static let files = [
    "python-fitparse/2013-02-06-12-11-14.fit", "python-fitparse/2019-02-17-062644-ELEMNT-297E-195-0.fit",
    "python-fitparse/activity-small-fenix2-run.fit", "python-fitparse/developer-types-sample.fit",
  ]

  /// fitparse's reading: record messages with a timestamp and a position, in order, each later than the
  /// last kept (the rule the reader documents), then the sessions' total distance.
  static let fitparseScript = """
    import sys, calendar, fitparse
    f = fitparse.FitFile(sys.argv[1])
    last = None
    for m in f.get_messages('record'):
        v = m.get_values()
        lat, lon, t = v.get('position_lat'), v.get('position_long'), v.get('timestamp')
        if lat is None or lon is None or t is None: continue
        ts = calendar.timegm(t.timetuple())
        if last is not None and ts <= last: continue
        last = ts
        acc = v.get('gps_accuracy')
        print(ts, repr(lat * 180 / 2**31), repr(lon * 180 / 2**31), -1 if acc is None else acc)
    print('session', sum(m.get_value('total_distance') or 0 for m in f.get_messages('session')))
    """

  @Test(
    .enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real FIT recordings are not checked"),
    .enabled(if: PythonTools.python3 != nil, "python3 is not installed: the fitparse comparison is skipped"),
    arguments: files)
  func agreesWithFitparse(file: String) throws {
    let path = try #require(sharedRealData).appendingPathComponent(file).path
    let recording = try FITReader().read(path)
    let result = try PythonTools.run(try PythonTools.pythonWithReferenceReaders(), ["-c", Self.fitparseScript, path])
    try #require(result.status == 0, "\(result.output)")
    var lines = result.output.split(separator: "\n").map { $0.split(separator: " ") }
    let sessionText = try #require(lines.popLast()?.last)
    let session = try #require(Double(sessionText))
    #expect(recording.points.count == lines.count)
    #expect(recording.hasDate)
    var largest = 0.0
    for (ours, theirs) in zip(recording.points, lines) {
      #expect(ours.time == Double(theirs[0]))
      largest = max(largest, abs(ours.latitude - Double(theirs[1])!), abs(ours.longitude - Double(theirs[2])!))
      let accuracy = Double(theirs[3])!
      #expect(ours.horizontalAccuracy == (accuracy < 0 ? nil : accuracy))
    }
    #expect(largest < 1e-12, "positions agree with fitparse's to \(largest)°")
    #expect(abs(try #require(recording.deviceDistance) - session) < 1e-6)
  }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real FIT recordings are not checked"))
  func statedCountsAndDistances() throws {
    let folder = try #require(sharedRealData)
    // The data README: 583 of 590 records with a position (7 repeat their predecessor's second), device
    // distance 4,835 m in 5 laps; the Wahoo ride's 13,348 positioned records all claim an accuracy.
    let forerunner = try FITReader().read(folder.appendingPathComponent(Self.files[0]).path)
    #expect(forerunner.points.count == 576 && forerunner.skipped == [.noFix: 7, .notAfterPrevious: 7])
    #expect(forerunner.deviceLaps.count == 5 && abs(forerunner.deviceLaps.reduce(0, +) - 4835.38) < 0.01)
    let wahoo = try FITReader().read(folder.appendingPathComponent(Self.files[1]).path)
    #expect(wahoo.points.count == 13_348 && wahoo.points.allSatisfy { $0.accuracySource == .claimed })
    #expect(abs(try #require(wahoo.deviceDistance) - 78_940.55) < 1e-6)
    #expect(!wahoo.segmentStarts.isEmpty, "the ride's pauses (elapsed 5 h 49 min, timer 3 h 45 min) start segments")
  }

  @Test(.enabled(if: sharedRealData != nil, "../shared/data/real is absent: the real FIT recordings are not checked"))
  func corruptionIsFoundByTheCRC() throws {
    let path = try #require(sharedRealData).appendingPathComponent(Self.files[2]).path
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[bytes.count / 2] ^= 0x10
    let error = try #require(throws: RecordingError.self) { try FITReader().read(bytes: bytes, name: "run.fit") }
    #expect(error.description.hasPrefix("run.fit:byte \(bytes.count - 2): expected file CRC 0x"), "\(error)")
    let truncated = Array(bytes[0..<bytes.count / 3])
    let cut = try #require(throws: RecordingError.self) { try FITReader().read(bytes: truncated, name: "run.fit") }
    #expect(cut.description.contains("truncated"), "\(cut)")
  }

  @Test func compressedTimestampsBigEndianAndDeveloperFields() throws {
    var file = FITBuilder()
    // Local 0: record, little-endian, timestamp + lat + lon + gps_accuracy, one 2-byte developer field.
    file.define(local: 0, global: 20, bigEndian: false, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (31, 1, 0x02)], developerBytes: [2])
    // Local 1: record, big-endian, lat + lon only (time from a compressed header).
    file.define(local: 1, global: 20, bigEndian: true, fields: [(0, 4, 0x85), (1, 4, 0x85)])
    let semicircles = { (degrees: Double) in Int32(degrees / 180 * 2_147_483_648) }
    file.data(local: 0, [.u32(1_000_000_030), .i32(semicircles(45)), .i32(semicircles(7)), .u8(3)], developer: [0xAB, 0xCD])
    file.compressed(local: 1, offset: 31, bigEndian: true, [.i32(semicircles(45.0001)), .i32(semicircles(7))])  // 30 → 31
    file.compressed(local: 1, offset: 2, bigEndian: true, [.i32(semicircles(45.0002)), .i32(semicircles(7))])  // rolls over: 34
    file.compressed(local: 1, offset: 3, bigEndian: true, [.i32(Int32.max), .i32(Int32.max)])  // no position
    let recording = try FITReader().read(bytes: file.bytes())
    #expect(recording.points.map(\.time) == [1_000_000_030, 1_000_000_031, 1_000_000_034].map { $0 + FITDecoder.epochOffset })
    #expect(abs(recording.points[2].latitude - 45.0002) < 1e-7)
    #expect(recording.points[0].horizontalAccuracy == 3 && recording.points[1].horizontalAccuracy == nil)
    #expect(recording.skipped == [.noFix: 1])
  }

  /// Inputs the fuzzer found, kept: each must give a recording that keeps the readers' laws, or an error.
  @Test func fuzzRegressions() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")
    // A record declaring speed as a signed field holding a negative value: the speed was read as < 0.
    // The fuzz target writes correct sizes and CRCs over its input before reading; so does this test.
    var bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("fit-negative-speed.fit")))
    let dataSize = UInt32(bytes.count - 16)
    bytes[0] = 14
    for i in 0..<4 { bytes[4 + i] = UInt8(truncatingIfNeeded: dataSize >> (8 * i)) }
    let headerCRC = bytes[0..<12].withUnsafeBytes { FITCRC.update(0, $0) }
    bytes[12] = UInt8(headerCRC & 0xFF); bytes[13] = UInt8(headerCRC >> 8)
    let fileCRC = bytes[0..<(bytes.count - 2)].withUnsafeBytes { FITCRC.update(0, $0) }
    bytes[bytes.count - 2] = UInt8(fileCRC & 0xFF); bytes[bytes.count - 1] = UInt8(fileCRC >> 8)
    let recording = try FITReader().read(bytes: bytes)
    #expect(!recording.points.isEmpty)
    #expect(recording.points.allSatisfy { ($0.horizontalAccuracy ?? 0) >= 0 && ($0.speed ?? 0) >= 0 })
  }

  @Test func hostileInputIsAnError() {
    var valid = FITBuilder()
    valid.define(local: 0, global: 20, bigEndian: false, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
    valid.data(local: 0, [.u32(5), .i32(1000), .i32(1000)])
    let good = valid.bytes()
    #expect((try? FITReader().read(bytes: good))?.points.count == 1)
    var undefined = FITBuilder()
    undefined.data(local: 3, [.u32(5)])
    var noPoints = FITBuilder()
    noPoints.define(local: 0, global: 0, bigEndian: false, fields: [(0, 1, 0x00)])
    var badSignature = good
    badSignature[9] = 0
    let cases: [(bytes: [UInt8], message: String)] = [
      ([], "an empty file"), (Array(good[0..<11]), "11 bytes"), (badSignature, "'.FIT'"),
      (undefined.bytes(), "a definition of local message type 3"), (noPoints.bytes(), "found none"),
    ]
    for (bytes, message) in cases {
      let error = #expect(throws: RecordingError.self) { try FITReader().read(bytes: bytes, name: "x.fit") }
      #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }
  }
}

extension FITReaderTests {
  /// A header claiming 2·10⁹ bytes of records, then 70 MB of records with no position (a definition of
  /// a file_id message and its one-byte data messages), the rest a hole: the reader stops after 64 MB
  /// without a point, before the file CRC over 2 GB (a file of 2 GB, sparse, so the test writes 70 MB).
  @Test func aHeaderClaimingGigabytesStopsAfter64MBWithoutAPoint() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fit-claim-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("claim.fit").path
    let claimed: UInt32 = 2_000_000_000
    var head: [UInt8] = [14, 0x20, 0x08, 0x08] + (0..<4).map { UInt8(truncatingIfNeeded: claimed >> (8 * $0)) } + Array(".FIT".utf8) + [0, 0]
    head += [0x40, 0, 0, 0, 0, 1, 0, 1, 0x00]  // local 0 is global 0 (file_id): one 1-byte field
    #expect(FileManager.default.createFile(atPath: path, contents: Data(head)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    let chunk = Data(repeating: 0, count: 1 << 20)  // data messages of local type 0: [0x00, value 0x00]
    for _ in 0..<70 { try handle.write(contentsOf: chunk) }
    try handle.truncate(atOffset: 14 + UInt64(claimed) + 2)
    try handle.close()
    let error = #expect(throws: RecordingError.self) { try FITReader().read(path) }
    #expect(error?.description.contains("within the first 64 MB") == true, "\(String(describing: error))")
  }
}

/// Writes small FIT files for tests: a 14-byte header, the messages given, both CRCs.
struct FITBuilder {
  enum Value {
    case u8(UInt8), u32(UInt32), i32(Int32)
    func bytes(bigEndian: Bool) -> [UInt8] {
      let little: [UInt8]
      switch self {
      case .u8(let v): little = [v]
      case .u32(let v): little = (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
      case .i32(let v): little = (0..<4).map { UInt8(truncatingIfNeeded: UInt32(bitPattern: v) >> (8 * $0)) }
      }
      return bigEndian ? little.reversed() : little
    }
  }
  private var records: [UInt8] = []

  mutating func define(local: UInt8, global: UInt16, bigEndian: Bool, fields: [(UInt8, UInt8, UInt8)], developerBytes: [UInt8] = []) {
    records.append(0x40 | (developerBytes.isEmpty ? 0 : 0x20) | local)
    records += [0, bigEndian ? 1 : 0]
    records += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
    records.append(UInt8(fields.count))
    for (number, size, type) in fields { records += [number, size, type] }
    if !developerBytes.isEmpty {
      records.append(UInt8(developerBytes.count))
      for (i, size) in developerBytes.enumerated() { records += [UInt8(i), size, 0] }
    }
  }

  mutating func data(local: UInt8, bigEndian: Bool = false, _ values: [Value], developer: [UInt8] = []) {
    records.append(local)
    for value in values { records += value.bytes(bigEndian: bigEndian) }
    records += developer
  }

  mutating func compressed(local: UInt8, offset: UInt8, bigEndian: Bool, _ values: [Value]) {
    records.append(0x80 | local << 5 | offset)
    for value in values { records += value.bytes(bigEndian: bigEndian) }
  }

  func bytes() -> [UInt8] {
    let size = UInt32(records.count)
    var header: [UInt8] = [14, 0x20, 0x08, 0x08] + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + Array(".FIT".utf8)
    let headerCRC = header.withUnsafeBytes { FITCRC.update(0, $0) }
    header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
    let body = header + records
    let crc = body.withUnsafeBytes { FITCRC.update(0, $0) }
    return body + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
  }
}
