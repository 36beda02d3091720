import Foundation

/// A standard 400 m athletics track (World Athletics' track facilities manual): two 84.39 m straights
/// and two bends of kerb radius 36.50 m, lanes 1.22 m wide; the running line is 0.30 m out from the kerb
/// in lane 1 and 0.20 m out from the lane's inner line in lanes 2-8, so lane 1 is 400.00 m and lane 8
/// 453.03 m. Placed by its pose: the infield's centre (local east/north metres) and the bearing of the
/// home straight, run anticlockwise (the infield on the runner's left).
public struct StandardTrack: Sendable, Hashable {
  /// Length of each straight, metres.
  public static let straight = 84.39
  /// Radius of the bends' kerb, metres.
  public static let kerbRadius = 36.50
  /// Width of a lane, metres.
  public static let laneWidth = 1.22
  /// Lanes a track has.
  public static let lanes = 1...8

  /// Radius of `lane`'s running line on the bends, metres.
  public static func radius(lane: Int) -> Double { kerbRadius + (lane == 1 ? 0.30 : 0.20 + Double(lane - 1) * laneWidth) }
  /// One lap of `lane`'s running line, metres.
  public static func lapLength(lane: Int) -> Double { 2 * straight + 2 * Double.pi * radius(lane: lane) }

  /// Metres east and north of the frame's origin of the infield's centre.
  public let centerEast: Double, centerNorth: Double
  /// Degrees clockwise from north of the home straight's direction of running.
  public let bearing: Double
  /// The home straight's direction (east, north), found once from `bearing`: a snap needs no sine of it.
  @usableFromInline let alongEast: Double, alongNorth: Double

  public init(centerEast: Double, centerNorth: Double, bearing: Double) {
    self.centerEast = centerEast; self.centerNorth = centerNorth; self.bearing = bearing
    alongEast = sin(bearing * Double.pi / 180); alongNorth = cos(bearing * Double.pi / 180)
  }

  /// The track TrackBench's `track_400m` route runs on: the home straight starts at the frame's origin
  /// heading east, lane 1's running line through it.
  public static let simulated = StandardTrack(centerEast: straight / 2, centerNorth: radius(lane: 1), bearing: 90)

  /// The point of `lane`'s running line nearest to (`east`, `north`) and its distance along the lap from
  /// the start of the home straight, metres in [0, lap length). O(1).
  @inlinable
  public func snap(east: Double, north: Double, lane: Int) -> (east: Double, north: Double, along: Double) {
    let r = Self.radius(lane: lane), half = Self.straight / 2
    let ux = alongEast, uy = alongNorth  // along the home straight
    let vx = -uy, vy = ux  // to its left: towards the infield
    let de = east - centerEast, dn = north - centerNorth
    let x = de * ux + dn * uy, y = de * vx + dn * vy
    var sx: Double, sy: Double, along: Double
    if x > half {
      let phi = atan2(y, x - half)  // −π/2 at the end of the home straight, π/2 at the back straight's start
      sx = half + r * cos(phi); sy = r * sin(phi)
      along = Self.straight + r * (phi + Double.pi / 2)
    } else if x < -half {
      var phi = atan2(y, x + half)  // π/2 at the back straight's end, 3π/2 at the home straight's start
      if phi < 0 { phi += 2 * Double.pi }
      sx = -half + r * cos(phi); sy = r * sin(phi)
      along = 2 * Self.straight + Double.pi * r + r * (phi - Double.pi / 2)
    } else if y < 0 {
      sx = x; sy = -r
      along = x + half
    } else {
      sx = x; sy = r
      along = Self.straight + Double.pi * r + (half - x)
    }
    let lap = Self.lapLength(lane: lane)
    if along >= lap { along -= lap }
    return (centerEast + sx * ux + sy * vx, centerNorth + sx * uy + sy * vy, max(along, 0))
  }

  /// The point of `lane`'s running line `along` metres from the start of the home straight (any value:
  /// whole laps wrap). O(1).
  public func point(along: Double, lane: Int) -> (east: Double, north: Double) {
    let r = Self.radius(lane: lane), half = Self.straight / 2, lap = Self.lapLength(lane: lane)
    var s = along.truncatingRemainder(dividingBy: lap)
    if s < 0 { s += lap }
    var x: Double, y: Double
    if s < Self.straight {
      x = s - half; y = -r
    } else if s < Self.straight + Double.pi * r {
      let phi = (s - Self.straight) / r - Double.pi / 2
      x = half + r * cos(phi); y = r * sin(phi)
    } else if s < 2 * Self.straight + Double.pi * r {
      x = half - (s - Self.straight - Double.pi * r); y = r
    } else {
      let phi = (s - 2 * Self.straight - Double.pi * r) / r + Double.pi / 2
      x = -half + r * cos(phi); y = r * sin(phi)
    }
    let ux = alongEast, uy = alongNorth, vx = -uy, vy = ux
    return (centerEast + x * ux + y * vx, centerNorth + x * uy + y * vy)
  }
}
