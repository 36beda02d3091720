import Foundation
import Synchronization
import TrackCore

/// Version 1 of the filter protocol as JSON lines (`Sources/TrackBench/TrackBench.docc/YourFilter.md` has the whole specification):
///
///     → {"type":"run","protocol":1,"run":1,"scenario":"park-loop","trial":0,"fixes":2,"parameters":{"alpha":0.3}}
///     → {"t":0,"lat":52.1,"lon":4.3,"acc":3.5,"speed":2.9,"course":87.5,"age":0}
///     → {"t":1,"lat":52.10002,"lon":4.30001,"acc":3.4,"speed":3,"course":88,"age":0}
///     → {"type":"end","run":1}
///     ← {"t":0,"lat":52.1,"lon":4.3,"acc":3.5}
///     ← null
///     ← {"type":"end","run":1}
///
/// One answer line per fix, in order: the point to record (`t`, `lat`, `lon`, `acc`; `speed` optional;
/// other keys ignored, so echoing the fix records it) or `null`; then the end line with the run's number.
package enum ProtocolText {
  static let version = 1

  /// The run's header, its fixes and its end line.
  /// - Complexity: O(n); about 7 number conversions per fix.
  static func request(_ fixes: UnsafeBufferPointer<LocalFix>, run: Int, context: FilterRun.Context, parameters: ParameterValues) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(fixes.count * 120 + 256)
    out += Array(header(fixes: fixes.count, run: run, context: context, parameters: parameters).utf8)
    out.append(10)
    let surface = SurfacePoints(context.frame)
    for fix in fixes {
      appendFix(fix, surface: surface, to: &out)
      out.append(contentsOf: [125, 10])
    }
    out += Array("{\"type\":\"end\",\"run\":\(run)}\n".utf8)
    return out
  }

  /// One fix as an app sees it, `{"t":…,"lat":…,"lon":…,"acc":…,"speed":…,"course":…,"age":…` without
  /// the closing brace (version 2 adds `"moving"`): the point on the ellipsoid, as TrackBench's GPX and
  /// NMEA writers give it (the inverse of how answers come back).
  static func appendFix(_ fix: LocalFix, surface: SurfacePoints, to out: inout [UInt8]) {
    withUnsafeMutablePointer(to: &out) { target in
      var numbers = AppendingStream(target: target)
      func field(_ name: StaticString, _ value: Double) {
        target.pointee.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        value.write(to: &numbers)
      }
      let p = surface.geodetic(east: fix.east, north: fix.north)
      field("{\"t\":", fix.time)
      field(",\"lat\":", p.latitude)
      field(",\"lon\":", p.longitude)
      field(",\"acc\":", fix.horizontalAccuracy)
      field(",\"speed\":", fix.speed)
      field(",\"course\":", fix.course)
      field(",\"age\":", fix.age)
    }
  }

  /// Appends what is written to the bytes at `target`: a number's shortest round-trip text
  /// (`Double.write(to:)`, the same text as its `description`, tested) goes straight into the bytes,
  /// where `description` made a `String` for every number (an allocation and a release each).
  package struct AppendingStream: TextOutputStream {
    let target: UnsafeMutablePointer<[UInt8]>
    package init(target: UnsafeMutablePointer<[UInt8]>) { self.target = target }
    package mutating func write(_ string: String) { target.pointee.append(contentsOf: string.utf8) }
    package mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { target.pointee.append(contentsOf: buffer) }
  }

  /// The run's header object (also the binary form's header).
  static func header(fixes: Int, run: Int, context: FilterRun.Context, parameters: ParameterValues) -> String {
    "{\"type\":\"run\",\"protocol\":\(version),\"run\":\(run),\"scenario\":\(JSONText.quoted(context.scenario)),\"trial\":\(context.trial),\"fixes\":\(fixes),\"parameters\":\(parametersObject(parameters))}"
  }

  /// Version 2's header: a sampling policy's run, whose number of fixes depends on its answers.
  static func samplingHeader(run: Int, context: FilterRun.Context, parameters: ParameterValues) -> String {
    "{\"type\":\"run\",\"protocol\":2,\"role\":\"sampling\",\"run\":\(run),\"scenario\":\(JSONText.quoted(context.scenario)),\"trial\":\(context.trial),\"parameters\":\(parametersObject(parameters))}"
  }

  static func parametersObject(_ parameters: ParameterValues) -> String {
    "{" + parameters.named.map { "\(JSONText.quoted($0.name)):\($0.value)" }.joined(separator: ",") + "}"
  }

  /// Reads answer lines as they arrive.
  struct Reader: AnswerReader {
    let fixes: UnsafeBufferPointer<LocalFix>
    let run: Int
    var check: PointCheck
    /// The child's output line number of the next line (over the child's whole life).
    private(set) var lineNumber: Int
    private(set) var answered = 0
    private(set) var isComplete = false
    private(set) var leftOver: [UInt8] = []
    private var pending: [UInt8] = []

    init(fixes: UnsafeBufferPointer<LocalFix>, run: Int, frame: LocalFrame, firstLine: Int) {
      self.fixes = fixes; self.run = run; check = PointCheck(fixes: fixes, frame: frame); lineNumber = firstLine
    }

    mutating func consume(_ bytes: ArraySlice<UInt8>, into recorded: inout [LocalFix]) throws(AnswerError) {
      if isComplete {
        leftOver += bytes
        return
      }
      pending += bytes
      // A NUL byte is never in a JSON line; in a run's first answer it means binary frames.
      if answered == 0, pending.prefix(48).contains(0) {
        throw AnswerError(
          "line \(lineNumber): binary bytes where a JSON line belongs (a NUL byte in the first answer); expected JSON lines: if the program writes binary frames, add format: binary")
      }
      var start = 0
      var thrown: AnswerError?
      // Lines are read through a buffer pointer: slices of it cost no reference counting.
      let buffer = pending
      buffer.withUnsafeBufferPointer { all in
        while !isComplete, let newline = all[start...].firstIndex(of: 10) {
          do throws(AnswerError) { try line(all[start..<newline], into: &recorded) } catch {
            thrown = error
            return
          }
          start = newline + 1
        }
      }
      if let thrown { throw thrown }
      if isComplete {
        leftOver = Array(pending[start...])
        pending = []
      } else {
        pending.removeSubrange(0..<start)
        if pending.count > 1 << 20 { throw AnswerError("line \(lineNumber): longer than 1 MB without a newline; expected one JSON value per line") }
      }
    }

    private mutating func line(_ raw: Slice<UnsafeBufferPointer<UInt8>>, into recorded: inout [LocalFix]) throws(AnswerError) {
      defer { lineNumber += 1 }
      var place: String { "line \(lineNumber)" }
      var text = raw
      while let last = text.last, last == 13 || last == 32 || last == 9 { text = text.dropLast() }
      while let first = text.first, first == 32 || first == 9 { text = text.dropFirst() }
      func quoted() -> String {
        let shown = String(decoding: text.prefix(120), as: UTF8.self)
        return "'" + shown + (text.count > 120 ? "…" : "") + "'"
      }
      if answered == fixes.count {
        let object = try JSONObject(text, at: place, shown: quoted())
        guard object.type == "end", object.run == Double(run) else {
          throw AnswerError("\(place): \(quoted()); expected {\"type\":\"end\",\"run\":\(run)} after the \(fixes.count) answers of run \(run) (an extra answer?)")
        }
        isComplete = true
        return
      }
      if text.spells("null") {
        answered += 1
        return
      }
      let object = try JSONObject(text, at: place, shown: quoted())
      if object.type == "end" {
        throw AnswerError("\(place): the end of run \(run) after \(answered) answers; expected one answer per fix (\(fixes.count))")
      }
      func number(_ key: String) throws(AnswerError) -> Double {
        guard let value = object.number(key) else {
          throw AnswerError("\(place): \(quoted()) has no number '\(key)'; expected a point {\"t\",\"lat\",\"lon\",\"acc\"} or null")
        }
        return value
      }
      let point = try check.point(
        answering: answered, time: try number("t"), latitude: try number("lat"), longitude: try number("lon"), accuracy: try number("acc"),
        speed: object.speed, at: "\(place) (answer to fix \(answered + 1))")
      recorded.append(point)
      answered += 1
    }
  }
}

