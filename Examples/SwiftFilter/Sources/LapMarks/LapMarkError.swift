import TrackBench

/// An app developer's own metric: how far the distance the app shows is off each time the runner truly
/// passes a 400 m lap mark (a track's lap, or a "you have run 2 km" cue every fifth mark), RMS over the
/// marks, metres. It reads the measures every metric of a run shares (``RunMeasures``): the truth and
/// the app's distance as a function of time.
public enum LapMarkError {
  /// Metres between marks.
  public static let lap = 400.0

  /// RMS over the marks the truth passes of (shown distance − mark) at the moment the runner passes it;
  /// `nil` for a run shorter than one lap. O(k log n) for k marks and n recorded points.
  public static func rms(_ run: RunMeasures) -> Double? {
    var sum = 0.0, count = 0
    var mark = lap
    while let passed = run.truth.time(atDistance: mark) {
      let error = run.distance.distance(at: passed) - mark
      sum += error * error
      count += 1
      mark += lap
    }
    return count > 0 ? (sum / Double(count)).squareRoot() : nil
  }

  /// The metric's catalogue entry: its key in tables, JSON, objectives and tolerances, and its words.
  public static let descriptor = MetricDescriptor(
    key: "lap_mark_error_rms_m", words: "Distance shown at the 400 m lap marks, RMS error", heading: "lap marks m",
    unit: "m", goal: .minimize, undefinedReason: "the run is shorter than one 400 m lap",
    phraseFormat: "lap marks %.1f m RMS", floor: 0.5, computation: .run(rms))
}
