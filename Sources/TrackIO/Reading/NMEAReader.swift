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
/// skipped and counted; one without a checksum is accepted. Lines that are not sentences (blank,
/// proprietary `$P…`, other text) are counted and skipped. Unknown sentence types are ignored.
/// - Complexity: O(bytes), one pass, memory bounded by the points kept (see ``ByteLines``).
public struct NMEAReader: Sendable {
  public init() {}

  /// Reads `path` (`-`: standard input).
  /// - Throws: ``RecordingError`` when the file cannot be read or holds no point with a position.
  public func read(_ path: String) throws -> Recording {
    var state = NMEAState()
    // A point takes 70-250 bytes of sentences.
    var reserved = Recording()
    reserved.reserve(forFile: path, bytesPerPoint: 64)
    state.points = reserved.points
    try ByteLines.forEach(in: path) { line, _, tooLong in
      if tooLong { state.skip(.notASentence) } else { state.consume(line) }
      return state.points.count <= Recording.maximumPoints
    }
    return try state.finish(name: path)
  }

  /// Reads NMEA text held in memory (tests, fuzzing); `name` stands for the file in errors.
  public func read(text: some Collection<UInt8>, name: String = "-") throws -> Recording {
    var state = NMEAState()
    Array(text).withUnsafeBufferPointer { all in ByteLines.forEach(inMemory: all) { line, _ in state.consume(line) } }
    return try state.finish(name: name)
  }
}

/// The reader's running state: the epoch being assembled and what has been kept.
struct NMEAState {
  var points: [RecordedPoint] = []
  var skipped: [Recording.SkipReason: Int] = [:]
  var sentences = 0

  // The epoch being assembled.
  private var epochKey: UInt64 = .max  // time of day in milliseconds, or .max for none
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

  mutating func skip(_ reason: Recording.SkipReason) { skipped[reason, default: 0] += 1 }

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
    return Recording(points: points, hasDate: firstDay != nil, skipped: skipped)
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
    if star < line.count {
      guard line.count - star >= 3, let high = hex(line[star + 1]), let low = hex(line[star + 2]) else { skip(.checksumMismatch); return }
      guard sum == high << 4 | low else { skip(.checksumMismatch); return }
    }
    let body = UnsafeBufferPointer(rebasing: line[(first + 1)..<star])
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

