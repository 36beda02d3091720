import Filtering
import Foundation
import Testing
import TrackBenchTestSupport
import TrackCore

/// Filters in other languages through the filter protocol: the examples pass the law-checker, and
/// every way a child can fail is an error naming the strategy, the run and the offending line.
@Suite(.serialized) struct ProcessStrategyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The C pass-through example, compiled once into a temporary folder (nil without a C compiler).
  static let passthrough: String? = {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-passthrough-\(getpid())").path
    let cc = Process()
    cc.executableURL = URL(fileURLWithPath: "/bin/sh")
    cc.arguments = ["-c", "cc -O2 -o '\(out)' '\(root.path)/Examples/Process/passthrough.c'"]
    guard (try? cc.run()) != nil else { return nil }
    cc.waitUntilExit()
    return cc.terminationStatus == 0 ? out : nil
  }()

  static let context = FilterRun.Context(scenario: "laws", trial: 0, frame: LocalFrame(origin: GeodeticPosition(latitude: 52, longitude: 4)))
  static let three = Array(LawInputs.input.prefix(3))

  func failure(_ command: String, format: String = "jsonl", timeout: Double = 5, input: [LocalFix] = three) throws -> ProcessFailure? {
    let strategy = try #require(try Strategy(parsing: "process(cmd: \"\(command.replacingOccurrences(of: "\"", with: "\\\""))\", format: \(format), timeout: \(timeout))"))
    guard case .process(let child) = strategy else { return nil }
    do {
      _ = try child.records(for: input, context: Self.context)
      return nil
    } catch { return error }
  }

  /// The sampling policy example (protocol 2) run open loop obeys the laws, alone and leading a pipeline.
  @Test func thePythonSamplingPolicyObeysTheLaws() throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let policy = "process(cmd: \"\(python) \(Self.root.path)/Examples/Process/sampling_policy.py\", role: sampling, interval: 5)"
    for text in [policy, policy + " | kalman"] {
      let strategy = try Strategy(parsing: text)
      let broken = try FilterRun.collectingFailure(Self.context) {
        checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative)
          + checkStrategy(strategy, on: LawInputs.withDoppler, alternative: LawInputs.withDopplerAlternative)
      }.get()
      #expect(broken.isEmpty, "\(broken)")
      let kept = try FilterRun.collectingFailure(Self.context) { strategy.run(over: LawInputs.input) }.get()
      #expect(kept.count < LawInputs.input.count / 3 && !kept.isEmpty, "one fix in about five: \(kept.count) of \(LawInputs.input.count)")
    }
  }

  @Test func thePythonExampleObeysTheLawsThroughTheProtocol() throws {
    guard let python = Self.python else {
      print("skipped: no python3 for the Python example")
      return
    }
    let strategy = try Strategy(parsing: "process(cmd: \"\(python) \(Self.root.path)/Examples/Process/alpha_beta.py\", alpha: 0.4, beta: 0.05)")
    #expect(strategy.isStreaming && strategy.description.hasSuffix("alpha_beta.py\", alpha: 0.4, beta: 0.05)"))
    #expect(try Strategy(parsing: strategy.description) == strategy)
    // A failure of the child would come back as the run's value, not as laws broken on empty output.
    let broken = try FilterRun.collectingFailure(Self.context) { checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative) }.get()
    #expect(broken.isEmpty, "\(broken)")
    // It filters: on a straight line zig-zagging ±2 m across it records far less of the zig-zag.
    let zigzag = LawInputs.straight.enumerated().map { i, fix in
      var noisy = fix
      noisy.east += i % 2 == 0 ? 1.6 : -1.6
      noisy.north += i % 2 == 0 ? -1.2 : 1.2
      return noisy
    }
    let recorded = FilterRun.withContext(Self.context) { strategy.run(over: zigzag) }
    let truth = LawInputs.straight.pathLength
    #expect(recorded.count == zigzag.count && abs(recorded.pathLength - truth) < 0.5 * (zigzag.pathLength - truth), "\(recorded.pathLength) m, raw \(zigzag.pathLength) m, truth \(truth) m")
  }

  /// The Java example, compiled by the test (skipped without a JDK).
  @Test func theJavaExampleObeysTheLawsThroughTheProtocol() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/javac") else {
      print("skipped: no JDK (javac) for the Java example")
      return
    }
    let classes = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-java-\(getpid())").path
    let javac = Process()
    javac.executableURL = URL(fileURLWithPath: "/usr/bin/javac")
    javac.arguments = ["-d", classes, Self.root.path + "/Examples/Process/AlphaBeta.java"]
    try javac.run()
    javac.waitUntilExit()
    try #require(javac.terminationStatus == 0, "javac compiles the example")
    defer { try? FileManager.default.removeItem(atPath: classes) }
    let strategy = try Strategy(parsing: "process(cmd: \"java -cp \(classes) AlphaBeta\", alpha: 0.4, beta: 0.05)")
    // A failure of the child would come back as the run's value, not as laws broken on empty output.
    let broken = try FilterRun.collectingFailure(Self.context) { checkStrategy(strategy, on: LawInputs.input, alternative: LawInputs.alternative) }.get()
    #expect(broken.isEmpty, "\(broken)")
    // The JSON form declared as binary: named as the mismatch it is within seconds, not at the timeout,
    // whatever the JVM makes of the frames (the wait in a thread of its own: aFormatMismatchIsNamedAtOnce).
    let declared = Date()
    let mismatch = try #require(try failure("java -cp \(classes) AlphaBeta", format: "binary", timeout: 30))
    #expect(mismatch.message.hasSuffix("drop format: binary") && Date().timeIntervalSince(declared) < 10, "\(mismatch) after \(Date().timeIntervalSince(declared)) s")
    // Its binary form: the same step fed doubles, so the same laws and the same points to a micrometre
    // (the JSON lines carry the coordinates as decimal text).
    let binary = try Strategy(parsing: "process(cmd: \"java -cp \(classes) AlphaBeta binary\", format: binary, alpha: 0.4, beta: 0.05)")
    let brokenBinary = try FilterRun.collectingFailure(Self.context) { checkStrategy(binary, on: LawInputs.input, alternative: LawInputs.alternative) }.get()
    #expect(brokenBinary.isEmpty, "\(brokenBinary)")
    let lines = FilterRun.withContext(Self.context) { strategy.run(over: LawInputs.input) }
    let frames = FilterRun.withContext(Self.context) { binary.run(over: LawInputs.input) }
    #expect(lines.count == frames.count && !frames.isEmpty)
    #expect(zip(lines, frames).allSatisfy { abs($0.east - $1.east) < 1e-6 && abs($0.north - $1.north) < 1e-6 && abs($0.time - $1.time) < 1e-9 && abs($0.speed - $1.speed) < 1e-6 })
    // The same filter as the Python example, in another language: the same points to a millimetre.
    if let python = Self.python {
      let other = try Strategy(parsing: "process(cmd: \"\(python) \(Self.root.path)/Examples/Process/alpha_beta.py\", alpha: 0.4, beta: 0.05)")
      let a = FilterRun.withContext(Self.context) { strategy.run(over: LawInputs.input) }
      let b = FilterRun.withContext(Self.context) { other.run(over: LawInputs.input) }
      #expect(a.count == b.count && zip(a, b).allSatisfy { abs($0.east - $1.east) < 1e-3 && abs($0.north - $1.north) < 1e-3 && $0.time == $1.time })
    }
  }

  @Test(arguments: ["jsonl", "binary"])
  func theCPassThroughRecordsEveryFixAsItCame(format: String) throws {
    guard let passthrough = Self.passthrough else {
      print("skipped: no C compiler for the pass-through example")
      return
    }
    let strategy = try Strategy(parsing: "process(cmd: \"\(passthrough) \(format)\", format: \(format))")
    let valid = LawInputs.input
    let recorded = try FilterRun.collectingFailure(Self.context) { strategy.run(over: valid) }.get()
    #expect(recorded.count == valid.count)
    // Through latitude and longitude and back: the same place to a micrometre, the same times.
    let worst = zip(recorded, valid).map { max(abs($0.east - $1.east), abs($0.north - $1.north)) }.max() ?? .infinity
    #expect(worst < 1e-6 && zip(recorded, valid).allSatisfy { $0.time == $1.time && $0.horizontalAccuracy == $1.horizontalAccuracy })
    let broken = FilterRun.withContext(Self.context) { checkStrategy(strategy, on: LawInputs.withDoppler, alternative: LawInputs.withDopplerAlternative) }
    #expect(broken.isEmpty, "\(broken)")
  }

  /// `LawInputs.input` laid end to end, each copy after the last, until there are at least `count` fixes.
  static func long(_ count: Int) -> [LocalFix] {
    let input = LawInputs.input
    let span = (input.last?.time ?? 0) + 1
    var fixes: [LocalFix] = []
    while fixes.count < count {
      let offset = Double(fixes.count / input.count) * span
      fixes += input.map { fix in
        var later = fix
        later.time += offset
        return later
      }
    }
    return fixes
  }

  /// A long run in binary frames is encoded on a thread beside the exchange (from 8,192 fixes): the
  /// child answers every fix as it answers the same fixes sent in short runs, which are encoded whole
  /// beforehand, to the bit; a child that stops reading part way is named as one, at once; one that
  /// never reads meets its timeout.
  @Test func aLongRunIsEncodedBesideTheExchangeToTheSameBytes() throws {
    guard let passthrough = Self.passthrough else {
      print("skipped: no C compiler for the pass-through example")
      return
    }
    let fixes = Self.long(30_000)
    let strategy = try Strategy(parsing: "process(cmd: \"\(passthrough) binary\", format: binary)")
    let whole = try FilterRun.collectingFailure(Self.context) { strategy.run(over: fixes) }.get()
    var pieces: [LocalFix] = []
    for start in stride(from: 0, to: fixes.count, by: 4000) {
      pieces += try FilterRun.collectingFailure(Self.context) { strategy.run(over: Array(fixes[start..<min(start + 4000, fixes.count)])) }.get()
    }
    #expect(whole.count == fixes.count && whole == pieces)
    let worst = zip(whole, fixes).map { max(abs($0.east - $1.east), abs($0.north - $1.north)) }.max() ?? .infinity
    #expect(worst < 1e-6, "\(worst) m")
    let start = Date()
    let stops = try #require(try failure("head -c 100000 >/dev/null", format: "binary", timeout: 30, input: fixes))
    #expect(stops.message.hasPrefix("stopped reading its input after ") && stops.message.contains(" bytes (exited with status 0)"), "\(stops)")
    #expect(Date().timeIntervalSince(start) < 10, "\(Date().timeIntervalSince(start)) s")
    // One that never reads meets its timeout, the encoding stopped with the run.
    let hangs = try #require(try failure("sleep 30", format: "binary", timeout: 0.5, input: fixes))
    #expect(hangs.message == "no complete answer within 0.5 s (timeout; 0 of \(fixes.count) fixes answered): killed", "\(hangs)")
  }

  @Test func failuresNameTheStrategyTheRunAndTheLine() throws {
    let crash = try #require(try failure("exit 3"))
    #expect(crash.run == "laws trial 0" && crash.message.contains("exited with status 3"), "\(crash)")
    #expect(crash.description.hasPrefix("process(cmd: \"exit 3\", timeout: 5), run laws trial 0: "), "\(crash)")

    let hang = try #require(try failure("sleep 30", timeout: 0.5))
    #expect(hang.message == "no complete answer within 0.5 s (timeout; 0 of 3 fixes answered): killed", "\(hang)")

    let garbage = try #require(try failure("while read l; do echo garbage; done"))
    #expect(garbage.message.hasPrefix("line 1: 'garbage' is not a JSON object of numbers (it does not start with {)"), "\(garbage)")

    // Every fix answered with the first one: the second answer goes back in time.
    let repeated = try #require(try failure(#"f=; while IFS= read -r l; do case "$l" in *'"type":"run"'*) ;; *'"type":"end"'*) echo "$l";; *) [ -z "$f" ] && f=$l; echo "$f";; esac; done"#))
    #expect(repeated.message.hasPrefix("line 2 (answer to fix 2): a point at t = 0.0 s after one at t = 0.0 s; expected times to increase (out of order)"), "\(repeated)")

    // A point later than the fix it answers.
    let future = try #require(try failure(#"sed -u -e '/"type":"run"/d' -e 's/"t":\([0-9]\)/"t":1\1/'"#))
    #expect(future.message.contains("answering the fix at t = 0.0 s; expected no time after the fix's (invented timestamp)"), "\(future)")

    let nan = try #require(try failure(#"while IFS= read -r l; do case "$l" in *'"type":"run"'*) ;; *'"type":"end"'*) echo "$l";; *) echo '{"t":0,"lat":NaN,"lon":4,"acc":3}';; esac; done"#))
    #expect(nan.message.hasPrefix("line 1: '{\"t\":0,\"lat\":NaN,\"lon\":4,\"acc\":3}' is not a JSON object of numbers ('NaN' for \"lat\" is not a JSON number)"), "\(nan)")

    // Answers one fix, then exits.
    let early = try #require(try failure(#"read header; read fix; echo "$fix""#))
    #expect(early.message.contains("before answering: 1 of 3 fixes answered"), "\(early)")

    // The end of the run too soon.
    let short = try #require(try failure(#"while IFS= read -r l; do case "$l" in *'"type":"end"'*) echo "$l";; esac; done"#))
    #expect(short.message.hasPrefix("line 1: the end of run 1 after 0 answers; expected one answer per fix (3)"), "\(short)")

    // Binary: a bad flag.
    let flag = try #require(try failure(#"printf '\002'; head -c 47 /dev/zero; cat >/dev/null"#, format: "binary"))
    #expect(flag.message.hasPrefix("frame 1 (answer to fix 1): flag 2; expected 1 (a point) or 0 (nothing)"), "\(flag)")
  }

  /// A program speaking the other format than its strategy says fails at once, and the message names
  /// the mismatch: however the program meets it (text for frames, frames for text, waiting for more).
  @Test func aFormatMismatchIsNamedAtOnce() throws {
    let start = Date()
    // Text where frames belong.
    let text = try #require(try failure(#"echo '{"t": 0, "lat": 52, "lon": 4, "acc": 5, "speed": 1.5}'; cat >/dev/null"#, format: "binary", timeout: 30))
    #expect(text.message.hasPrefix("frame 1 (answer to fix 1): text '{\"t\": 0,…' where a 48-byte binary answer belongs") && text.message.hasSuffix("drop format: binary"), "\(text)")
    // Frames where text belongs.
    let frames = try #require(try failure("head -c 48 /dev/zero; cat >/dev/null", timeout: 30))
    #expect(frames.message.hasPrefix("line 1: binary bytes where a JSON line belongs") && frames.message.hasSuffix("add format: binary"), "\(frames)")
    // A frame reader that takes the JSON header's bytes for a length and waits for that many.
    let waiting = try #require(try failure("head -c 100000000 >/dev/null", timeout: 30))
    #expect(waiting.message.hasPrefix("read the whole run (") && waiting.message.contains("0 of 3 fixes answered") && waiting.message.hasSuffix("add format: binary"), "\(waiting)")
    let binaryWaiting = try #require(try failure("head -c 100000000 >/dev/null", format: "binary", timeout: 30))
    #expect(binaryWaiting.message.hasSuffix("drop format: binary"), "\(binaryWaiting)")
    // The same wait in a thread that is not the process's first (as a JVM reads in its `main` thread
    // while the first thread waits for it): seen too, long before the timeout.
    if let python = Self.python {
      let threaded = try #require(
        try failure(
          "\(python) -c 'import sys, threading; t = threading.Thread(target=lambda: sys.stdin.buffer.read(100000000)); t.start(); t.join()'",
          timeout: 30))
      #expect(threaded.message.hasPrefix("read the whole run (") && threaded.message.hasSuffix("add format: binary"), "\(threaded)")
    }
    // A JSON-lines program that stops at the first frame's bytes.
    if let python = Self.python {
      let json = try #require(try failure("\(python) \(Self.root.path)/Examples/Process/alpha_beta.py 2>/dev/null", format: "binary", timeout: 30))
      #expect(json.message.hasSuffix("if the program speaks JSON lines, drop format: binary"), "\(json)")
    }
    // All at once, not after the 30-s timeouts.
    #expect(Date().timeIntervalSince(start) < 20, "\(Date().timeIntervalSince(start)) s")
  }

  /// A child that reads the whole run and thinks before answering is not taken for one waiting for more.
  @Test func aChildThatThinksIsNotTakenForAMismatch() throws {
    let thinker = #"n=0; while IFS= read -r l; do case "$l" in *'"type":"run"'*) ;; *'"type":"end"'*) sleep 2; i=0; while [ $i -lt $n ]; do echo null; i=$((i+1)); done; echo "$l";; *) n=$((n+1));; esac; done"#
    #expect(try failure(thinker, timeout: 30) == nil)
  }

  /// A failure belongs to the run that met it: that run returns it (its output left empty), and a run
  /// after it, or beside it on another thread, is untouched.
  @Test func aFailureIsTheValueOfItsRunAlone() throws {
    let crash = try Strategy(parsing: "process(cmd: \"exit 3\", timeout: 5)")
    let failed = FilterRun.collectingFailure(Self.context) { crash.run(over: LawInputs.input) }
    guard case .failure(let failure) = failed else { Issue.record("expected the crash as the run's value, found \(failed)"); return }
    #expect(failure.message.contains("exited with status 3"), "\(failure)")
    let fine = try Strategy(parsing: "raw")
    let after = try FilterRun.collectingFailure(Self.context) { fine.run(over: LawInputs.input) }.get()
    #expect(after.count == LawInputs.input.count)
    // Outside a collecting run a failure leaves the output empty and nothing behind.
    #expect(FilterRun.withContext(Self.context) { crash.run(over: LawInputs.input) }.isEmpty)
    #expect(try FilterRun.collectingFailure(Self.context) { fine.run(over: LawInputs.input) }.get().count == LawInputs.input.count)
  }

  /// A descriptor this process holds without close-on-exec (as Foundation's `Pipe` makes them) does not
  /// reach the child: a long-lived child holding another process's pipe would keep its reader waiting.
  @Test func theChildInheritsNoOtherDescriptor() throws {
    var leaky: [Int32] = [-1, -1]
    try #require(pipe(&leaky) == 0)
    defer { close(leaky[0]); close(leaky[1]) }
    let check = "if [ -e /dev/fd/\(leaky[1]) ]; then exit 9; fi; while IFS= read -r l; do case \"$l\" in *'\"type\":\"run\"'*) ;; *) echo \"$l\";; esac; done"
    #expect(try failure(check) == nil)
  }

  @Test func theParserReadsQuotedCommandsAndRefusesBadArguments() throws {
    let parsed = try Strategy(parsing: #"speed-gate(12) | process(cmd: 'sh -c "echo (a|b)"', format: binary, timeout: 2.5, k: 3)"#)
    #expect(parsed.stages.count == 2)
    #expect(parsed.description == #"speed-gate(vmax: 12, reset: 10) | process(cmd: "sh -c \"echo (a|b)\"", format: binary, timeout: 2.5, k: 3)"#)
    #expect(try Strategy(parsing: parsed.description) == parsed)
    // A name is kept, printed first, and is what `--candidate NAME=…` finds.
    let named = try Strategy(parsing: #"process(cmd: "x.py", name: my-k.2, q: 1)"#)
    #expect(named.description == #"process(name: my-k.2, cmd: "x.py", q: 1)"# && named.processName == "my-k.2")
    #expect(try Strategy(parsing: named.description) == named)
    for (text, message) in [
      ("process(format: binary)", "process expects cmd: \"COMMAND\""),
      ("process(cmd: \"x\", format: xml)", "format expects jsonl or binary, found 'xml'"),
      ("process(cmd: \"x\", timeout: 0)", "timeout expects seconds per run, more than 0 and at most 86400, found '0'"),
      ("process(cmd: \"x\", alpha: big)", "alpha expects a number (the filter's own parameter), found 'big'"),
      ("process(cmd: \"x)", "an unterminated quote; expected cmd: \"COMMAND\""),
      ("process(name: 9lives, cmd: \"x\")", "name expects a label of 1 to 40 letters, digits, '-', '_' or '.', starting with a letter, e.g. name: my-kalman"),
      ("process(name: \"my k\", cmd: \"x\")", "name expects a label of 1 to 40 letters, digits, '-', '_' or '.', starting with a letter, e.g. name: my-kalman"),
    ] {
      #expect {
        _ = try Strategy(parsing: text)
      } throws: { error in
        (error as? StrategyParseError)?.message == message
      }
    }
  }
}