/// One answer line read as a flat JSON object: the keys the protocol knows kept in fixed slots (no
/// dictionary per line), any other key's value checked and skipped. Numbers are parsed as Swift's
/// `Double(String)` reads them; `NaN` and infinities are not JSON and are errors.
package struct JSONObject {
  var t: Double?, lat: Double?, lon: Double?, acc: Double?, speed: Double?, run: Double?
  var type: String?
  /// Protocol 2's request: `next` (s), `batch_s` (s), `off` and `wake_on_motion` (booleans), `source`.
  var next: Double?, batch: Double?, off: Bool?, wakeOnMotion: Bool?
  var source: String?

  /// The number under `key` (`t`, `lat`, `lon`, `acc`, `speed`, `run`).
  func number(_ key: String) -> Double? {
    switch key {
    case "t": return t
    case "lat": return lat
    case "lon": return lon
    case "acc": return acc
    case "speed": return speed
    case "run": return run
    default: return nil
    }
  }

  init(_ text: Slice<UnsafeBufferPointer<UInt8>>, at place: @autoclosure () -> String, shown: @autoclosure () -> String) throws(AnswerError) {
    var i = text.startIndex
    let end = text.endIndex
    func fail(_ what: String) -> AnswerError { AnswerError("\(place()): \(shown()) is not a JSON object of numbers (\(what)); expected a point {\"t\",\"lat\",\"lon\",\"acc\"} or null") }
    func skipSpace() { while i < end, text[i] == 32 || text[i] == 9 { i += 1 } }
    /// The string at `i` as its raw bytes (escapes kept: keys and types the protocol knows have none).
    func string() throws(AnswerError) -> Slice<UnsafeBufferPointer<UInt8>> {
      guard i < end, text[i] == 34 else { throw fail("expected a string") }
      i += 1
      let start = i
      while i < end, text[i] != 34 {
        if text[i] == 92 { i += 1 }
        i += 1
      }
      guard i < end else { throw fail("an unterminated string") }
      defer { i += 1 }
      return text[start..<i]
    }
    skipSpace()
    guard i < end, text[i] == 123 else { throw fail("it does not start with {") }
    i += 1
    skipSpace()
    if i < end, text[i] == 125 {
      i += 1
    } else {
      while true {
        skipSpace()
        let key = try string()
        skipSpace()
        guard i < end, text[i] == 58 else { throw fail("no ':' after \"\(String(decoding: key, as: UTF8.self))\"") }
        i += 1
        skipSpace()
        guard i < end else { throw fail("no value for \"\(String(decoding: key, as: UTF8.self))\"") }
        // A key the protocol knows must hold its kind of value (an unknown key may hold anything).
        func refuseUnless(_ kind: Kind, _ found: String) throws(AnswerError) {
          if let known = Self.kind(of: key), known != kind {
            throw fail("\"\(String(decoding: key, as: UTF8.self))\" is \(found); expected \(known.expected)")
          }
        }
        switch text[i] {
        case 34:
          try refuseUnless(.text, "a string")
          let value = try string()
          if key.spells("type") { type = String(decoding: value, as: UTF8.self) }
          if key.spells("source") { source = String(decoding: value, as: UTF8.self) }
        case 116, 102:  // true, false
          let truth = text[i] == 116
          guard text[i...].starts(with: (truth ? "true" : "false").utf8) else { throw fail("a bad value for \"\(String(decoding: key, as: UTF8.self))\"") }
          try refuseUnless(.truth, "\(truth)")
          i += truth ? 4 : 5
          if key.spells("off") { off = truth }
          if key.spells("wake_on_motion") { wakeOnMotion = truth }
        case 110:  // null
          guard text[i...].starts(with: "null".utf8) else { throw fail("a bad value for \"\(String(decoding: key, as: UTF8.self))\"") }
          i += 4
        case 123, 91:  // nested: skipped, balanced
          try refuseUnless(.nested, text[i] == 123 ? "an object" : "a list")
          var depth = 0
          repeat {
            if text[i] == 123 || text[i] == 91 { depth += 1 }
            if text[i] == 125 || text[i] == 93 { depth -= 1 }
            i += 1
          } while i < end && depth > 0
        default:
          let start = i
          while i < end, text[i] != 44, text[i] != 125, text[i] != 32 { i += 1 }
          let token = text[start..<i]
          guard let first = token.first, first == 45 || (48...57).contains(first),
            let value = JSONObject.number(token), value.isFinite
          else {
            throw fail("\(QuotedText.quoted(String(decoding: token, as: UTF8.self))) for \"\(String(decoding: key, as: UTF8.self))\" is not a JSON number")
          }
          switch key.count {
          case 1 where key.first == 116: t = value
          case 3 where key.spells("lat"): lat = value
          case 3 where key.spells("lon"): lon = value
          case 3 where key.spells("acc"): acc = value
          case 3 where key.spells("run"): run = value
          case 5 where key.spells("speed"): speed = value
          case 4 where key.spells("next"): next = value
          case 7 where key.spells("batch_s"): batch = value
          default: try refuseUnless(.number, "a number")
          }
        }
        skipSpace()
        guard i < end else { throw fail("no closing }") }
        if text[i] == 44 {
          i += 1
          continue
        }
        guard text[i] == 125 else { throw fail("expected ',' or '}'") }
        i += 1
        break
      }
    }
    skipSpace()
    guard i == end else { throw fail("text after the closing }") }
  }
}