  /// Starts the epoch at `timeOfDay` (seconds), closing the one before when the time differs.
  /// Returns `false` (and counts) when the time is malformed.
  private mutating func enter(_ timeOfDay: Double?) -> Bool {
    guard let timeOfDay, timeOfDay >= 0, timeOfDay < 86_401 else { skip(.malformed); return false }
    let key = UInt64((timeOfDay * 1000).rounded())
    if key != epochKey {
      flush()
      epochKey = key
      if let last = lastTimeOfDay, timeOfDay < last - 43_200 { dayIndex += 1 }
      lastTimeOfDay = timeOfDay
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
    guard enter(f.timeOfDay()) else { return }
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
    guard enter(f.timeOfDay()) else { return }
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
    guard enter(f.timeOfDay()) else { return }
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
/// when the date does not exist or lies outside 1980-2200.
func civilDays(year: Int, month: Int, day: Int) -> Int? {
  guard (1980...2200).contains(year), (1...12).contains(month), day >= 1 else { return nil }
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

  /// The next field's bytes (empty at the end).
  private mutating func next() -> UnsafeBufferPointer<UInt8> {
    guard cursor <= body.count else { return UnsafeBufferPointer(start: nil, count: 0) }
    var end = cursor
    while end < body.count && body[end] != 44 { end += 1 }
    let field = UnsafeBufferPointer(rebasing: body[cursor..<end])
    cursor = end + 1
    return field
  }

  mutating func skip() { _ = next() }

  mutating func character() -> UInt8? {
    let field = next()
    return field.count == 1 ? field[0] : nil
  }

  /// A decimal number (`-12.345`), or `nil` when empty or malformed.
  mutating func number() -> Double? { Fields.decimal(next()) }

  mutating func integer() -> Int? {
    guard let value = number(), value.rounded() == value, abs(value) < 1e9 else { return nil }
    return Int(value)
  }

  /// `hhmmss.sss` as seconds of the day.
  mutating func timeOfDay() -> Double? {
    let field = next()
    guard field.count >= 6, let base = field.baseAddress else { return nil }
    var clock = 0
    for i in 0..<6 {
      let d = base[i] &- 48
      guard d < 10 else { return nil }
      clock = clock * 10 + Int(d)
    }
    let hours = clock / 10_000, minutes = clock / 100 % 100, seconds = clock % 100
    guard hours < 24, minutes < 60, seconds < 61 else { return nil }
    var fraction = 0.0
    if field.count > 6 {
      guard base[6] == 46, field.count <= 16 else { return nil }
      var digits: UInt64 = 0
      for i in 7..<field.count {
        let d = base[i] &- 48
        guard d < 10 else { return nil }
        digits = digits &* 10 &+ UInt64(d)
      }
      fraction = Double(digits) / Fields.powerOfTen(field.count - 7)
    }
    return Double(hours * 3600 + minutes * 60 + seconds) + fraction
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
    let latitudeField = next(), north = next(), longitudeField = next(), east = next()
    guard let latitude = Fields.degrees(latitudeField, degreeDigits: 2), let longitude = Fields.degrees(longitudeField, degreeDigits: 3),
      north.count == 1, east.count == 1, north[0] == 78 || north[0] == 83, east[0] == 69 || east[0] == 87
    else { return .malformed }
    guard latitude <= 90, longitude <= 180 else { return .outOfRange }
    return .valid((north[0] == 83 ? -latitude : latitude, east[0] == 87 ? -longitude : longitude))
  }

  /// Passes over the four fields of a position.
  mutating func skipPosition() -> Position {
    for _ in 0..<4 { skip() }
    return .malformed
  }

  /// `ddmm.mmmm` (or `dddmm.mmmm`) as degrees; minutes must be below 60.
  private static func degrees(_ field: UnsafeBufferPointer<UInt8>, degreeDigits: Int) -> Double? {
    var point = 0
    while point < field.count && field[point] != 46 { point += 1 }
    guard point >= 2, point - 2 <= degreeDigits, let whole = digits(field, 0, point - 2) ?? (point == 2 ? 0 : nil),
      let minutes = decimal(UnsafeBufferPointer(rebasing: field[(point - 2)...])), minutes < 60
    else { return nil }
    return Double(whole) + minutes / 60
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

  /// A plain decimal: optional sign, digits, optional fraction; at most 18 digits in all. Exact: the
  /// digits form an integer, divided once by a power of ten (correctly rounded).
  @inline(__always)
  static func decimal(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = field.count
    guard count > 0, count <= 24, let base = field.baseAddress else { return nil }
    var i = 0
    var negative = false
    if base[0] == 45 || base[0] == 43 { negative = base[0] == 45; i = 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var point = -1
    while i < count {
      let d = base[i] &- 48
      if d < 10 {
        mantissa = mantissa &* 10 &+ UInt64(d)  // at most 18 digits: no overflow
        digits += 1
      } else if base[i] == 46 && point < 0 {
        point = digits
      } else {
        return nil
      }
      i += 1
    }
    guard digits > 0, digits <= 18 else { return nil }
    let scale = point < 0 ? 0 : digits - point
    let value = Double(mantissa) / Fields.powerOfTen(scale)
    return negative ? -value : value
  }

  /// 10^k for k in 0...18, exactly.
  @inline(__always)
  static func powerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: return 1
    case 1: return 10
    case 2: return 100
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    case 15: return 1e15
    case 16: return 1e16
    case 17: return 1e17
    default: return 1e18
    }
  }
}
