import Testing
import TrackCore

@Suite struct SurfacePointTests {
  /// The fast surface conversion the protocol uses agrees with `LocalFrame.geodetic(_:)` (the GPX
  /// writer's) to 1e-10° over ±40 km, at the equator, mid-latitudes and near a pole, and latitude and
  /// longitude sent and read back land within a micrometre.
  @Test(arguments: [(0.0, 0.0), (45.5, 7.25), (-33.9, 151.2), (78.2, 15.6)])
  func agreesWithTheExactConversion(latitude: Double, longitude: Double) {
    let frame = LocalFrame(origin: GeodeticPosition(latitude: latitude, longitude: longitude))
    let fast = SurfacePoints(frame)
    var worstAngle = 0.0, worstMetres = 0.0
    for east in stride(from: -40_000.0, through: 40_000, by: 4_000) {
      for north in stride(from: -40_000.0, through: 40_000, by: 4_000) {
        let exact = frame.geodetic(LocalFix(time: 0, east: east, north: north, horizontalAccuracy: 1))
        let p = fast.geodetic(east: east, north: north)
        worstAngle = max(worstAngle, abs(p.latitude - exact.latitude), abs(p.longitude - exact.longitude))
        let back = frame.local(GeodeticPosition(latitude: p.latitude, longitude: p.longitude, height: 0))
        worstMetres = max(worstMetres, abs(back.east - east), abs(back.north - north))
      }
    }
    #expect(worstAngle < 1e-10, "\(worstAngle)°")
    #expect(worstMetres < 1e-6, "\(worstMetres) m")
  }
}
