import TrackCore

/// What a sampling policy asks of the receiver after each fix it is given: when it wants the next fix,
/// whether the receiver stays on until then, from which source, and how often the app is woken.
public struct ReceiverRequest: Sendable, Hashable {
  /// Where the next fix comes from.
  public enum Source: String, Sendable, Hashable {
    /// The GNSS receiver.
    case gnss
    /// A coarse network-like fix (Wi-Fi or cell): no GNSS power, its own error (docs/energy.md).
    case coarse
  }

  /// The time from which the next fix is wanted, seconds on the run's clock: the receiver delivers the
  /// first fix at or after it (or up to ``slack`` before it).
  public var time: Double
  /// How early a fix may be and still serve a request, seconds: receivers stamp fixes with jitter, so a
  /// fix a second after one stamped 1.03 s may read 1.98 s.
  public static let slack = 0.25
  /// Whether the GNSS receiver is switched off until ``time`` (then restarted: a hot, warm or cold start
  /// with its time to first fix and first-fix error); `false`: it keeps tracking.
  public var switchOff: Bool
  /// With ``switchOff``: switched on earlier as soon as the motion sensor says the user moves.
  public var wakeOnMotion: Bool
  public var source: Source
  /// Deferred (batched) delivery: the app is woken at most once per this many seconds, seconds (0: for
  /// every fix).
  public var batchSeconds: Double

  public init(time: Double, switchOff: Bool, wakeOnMotion: Bool = false, source: Source = .gnss, batchSeconds: Double = 0) {
    self.time = time; self.switchOff = switchOff; self.wakeOnMotion = wakeOnMotion; self.source = source; self.batchSeconds = batchSeconds
  }

  /// Keep tracking; the next fix at or after `time`.
  public static func track(from time: Double, batchSeconds: Double = 0) -> ReceiverRequest {
    ReceiverRequest(time: time, switchOff: false, batchSeconds: batchSeconds)
  }

  /// Off until `time` (or until the user moves, with `wakeOnMotion`), then a fix.
  public static func off(until time: Double, wakeOnMotion: Bool = false) -> ReceiverRequest {
    ReceiverRequest(time: time, switchOff: true, wakeOnMotion: wakeOnMotion)
  }

  /// The GNSS receiver off; a coarse fix at or after `time`.
  public static func coarse(at time: Double) -> ReceiverRequest {
    ReceiverRequest(time: time, switchOff: true, source: .coarse)
  }
}

/// What drives a receiver (issue #23): after each fix delivered to it, it decides online, from what it
/// has been given and the motion sensor's reading, when the receiver is on and what it asks for
/// (``ReceiverRequest``). The decision at time t uses only what was delivered by t. A catalogue policy
/// (``SamplingPolicy``) or another program (`process(cmd: …, role: sampling)`, protocol 2).
public protocol ReceiverDriver {
  /// What it asks after `fix` was delivered at `fix.time`; `moving` is the motion sensor's reading then
  /// (open loop, or when ``readsMotion`` is false: the fix's own Doppler speed, moving when it has none).
  mutating func decide(after fix: LocalFix, moving: Bool) -> ReceiverRequest
  /// Whether it reads the motion sensor (step counter / accelerometer), whose power it then costs.
  var readsMotion: Bool { get }
  /// The shortest interval between GNSS fixes it may ask for, by the parameter that sets it (`nil`:
  /// none it names): a run refuses a value below the receiver's own interval.
  var shortestInterval: (parameter: String, seconds: Double)? { get }
  /// The run is over: no more fixes (a program ends its run here).
  mutating func finish()
}

extension ReceiverDriver {
  public var readsMotion: Bool { false }
  public var shortestInterval: (parameter: String, seconds: Double)? { nil }
  public mutating func finish() {}

  /// The open-loop form over the always-on fixes `input` into `output` (emptied first): a valid fix
  /// that serves the pending request is delivered and the next request asked (``ReceiverRequest/serves(_:)``).
  public func runOpenLoop(over input: UnsafeBufferPointer<LocalFix>, into output: inout [LocalFix]) {
    var driver = self
    var pending: ReceiverRequest?
    output.removeAll(keepingCapacity: true)
    for fix in input where pending?.serves(fix) ?? (fix.horizontalAccuracy >= 0) {
      output.append(fix)
      pending = driver.decide(after: fix, moving: SamplingMotion.openLoopMoving(fix))
    }
    driver.finish()
  }
}

/// A sampling strategy of the catalogue: a ``ReceiverDriver`` with a name and a parameter table.
///
/// In a simulated run TrackBench's receiver serves its requests (``Harness``'s closed loop: off,
/// acquiring and tracking states, restarts with their time to first fix and first-fix error, coarse
/// fixes, the energy of each); the policy is the first stage of a pipeline and the stages after it
/// filter what it was delivered (`adaptive-interval(max_s: 10) | kalman(q: 0.5)`).
///
/// Where there is no receiver to drive (a replayed recording, the law-checker, `throughput`) the policy
/// runs open loop as a ``TrackFilter`` over the always-on fixes: a request is served by the first fix
/// at or after its time (a motion wake by the first fix whose Doppler speed says moving), with no
/// restart cost. That is the ideal receiver, so it shows only a policy's thinning, never its energy.
public protocol SamplingPolicy: ReceiverDriver, TrackFilter, CatalogueStrategy {
  /// The request the open-loop form waits on (`nil`: none yet, the first valid fix is delivered).
  var pending: ReceiverRequest? { get set }
}

extension SamplingPolicy {
  /// The open-loop form: delivers a valid fix that serves the pending request and asks the next one.
  @inlinable
  public mutating func step(_ fix: LocalFix) -> LocalFix? {
    guard pending?.serves(fix) ?? (fix.horizontalAccuracy >= 0) else { return nil }
    pending = decide(after: fix, moving: SamplingMotion.openLoopMoving(fix))
    return fix
  }
}

extension ReceiverRequest {
  /// Open loop: whether the always-on receiver's `fix` serves this request — a valid fix at or after its
  /// time (less ``slack``), or, for a motion wake, one whose Doppler speed says moving.
  @inlinable public func serves(_ fix: LocalFix) -> Bool {
    fix.horizontalAccuracy >= 0 && (fix.time >= time - Self.slack || (switchOff && wakeOnMotion && SamplingMotion.openLoopMoving(fix)))
  }
}

/// The speed above which a fix or a sensor says the user moves, m/s (a slow walk is about 1 m/s).
public enum SamplingMotion {
  public static let movingSpeed = 0.5
  @inlinable public static func isMoving(speed: Double) -> Bool { speed >= movingSpeed }
  /// Open loop there is no sensor: the fix's Doppler speed stands in for it; a fix without one counts
  /// as moving.
  @inlinable public static func openLoopMoving(_ fix: LocalFix) -> Bool { fix.speed < 0 || isMoving(speed: fix.speed) }
}

extension SamplingMotion {
  /// A fix's speed: its Doppler speed, else the distance from `previous` over the time between them
  /// (0 without a previous fix), m/s.
  @inlinable public static func speed(of fix: LocalFix, after previous: LocalFix?) -> Double {
    if fix.speed >= 0 { return fix.speed }
    guard let previous, fix.time > previous.time else { return 0 }
    return fix.distance(to: previous) / (fix.time - previous.time)
  }
}
