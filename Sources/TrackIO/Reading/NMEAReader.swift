import Foundation

/// Reads NMEA 0183 logs: GGA, RMC, GSA, VTG, GST and ZDA from any talker (`GP`, `GN`, `GL`, …).
///
/// Sentences with the same UTC time (GGA, RMC, GST) form one epoch; GSA and VTG, which carry no time,
/// join the epoch before them. An epoch becomes a point when GGA has a fix (quality > 0) or RMC is
/// valid (`A`); GGA's position wins when both have one. The date comes from RMC or ZDA and is applied to
/// the whole log (a time of day that falls back by more than 12 h is the next day). Claimed accuracy:
/// GST's √(σ_lat² + σ_lon²) when present, else HDOP × ``RecordedPoint/metresPerHDOP``. Altitude is GGA's
/// height above mean sea level plus its geoid separation (ellipsoidal).
///
/// Checksums (`*hh`, XOR of the bytes between `$` and `*`) are checked: a sentence that fails is
/// skipped and counted; one without a checksum is accepted. When every sentence of one address (e.g.
/// `GPRMC`, at least 10) fails while others pass, the producer computes that type's checksum wrongly
/// (the SPAN references of the GSDC logs): the file is read again with those sentences kept (a third
/// time when a suspect passed somewhere after all), and the recording's ``Recording/readerNote`` says so.
/// An intact log is read once and pays nothing for the check. Lines that are not sentences (blank,
/// proprietary `$P…`, other text) are counted and skipped. Unknown sentence types are ignored.
/// - Complexity: O(bytes), one pass, memory bounded by the points kept (see ``ByteLines``).
public struct NMEAReader: Sendable {
  public init() {}

  /// Whether a file's first bytes are NMEA: the first line starts a sentence (`$` or `!`), or, after a
  /// logger's banner or comments, some line of them is one: `$`, a 2-6 character address of capitals
  /// and digits, a comma (GPSBabel finds sentences anywhere in a file).
  static func looksLikeNMEA(_ head: Substring) -> Bool {
    if head.hasPrefix("$") || head.hasPrefix("!") { return true }
    let lines = head.utf8.split(separator: 10)
    // The last line may be cut by the head's end; it still counts when its address is complete.
    return lines.contains { line in
      let bytes = Array(line.prefix(8))
      guard bytes.first == 36 else { return false }
      var k = 1
      while k < bytes.count, (65...90).contains(bytes[k]) || (48...57).contains(bytes[k]) { k += 1 }
      return (3...7).contains(k) && k < bytes.count && bytes[k] == 44
    }
  }

  /// Reads `path` (`-`: standard input).
  /// - Throws: ``RecordingError`` when the file cannot be read or holds no point with a position.
  public func read(_ path: String) throws -> Recording {
    func pass(trusting trusted: [UInt64]) throws -> NMEAState {
      var state = NMEAState(trusted: trusted)
      // A point takes 70-250 bytes of sentences.
      state.points.reserve(forFile: path, bytesPerPoint: 64)
      try ByteLines.forEach(in: path) { line, number, tooLong in
        state.line = number
        if tooLong { state.skip(.notASentence) } else { state.consume(line) }
        return state.points.count <= Recording.maximumPoints ? state.points.count : nil
      }
      return state
    }
    var state = try pass(trusting: [])
    // A suspected systematic fault is read again trusting it (standard input cannot be); a suspect
    // that passes somewhere was corruption after all, and a third pass trusts only the others. Each
    // pass's points go before the next one's are read.
    if path != "-", let suspects = state.suspectedChecksumFaults() {
      state = NMEAState()
      state = try pass(trusting: suspects)
      let confirmed = state.confirmedChecksumFaults()
      if confirmed != suspects {
        state = NMEAState()
        state = try pass(trusting: confirmed)
      }
    }
    return try state.finish(name: path)
  }

  /// Reads NMEA text held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(text: some Collection<UInt8>, name: String = "-") throws -> Recording {
    let bytes = Array(text)
    func pass(trusting trusted: [UInt64]) -> NMEAState {
      var state = NMEAState(trusted: trusted)
      bytes.withUnsafeBufferPointer { all in
        ByteLines.forEach(inMemory: all) { line, number in
          state.line = number
          state.consume(line)
        }
      }
      return state
    }
    var state = pass(trusting: [])
    if let suspects = state.suspectedChecksumFaults() {
      state = pass(trusting: suspects)
      let confirmed = state.confirmedChecksumFaults()
      if confirmed != suspects { state = pass(trusting: confirmed) }
    }
    return try state.finish(name: name)
  }
}

