import Foundation
import Simulation
import TrackCore
import TrackIO

/// Reported positions beside the truth at the same epochs, in one local east/north frame (metres): what
/// every realism statistic is computed from, for a real recording and for a simulated one alike.
public struct ErrorSeries: Sendable {
  /// Seconds, strictly increasing.
  public var time: [Double] = []
  /// Reported positions.
  public var east: [Double] = []
  public var north: [Double] = []
  /// True positions and speed (m/s) at the same epochs.
  public var truthEast: [Double] = []
  public var truthNorth: [Double] = []
  public var truthSpeed: [Double] = []
  /// The speed the receiver reported at each epoch, m/s; −1 where it reported none.
  public var reportedSpeed: [Double] = []
  /// The claimed accuracy of each fix, when the receiver states one (its own figure: an accuracy derived
  /// from HDOP describes geometry, not the receiver's estimate of its error, and is left out).
  public var claimed: [Double?] = []
  /// Whether a fix repeats its predecessor's position exactly (same coordinates to the last bit).
  public var repeated: [Bool] = []
  /// Reported altitude minus the truth's, metres, where both are known (``VerticalFit``).
  public var altitudeError: [Double?] = []
  /// Recorded epochs left out because the truth had no epoch near them.
  public var unpaired = 0
  /// Whether the truth is the recording's own mean position (a static recording without a surveyed
  /// point): errors are then measured from the mean, and a simulation is measured from its own mean too.
  public var truthIsMean = false

  public init() {}

  public var count: Int { time.count }

  /// The median spacing of the epochs, seconds (1 when fewer than two).
  public var typicalInterval: Double { ErrorStatistics.typicalInterval(time) }

  /// Error of fix `i`, metres.
  @inlinable public func error(_ i: Int) -> (east: Double, north: Double) { (east[i] - truthEast[i], north[i] - truthNorth[i]) }

  /// The epochs in `range`, measured from the truth (never re-centred on their own mean).
  package func slice(_ range: Range<Int>) -> ErrorSeries {
    var part = ErrorSeries()
    part.time = Array(time[range]); part.east = Array(east[range]); part.north = Array(north[range])
    part.truthEast = Array(truthEast[range]); part.truthNorth = Array(truthNorth[range]); part.truthSpeed = Array(truthSpeed[range])
    part.claimed = Array(claimed[range]); part.repeated = Array(repeated[range]); part.reportedSpeed = Array(reportedSpeed[range])
    part.altitudeError = Array(altitudeError[range])
    return part
  }

  /// Appends `other`'s epochs (and its unpaired count) after these.
  package mutating func append(contentsOf other: ErrorSeries) {
    time += other.time; east += other.east; north += other.north
    truthEast += other.truthEast; truthNorth += other.truthNorth; truthSpeed += other.truthSpeed
    claimed += other.claimed; repeated += other.repeated; reportedSpeed += other.reportedSpeed
    altitudeError += other.altitudeError
    unpaired += other.unpaired
  }

  /// Room for `n` epochs in every column.
  mutating func reserveCapacity(_ n: Int) {
    time.reserveCapacity(n); east.reserveCapacity(n); north.reserveCapacity(n)
    truthEast.reserveCapacity(n); truthNorth.reserveCapacity(n); truthSpeed.reserveCapacity(n)
    claimed.reserveCapacity(n); repeated.reserveCapacity(n); reportedSpeed.reserveCapacity(n); altitudeError.reserveCapacity(n)
  }

  package mutating func append(
    time t: Double, east e: Double, north n: Double, truth: (Double, Double, Double), claimed c: Double?, repeated r: Bool, reportedSpeed v: Double = -1,
    altitudeError a: Double? = nil
  ) {
    time.append(t); east.append(e); north.append(n)
    truthEast.append(truth.0); truthNorth.append(truth.1); truthSpeed.append(truth.2)
    claimed.append(c); repeated.append(r); reportedSpeed.append(v); altitudeError.append(a)
  }

  /// A recording of a receiver that stood at `point` the whole time (true distance 0).
  public init(recording: Recording, staticAt point: GeodeticPosition) {
    let frame = LocalFrame(origin: point)
    var last: RecordedPoint?
    for p in recording.points {
      let local = frame.local(GeodeticPosition(latitude: p.latitude, longitude: p.longitude))
      let repeats = last.map { $0.latitude == p.latitude && $0.longitude == p.longitude } ?? false
      append(time: p.time, east: local.east, north: local.north, truth: (0, 0, 0), claimed: Self.claim(p), repeated: repeats, reportedSpeed: p.speed ?? -1)
      last = p
    }
  }

  static func claim(_ point: RecordedPoint) -> Double? { point.accuracySource == .claimed ? point.horizontalAccuracy : nil }

  /// A static recording measured from its own mean position (see ``truthIsMean``).
  public init(recordingAboutItsMean recording: Recording) {
    self.init(recording: recording, staticAt: Self.meanPosition(of: recording))
    truthIsMean = true
  }

