import Foundation
import TrackCore

/// One track of a run written for the tools mobile developers test with (`trackbench export`): a file
/// a location simulator plays, or a unit-test fixture that keeps what the simulators drop.
///
/// - `xcode`: GPX of waypoints (`wpt`) with times, as Xcode's location simulation plays them (it moves
///   between waypoints at the pace their times give; it reads no accuracy, speed or course).
/// - `android-gpx`: GPX with one track of `trkpt`s with times (the emulator's Location → Routes/GPS data).
/// - `android-kml`: KML, one `Placemark` per fix with its `Point` and `TimeStamp`.
/// - `fixture-json`, `fixture-csv`: every field a `CLLocation` or `android.location.Location` takes:
///   time (ISO 8601 UTC and Unix milliseconds), latitude, longitude, altitude, horizontal and vertical
///   accuracy, speed and course (absent: `null` in JSON, empty in CSV).
public enum SimulatorExport: String, Sendable, CaseIterable {
  case xcode
  case androidGPX = "android-gpx"
  case androidKML = "android-kml"
  case fixtureJSON = "fixture-json"
  case fixtureCSV = "fixture-csv"

  /// The file name extension of the format.
  public var fileExtension: String {
    switch self {
    case .xcode, .androidGPX: return "gpx"
    case .androidKML: return "kml"
    case .fixtureJSON: return "json"
    case .fixtureCSV: return "csv"
    }
  }

  /// The document for `fixes` (times in seconds from `start`, UTC seconds since 1970), named `name`.
  /// - Complexity: O(fixes).
  @_optimize(none)
  public func write(_ fixes: [Fix], name: String, description: String, start: Int64) -> String {
    @_optimize(none)
    func time(_ t: Double) -> String { RunClock.iso8601(t, start: start) }
    @_optimize(none)
    func number(_ x: Double, _ decimals: Int) -> String { Decimal.fixed(x, decimals) }
    switch self {
    case .xcode, .androidGPX:
      // Xcode plays waypoints; the emulator's GPX a track: the same points under another element.
      let (element, indent) = self == .xcode ? ("wpt", " ") : ("trkpt", "   ")
      var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"TrackBench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
      if self == .androidGPX { out += " <trk>\n  <name>\(XMLText.escaped(name))</name>\n  <desc>\(XMLText.escaped(description))</desc>\n  <trkseg>\n" }
      for fix in fixes {
        out += "\(indent)<\(element) lat=\"\(number(fix.latitude, 9))\" lon=\"\(number(fix.longitude, 9))\">"
        if let altitude = fix.altitude { out += "<ele>\(number(altitude, 2))</ele>" }
        out += "<time>\(time(fix.time))</time></\(element)>\n"
      }
      return out + (self == .androidGPX ? "  </trkseg>\n </trk>\n" : "") + "</gpx>\n"
    case .androidKML:
      var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n <Document>\n"
      out += "  <name>\(XMLText.escaped(name))</name>\n  <description>\(XMLText.escaped(description))</description>\n"
      for (k, fix) in fixes.enumerated() {
        // KML writes longitude first; the altitude is optional there, and left out where the fix has
        // none (a 0 would read as sea level).
        let altitude = fix.altitude.map { "," + number($0, 2) } ?? ""
        out += "  <Placemark><name>\(k + 1)</name><TimeStamp><when>\(time(fix.time))</when></TimeStamp>"
        out += "<Point><coordinates>\(number(fix.longitude, 9)),\(number(fix.latitude, 9))\(altitude)</coordinates></Point></Placemark>\n"
      }
      return out + " </Document>\n</kml>\n"
    case .fixtureJSON:
      @_optimize(none)
      func optional(_ x: Double?, _ decimals: Int) -> String { x.map { number($0, decimals) } ?? "null" }
      var out = "{\n  \"schema\": \"trackbench.fixture\",\n  \"schema_version\": 1,\n  \"name\": \(JSONText.quoted(name)),\n"
      out += "  \"description\": \(JSONText.quoted(description)),\n  \"fixes\": [\n"
      out += fixes.enumerated().map { k, fix in
        "    {\"time\": \"\(time(fix.time))\", \"time_ms\": \(start * 1000 + Int64((fix.time * 1000).rounded())), "
          + "\"latitude\": \(number(fix.latitude, 9)), \"longitude\": \(number(fix.longitude, 9)), \"altitude\": \(optional(fix.altitude, 2)), "
          + "\"horizontal_accuracy\": \(fix.horizontalAccuracy >= 0 ? number(fix.horizontalAccuracy, 2) : "null"), "
          + "\"vertical_accuracy\": \(optional(fix.verticalAccuracy, 2)), \"speed\": \(optional(fix.speed, 3)), \"course\": \(optional(fix.course, 2))}"
      }.joined(separator: ",\n")
      return out + "\n  ]\n}\n"
    case .fixtureCSV:
      @_optimize(none)
      func optional(_ x: Double?, _ decimals: Int) -> String { x.map { number($0, decimals) } ?? "" }
      var out = "time,time_ms,latitude,longitude,altitude,horizontal_accuracy,vertical_accuracy,speed,course\n"
      for fix in fixes {
        out += "\(time(fix.time)),\(start * 1000 + Int64((fix.time * 1000).rounded())),\(number(fix.latitude, 9)),\(number(fix.longitude, 9)),"
          + "\(optional(fix.altitude, 2)),\(fix.horizontalAccuracy >= 0 ? number(fix.horizontalAccuracy, 2) : ""),\(optional(fix.verticalAccuracy, 2)),"
          + "\(optional(fix.speed, 3)),\(optional(fix.course, 2))\n"
      }
      return out
    }
  }
}