/// The reader's running state: the epoch being assembled and what has been kept.
struct NMEAState {
  var points: [RecordedPoint] = []
  var skipped: [Recording.SkipReason: Int] = [:]
  /// Where each reason's first skip was.
  var firstSkipped: [Recording.SkipReason: String] = [:]
  /// The line being read, from 1.
  var line = 0
  var sentences = 0

  /// Sentence addresses (talker and type, e.g. `GPRMC`, packed) whose checksum failed, and how often: a
  /// type that always fails while others pass is the producer's error, not corruption. Failures are
  /// rare, so a short list serves, and an intact log pays nothing for it.
  private var checksumFailures: [(address: UInt64, failed: Int)] = []
  /// Addresses whose checksum failures are read anyway (a later pass over a suspected systematic fault),
  /// and per trusted address how many of its sentences passed their checksum there.
  private let trusted: [UInt64]
  private var trustedPasses: [Int]
  /// `!trusted.isEmpty`, kept as a plain flag: the per-sentence path tests one byte.
  private let trusting: Bool
  /// Sentences read despite a failed checksum, and other sentences accepted, in a trusting pass.
  private var trustedFailures = 0
  private var othersAccepted = 0
  /// Fewest failures of one address that can count as systematic: one or two broken sentences of a
  /// rare type are ordinary corruption.
  static let systematicMinimum = 10

  init(trusted: [UInt64] = []) {
    self.trusted = trusted
    trustedPasses = trusted.map { _ in 0 }
    trusting = !trusted.isEmpty
  }

  /// Addresses that failed their checksum at least ``systematicMinimum`` times: what a second pass
  /// trusts to see whether they never pass; `nil` when there are none.
  func suspectedChecksumFaults() -> [UInt64]? {
    let suspects = checksumFailures.filter { $0.failed >= Self.systematicMinimum }.map(\.address)
    return suspects.isEmpty ? nil : suspects
  }

  /// After a trusting pass: the trusted addresses none of whose sentences passed, when other sentences
  /// were accepted (the producer's systematic error); empty otherwise.
  func confirmedChecksumFaults() -> [UInt64] {
    guard othersAccepted > 0 else { return [] }
    return trusted.indices.filter { trustedPasses[$0] == 0 }.map { trusted[$0] }
  }

  /// The address of a sentence body (at least 6 bytes, a comma 6th), packed.
  @inline(__always) static func address(_ body: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var address: UInt64 = 0
    for k in 0..<5 { address |= UInt64(body[k]) << (8 * UInt64(k)) }
    return address
  }

  private mutating func countFailure(_ address: UInt64) {
    if let i = checksumFailures.firstIndex(where: { $0.address == address }) {
      checksumFailures[i].failed += 1
    } else if checksumFailures.count < 64 {
      checksumFailures.append((address, 1))
    }
  }

  /// `GPRMC` from its packed address.
  static func addressText(_ address: UInt64) -> String {
    String(decoding: (0..<5).map { UInt8(truncatingIfNeeded: address >> (8 * UInt64($0))) }, as: UTF8.self)
  }

  // The epoch being assembled.
  private var epochKey: UInt64 = .max  // time of day in milliseconds, or .max for none
  private var epochTimeText: (UInt64, UInt64) = (0, 0)  // the time field's bytes that gave epochKey
  private var epochTimeLength = -1
  private var ggaPosition: (Double, Double)?
  private var rmcPosition: (Double, Double)?
  private var hadInvalidFix = false
  private var altitude: Double?
  private var speed: Double?
  private var course: Double?
  private var gstAccuracy: Double?
  private var hdop: Double?
  private var satellites: Int?

  // Days: the log's running day index and, once a date is seen, the first day's date.
  private var dayIndex = 0
  private var lastTimeOfDay: Double?
  private var firstDay: Int?  // days since 1970 of day index 0

