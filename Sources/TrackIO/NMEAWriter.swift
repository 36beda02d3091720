/// Writes a run's observed fixes as an NMEA 0183 log, as a receiver would stream it: per fix a GGA
/// (position, HDOP 1.0 as a placeholder, ellipsoidal height with a zero geoid separation), a GST whose
/// σ_lat = σ_lon = accuracy / √2 (so ``NMEAReader`` reads the claimed accuracy back), and an RMC (speed
/// in knots, course, date). Times from 2026-01-01T07:00:00Z; positions in minutes with 6 decimals
/// (2 mm). The truth is not part of an NMEA log.
public struct NMEAWriter: TrackWriter {
  @_optimize(none)
  public init() {}

  @_optimize(none)
  public func write(_ run: GeneratedRun) throws -> String {
    var out = ""
    out.reserveCapacity(run.observed.count * 220)
    for fix in run.observed {
      let stamp = RunClock.nmeaTime(fix.time)
      let position = Self.position(fix.latitude, fix.longitude)
      let valid = fix.horizontalAccuracy >= 0
      out += Self.sentence("GPGGA,\(stamp.time),\(position),\(valid ? 1 : 0),08,1.0,\(Decimal.fixed(fix.altitude ?? 0, 2)),M,0.00,M,,")
      if valid {
        let sigma = Decimal.fixed(fix.horizontalAccuracy / 2.0.squareRoot(), 3)
        out += Self.sentence("GPGST,\(stamp.time),,,,,\(sigma),\(sigma),")
      }
      let knots = fix.speed.map { Decimal.fixed($0 * 3600 / 1852, 3) } ?? ""
      let course = fix.course.map { Decimal.fixed($0, 2) } ?? ""
      out += Self.sentence("GPRMC,\(stamp.time),\(valid ? "A" : "V"),\(position),\(knots),\(course),\(stamp.date),,,A")
    }
    return out
  }

  /// `ddmm.mmmmmm,N,dddmm.mmmmmm,E`.
  @_optimize(none)
  static func position(_ latitude: Double, _ longitude: Double) -> String {
    @_optimize(none)
    func field(_ degrees: Double, _ width: Int) -> String {
      var whole = Int(abs(degrees))
      var minutes = (abs(degrees) - Double(whole)) * 60
      if (minutes * 1e6).rounded() >= 60e6 { whole += 1; minutes = 0 }  // 59.9999996 rounds up to the next degree
      let text = String(whole)
      let minuteText = Decimal.fixed(minutes, 6)
      return String(repeating: "0", count: max(0, width - text.count)) + text + (minutes < 9.9999995 ? "0" : "") + minuteText
    }
    return "\(field(latitude, 2)),\(latitude < 0 ? "S" : "N"),\(field(longitude, 3)),\(longitude < 0 ? "W" : "E")"
  }

  /// `$body*hh\r\n` with the XOR checksum.
  @_optimize(none)
  static func sentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    let hex = Array("0123456789ABCDEF")
    return "$" + body + "*" + String(hex[Int(sum >> 4)]) + String(hex[Int(sum & 15)]) + "\r\n"
  }
}