@Suite struct ProtocolNumberTests {
  /// A number sent in a JSON line is written as its `description` (the shortest text that reads back
  /// to it), though written straight into the bytes rather than through a `String`.
  @Test func numbersAreWrittenAsTheirDescription() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0, -0.0, 1, -1, 0.1, 1e-05, 1e16, 123456789012345678, 4.9406564584124654e-324, .greatestFiniteMagnitude, 52.123456789012345]
    for _ in 0..<50_000 {
      values.append(Double(bitPattern: generator.next()))
      values.append(Double.random(in: -180...180, using: &generator))
    }
    for value in values where value.isFinite {
      var bytes: [UInt8] = []
      withUnsafeMutablePointer(to: &bytes) { target in
        var stream = ProtocolText.AppendingStream(target: target)
        value.write(to: &stream)
      }
      #expect(bytes == Array(value.description.utf8), "\(value)")
    }
  }

  /// The protocol's number reader gives the same double as `Double(String)` for shortest-form doubles
  /// (what Swift, Python and C's %.17g write) and for hand-picked edge cases.
  @Test func agreesWithTheStandardLibrary() {
    var generator = SystemRandomNumberGenerator()
    var texts = ["0", "-0", "1", "0.1", "45.50012345678901", "-122.08400000000002", "1e-05", "2.5E+3", "9007199254740993", "0.30000000000000004",
      "123456789012345678901234", "4.9e-324", "1.7976931348623157e308", "0.0000000000000000000001", "1234567.125", "-0.0"]
    for _ in 0..<20_000 {
      let magnitude = Double.random(in: -8...8, using: &generator)
      texts.append((Double.random(in: -1...1, using: &generator) * Foundation.pow(10, magnitude)).description)
      texts.append(Double.random(in: -180...180, using: &generator).description)
    }
    for text in texts {
      let bytes = Array(text.utf8)
      let parsed = bytes.withUnsafeBufferPointer { JSONObject.number($0[...]) }
      #expect(parsed?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }
}