  mutating func skip(_ reason: Recording.SkipReason) {
    if skipped[reason, default: 0] == 0 { firstSkipped[reason] = "line \(line)" }
    skipped[reason, default: 0] += 1
  }

  /// Closes the last epoch and hands the recording over.
  /// - Throws: ``RecordingError`` when there are no points, or more than ``Recording/maximumPoints``.
  mutating func finish(name: String) throws -> Recording {
    flush()
    guard points.count <= Recording.maximumPoints else {
      throw RecordingError(file: name, expected: "at most \(Recording.maximumPoints) points", found: "more")
    }
    guard !points.isEmpty else {
      throw RecordingError(
        file: name, expected: "NMEA 0183 sentences with a position fix (GGA or RMC)",
        found: sentences == 0 ? "no NMEA sentence" : "\(sentences) sentences and no fix")
    }
    return recording()
  }

  /// The recording, taking the points over (no copy).
  private mutating func recording() -> Recording {
    var points = self.points
    self.points = []
    if let firstDay {
      let offset = Double(firstDay) * 86_400
      for i in points.indices { points[i].time += offset }
    }
    var recording = Recording(points: points, hasDate: firstDay != nil, skipped: skipped)
    recording.firstSkipped = firstSkipped
    if trustedFailures > 0 {
      recording.readerNote =
        "every " + trusted.map { "\(Self.addressText($0))" }.joined(separator: " and ") + " sentence (\(trustedFailures))"
        + " failed its checksum while other sentences passed: a producer's systematic error, so read anyway"
    }
    return recording
  }

  mutating func consume(_ line: UnsafeBufferPointer<UInt8>) {
    // Leading spaces or a BOM are not part of a sentence.
    var first = 0
    while first < line.count && (line[first] == 32 || line[first] == 0xEF || line[first] == 0xBB || line[first] == 0xBF) { first += 1 }
    guard first < line.count else { return }  // blank lines are not worth a count
    guard line[first] == 36 || line[first] == 33 else { skip(.notASentence); return }  // $ or !
    // Body between $ and * (or the end), and its checksum: the XOR of its bytes, eight at a time.
    let base = line.baseAddress!
    let bodyStart = first + 1
    let star = memchr(base + bodyStart, 42, line.count - bodyStart).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
      ?? line.count
    var wide: UInt64 = 0
    var i = bodyStart
    while i + 8 <= star {
      wide ^= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      i += 8
    }
    wide ^= wide >> 32
    wide ^= wide >> 16
    wide ^= wide >> 8
    var sum = UInt8(truncatingIfNeeded: wide)
    while i < star {
      sum ^= base[i]
      i += 1
    }
    let body = UnsafeBufferPointer(rebasing: line[(first + 1)..<star])
    if star < line.count {
      var failed = true
      if line.count - star >= 3, let high = hex(line[star + 1]), let low = hex(line[star + 2]) { failed = sum != high << 4 | low }
      if failed {
        guard body.count >= 6 && body[5] == 44 else { skip(.checksumMismatch); return }
        let address = Self.address(body)
        guard trusted.contains(address) else { countFailure(address); skip(.checksumMismatch); return }
        trustedFailures += 1
      } else if trusting, body.count >= 6 && body[5] == 44 {
        let address = Self.address(body)
        if let i = trusted.firstIndex(of: address) { trustedPasses[i] += 1 } else { othersAccepted += 1 }
      }
    } else if trusting {
      othersAccepted += 1
    }
    // Address: 2-letter talker + 3-letter type; proprietary ($P…) and others are ignored.
    guard body.count >= 6, body[5] == 44, body[0] != 80 else { skip(.notASentence); return }
    sentences += 1
    var fields = Fields(body)
    let type = (body[2], body[3], body[4])
    switch type {
    case (71, 71, 65): gga(&fields)  // GGA
    case (82, 77, 67): rmc(&fields)  // RMC
    case (71, 83, 65): gsa(&fields)  // GSA
    case (86, 84, 71): vtg(&fields)  // VTG
    case (71, 83, 84): gst(&fields)  // GST
    case (90, 68, 65): zda(&fields)  // ZDA
    default: break
    }
  }

  private func hex(_ c: UInt8) -> UInt8? {
    switch c {
    case 48...57: return c - 48
    case 65...70: return c - 55
    case 97...102: return c - 87
    default: return nil
    }
  }

