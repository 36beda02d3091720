/// What a phone reports, in geodetic coordinates: the exchange type of files and reports.
///
/// Degrees on WGS84, SI units, `time` in seconds since the run's start. Hot loops use ``LocalFix``
/// instead (a local east/north frame in metres, see ``LocalFrame``).
public struct Fix: Sendable, Hashable, Codable {
  /// Seconds since the run's start.
  public var time: Double
  /// WGS84 latitude, degrees.
  public var latitude: Double
  /// WGS84 longitude, degrees.
  public var longitude: Double
  /// Metres: the receiver's claim (about a 1-σ radius), not the true error. Negative means invalid,
  /// as in Core Location.
  public var horizontalAccuracy: Double
  /// Doppler speed, m/s, when the receiver reports one.
  public var speed: Double?
  /// Course over ground, degrees clockwise from true north, when reported.
  public var course: Double?
  /// Height above the WGS84 ellipsoid, metres, when reported.
  public var altitude: Double?
  /// Metres, the receiver's claimed vertical accuracy, when reported.
  public var verticalAccuracy: Double?
  /// m/s, the receiver's claimed 1-σ error of `speed`, when reported.
  public var speedAccuracy: Double?

  public init(
    time: Double, latitude: Double, longitude: Double, horizontalAccuracy: Double,
    speed: Double? = nil, course: Double? = nil, altitude: Double? = nil, verticalAccuracy: Double? = nil,
    speedAccuracy: Double? = nil
  ) {
    self.verticalAccuracy = verticalAccuracy
    self.speedAccuracy = speedAccuracy
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.horizontalAccuracy = horizontalAccuracy
    self.speed = speed
    self.course = course
    self.altitude = altitude
  }
}

/// A fix in a run's local east/north frame: the value every filter and metric loop works on.
///
/// 96 bytes, no optionals, so arrays of it are contiguous plain data moved in aligned 16-byte steps.
/// Missing Doppler speed, course, altitude, pressure or speed accuracy is a value ≤ 0 (of `speed`,
/// `course`, `verticalAccuracy`, `pressure`, `speedAccuracy`), the convention of Core Location's
/// `CLLocation`.
public struct LocalFix: Sendable, Hashable, Codable {
  /// Seconds since the run's start.
  public var time: Double
  /// Metres east of the frame's origin.
  public var east: Double
  /// Metres north of the frame's origin.
  public var north: Double
  /// Metres, the claimed accuracy, read as Android's `Location.getAccuracy()` defines it: the radius of
  /// the circle around the point holding the true position with 68 % confidence. Negative means the fix
  /// carries no valid position; 0 a valid position with no claim (a strategy's, docs/strategies.md).
  public var horizontalAccuracy: Double
  /// Doppler speed in m/s; negative when unavailable.
  public var speed: Double
  /// Course in degrees clockwise from north; negative when unavailable.
  public var course: Double
  /// Seconds between the fix's `time` and its delivery to the app (0 = delivered at once); an app's
  /// "how recent is this fix" check reads it.
  public var age: Double
  /// Height above the WGS84 ellipsoid, metres; meaningful only when `verticalAccuracy` ≥ 0.
  public var altitude: Double
  /// Metres, the receiver's claimed vertical accuracy; negative when there is no altitude.
  public var verticalAccuracy: Double
  /// The phone's barometer at the fix's time (its latest sample), hPa; 0 when the phone has none.
  /// `Float`: 0.0001 hPa (about 1 mm of height) at sea-level pressure, so it packs beside `marks` in 8 bytes.
  public var pressure: Float
  /// What a strategy says about a recorded point: a new segment starts here, the user is idle.
  public var marks: FixMarks
  /// The claimed 1-σ error of `speed`, m/s (Android's `getSpeedAccuracyMetersPerSecond`, a 68 % figure;
  /// u-blox `sAcc`); negative when there is no claim.
  public var speedAccuracy: Double
  /// Metres the app adds to its distance at this point besides the step from the previous point: a lap
  /// rounded on a lap press (negative where the lap measured long). 0 for nearly every point.
  public var distanceAdjustment: Double