extension Slice where Base == UnsafeBufferPointer<UInt8> {
  /// Whether these bytes are `name`'s: compared byte by byte with the literal's own bytes, where
  /// `elementsEqual` with a `String`'s UTF-8 view walked the string's storage a byte at a time (9 % of
  /// a JSON-lines exchange with a pass-through child).
  @inline(__always) func spells(_ name: StaticString) -> Bool {
    count == name.utf8CodeUnitCount && elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }
}

extension JSONObject {
  /// The kinds of value an answer holds; every key the protocol knows holds one (`null` is absent).
  enum Kind {
    case number, truth, text, nested
    var expected: String {
      switch self {
      case .number: "a number"
      case .truth: "true or false"
      case .text: "a string"
      case .nested: "an object"
      }
    }
  }

  /// The kind a key of protocol 1 or 2 holds; `nil` for a key the protocol does not know.
  static func kind(of key: Slice<UnsafeBufferPointer<UInt8>>) -> Kind? {
    for name: StaticString in ["t", "lat", "lon", "acc", "speed", "run", "next", "batch_s"] where key.spells(name) { return .number }
    for name: StaticString in ["off", "wake_on_motion"] where key.spells(name) { return .truth }
    for name: StaticString in ["type", "source"] where key.spells(name) { return .text }
    return nil
  }