  // MARK: - Epochs

  /// Reads a sentence's time field and starts its epoch. Sentences of one epoch repeat the time's
  /// exact bytes, so those are compared first (two words) and only a new text is parsed.
  private mutating func enterEpoch(_ f: inout Fields) -> Bool {
    if epochKey != .max, f.skip(ifEqualTo: epochTimeText, length: epochTimeLength) { return true }
    let field = f.raw()
    guard enter(Fields.timeOfDay(field) ?? Fields.timeOfDay(Fields.trimmed(field))) else { return false }
    (epochTimeText, epochTimeLength) = (Fields.packed(field), field.count)
    return true
  }

  /// Starts the epoch at `timeOfDay` (seconds), closing the one before when the time differs.
  /// Returns `false` (and counts) when the time is malformed.
  private mutating func enter(_ time: (seconds: Double, milliseconds: UInt64)?) -> Bool {
    guard let time else { skip(.malformed); return false }
    if time.milliseconds != epochKey {
      flush()
      epochKey = time.milliseconds
      if let last = lastTimeOfDay, time.seconds < last - 43_200 { dayIndex += 1 }
      lastTimeOfDay = time.seconds
    }
    return true
  }

  /// Turns the epoch being assembled into a point, if it has a position.
  mutating func flush() {
    defer {
      epochKey = .max
      ggaPosition = nil; rmcPosition = nil; hadInvalidFix = false
      altitude = nil; speed = nil; course = nil; gstAccuracy = nil; hdop = nil; satellites = nil
    }
    guard epochKey != .max, let timeOfDay = lastTimeOfDay else { return }
    guard let (latitude, longitude) = ggaPosition ?? rmcPosition else {
      if hadInvalidFix { skip(.noFix) }
      return
    }
    let time = Double(dayIndex) * 86_400 + timeOfDay
    if let last = points.last, time <= last.time { skip(.notAfterPrevious); return }
    var point = RecordedPoint(
      time: time, latitude: latitude, longitude: longitude, altitude: altitude, speed: speed, course: course,
      hdop: hdop, satellites: satellites)
    if let gstAccuracy {
      point.horizontalAccuracy = gstAccuracy
      point.accuracySource = .claimed
    } else if let hdop, hdop > 0 {
      point.horizontalAccuracy = hdop * RecordedPoint.metresPerHDOP
      point.accuracySource = .hdop
    }
    points.append(point)
  }

  /// Records the date of the current day (days since 1970).
  private mutating func date(days: Int) {
    if firstDay == nil { firstDay = days - dayIndex }
  }

  /// A valid position, or `nil` with the reason counted.
  private mutating func accepted(_ position: Fields.Position) -> (Double, Double)? {
    switch position {
    case .valid(let p): return p
    case .outOfRange: skip(.outOfRange); return nil
    case .malformed: skip(.malformed); return nil
    }
  }

  // MARK: - Sentences

  /// `$--GGA,time,lat,N,lon,W,quality,sats,hdop,alt,M,separation,M,age,station`
  private mutating func gga(_ f: inout Fields) {
    guard enterEpoch(&f) else { return }
    let position = f.position()
    let quality = f.integer()
    let sats = f.integer()
    let dilution = f.number()
    let height = f.number()
    f.skip()
    let separation = f.number()
    guard let quality, quality > 0 else { hadInvalidFix = true; return }
    guard let p = accepted(position) else { return }
    ggaPosition = p
    satellites = sats
    if let dilution, dilution.isFinite, dilution >= 0 { hdop = dilution }
    if let height, height.isFinite, abs(height) < 100_000 { altitude = height + (separation ?? 0) }
  }

  /// `$--RMC,time,A,lat,N,lon,W,knots,course,ddmmyy,variation,E[,mode]`
  private mutating func rmc(_ f: inout Fields) {
    guard enterEpoch(&f) else { return }
    let status = f.character()
    // GGA's position wins: RMC's is read only for an epoch without one, and its date only until the
    // log's date is known (the first date fixes the whole log's).
    let position = ggaPosition == nil ? f.position() : f.skipPosition()
    let knots = f.number()
    let heading = f.number()
    if firstDay == nil, let days = f.rmcDate() { date(days: days) }
    guard status == 65 else { hadInvalidFix = true; return }  // A
    if ggaPosition == nil {
      guard let p = accepted(position) else { return }
      rmcPosition = p
    }
    if let knots, knots.isFinite, knots >= 0, knots < 100_000 { speed = knots * 1852 / 3600 }
    if let heading, heading.isFinite, (0...360).contains(heading) { course = heading }
  }

