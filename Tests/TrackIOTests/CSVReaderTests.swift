import Foundation
import Testing
import TrackIO

@Suite struct CSVReaderTests {
  @Test func readsTheObservedTrackOfGeneratedCSV() throws {
    let run = try generated("marathon-armband", trial: 1)
    let recording = try CSVReader().read(text: Array(try CSVTrackWriter().write(run).utf8))
    #expect(recording.points.count == run.observed.count && !recording.hasDate && recording.skipped.isEmpty)
    for (point, fix) in zip(recording.points, run.observed) {
      #expect(abs(point.time - fix.time) < 0.0006 && abs(point.latitude - fix.latitude) < 1e-9 && abs(point.longitude - fix.longitude) < 1e-9)
      #expect(point.accuracySource == .claimed && abs(point.horizontalAccuracy! - fix.horizontalAccuracy) < 0.006)
      #expect(point.altitude != nil && (fix.speed == nil || abs(point.speed! - fix.speed!) < 0.0006))
    }
  }

  @Test func namedColumnsInAnyOrderWithISOTimes() throws {
    let csv = """
      lon,"lat",time,speed,heart_rate
      7.25,45.5,2026-01-01T07:00:00Z,3.1,140
      7.26,45.6,2026-01-01T07:00:01.5Z,,141
      7.27,95,2026-01-01T07:00:02Z,3.0,142
      7.28,45.7,,3.0,143
      7.29,45.8,2026-01-01T07:00:01Z,3.0,144
      """
    let recording = try CSVReader().read(text: Array(csv.utf8))
    #expect(recording.hasDate && recording.points.count == 2)
    #expect(recording.points[1].time == 1_767_250_801.5 && recording.points[1].speed == nil && recording.points[0].speed == 3.1)
    #expect(recording.points.allSatisfy { $0.accuracySource == .unknown })
    #expect(recording.skipped == [.outOfRange: 1, .noTime: 1, .notAfterPrevious: 1])
  }

  @Test func aHeaderWithoutPositionsIsAnErrorNamingTheLine() {
    do {
      _ = try CSVReader().read(text: Array("time_s,x,y\n1,2,3\n".utf8), name: "t.csv")
      Issue.record("read")
    } catch let error as RecordingError {
      #expect(error.description.hasPrefix("t.csv:1:1: expected a header naming time_s or time, latitude_deg and longitude_deg"))
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func hostileInputIsAnError() {
    for text in ["", "\n\n", "time_s,latitude,longitude\n", "time_s,latitude,longitude\nx,y,z\n", "\0\0,\0", "a\"b,\"\"\"\n,,,"] {
      #expect(throws: RecordingError.self, "\(text)") { try CSVReader().read(text: Array(text.utf8)) }
    }
  }
}