  /// Exact powers of ten (every one up to 10²² is a double).
  private static let powers: [Double] = (0...22).map { Double("1e\($0)")! }

  /// A JSON number. Clinger's fast path when the digits fit in 53 bits and the power of ten is exact
  /// (one correctly rounded multiplication or division: the same double `strtod` gives); otherwise
  /// `Double(String)`.
  package static func number(_ token: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
    var i = token.startIndex
    let end = token.endIndex
    var negative = false
    if i < end, token[i] == 45 { negative = true; i += 1 }
    var mantissa: UInt64 = 0
    var digits = 0, exponent = 0
    var sawDigit = false
    while i < end, (48...57).contains(token[i]) {
      if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(token[i] - 48); if mantissa > 0 { digits += 1 } } else { exponent += 1 }
      sawDigit = true
      i += 1
    }
    if i < end, token[i] == 46 {
      i += 1
      while i < end, (48...57).contains(token[i]) {
        if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(token[i] - 48); if mantissa > 0 { digits += 1 }; exponent -= 1 }
        sawDigit = true
        i += 1
      }
    }
    guard sawDigit else { return nil }
    if i == end, digits < 19, mantissa <= 1 << 53, (-22...22).contains(exponent) {
      let value = exponent >= 0 ? Double(mantissa) * powers[exponent] : Double(mantissa) / powers[-exponent]
      return negative ? -value : value
    }
    return Double(Substring(decoding: token, as: UTF8.self))
  }
}