  /// `$--GSA,mode,fix,sat×12,pdop,hdop,vdop`: HDOP for the epoch when GGA gave none.
  private mutating func gsa(_ f: inout Fields) {
    for _ in 0..<15 { f.skip() }
    let dilution = f.number()
    if hdop == nil, let dilution, dilution.isFinite, dilution > 0 { hdop = dilution }
  }

  /// `$--VTG,course,T,course,M,knots,N,kmh,K[,mode]`: speed and course when RMC gave none.
  private mutating func vtg(_ f: inout Fields) {
    let heading = f.number()
    for _ in 0..<3 { f.skip() }
    let knots = f.number()
    f.skip()
    let kmh = f.number()
    if course == nil, let heading, heading.isFinite, (0...360).contains(heading) { course = heading }
    if speed == nil {
      if let kmh, kmh.isFinite, kmh >= 0, kmh < 100_000 { speed = kmh / 3.6 } else if let knots, knots.isFinite, knots >= 0, knots < 100_000 { speed = knots * 1852 / 3600 }
    }
  }

  /// `$--GST,time,rms,major,minor,orientation,σlat,σlon,σalt`: the receiver's claimed accuracy.
  private mutating func gst(_ f: inout Fields) {
    guard enterEpoch(&f) else { return }
    for _ in 0..<4 { f.skip() }
    guard let sigmaLatitude = f.number(), let sigmaLongitude = f.number(),
      sigmaLatitude.isFinite, sigmaLongitude.isFinite, sigmaLatitude >= 0, sigmaLongitude >= 0
    else { return }
    let radius = (sigmaLatitude * sigmaLatitude + sigmaLongitude * sigmaLongitude).squareRoot()
    if radius.isFinite, radius < 1_000_000 { gstAccuracy = radius }
  }

  /// `$--ZDA,time,dd,mm,yyyy,zone-h,zone-m`: the date.
  private mutating func zda(_ f: inout Fields) {
    f.skip()
    guard let day = f.integer(), let month = f.integer(), let year = f.integer(),
      let days = civilDays(year: year, month: month, day: day)
    else { return }
    date(days: days)
  }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil), or `nil`
/// when the date does not exist. Any four-digit year counts: files carry placeholder dates such as
/// 1970-01-01 (gpxpy and GPSBabel read them as dates); times that do not increase are refused later.
func civilDays(year: Int, month: Int, day: Int) -> Int? {
  guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return nil }
  let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  let length: Int
  switch month {
  case 2: length = leap ? 29 : 28
  case 4, 6, 9, 11: length = 30
  default: length = 31
  }
  guard day <= length else { return nil }
  let y = month <= 2 ? year - 1 : year
  let era = y / 400
  let yearOfEra = y - era * 400
  let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
  let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/// The comma-separated fields of a sentence body, read in order without allocating.
struct Fields {
  private let body: UnsafeBufferPointer<UInt8>
  private var cursor: Int

  /// Starts after the address field (`GPGGA,`).
  init(_ body: UnsafeBufferPointer<UInt8>) {
    self.body = body
    cursor = 6
  }

  enum Position { case valid((Double, Double)), outOfRange, malformed }

  /// The next field's bytes (empty at the end), as they are; a reader that finds them malformed tries
  /// them again ``trimmed(_:)`` (so padding costs nothing on the common path).
  @inline(__always)
  private mutating func next() -> UnsafeBufferPointer<UInt8> {
    guard cursor <= body.count else { return UnsafeBufferPointer(start: nil, count: 0) }
    var end = cursor
    while end < body.count && body[end] != 44 { end += 1 }
    let field = UnsafeBufferPointer(rebasing: body[cursor..<end])
    cursor = end + 1
    return field
  }

  /// A malformed number field read again without spaces around it, if it has any: `nil` otherwise.
  @inline(never)
  static func padded(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
    guard field.first == 32 || field.last == 32 else { return nil }
    return decimal(trimmed(field))
  }

