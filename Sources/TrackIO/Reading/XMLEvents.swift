import Foundation

/// A streaming scanner of XML as the track formats use it (GPX, TCX): start tags with their attribute
/// bytes, end tags and text, read in fixed chunks so memory stays bounded whatever the file's size.
///
/// Comments, processing instructions, CDATA sections and the DOCTYPE are skipped; entities are not
/// expanded (the numbers and times read from these formats hold none). Not a validating parser: it reads
/// what it needs and says where a document is broken. Names are handed out without their namespace
/// prefix (`gpxtpx:speed` → `speed`).
struct XMLEvents {
  enum Event {
    case start(name: UnsafeBufferPointer<UInt8>, attributes: UnsafeBufferPointer<UInt8>, selfClosing: Bool)
    case end(name: UnsafeBufferPointer<UInt8>)
    case text(UnsafeBufferPointer<UInt8>)
  }

  static let chunkBytes = 1 << 20
  /// Longest tag, comment or text node kept whole; longer text is handed out cut, longer markup is an error.
  static let maximumTokenBytes = 1 << 20

  /// Calls `body` for every event of the file (`-`: standard input), with the byte offset of the event.
  /// - Throws: ``RecordingError`` when the file cannot be read or a tag never ends.
  static func forEach(in path: String, _ body: (Event, Int) throws -> Void) throws {
    let descriptor = try RecordingInput.open(path).descriptor
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var input = TextInput(descriptor)
    try scan(name: path, chunk: chunkBytes, body) { base, capacity in
      let count = input.read(base, capacity)
      if count < 0 { throw RecordingError(file: path, expected: "a readable file", found: String(cString: strerror(errno))) }
      return count
    }
  }

  /// The same over bytes in memory (tests, fuzzing), with a buffer no larger than they need.
  static func forEach(in given: [UInt8], name: String, _ body: (Event, Int) throws -> Void) throws {
    let bytes = given.withUnsafeBufferPointer { TextInput.utf8($0) } ?? given
    var offset = 0
    try scan(name: name, chunk: min(chunkBytes, max(bytes.count, 1)), body) { base, capacity in
      let count = min(capacity, bytes.count - offset)
      bytes.withUnsafeBufferPointer { all in
        if count > 0 { base.update(from: all.baseAddress! + offset, count: count) }
      }
      offset += count
      return count
    }
  }

