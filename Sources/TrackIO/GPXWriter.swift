import Foundation
import TrackCore

/// GPX 1.1 (topografix.com/GPX/1/1) with a track each for `observed` (what the phone reported), `truth`
/// and, when given, each strategy's output (named by the strategy's text).
///
/// Each point has `lat`/`lon` (9 decimals, ~0.1 mm), `ele` when known, and `time`; GPX 1.1 has no
/// field for speed, course or accuracy, so Doppler speed (m/s) and course (degrees) go in Garmin's
/// TrackPointExtension v2 (`gpxtpx:speed`, `gpxtpx:course`), which gpxpy, GPSBabel and most apps read,
/// and the claimed horizontal accuracy in TrackBench's namespace (`tb:accuracy`, `urn:trackbench:gpx:1`).
public struct GPXWriter: TrackWriter {
  @_optimize(none)
  public init() {}

  @_optimize(none)
  public func write(_ run: GeneratedRun) throws -> String {
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="TrackBench" xmlns="http://www.topografix.com/GPX/1/1" \
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:tb="urn:trackbench:gpx:1" \
      xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
      xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
       <metadata>
        <name>\(XMLText.escaped(run.scenario))</name>
        <desc>\(XMLText.escaped("trial \(run.trial), seed \(run.seed): \(run.description)"))</desc>
        <time>\(RunClock.iso8601(0, start: run.startUTC))</time>
       </metadata>

      """
    for track in run.tracks {
      out += " <trk>\n  <name>\(XMLText.escaped(track.name))</name>\n  <trkseg>\n"
      for fix in track.fixes {
        out += "   <trkpt lat=\"\(Decimal.fixed(fix.latitude, 9))\" lon=\"\(Decimal.fixed(fix.longitude, 9))\">"
        if let altitude = fix.altitude { out += "<ele>\(Decimal.fixed(altitude, 2))</ele>" }
        out += "<time>\(RunClock.iso8601(fix.time, start: run.startUTC))</time>"
        var extensions = ""
        if fix.horizontalAccuracy >= 0 { extensions += "<tb:accuracy>\(Decimal.fixed(fix.horizontalAccuracy, 2))</tb:accuracy>" }
        var garmin = ""
        if let speed = fix.speed { garmin += "<gpxtpx:speed>\(Decimal.fixed(speed, 3))</gpxtpx:speed>" }
        if let course = fix.course { garmin += "<gpxtpx:course>\(Decimal.fixed(course, 2))</gpxtpx:course>" }
        if !garmin.isEmpty { extensions += "<gpxtpx:TrackPointExtension>\(garmin)</gpxtpx:TrackPointExtension>" }
        if !extensions.isEmpty { out += "<extensions>\(extensions)</extensions>" }
        out += "</trkpt>\n"
      }
      out += "  </trkseg>\n </trk>\n"
    }
    out += "</gpx>\n"
    return out
  }
}