  @inlinable
  public init(
    time: Double, east: Double, north: Double, horizontalAccuracy: Double,
    speed: Double = -1, course: Double = -1, age: Double = 0, altitude: Double = 0, verticalAccuracy: Double = -1,
    pressure: Float = 0, marks: FixMarks = [], speedAccuracy: Double = -1, distanceAdjustment: Double = 0
  ) {
    self.marks = marks
    self.speedAccuracy = speedAccuracy
    self.distanceAdjustment = distanceAdjustment
    self.pressure = pressure
    self.age = age
    self.altitude = altitude
    self.verticalAccuracy = verticalAccuracy
    self.time = time
    self.east = east
    self.north = north
    self.horizontalAccuracy = horizontalAccuracy
    self.speed = speed
    self.course = course
  }

  /// A claim's radius per unit of the per-axis σ of a circular 2-D Gaussian: √(−2 ln 0.32) ≈ 1.5096, the
  /// radius of 68 % confidence (``horizontalAccuracy``) of a position whose error has variance σ² on each
  /// axis. A literal, so a filter's loop reads no stored static across modules (tested equal to the
  /// expression).
  @inlinable public static var claimRadiusPerSigma: Double { 1.5095921854516634 }

  /// Planar distance to another fix, metres.
  @inlinable
  public func distance(to other: LocalFix) -> Double {
    let de = other.east - east
    let dn = other.north - north
    return (de * de + dn * dn).squareRoot()
  }
}

/// Marks a strategy puts on recorded points.
public struct FixMarks: OptionSet, Sendable, Hashable, Codable {
  /// Four bytes, though four bits are used: beside ``LocalFix/pressure`` it keeps `LocalFix` at exactly
  /// a multiple of 16 bytes, so copies are aligned 16-byte moves (a 1-byte field made them overlap and stall store
  /// forwarding).
  public let rawValue: UInt32
  @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

  // The marks are inlinable constants rather than stored statics: a stored static read from another
  // module goes through an accessor call (and its once-check) per read, in every metric's loop over the
  // points (measured: 1.1 % of the standard suite's time in the accessors alone).

  /// A new segment starts at this point: no distance is counted from the previous one (a gap the app
  /// does not bridge, as OpenTracks does after 200 m without a point).
  @inlinable public static var segmentStart: FixMarks { FixMarks(rawValue: 1 << 0) }
  /// The strategy considers the user not moving here (excluded from moving time).
  @inlinable public static var idle: FixMarks { FixMarks(rawValue: 1 << 1) }
  /// The strategy's pause detector says the user moves here (an auto-pause, ``idle`` otherwise): the
  /// metrics read the app's pause state from these marks instead of from the step's speed.
  @inlinable public static var moving: FixMarks { FixMarks(rawValue: 1 << 2) }
  /// A lap starts at this point (a lap counter's mark: its first point starts lap 1, each later mark one
  /// more): the metrics count the app's laps from these marks instead of from its distance.
  @inlinable public static var lap: FixMarks { FixMarks(rawValue: 1 << 3) }
  /// The runner pressed the lap button at or just before this point (the receiver's input, not a
  /// strategy's mark: a lap-rounding app reads it, see `lap-round`).
  @inlinable public static var lapPress: FixMarks { FixMarks(rawValue: 1 << 4) }
}

extension Collection where Element == LocalFix {
  /// Length of the track through the fixes in order, metres, with no distance into a point marked
  /// `segmentStart`, plus each point's ``LocalFix/distanceAdjustment``: the distance the app shows. O(n).
  @inlinable
  public var pathLength: Double {
    var total = 0.0
    var previous: LocalFix?
    for fix in self {
      total += fix.distanceAdjustment
      if let previous, !fix.marks.contains(.segmentStart) { total += previous.distance(to: fix) }
      previous = fix
    }
    return total
  }
}
