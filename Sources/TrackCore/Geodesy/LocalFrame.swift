import Foundation

/// Earth-centred, Earth-fixed Cartesian coordinates, metres.
public struct ECEF: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var z: Double
  public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
}

/// A geodetic position: degrees and metres above the ellipsoid.
public struct GeodeticPosition: Sendable, Hashable {
  public var latitude: Double
  public var longitude: Double
  public var height: Double
  public init(latitude: Double, longitude: Double, height: Double = 0) {
    self.latitude = latitude
    self.longitude = longitude
    self.height = height
  }

  /// A position written `LAT,LON` in degrees (`37.4265,-122.1737`; spaces around either allowed);
  /// `nil` unless both are numbers within ±90 and ±180.
  public init?(degrees text: String) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.parse($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
    self.init(latitude: latitude, longitude: longitude)
  }
}

/// A local east/north/up frame tangent to the ellipsoid at an origin: exact geodetic ↔ ECEF ↔ ENU.
///
/// The conversions are rigid rotations and translations of ECEF, so they are exact (to rounding) at any
/// distance; "local" refers only to the frame's orientation. Note that the frame is a tangent *plane*:
/// a point on the ellipsoid 10 km from the origin sits ~7.8 m below it (up = −d²/2R), and planar
/// distances measured in east/north differ from geodesic ones by about (d/R)²/3 relative (< 1e-6 within 10 km).
public struct LocalFrame: Sendable, Hashable {
  public let origin: GeodeticPosition
  public let ellipsoid: Ellipsoid
  @usableFromInline let originECEF: ECEF
  @usableFromInline let sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double

  public init(origin: GeodeticPosition, ellipsoid: Ellipsoid = .wgs84) {
    self.origin = origin
    self.ellipsoid = ellipsoid
    let lat = origin.latitude * .pi / 180
    let lon = origin.longitude * .pi / 180
    sinLat = sin(lat); cosLat = cos(lat); sinLon = sin(lon); cosLon = cos(lon)
    originECEF = LocalFrame.ecef(origin, ellipsoid: ellipsoid)
  }

  /// Geodetic → ECEF (closed form).
  public static func ecef(_ p: GeodeticPosition, ellipsoid: Ellipsoid = .wgs84) -> ECEF {
    let lat = p.latitude * .pi / 180
    let lon = p.longitude * .pi / 180
    let a = ellipsoid.equatorialRadius
    let e2 = ellipsoid.eccentricitySquared
    let sinLat = sin(lat)
    let n = a / (1 - e2 * sinLat * sinLat).squareRoot()
    let cosLat = cos(lat)
    return ECEF(
      x: (n + p.height) * cosLat * cos(lon),
      y: (n + p.height) * cosLat * sin(lon),
      z: (n * (1 - e2) + p.height) * sinLat)
  }

  /// ECEF → geodetic by fixed-point iteration on latitude (Bowring-style start, height from the
  /// pole-safe formula h = p·cosφ + z·sinφ − a²/N). Each pass gains a factor ~e²; six passes reach
  /// < 1e-12 rad for points within 100 km of the surface.
  public static func geodetic(_ q: ECEF, ellipsoid: Ellipsoid = .wgs84) -> GeodeticPosition {
    let a = ellipsoid.equatorialRadius
    let e2 = ellipsoid.eccentricitySquared
    let p = (q.x * q.x + q.y * q.y).squareRoot()
    let lon = atan2(q.y, q.x)
    var lat = atan2(q.z, p * (1 - e2))
    var h = 0.0
    for _ in 0..<6 {
      let s = sin(lat)
      let c = cos(lat)
      let n = a / (1 - e2 * s * s).squareRoot()
      h = p * c + q.z * s - a * a / n
      lat = atan2(q.z, p * (1 - e2 * n / (n + h)))
    }
    let s = sin(lat)
    let n = a / (1 - e2 * s * s).squareRoot()
    h = p * cos(lat) + q.z * s - a * a / n
    return GeodeticPosition(latitude: lat * 180 / .pi, longitude: lon * 180 / .pi, height: h)
  }

  /// ECEF → (east, north, up) in metres relative to the origin.
  public func enu(_ q: ECEF) -> (east: Double, north: Double, up: Double) {
    let dx = q.x - originECEF.x
    let dy = q.y - originECEF.y
    let dz = q.z - originECEF.z
    let east = -sinLon * dx + cosLon * dy
    let north = -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz
    let up = cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz
    return (east, north, up)
  }

