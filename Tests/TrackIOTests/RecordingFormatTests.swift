import Foundation
import Testing

import TrackIO

/// The recording formats are a catalogue: each is told by its extensions and by its first bytes, read
/// by its own reader, and an unknown one is an error naming the valid ones.
@Suite struct RecordingFormatTests {
  @Test func everyExtensionNamesItsFormat() throws {
    for descriptor in RecordingFormat.catalogue {
      for ext in descriptor.extensions {
        #expect(try RecordingFormat.detect("/nowhere/run.\(ext.uppercased())").rawValue == descriptor.name)
      }
    }
  }

  @Test func firstBytesTellEachFormat() {
    var fit = [UInt8](repeating: 0, count: 14)
    fit.replaceSubrange(8..<12, with: Array(".FIT".utf8))
    let heads: [String: [UInt8]] = [
      "gpx": Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">".utf8),
      "tcx": Array("<?xml version=\"1.0\"?><TrainingCenterDatabase>".utf8),
      "fit": fit,
      "nmea": Array("\u{FEFF}  $GPGGA,1".utf8),
      "gnsslogger": Array("# Header\nFix,GPS,1".utf8),
      "csv": Array("time,Latitude,longitude\n".utf8),
    ]
    #expect(Set(heads.keys) == Set(RecordingFormat.allCases.map(\.rawValue)))
    for (name, head) in heads { #expect(RecordingFormat.sniff(head)?.rawValue == name, "\(name)") }
    #expect(RecordingFormat.sniff(Array("hello".utf8)) == nil)
    // A binary signature wins over text that binary data happens to hold.
    #expect(RecordingFormat.sniff(fit + Array("<gpx".utf8))?.rawValue == "fit")
  }

  @Test func anUnknownFormatIsAnErrorNamingTheValidOnes() throws {
    #expect(RecordingFormat(rawValue: "kml") == nil)
    do {
      _ = try RecordingFormat.detect("-")
      Issue.record("standard input has no extension and cannot be sniffed here")
    } catch let error as RecordingError {
      #expect(error.expected == "a file named .gpx, .tcx, .fit, .nmea or .csv, or --input-format")
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-format-\(UUID())").path
    try Data("hello".utf8).write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    do {
      _ = try RecordingFormat.detect(file)
      Issue.record("'hello' is no recording")
    } catch let error as RecordingError {
      #expect(error.expected == "a GPX, TCX, FIT, NMEA, GnssLogger or CSV recording")
    }
  }

  @Test func writtenFormatsAreTheWritersAndJSON() {
    #expect(TrackFormat.allCases.map(\.rawValue) == ["gpx", "csv", "json", "nmea", "tcx"])
    #expect(TrackFormat(rawValue: "fit") == nil)
    let written = RecordingFormat.catalogue.filter { $0.writer != nil }.map(\.name)
    #expect(Set(written).isSubset(of: Set(TrackFormat.allCases.map(\.rawValue))))
  }
}
