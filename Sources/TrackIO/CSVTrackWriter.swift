import TrackCore

/// Tidy CSV: one row per point of either track, `track` saying which (`observed` or `truth`); empty
/// fields where a value is absent.
///
/// Columns: track, time_s, latitude_deg, longitude_deg, horizontal_accuracy_m, speed_mps, course_deg,
/// altitude_m.
public struct CSVTrackWriter: TrackWriter {
  public init() {}

  public static let header = "track,time_s,latitude_deg,longitude_deg,horizontal_accuracy_m,speed_mps,course_deg,altitude_m"

  public func write(_ run: GeneratedRun) throws -> String {
    var out = CSVTrackWriter.header + "\n"
    for (name, fixes) in [("observed", run.observed), ("truth", run.truth)] {
      for fix in fixes {
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
