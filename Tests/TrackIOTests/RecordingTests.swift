import Testing
import TrackIO

@Suite struct RecordedPointTests {
  @Test func absentValuesStayAbsentAndNaNIsAbsent() {
    var point = RecordedPoint(time: 1, latitude: 2, longitude: 3)
    #expect(point.altitude == nil && point.speed == nil && point.course == nil && point.horizontalAccuracy == nil)
    #expect(point.hdop == nil && point.satellites == nil)
    point.speed = 4.5
    point.satellites = 0
    point.hdop = -0.0
    #expect(point.speed == 4.5 && point.satellites == 0 && point.hdop == 0)
    point.course = .nan
    point.speed = nil
    #expect(point.course == nil && point.speed == nil)
    point.satellites = Int(Int32.min)
    #expect(point.satellites == Int(Int32.min) + 1, "clamped off the absent marker")
  }

  @Test func equalityAndHashingFollowTheOptionalValues() {
    let a = RecordedPoint(time: 1, latitude: 2, longitude: 3, altitude: 0.0, satellites: 7)
    var b = RecordedPoint(time: 1, latitude: 2, longitude: 3, altitude: -0.0, satellites: 7)
    #expect(a == b && a.hashValue == b.hashValue)
    b.speed = .nan
    #expect(a == b, "NaN set is absent")
    b.speed = 0
    #expect(a != b)
  }

  @Test func aPointIsCompact() {
    #expect(MemoryLayout<RecordedPoint>.stride <= 72, "readers fill arrays of millions of points")
  }
}