/// Version 1 of the filter protocol as little-endian binary frames:
///
///     → "TBF1"  u32 header length L  u64 fix count n  | L bytes: the JSON header | n × 7 float64
///         (t s, latitude °, longitude °, accuracy m, speed m/s, course °, age s)
///     ← n × (u64 flag: 1 point, 0 nothing | 5 float64: t, latitude, longitude, accuracy, speed)  "TBE1" u32 run
enum ProtocolFrames {
  static let runMagic: [UInt8] = Array("TBF1".utf8)
  static let endMagic: [UInt8] = Array("TBE1".utf8)
  static let answerSize = 48

  /// Bytes of one fix's frame.
  static let frameSize = 56

  /// The whole request of a run: ``head(fixes:run:context:parameters:)`` and every fix's frame.
  static func request(_ fixes: UnsafeBufferPointer<LocalFix>, run: Int, context: FilterRun.Context, parameters: ParameterValues) -> [UInt8] {
    let head = head(fixes: fixes.count, run: run, context: context, parameters: parameters)
    let size = requestSize(fixes: fixes.count, headSize: head.count)
    return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      raw.copyBytes(from: head)
      storeFrames(fixes, surface: SurfacePoints(context.frame), at: raw.baseAddress! + head.count)
      count = size
    }
  }

  /// Bytes of the request of `fixes` fixes behind a head of `headSize` bytes.
  static func requestSize(fixes: Int, headSize: Int) -> Int { headSize + frameSize * fixes }

  /// The run frame before the fixes: "TBF1", the header's length and the fix count, the JSON header.
  static func head(fixes: Int, run: Int, context: FilterRun.Context, parameters: ParameterValues) -> [UInt8] {
    let header = Array(ProtocolText.header(fixes: fixes, run: run, context: context, parameters: parameters).utf8)
    var head = runMagic
    head.reserveCapacity(16 + header.count)
    withUnsafeBytes(of: UInt32(header.count).littleEndian) { head += $0 }
    withUnsafeBytes(of: UInt64(fixes).littleEndian) { head += $0 }
    return head + header
  }

  /// Writes each fix's frame (``frameSize`` bytes, its position on the ellipsoid of `surface`) from
  /// `destination` on, which has room for them all. O(n).
  static func storeFrames(_ fixes: UnsafeBufferPointer<LocalFix>, surface: SurfacePoints, at destination: UnsafeMutableRawPointer) {
    var offset = 0
    func store(_ value: Double) {
      destination.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    for fix in fixes {
      let p = surface.geodetic(east: fix.east, north: fix.north)
      store(fix.time); store(p.latitude); store(p.longitude); store(fix.horizontalAccuracy)
      store(fix.speed); store(fix.course); store(fix.age)
    }
  }

  /// A long run's request, encoded on a thread of its own while the exchange sends what is ready: the
  /// child starts on the first frames instead of waiting while the whole run is converted to latitude
  /// and longitude (a quarter of the exchange's work with a child that buffers; docs/design-notes.md,
  /// "The process protocol on the same day"). The same bytes as ``request(_:run:context:parameters:)``.
  final class Encoding: @unchecked Sendable {
    /// Runs shorter than this are encoded at once: a thread costs tens of microseconds to start, about
    /// what converting a few hundred fixes takes, and a short run's exchange is mostly waiting anyway.
    static let minimumFixes = 8192
    /// Fixes encoded between two publications of progress (56 KB, under a pipe's 64 KB).
    static let blockFixes = 1024

    /// The whole request, in storage the caller owns; the first ``available`` bytes are written.
    let bytes: UnsafeMutableRawBufferPointer
    private let fixes: UnsafeBufferPointer<LocalFix>
    private let headSize: Int
    private let surface: SurfacePoints
    private let ready = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts encoding `fixes` behind `head` into the start of `storage` (at least
    /// ``ProtocolFrames/requestSize(fixes:headSize:)`` bytes); both must stay valid until ``finish()``.
    init(_ fixes: UnsafeBufferPointer<LocalFix>, head: [UInt8], frame: LocalFrame, into storage: UnsafeMutableRawBufferPointer) {
      self.fixes = fixes
      headSize = head.count
      surface = SurfacePoints(frame)
      bytes = UnsafeMutableRawBufferPointer(rebasing: storage[0..<ProtocolFrames.requestSize(fixes: fixes.count, headSize: head.count)])
      bytes.copyBytes(from: head)
      ready.store(head.count, ordering: .releasing)
      Thread { [self] in encode() }.start()
    }

    private func encode() {
      var done = 0
      while done < fixes.count && !stopping.load(ordering: .relaxed) {
        let block = min(Self.blockFixes, fixes.count - done)
        let start = bytes.baseAddress! + headSize + ProtocolFrames.frameSize * done
        ProtocolFrames.storeFrames(UnsafeBufferPointer(rebasing: fixes[done..<(done + block)]), surface: surface, at: start)
        done += block
        ready.store(headSize + ProtocolFrames.frameSize * done, ordering: .releasing)
      }
      stopped.signal()
    }

    /// Bytes from the start that are written and may be sent.
    var available: Int { ready.load(ordering: .acquiring) }

    /// Stops the encoding where it is and waits for its thread. Call it once, before the fixes or the
    /// storage go.
    func finish() {
      stopping.store(true, ordering: .relaxed)
      stopped.wait()
    }
  }

  struct Reader: AnswerReader {
    let fixes: UnsafeBufferPointer<LocalFix>
    let run: Int
    var check: PointCheck
    private(set) var answered = 0
    private(set) var isComplete = false
    private(set) var leftOver: [UInt8] = []
    private var pending: [UInt8] = []

    init(fixes: UnsafeBufferPointer<LocalFix>, run: Int, frame: LocalFrame) {
      self.fixes = fixes; self.run = run; check = PointCheck(fixes: fixes, frame: frame)
    }

    mutating func consume(_ bytes: ArraySlice<UInt8>, into recorded: inout [LocalFix]) throws(AnswerError) {
      if isComplete {
        leftOver += bytes
        return
      }
      pending += bytes
      var start = 0
      var thrown: AnswerError?
      pending.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        func double(_ at: Int) -> Double { Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))) }
        while answered < fixes.count, raw.count - start >= ProtocolFrames.answerSize {
          let flag = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
          let number = answered + 1
          switch flag {
          case 0: break
          case 1:
            do throws(AnswerError) {
              recorded.append(
                try check.point(
                  answering: answered, time: double(start + 8), latitude: double(start + 16), longitude: double(start + 24),
                  accuracy: double(start + 32), speed: double(start + 40), at: "frame \(number) (answer to fix \(number))"))
            } catch {
              thrown = error
              return
            }
          default:
            let head = Array(raw[start..<(start + 8)])
            if answered == 0, head.allSatisfy({ (0x20..<0x7f).contains($0) || $0 == 0x0a }) {
              // Text where a frame should be: a JSON-lines program started with format: binary.
              thrown = AnswerError(
                "frame 1 (answer to fix 1): text '\(String(decoding: head, as: UTF8.self))…' where a 48-byte binary answer belongs; expected binary frames (format: binary): if the program writes JSON lines, drop format: binary")
              return
            }
            thrown = AnswerError("frame \(number) (answer to fix \(number)): flag \(flag); expected 1 (a point) or 0 (nothing) in the first 8 bytes of each 48-byte answer")
            return
          }
          answered += 1
          start += ProtocolFrames.answerSize
        }
        if answered == fixes.count, raw.count - start >= 8 {
          let magic = Array(raw[start..<(start + 4)])
          let number = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self))
          guard magic == ProtocolFrames.endMagic, number == UInt32(truncatingIfNeeded: run) else {
            thrown = AnswerError("after the \(fixes.count) answers of run \(run): bytes \(magic.map { String(format: "%02x", $0) }.joined()) \(number); expected \"TBE1\" and the run number \(run) (an extra answer?)")
            return
          }
          isComplete = true
          start += 8
        }
      }
      if let thrown { throw thrown }
      if isComplete {
        leftOver = Array(pending[start...])
        pending = []
      } else {
        pending.removeSubrange(0..<start)
      }
    }
  }
}