  /// Fills the buffer `chunk` bytes at a time and hands out events; a token may be as long as the
  /// chunk or ``maximumTokenBytes``, whichever is smaller (a token of an in-memory document is never
  /// longer than the document).
  private static func scan(
    name: String, chunk chunkBytes: Int, _ body: (Event, Int) throws -> Void, fill: (UnsafeMutablePointer<UInt8>, Int) throws -> Int
  ) throws {
    let maximumTokenBytes = min(maximumTokenBytes, chunkBytes)
    var storage = [UInt8](repeating: 0, count: chunkBytes + maximumTokenBytes + 1)
    try storage.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      var pending = 0  // unconsumed bytes at the buffer's start
      var consumedBefore = 0  // file offset of base[0]
      var atEnd = false
      while !atEnd {
        let count = try fill(base + pending, chunkBytes)
        atEnd = count == 0
        let end = pending + count
        var cursor = 0
        scanning: while cursor < end {
          if base[cursor] != 60 {  // text up to the next '<'
            var stop = cursor
            while stop < end && base[stop] != 60 { stop += 1 }
            if stop == end && !atEnd {
              if stop - cursor > maximumTokenBytes {  // an endless text node: hand out its start, drop the rest
                try body(.text(UnsafeBufferPointer(start: base + cursor, count: maximumTokenBytes)), consumedBefore + cursor)
                cursor = end
              }
              break scanning
            }
            try body(.text(UnsafeBufferPointer(start: base + cursor, count: stop - cursor)), consumedBefore + cursor)
            cursor = stop
            continue
          }
          guard let close = tagEnd(base, from: cursor, to: end) else {
            if atEnd || end - cursor > maximumTokenBytes {
              throw RecordingError(
                file: name, place: "byte \(consumedBefore + cursor)", expected: "a tag closed by '>'",
                found: atEnd ? "the end of the file" : "more than \(maximumTokenBytes) bytes")
            }
            break scanning
          }
          try emitTag(base, from: cursor, to: close, at: consumedBefore + cursor, body)
          cursor = close + 1
        }
        pending = end - cursor
        if pending > 0 && cursor > 0 { memmove(base, base + cursor, pending) }
        consumedBefore += cursor
      }
    }
  }

  /// Index of the `>` closing the markup at `start` (`<`), or `nil` when it lies beyond `end`.
  private static func tagEnd(_ base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    func follows(_ text: StaticString, at i: Int) -> Bool {
      let count = text.utf8CodeUnitCount
      guard i + count <= end else { return false }
      for k in 0..<count where base[i + k] != text.utf8Start[k] { return false }
      return true
    }
    func find(_ terminator: StaticString, from i: Int) -> Int? {
      var j = i
      while j + terminator.utf8CodeUnitCount <= end {
        if follows(terminator, at: j) { return j + terminator.utf8CodeUnitCount - 1 }
        j += 1
      }
      return nil
    }
    // Markup other than tags starts with `<!` or `<?`: look for its own terminator.
    if start + 1 < end && base[start + 1] == 33 {
      if follows("<!--", at: start) { return find("-->", from: start + 4) }
      if follows("<![CDATA[", at: start) { return find("]]>", from: start + 9) }
    } else if start + 1 < end && base[start + 1] == 63 {
      return find("?>", from: start + 2)
    }
    var quote: UInt8 = 0
    var i = start + 1
    while i < end {
      let c = base[i]
      if quote != 0 {
        if c == quote { quote = 0 }
      } else if c == 34 || c == 39 {
        quote = c
      } else if c == 62 {
        return i
      }
      i += 1
    }
    return nil
  }

  private static func emitTag(
    _ base: UnsafeMutablePointer<UInt8>, from start: Int, to close: Int, at offset: Int, _ body: (Event, Int) throws -> Void
  ) throws {
    let second = base[start + 1]
    guard second != 33 && second != 63 else { return }  // <! and <?: comments, CDATA, DOCTYPE, declarations
    let closing = second == 47  // </
    var nameStart = start + (closing ? 2 : 1)
    var nameEnd = nameStart
    while nameEnd < close, !isSpace(base[nameEnd]), base[nameEnd] != 47 { nameEnd += 1 }
    // Drop a namespace prefix.
    var colon = nameEnd - 1
    while colon >= nameStart && base[colon] != 58 { colon -= 1 }
    if colon >= nameStart { nameStart = colon + 1 }
    let name = UnsafeBufferPointer(start: base + nameStart, count: nameEnd - nameStart)
    if closing {
      try body(.end(name: name), offset)
    } else {
      let selfClosing = base[close - 1] == 47
      let attributes = UnsafeBufferPointer(start: base + nameEnd, count: max(0, close - (selfClosing ? 1 : 0) - nameEnd))
      try body(.start(name: name, attributes: attributes, selfClosing: selfClosing), offset)
    }
  }

  static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

  /// The value of attribute `name` (`lat="…"` or `lat='…'`) in a start tag's attribute bytes.
  static func attribute(_ name: StaticString, in attributes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    var i = 0
    while i + key.count + 2 < attributes.count + 1 {
      let boundary = i == 0 || isSpace(attributes[i - 1])
      if boundary && (0..<key.count).allSatisfy({ attributes[i + $0] == key[$0] }) {
        var j = i + key.count
        while j < attributes.count && isSpace(attributes[j]) { j += 1 }
        if j < attributes.count && attributes[j] == 61 {  // =
          j += 1
          while j < attributes.count && isSpace(attributes[j]) { j += 1 }
          guard j < attributes.count, attributes[j] == 34 || attributes[j] == 39 else { return nil }
          let quote = attributes[j]
          var k = j + 1
          while k < attributes.count && attributes[k] != quote { k += 1 }
          guard k < attributes.count else { return nil }
          return UnsafeBufferPointer(rebasing: attributes[(j + 1)..<k])
        }
      }
      i += 1
    }
    return nil
  }

  /// Whether `name` is the ASCII text `expected`.
  static func named(_ name: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
    name.count == expected.utf8CodeUnitCount && (0..<name.count).allSatisfy { name[$0] == expected.utf8Start[$0] }
  }
}

/// The state of a reader of an XML track format (GPX, TCX): fed every event, then asked for the recording.
protocol XMLRecordingState {
  init()
  /// Bytes of the format per point, roughly: how much room to reserve for a file of a given size.
  static var bytesPerPoint: Int { get }
  var recording: Recording { get set }
  mutating func consume(_ event: XMLEvents.Event, offset: Int, name: String) throws
  func finish(name: String) throws -> Recording
}

extension XMLRecordingState {
  /// Reads a file (`-`: standard input) through a fresh state.
  static func read(_ path: String) throws -> Recording {
    var state = Self()
    state.recording.points.reserve(forFile: path, bytesPerPoint: bytesPerPoint)
    try XMLEvents.forEach(in: path) { event, offset in
      // An endless or foreign stream ends once 64 MB gave no point (checked here, not in `consume`:
      // there it cost 3 % of the reader's instructions).
      if offset > Recording.bytesWithoutPoint, state.recording.points.isEmpty { throw Recording.noPoint(bytesRead: offset, file: path) }
      try state.consume(event, offset: offset, name: path)
    }
    return try state.finish(name: path)
  }

  /// Reads a document held in memory; `name` stands for the file in errors.
  static func read(bytes: [UInt8], name: String) throws -> Recording {
    var state = Self()
    try XMLEvents.forEach(in: bytes, name: name) { event, offset in try state.consume(event, offset: offset, name: name) }
    return try state.finish(name: name)
  }
}