  /// (east, north, up) in metres → ECEF.
  @inlinable
  public func ecef(east: Double, north: Double, up: Double) -> ECEF {
    ECEF(
      x: originECEF.x - sinLon * east - sinLat * cosLon * north + cosLat * cosLon * up,
      y: originECEF.y + cosLon * east - sinLat * sinLon * north + cosLat * sinLon * up,
      z: originECEF.z + cosLat * north + sinLat * up)
  }

  /// Geodetic → local (east, north, up), metres.
  public func local(_ p: GeodeticPosition) -> (east: Double, north: Double, up: Double) {
    enu(LocalFrame.ecef(p, ellipsoid: ellipsoid))
  }

  /// Local (east, north, up) → geodetic.
  public func geodetic(east: Double, north: Double, up: Double = 0) -> GeodeticPosition {
    LocalFrame.geodetic(ecef(east: east, north: north, up: up), ellipsoid: ellipsoid)
  }

  /// A local fix → a geodetic ``Fix``. Latitude and longitude are those of the point on the ellipsoid
  /// below the tangent-plane point along the origin's up axis (where a fix made by ``local(_:)`` from a
  /// point on the ellipsoid came from), found in closed form: exact to rounding for any point within 90°
  /// of the origin. The altitude is the fix's own when it has one.
  public func geodetic(_ fix: LocalFix) -> Fix {
    let p = geodeticOnSurface(east: fix.east, north: fix.north)
    return Fix(
      time: fix.time, latitude: p.latitude, longitude: p.longitude,
      horizontalAccuracy: fix.horizontalAccuracy,
      speed: fix.speed >= 0 ? fix.speed : nil, course: fix.course >= 0 ? fix.course : nil,
      altitude: fix.verticalAccuracy >= 0 ? fix.altitude : nil,
      verticalAccuracy: fix.verticalAccuracy >= 0 ? fix.verticalAccuracy : nil,
      speedAccuracy: fix.speed >= 0 && fix.speedAccuracy >= 0 ? fix.speedAccuracy : nil)
  }

  /// A geodetic ``Fix`` → a local fix: east and north of the point at the fix's altitude (or on the
  /// ellipsoid); the altitude is carried over, with vertical accuracy −1 when there is no altitude and 0
  /// when the file gives an altitude without an accuracy.
  public func local(_ fix: Fix) -> LocalFix {
    let q = local(GeodeticPosition(latitude: fix.latitude, longitude: fix.longitude, height: fix.altitude ?? 0))
    return LocalFix(
      time: fix.time, east: q.east, north: q.north, horizontalAccuracy: fix.horizontalAccuracy,
      speed: fix.speed ?? -1, course: fix.course ?? -1,
      altitude: fix.altitude ?? 0, verticalAccuracy: fix.altitude == nil ? -1 : fix.verticalAccuracy ?? 0,
      speedAccuracy: fix.speed == nil ? -1 : fix.speedAccuracy ?? -1)
  }

  /// The point at height 0 whose east/north projection is (east, north): where the line through the
  /// tangent-plane point along the origin's up axis, q + u·û, meets the ellipsoid (x² + y²)/a² + z²/b² = 1
  /// on the near side (the larger root of the quadratic in u, in its cancellation-free form). A point
  /// beyond the ellipsoid's outline seen along û (more than 90° away: no east/north pair reaches it) is
  /// taken at the line's closest approach.
  private func geodeticOnSurface(east: Double, north: Double) -> GeodeticPosition {
    let q = ecef(east: east, north: north, up: 0)
    let ux = cosLat * cosLon, uy = cosLat * sinLon, uz = sinLat
    let a2 = ellipsoid.equatorialRadius * ellipsoid.equatorialRadius
    let b = ellipsoid.equatorialRadius * (1 - ellipsoid.eccentricitySquared).squareRoot()
    let b2 = b * b
    let qa = (ux * ux + uy * uy) / a2 + uz * uz / b2
    let qb = 2 * ((q.x * ux + q.y * uy) / a2 + q.z * uz / b2)
    // |q|-scaled terms minus 1, summed so the large parts cancel first.
    let qc = ((q.x * q.x + q.y * q.y) / a2 - 1) + q.z * q.z / b2
    let discriminant = qb * qb - 4 * qa * qc
    let u: Double
    if discriminant >= 0 {
      let root = discriminant.squareRoot()
      let half = -(qb + (qb >= 0 ? root : -root)) / 2
      u = max(half / qa, half != 0 ? qc / half : half / qa)
    } else {
      u = -qb / (2 * qa)
    }
    var p = LocalFrame.geodetic(ECEF(x: q.x + u * ux, y: q.y + u * uy, z: q.z + u * uz), ellipsoid: ellipsoid)
    p.height = 0
    return p
  }
}