  /// Moves the truth of every epoch to the mean reported position (see ``truthIsMean``).
  mutating func centreOnMean() {
    guard count > 0 else { return }
    let meanEast = east.reduce(0, +) / Double(count), meanNorth = north.reduce(0, +) / Double(count)
    truthEast = [Double](repeating: meanEast, count: count)
    truthNorth = [Double](repeating: meanNorth, count: count)
    truthIsMean = true
  }

  /// The mean position of a recording: the truth assumed for a static recording without a surveyed point.
  public static func meanPosition(of recording: Recording) -> GeodeticPosition {
    let n = Double(max(recording.points.count, 1))
    return GeodeticPosition(
      latitude: recording.points.reduce(0) { $0 + $1.latitude } / n, longitude: recording.points.reduce(0) { $0 + $1.longitude } / n)
  }

  /// Seconds within which a recorded epoch and a reference epoch count as the same instant.
  public static let pairingTolerance = 0.1
  /// Longest reference gap, seconds, across which the truth is interpolated linearly.
  public static let interpolationGap = 2.0

  /// A recording beside a reference receiver's (the truth), paired by UTC time: a recorded epoch takes
  /// the reference epoch within ``pairingTolerance`` seconds, else the linear interpolation between the
  /// reference epochs around it when they are at most ``interpolationGap`` seconds apart; otherwise it
  /// is left out and counted in ``unpaired`` (a reference that starts later, ends earlier or has gaps
  /// works). When only one of the files has a date, times of day are paired. The frame's origin is the
  /// reference's first point; the truth's speed is the reference's own difference quotient.
  public init(recording: Recording, truth reference: Recording) {
    precondition(!reference.points.isEmpty, "a reference has points")
    let frame = LocalFrame(origin: GeodeticPosition(latitude: reference.points[0].latitude, longitude: reference.points[0].longitude))
    let key = recording.sharedClock(with: reference)
    let ref = reference.points.map { p -> (t: Double, e: Double, n: Double, a: Double?) in
      let local = frame.local(GeodeticPosition(latitude: p.latitude, longitude: p.longitude))
      return (key(p.time), local.east, local.north, p.altitude)
    }.sorted { $0.t < $1.t }
    func speed(_ j: Int) -> Double {
      let a = max(j - 1, 0), b = min(j + 1, ref.count - 1)
      guard b > a, ref[b].t > ref[a].t else { return 0 }
      return hypot(ref[b].e - ref[a].e, ref[b].n - ref[a].n) / (ref[b].t - ref[a].t)
    }
    var last: RecordedPoint?
    for p in recording.points {
      defer { last = p }
      let t = key(p.time)
      // The first reference epoch at or after t.
      var low = 0, high = ref.count
      while low < high {
        let mid = (low + high) / 2
        if ref[mid].t < t { low = mid + 1 } else { high = mid }
      }
      var truth: (Double, Double, Double)?
      var truthAltitude: Double?
      if low < ref.count, abs(ref[low].t - t) <= Self.pairingTolerance {
        truth = (ref[low].e, ref[low].n, speed(low))
        truthAltitude = ref[low].a
      } else if low > 0, abs(ref[low - 1].t - t) <= Self.pairingTolerance {
        truth = (ref[low - 1].e, ref[low - 1].n, speed(low - 1))
        truthAltitude = ref[low - 1].a
      } else if low > 0, low < ref.count, ref[low].t - ref[low - 1].t <= Self.interpolationGap {
        let a = ref[low - 1], b = ref[low], w = (t - a.t) / (b.t - a.t)
        truth = (a.e + w * (b.e - a.e), a.n + w * (b.n - a.n), hypot(b.e - a.e, b.n - a.n) / (b.t - a.t))
        truthAltitude = a.a.flatMap { x in b.a.map { x + w * ($0 - x) } }
      }
      guard let truth else { unpaired += 1; continue }
      let local = frame.local(GeodeticPosition(latitude: p.latitude, longitude: p.longitude))
      let repeats = last.map { $0.latitude == p.latitude && $0.longitude == p.longitude } ?? false
      append(
        time: t, east: local.east, north: local.north, truth: truth, claimed: Self.claim(p), repeated: repeats, reportedSpeed: p.speed ?? -1,
        altitudeError: p.altitude.flatMap { reported in truthAltitude.map { reported - $0 } })
    }
  }

  /// Simulated fixes beside the truth of the buffer they were composed from (fixes carry their epoch's
  /// index through `time`; dropped fixes are absent).
  public init(fixes: [LocalFix], truth: [FixTruth]) {
    var k = 0
    var last: LocalFix?
    for fix in fixes {
      while k < truth.count - 1 && truth[k].timestamp < fix.time { k += 1 }
      let epoch = truth[k]
      let repeats = last.map { $0.east == fix.east && $0.north == fix.north } ?? false
      append(
        time: epoch.time, east: fix.east, north: fix.north, truth: (epoch.east, epoch.north, epoch.speed),
        claimed: fix.horizontalAccuracy >= 0 ? fix.horizontalAccuracy : nil, repeated: repeats, reportedSpeed: fix.speed)
      last = fix
    }
  }
}