/// Idle children per strategy text: a run checks one out (or starts one) and checks it back in, so each
/// worker thread has its own and one child serves many runs.
final class ChildPool: @unchecked Sendable {
  static let shared = ChildPool()
  private let idle = Mutex<[StrategyKey: [ChildProcess]]>([:])

  func checkOut(key: StrategyKey, command: String) throws(ProcessFailure) -> ChildProcess {
    if let child = idle.withLock({ $0[key]?.popLast() }) { return child }
    return try ChildProcess(command: command, strategy: key.text)
  }

  func checkIn(_ child: ChildProcess, key: StrategyKey) {
    guard child.isUsable else { return }
    idle.withLock { $0[key, default: []].append(child) }
  }

  /// Stops every idle child: EOF to all at once, up to `grace` seconds for them to exit, then each
  /// process group is ended (TERM, then KILL) and the child reaped.
  func stopAll(grace: Double = 2) {
    let children = idle.withLock { all -> [ChildProcess] in
      defer { all = [:] }
      return all.values.flatMap { $0 }
    }
    for child in children { child.beginStopping() }
    let deadline = Date().addingTimeInterval(grace)
    for child in children { child.finishStopping(deadline: deadline) }
  }
}

/// Every live child's process id (also its process group's), kept where a signal handler can read it
/// without locks, so that SIGINT, SIGTERM or SIGHUP of TrackBench ends its children's groups too
/// (SIGKILL cannot be caught: the children then see EOF on their input, and the protocol asks a filter
/// to exit at EOF).
public enum ChildRegistry {
  static let capacity = 1024
  /// Children being started and not yet registered. A signal handler waits for them (briefly): a child
  /// that ran before its parent registered it would otherwise outlive TrackBench. The starting thread
  /// blocks the handled signals meanwhile, so the handler never waits on the thread it interrupted.
  static let starting = Atomic<Int>(0)
  nonisolated(unsafe) static let pids = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
  static let lock = NSLock()
  nonisolated(unsafe) static var initialised = false

