import Testing
import TrackCore

/// The standard atmosphere a barometer reading becomes a height by, and the fix's layout beside it.
@Suite struct StandardAtmosphereTests {
  @Test func pressureAndHeightAreTheStandardTablesAndInverses() {
    // ISO 2533 table values: 1013.25 hPa at 0 m, 898.746 hPa at 1000 m, 794.952 hPa at 2000 m.
    #expect(abs(StandardAtmosphere.pressure(atHeight: 0) - 1013.25) < 1e-9)
    #expect(abs(StandardAtmosphere.pressure(atHeight: 1000) - 898.746) < 0.001)
    #expect(abs(StandardAtmosphere.pressure(atHeight: 2000) - 794.952) < 0.001)
    for height in [-400.0, 0, 123.4, 800, 4500, 8800] {
      #expect(abs(StandardAtmosphere.height(atPressure: StandardAtmosphere.pressure(atHeight: height)) - height) < 1e-6)
    }
    // Near sea level 1 hPa is about 8.3 m.
    #expect(abs(StandardAtmosphere.height(atPressure: 1012.25) - 8.32) < 0.01)
  }

  @Test func aFixStaysSixteenByteAligned() {
    #expect(MemoryLayout<LocalFix>.size == 96 && MemoryLayout<LocalFix>.stride == 96)
  }
}
