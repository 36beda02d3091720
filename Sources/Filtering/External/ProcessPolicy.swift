import Foundation
import TrackCore

/// A sampling policy in any language: `process(cmd: "python3 my_policy.py", role: sampling, …)`, over
/// protocol 2 of the filter protocol (JSON lines, `Sources/TrackBench/TrackBench.docc/YourFilter.md`):
///
///     → {"type":"run","protocol":2,"role":"sampling","run":1,"scenario":"park-loop","trial":0,"parameters":{"interval":20}}
///     → {"t":0,"lat":52.1,"lon":4.3,"acc":3.5,"speed":2.9,"course":87.5,"age":0,"moving":true}
///     ← {"next":20,"off":true}
///     → {"t":21,"lat":52.1002,"lon":4.3001,"acc":7.5,"speed":3,"course":88,"age":0,"moving":true}
///     ← {"next":41,"off":true,"wake_on_motion":false,"source":"gnss","batch_s":0}
///     → {"type":"end","run":1}
///     ← {"type":"end","run":1}
///
/// One fix at a time: each delivered fix (with the motion sensor's reading) is answered by one request
/// before the next fix exists, since which fix comes next depends on it. `next` is required (seconds on
/// the run's clock); `off` (default false: keep tracking), `wake_on_motion` (false), `source` (`gnss`
/// or `coarse`) and `batch_s` (0) are optional. The run's `timeout` covers the whole exchange.
public struct ProcessPolicy: ReceiverDriver {
  public let strategy: ProcessStrategy
  private var session: Session?
  private var failed = false

  public init(_ strategy: ProcessStrategy) { self.strategy = strategy }

  /// Each fix it is given carries the motion sensor's reading, so it pays for the sensor.
  public var readsMotion: Bool { true }

  /// A request that ends the run: after a failure nothing more is asked of the child.
  private static let stop = ReceiverRequest.off(until: .infinity)

  public mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest {
    guard !failed else { return Self.stop }
    do {
      if session == nil { session = try Session(strategy) }
      return try session!.ask(fix, moving: moving)
    } catch {
      failed = true
      session = nil
      FilterRun.failures?.keep(error)
      return Self.stop
    }
  }

  public mutating func finish() {
    guard let session, !failed else { return }
    do { try session.end() } catch {
      failed = true
      FilterRun.failures?.keep(error)
    }
    self.session = nil
  }

  /// One run with a child checked out of the pool.
  final class Session {
    let strategy: ProcessStrategy
    let child: ChildProcess
    let run: Int
    let runName: String
    let frame: SurfacePoints
    let deadline: Date

    init(_ strategy: ProcessStrategy) throws(ProcessFailure) {
      self.strategy = strategy
      let context = FilterRun.context ?? FilterRun.Context(scenario: "", trial: 0, frame: LocalFrame(origin: GeodeticPosition(latitude: 0, longitude: 0)))
      child = try ChildPool.shared.checkOut(key: strategy.key, command: strategy.command)
      run = child.nextRun()
      runName = context.scenario.isEmpty ? "\(run)" : "\(context.scenario) trial \(context.trial)"
      frame = SurfacePoints(context.frame)
      deadline = Date().addingTimeInterval(strategy.timeout)
      header = Array((ProtocolText.samplingHeader(run: run, context: context, parameters: strategy.parameters) + "\n").utf8)
    }

    /// The header goes out with the first fix.
    private var header: [UInt8]

    private func failure(_ message: String) -> ProcessFailure {
      child.abandon()
      return ProcessFailure(strategy: strategy.description, run: runName, message: message)
    }

    func ask(_ fix: LocalFix, moving: Bool) throws(ProcessFailure) -> ReceiverRequest {
      var line = header
      header = []
      ProtocolText.appendFix(fix, surface: frame, to: &line)
      line += Array(",\"moving\":\(moving)}\n".utf8)
      do throws(AnswerError) {
        let answer = try child.ask(line, deadline: deadline, timeout: strategy.timeout)
        return try request(answer, after: fix)
      } catch {
        throw failure(error.message)
      }
    }

    private func request(_ answer: [UInt8], after fix: LocalFix) throws(AnswerError) -> ReceiverRequest {
      let place = "line \(child.linesRead)"
      return try answer.withUnsafeBufferPointer { (bytes) throws(AnswerError) -> ReceiverRequest in
        let text = bytes[...]
        let shown = "'" + String(decoding: text.prefix(120), as: UTF8.self) + (text.count > 120 ? "…" : "") + "'"
        let expected = "expected a request {\"next\": seconds, \"off\": true|false, \"wake_on_motion\": true|false, \"source\": \"gnss\"|\"coarse\", \"batch_s\": seconds}"
        let object = try JSONObject(text, at: place, shown: shown)
        guard let next = object.next else { throw AnswerError("\(place): \(shown) has no number 'next'; \(expected)") }
        let source: ReceiverRequest.Source
        switch object.source {
        case nil, "gnss": source = .gnss
        case "coarse": source = .coarse
        case let other?: throw AnswerError("\(place): source '\(other)'; expected gnss or coarse")
        }
        let batch = object.batch ?? 0
        guard batch >= 0 else { throw AnswerError("\(place): batch_s \(Parameter.format(batch)); expected 0 or more seconds") }
        return ReceiverRequest(time: next, switchOff: object.off ?? false, wakeOnMotion: object.wakeOnMotion ?? false, source: source, batchSeconds: batch)
      }
    }

    /// Ends the run: the end line, its echo, the child back to the pool.
    func end() throws(ProcessFailure) {
      do throws(AnswerError) {
        let line = header + Array("{\"type\":\"end\",\"run\":\(run)}\n".utf8)  // the header, if no fix carried it
        let answer = try child.ask(line, deadline: deadline, timeout: strategy.timeout)
        let place = "line \(child.linesRead)"
        let object = try answer.withUnsafeBufferPointer { (bytes) throws(AnswerError) in
          try JSONObject(bytes[...], at: place, shown: "'" + String(decoding: bytes.prefix(120), as: UTF8.self) + "'")
        }
        guard object.type == "end", object.run == Double(run) else {
          throw AnswerError("\(place): expected {\"type\":\"end\",\"run\":\(run)} at the end of run \(run)")
        }
        ChildPool.shared.checkIn(child, key: strategy.key)
      } catch {
        throw failure(error.message)
      }
    }
  }
}

extension ProcessPolicy: Hashable {
  public static func == (a: ProcessPolicy, b: ProcessPolicy) -> Bool { a.strategy == b.strategy }
  public func hash(into hasher: inout Hasher) { hasher.combine(strategy) }
}