  /// `field` without spaces around it: loggers pad fields (`222517 `), and GPSBabel reads them.
  static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0, end = field.count
    while start < end && field[start] == 32 { start += 1 }
    while end > start && field[end - 1] == 32 { end -= 1 }
    return UnsafeBufferPointer(rebasing: field[start..<end])
  }

  @inline(__always)
  mutating func skip() { _ = next() }

  mutating func character() -> UInt8? {
    let field = next()
    if field.count == 1 { return field[0] }
    let padded = Fields.trimmed(field)
    return padded.count == 1 ? padded[0] : nil
  }

  /// A decimal number (`-12.345`), or `nil` when empty or malformed: ``decimal(_:)`` of the next field,
  /// parsed as the comma is looked for (one pass over the bytes).
  @inline(__always)
  mutating func number() -> Double? {
    guard cursor <= body.count, let base = body.baseAddress else { return nil }
    let start = cursor, end = body.count
    var i = start
    var negative = false
    if i < end && (base[i] == 45 || base[i] == 43) { negative = base[i] == 45; i += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var point = -1
    var valid = true
    while i < end {
      let c = base[i]
      let d = c &- 48
      if d < 10 {
        mantissa = mantissa &* 10 &+ UInt64(d)  // wraps only past 19 digits, refused below
        digits += 1
      } else if c == 44 {
        break
      } else if c == 46 && point < 0 {
        point = digits
      } else {
        valid = false  // still read on to the comma (a padded field is read again below)
      }
      i += 1
    }
    cursor = i + 1
    // Rare: a padded field is read again without its padding (spaces inside it stay malformed).
    guard valid, i - start <= 24, digits > 0, digits <= 18 else {
      return i > start ? Fields.padded(UnsafeBufferPointer(start: base + start, count: i - start)) : nil
    }
    let value = Double(Int64(bitPattern: mantissa)) / Fields.powerOfTen(point < 0 ? 0 : digits - point)
    return negative ? -value : value
  }

  @inline(__always)
  mutating func integer() -> Int? {
    guard let value = number(), value.rounded() == value, abs(value) < 1e9 else { return nil }
    return Int(value)
  }

  /// The next field's bytes, for a caller that decides how to read them (the epoch's time).
  mutating func raw() -> UnsafeBufferPointer<UInt8> { next() }

  /// Up to 16 bytes of `field` as two little-endian words, zero past its end (`(0, 0)` when longer).
  static func packed(_ field: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
    var words: (UInt64, UInt64) = (0, 0)
    if field.count <= 16, let base = field.baseAddress {
      withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: field.count) }
    }
    return words
  }

  /// Passes over the next field when it is exactly `length` bytes (1-16) equal to `text` (``packed(_:)``);
  /// compares two words instead of the bytes. Needs 16 readable bytes, else says `false`.
  mutating func skip(ifEqualTo text: (UInt64, UInt64), length: Int) -> Bool {
    guard length > 0, length <= 16, cursor + 16 <= body.count, let base = body.baseAddress else { return false }
    let end = cursor + length
    guard end == body.count || base[end] == 44 else { return false }
    let raw = UnsafeRawPointer(base + cursor)
    var low = raw.loadUnaligned(as: UInt64.self)
    var high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    if length < 8 {
      low &= (1 << (8 * UInt64(length))) - 1
      high = 0
    } else {
      high &= length == 16 ? ~0 : (1 << (8 * UInt64(length - 8))) - 1
    }
    guard low == text.0, high == text.1 else { return false }
    cursor = end + 1
    return true
  }

  /// `hhmmss.sss` as seconds of the day, and as whole milliseconds (rounded half up, in integers: the
  /// key that groups an epoch's sentences), or `nil` when malformed.
  static func timeOfDay(_ field: UnsafeBufferPointer<UInt8>) -> (seconds: Double, milliseconds: UInt64)? {
    guard field.count >= 6, let base = field.baseAddress else { return nil }
    var clock = 0
    for i in 0..<6 {
      let d = base[i] &- 48
      guard d < 10 else { return nil }
      clock = clock * 10 + Int(d)
    }
    let hours = clock / 10_000, minutes = clock / 100 % 100, seconds = clock % 100
    guard hours < 24, minutes < 60, seconds < 61 else { return nil }
    let whole = hours * 3600 + minutes * 60 + seconds
    var fraction = 0.0
    var milliseconds = UInt64(whole) * 1000
    if field.count > 6 {
      guard base[6] == 46, field.count <= 16 else { return nil }
      var digits: UInt64 = 0
      for i in 7..<field.count {
        let d = base[i] &- 48
        guard d < 10 else { return nil }
        digits = digits &* 10 &+ UInt64(d)
      }
      let places = field.count - 7
      fraction = Double(Int64(bitPattern: digits)) / Fields.powerOfTen(places)
      milliseconds += places <= 3
        ? digits * integerPowersOfTen[3 - places]
        : (digits + 5 * integerPowersOfTen[places - 4]) / integerPowersOfTen[places - 3]
    }
    return (Double(whole) + fraction, milliseconds)
  }

  /// `ddmmyy` (RMC) as days since 1970; two-digit years 80-99 are 19xx, 00-79 20xx.
  mutating func rmcDate() -> Int? {
    let field = next()
    guard field.count == 6, let day = Fields.digits(field, 0, 2), let month = Fields.digits(field, 2, 2),
      let year = Fields.digits(field, 4, 2)
    else { return nil }
    return civilDays(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
  }

  /// `ddmm.mmmm,N,dddmm.mmmm,E` as signed degrees.
  mutating func position() -> Position {
    let latitudeStart = cursor
    let latitudeField = next(), north = next()
    let longitudeStart = cursor
    let longitudeField = next(), east = next()
    if let latitude = degrees(latitudeField, at: latitudeStart, degreeDigits: 2),
      let longitude = degrees(longitudeField, at: longitudeStart, degreeDigits: 3),
      north.count == 1, east.count == 1
    {
      return position(latitude, north[0], longitude, east[0])
    }
    // Rare: padded fields, read again without their padding.
    let latitudeText = Fields.trimmed(latitudeField), longitudeText = Fields.trimmed(longitudeField)
    let northText = Fields.trimmed(north), eastText = Fields.trimmed(east)
    // Where a trimmed field starts in the body: its untrimmed start plus the spaces dropped before it.
    func start(_ trimmed: UnsafeBufferPointer<UInt8>, of field: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
      guard let from = field.baseAddress, let to = trimmed.baseAddress else { return offset }
      return offset + from.distance(to: to)
    }
    guard let latitude = degrees(latitudeText, at: start(latitudeText, of: latitudeField, at: latitudeStart), degreeDigits: 2),
      let longitude = degrees(longitudeText, at: start(longitudeText, of: longitudeField, at: longitudeStart), degreeDigits: 3),
      northText.count == 1, eastText.count == 1
    else { return .malformed }
    return position(latitude, northText[0], longitude, eastText[0])
  }

  /// Degrees with their hemispheres (`N`/`S`, `E`/`W`) as a signed position.
  @inline(__always)
  private func position(_ latitude: Double, _ north: UInt8, _ longitude: Double, _ east: UInt8) -> Position {
    guard north == 78 || north == 83, east == 69 || east == 87 else { return .malformed }
    guard latitude <= 90, longitude <= 180 else { return .outOfRange }
    return .valid((north == 83 ? -latitude : latitude, east == 87 ? -longitude : longitude))
  }

  /// Passes over the four fields of a position.
  mutating func skipPosition() -> Position {
    for _ in 0..<4 { skip() }
    return .malformed
  }

  /// `ddmm.mmmm` (or `dddmm.mmmm`) as degrees, `field` starting at `offset` in the body; minutes must be
  /// below 60. The digits before the point hold degrees × 100 + whole minutes; the minutes are formed as
  /// one integer and divided once by a power of ten (correctly rounded, as ``decimal(_:)`` gives them).
  /// Fraction digits are read eight at a time (SWAR) where the body has eight bytes to load.
  private func degrees(_ field: UnsafeBufferPointer<UInt8>, at offset: Int, degreeDigits: Int) -> Double? {
    let count = field.count
    guard count > 0, let base = field.baseAddress else { return nil }
    var i = 0
    var whole = 0
    while i < count && base[i] != 46 {
      let d = base[i] &- 48
      guard d < 10, i < degreeDigits + 2 else { return nil }
      whole = whole * 10 + Int(d)
      i += 1
    }
    guard i >= 2 else { return nil }
    var minutes = UInt64(whole % 100)
    var fractionDigits = 0
    i += 1  // past the point, if any
    while i < count {
      guard fractionDigits < 16 else { return nil }
      if offset + i + 8 <= body.count {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let n = min(Fields.leadingDigits(word), count - i, 16 - fractionDigits)
        guard n > 0 else { return nil }
        minutes = minutes &* integerPowersOfTen[n] &+ Fields.digitsValue((word &- 0x3030_3030_3030_3030) << (8 * UInt64(8 - n)))
        fractionDigits += n
        i += n
      } else {
        let d = base[i] &- 48
        guard d < 10 else { return nil }
        minutes = minutes * 10 + UInt64(d)
        fractionDigits += 1
        i += 1
      }
    }
    let value = Double(Int64(bitPattern: minutes)) / Fields.powerOfTen(fractionDigits)
    guard value < 60 else { return nil }
    return Double(whole / 100) + value / 60
  }

  /// How many of the eight bytes of `word` (little-endian), from the first, are ASCII digits.
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    // A byte is not a digit when its high bit is set, when adding 0x46 sets it (≥ 0x3A), or when
    // subtracting 0x30 does (< 0x30); carries and borrows only reach bytes after the first non-digit.
    let notDigit = (word | (word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
    return notDigit.trailingZeroBitCount / 8
  }

  /// Eight digit values (0-9, one per byte, the first in the lowest byte) as one number.
  @inline(__always)
  static func digitsValue(_ digits: UInt64) -> UInt64 {
    let pairs = (digits &* (10 << 8 + 1)) >> 8
    let quads = ((pairs & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) >> 16
    return ((quads & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) >> 32
  }


  /// `count` decimal digits from `offset` as an integer.
  static func digits(_ field: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
    guard count > 0, offset + count <= field.count else { return nil }
    var value = 0
    for i in offset..<(offset + count) {
      let d = field[i] &- 48
      guard d < 10 else { return nil }
      value = value * 10 + Int(d)
    }
    return value
  }

  /// A plain decimal: optional sign, digits, optional fraction, at most 64 characters. Exact: up to 18
  /// digits form an integer divided once by a power of ten (correctly rounded); more (GPSBabel writes
  /// `40.1889497693628072000`) go to the standard library's correctly rounded parser.
  @inline(__always)
  static func decimal(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = field.count
    guard count > 0, count <= 64, let base = field.baseAddress else { return nil }
    var i = 0
    var negative = false
    if base[0] == 45 || base[0] == 43 { negative = base[0] == 45; i = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var point = -1
    while i < count {
      let d = base[i] &- 48
      if d < 10 {
        mantissa = mantissa &* 10 &+ UInt64(d)  // wraps past 19 digits: such a number takes the slow path
        digits += 1
      } else if base[i] == 46 && point < 0 {
        point = digits
      } else {
        return nil
      }
      i += 1
    }
    guard digits > 0 else { return nil }
    if digits > 18 { return Double(String(decoding: field, as: UTF8.self)) }
    let scale = point < 0 ? 0 : digits - point
    let value = Double(Int64(bitPattern: mantissa)) / Fields.powerOfTen(scale)
    return negative ? -value : value
  }

  /// 10^k for k in 0...18, exactly: a table lookup (a switch compiles to an indirect jump that
  /// mispredicts as field lengths vary).
  @inline(__always)
  static func powerOfTen(_ k: Int) -> Double { decimalPowersOfTen[k] }

}

/// 10^k, k in 0...18 (exact in a Double), for ``Fields/powerOfTen(_:)``.
private let decimalPowersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18]
/// 10^k, k in 0...8, for scaling by the digits read at once.
private let integerPowersOfTen: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

extension RecordingFormatDescriptor {
  public static let nmea = RecordingFormatDescriptor(
    name: "nmea", title: "NMEA", extensions: ["nmea", "nma"], sniff: { NMEAReader.looksLikeNMEA($0.trimmed) },
    read: { path, _ in try NMEAReader().read(path) }, writer: NMEAWriter())
}