  static func add(_ pid: pid_t) {
    lock.withLock {
      if !initialised {
        pids.initialize(repeating: 0, count: capacity)
        initialised = true
      }
      if let slot = (0..<capacity).first(where: { pids[$0] == 0 }) { pids[slot] = pid }
    }
  }

  static func remove(_ pid: pid_t) {
    lock.withLock {
      guard initialised else { return }
      for slot in 0..<capacity where pids[slot] == pid { pids[slot] = 0 }
    }
  }

  /// Ends every registered child's process group: TERM, up to 0.1 s for the leaders to go, then KILL.
  /// Async-signal-safe (reads a fixed array; calls `kill`, `waitid` and `nanosleep`), for the signal
  /// handlers.
  public static func killAll() {
    for _ in 0..<1000 where starting.load(ordering: .acquiring) > 0 {
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      var left = timespec()
      while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
    guard initialised else { return }
    var any = false
    for slot in 0..<capacity where pids[slot] > 0 {
      kill(-pids[slot], SIGTERM)
      any = true
    }
    guard any else { return }
    for _ in 0..<20 {
      guard (0..<capacity).contains(where: { pids[$0] > 0 && !ProcessGroup.hasExited(pids[$0]) }) else { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
      var left = timespec()
      while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
    }
    for slot in 0..<capacity where pids[slot] > 0 { kill(-pids[slot], SIGKILL) }
  }

  /// Stops the idle children at the end of a command (each finishes at EOF or is killed).
  public static func stopAll() { ChildPool.shared.stopAll() }
}
