import TrackCore

/// Writes a run's observed fixes as a Garmin Training Center (TCX) activity: one `Lap` holding one
/// `Track` of `Trackpoint`s with `Time`, `Position`, `AltitudeMeters` when known, cumulative
/// `DistanceMeters` (the sum of raw great-circle steps, as a phone app without a footpod would store
/// it) and the Doppler speed in the ActivityExtension (`ns3:Speed`, m/s). TCX has no field for a
/// claimed accuracy; the truth is not part of it.
public struct TCXWriter: TrackWriter {
  @_optimize(none)
  public init() {}

  @_optimize(none)
  public func write(_ run: GeneratedRun) throws -> String {
    var points = ""
    points.reserveCapacity(run.observed.count * 330)
    var distance = 0.0
    var previous: Fix?
    for fix in run.observed {
      if let previous { distance += Geodesy.haversine(previous.latitude, previous.longitude, fix.latitude, fix.longitude) }
      previous = fix
      points += "      <Trackpoint><Time>\(RunClock.iso8601(fix.time))</Time>"
      points += "<Position><LatitudeDegrees>\(Decimal.fixed(fix.latitude, 9))</LatitudeDegrees>"
      points += "<LongitudeDegrees>\(Decimal.fixed(fix.longitude, 9))</LongitudeDegrees></Position>"
      if let altitude = fix.altitude { points += "<AltitudeMeters>\(Decimal.fixed(altitude, 2))</AltitudeMeters>" }
      points += "<DistanceMeters>\(Decimal.fixed(distance, 2))</DistanceMeters>"
      if let speed = fix.speed { points += "<Extensions><ns3:TPX><ns3:Speed>\(Decimal.fixed(speed, 3))</ns3:Speed></ns3:TPX></Extensions>" }
      points += "</Trackpoint>\n"
    }
    let start = RunClock.iso8601(run.observed.first?.time ?? 0)
    let seconds = (run.observed.last?.time ?? 0) - (run.observed.first?.time ?? 0)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
      xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
       <Activities>
        <Activity Sport="Running">
         <Id>\(start)</Id>
         <Lap StartTime="\(start)">
          <TotalTimeSeconds>\(Decimal.fixed(seconds, 3))</TotalTimeSeconds>
          <DistanceMeters>\(Decimal.fixed(distance, 2))</DistanceMeters>
          <Calories>0</Calories>
          <Intensity>Active</Intensity>
          <TriggerMethod>Manual</TriggerMethod>
          <Track>

      """ + points + """
          </Track>
         </Lap>
         <Notes>\(XMLText.escaped("\(run.scenario), trial \(run.trial), seed \(run.seed)"))</Notes>
        </Activity>
       </Activities>
      </TrainingCenterDatabase>

      """
  }
}
