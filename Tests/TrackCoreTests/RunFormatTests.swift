import Testing
import TrackCore

@Suite struct RunFormatTests {
  @Test func paces() {
    #expect(RunFormat.pace(secondsPerKilometer: 332) == "5:32 /km")
    #expect(RunFormat.pace(secondsPerKilometer: 332, unit: .miles) == "8:54 /mi")
    #expect(RunFormat.pace(secondsPerKilometer: 539.7) == "9:00 /km", "rounded before splitting, never 8:60")
    #expect(RunFormat.pace(secondsPerKilometer: 59.5) == "1:00 /km")
    #expect(RunFormat.pace(secondsPerKilometer: 3725) == "1:02:05 /km")
    #expect(RunFormat.pace(secondsPerKilometer: .infinity) == "--:-- /km")
    #expect(RunFormat.pace(secondsPerKilometer: .nan) == "--:-- /km")
  }

  @Test func neverShowsSixtySeconds() {
    for tenths in 0..<36_000 {
      let text = RunFormat.pace(secondsPerKilometer: Double(tenths) / 10)
      #expect(!text.contains(":60"), "\(text)")
    }
  }

  @Test func distances() {
    #expect(RunFormat.distance(meters: 3210) == "3.21 km")
    #expect(RunFormat.distance(meters: 3218.688, unit: .miles) == "2.00 mi")
    #expect(RunFormat.distance(meters: 9.999) == "0.01 km")
    #expect(RunFormat.distance(meters: -120) == "-0.12 km")
  }

  @Test func clocks() {
    #expect(RunFormat.parseClock("5:30") == 330)
    #expect(RunFormat.parseClock("1:02:03") == 3723)
    #expect(RunFormat.parseClock("5:60") == nil)
    #expect(RunFormat.parseClock("abc") == nil)
    #expect(RunFormat.clock(seconds: 1799.6) == "30:00")
  }
}

@Suite struct XMLTextTests {
  @Test func escapesMarkupAndQuotes() {
    #expect(XMLText.escaped("a < b & \"c\" > d | é") == "a &lt; b &amp; &quot;c&quot; &gt; d | é")
    #expect(XMLText.escaped("") == "")
  }
}
