import TrackCore

/// Tidy CSV: one row per point of every track, `track` saying which (`observed`, `truth`, or a strategy's
/// text, quoted as CSV quotes a field with commas); empty fields where a value is absent. Times are
/// seconds from the run's start.
///
/// Columns: track, time_s, latitude_deg, longitude_deg, horizontal_accuracy_m, speed_mps, course_deg,
/// altitude_m.
public struct CSVTrackWriter: TrackWriter {
  @_optimize(none)
  public init() {}

  public static let header = "track,time_s,latitude_deg,longitude_deg,horizontal_accuracy_m,speed_mps,course_deg,altitude_m"

  @_optimize(none)
  public func write(_ run: GeneratedRun) throws -> String {
    var out = CSVTrackWriter.header + "\n"
    for track in run.tracks {
      let name = track.name.contains(",") || track.name.contains("\"") ? "\"" + track.name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : track.name
      for fix in track.fixes {
        let fields = [
          name, Decimal.fixed(fix.time, 3), Decimal.fixed(fix.latitude, 9), Decimal.fixed(fix.longitude, 9),
          fix.horizontalAccuracy >= 0 ? Decimal.fixed(fix.horizontalAccuracy, 2) : "",
          fix.speed.map { Decimal.fixed($0, 3) } ?? "", fix.course.map { Decimal.fixed($0, 2) } ?? "",
          fix.altitude.map { Decimal.fixed($0, 2) } ?? "",
        ]
        out += fields.joined(separator: ",") + "\n"
      }
    }
    return out
  }
}
