import Foundation
import Testing
import TrackCore
import TrackIO

import Simulation

/// `motion: { recording: FILE }`: the truth moves as a recording of it did.
@Suite struct RecordedMotionTests {
  func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-motion-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A GPX walk due north: (seconds, metres north) per point, no speeds.
  func gpx(_ points: [(Double, Double)]) -> String {
    let start = 1_767_250_800.0  // 2026-01-01T07:00:00Z
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let body = points.map { t, north in
      String(format: "<trkpt lat=\"%.10f\" lon=\"7\"><time>%@</time></trkpt>", 45 + north / 111_132.0, formatter.string(from: Date(timeIntervalSince1970: start + t)))
    }
    return "<gpx version=\"1.1\"><trk><trkseg>\(body.joined())</trkseg></trk></gpx>"
  }

  func load(_ yaml: String, recording: String, in folder: URL) throws -> Scenario {
    try recording.write(to: folder.appendingPathComponent("walk.gpx"), atomically: true, encoding: .utf8)
    let file = folder.appendingPathComponent("w.yaml")
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    return try ScenarioLoader.load(file: file.path)
  }

  /// 60 s at 1.5 m/s, 30 s standing (with centimetres of reference noise), 60 s at 1.5 m/s, a 40 s gap,
  /// then 20 s more.
  var walkWithAStopAndAGap: [(Double, Double)] {
    var points: [(Double, Double)] = []
    for i in 0...210 {
      let t = Double(i)
      switch i {
      case 0...60: points.append((t, 1.5 * t))
      case 61...90: points.append((t, i % 2 == 0 ? 90.01 : 89.99))
      case 91...150: points.append((t, 90 + 1.5 * (t - 90)))
      case 190...210: points.append((t, 300 + 1.5 * (t - 190)))
      default: continue
      }
    }
    return points
  }

  @Test func aRecordedWalkStopsWhereItStoodAndSplitsAtALongGap() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = try load("name: w\nmotion: { recording: walk.gpx }\n", recording: gpx(walkWithAStopAndAGap), in: folder)
    let engine = try ScenarioEngine(scenario)
    #expect(abs(engine.truth.duration - 150) < 1e-9, "the longest part: \(engine.truth.duration) s")
    #expect(abs(engine.truth.totalDistance - 180) < 0.05, "\(engine.truth.totalDistance) m")
    #expect(engine.truth.stops.count == 1)
    if let stop = engine.truth.stops.first { #expect(stop.lowerBound <= 61 && stop.upperBound >= 90, "\(stop)") }
    for t in stride(from: 5.0, through: 55, by: 5) { #expect(abs(engine.truth.speed(at: t) - 1.5) < 0.01, "speed at \(t) s") }
    #expect(scenario.description.contains("part 1 of 2"), "\(scenario.description)")
    // Positions at the epochs are the recording's.
    #expect(abs(engine.truth.distance(at: 30) - 45) < 0.01, "45 m north, as the GPX put it (111 132 m a degree)")
    let second = try load("name: w\nmotion: { recording: walk.gpx, part: 2 }\n", recording: gpx(walkWithAStopAndAGap), in: folder)
    #expect(try ScenarioEngine(second).truth.duration == 20)
    let interpolated = try load("name: w\nmotion: { recording: walk.gpx, max_gap_s: 60 }\n", recording: gpx(walkWithAStopAndAGap), in: folder)
    let whole = try ScenarioEngine(interpolated)
    #expect(whole.truth.duration == 210 && !interpolated.description.contains("part"), "a 40 s gap interpolated")
  }

  /// `motion: { recording: …, elevation: recorded }` keeps the recording's heights as the route's terrain
  /// (opt-in, as for a recorded route: without it the route stays flat); a recording without heights is
  /// refused naming the field.
  @Test func aRecordedMotionKeepsItsHeightsWhenAsked() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let start = 1_767_250_800.0
    let formatter = ISO8601DateFormatter()
    // 400 s north at 1.5 m/s (600 m), climbing 4 %.
    let body = (0...400).map { i -> String in
      let north = 1.5 * Double(i)
      return String(
        format: "<trkpt lat=\"%.10f\" lon=\"7\"><ele>%.2f</ele><time>%@</time></trkpt>", 45 + north / 111_132.0, 300 + 0.04 * north,
        formatter.string(from: Date(timeIntervalSince1970: start + Double(i))))
    }
    let hilly = "<gpx version=\"1.1\"><trk><trkseg>\(body.joined())</trkseg></trk></gpx>"
    let kept = try load("name: w\nmotion: { recording: walk.gpx, elevation: recorded }\n", recording: hilly, in: folder)
    let engine = try ScenarioEngine(kept)
    let (ascent, descent) = try #require(engine.truth.elevation).ascentAndDescent()
    #expect(abs(ascent - 24) < 1 && descent < 0.5, "\(ascent) m up, \(descent) m down")
    #expect(abs(engine.truth.elevation(atDistance: 0) - 300) < 1)
    let flat = try load("name: w\nmotion: { recording: walk.gpx }\n", recording: hilly, in: folder)
    #expect(try ScenarioEngine(flat).truth.elevation == nil)
    do {
      _ = try load("name: w\nmotion: { recording: walk.gpx, elevation: recorded }\n", recording: gpx(walkWithAStopAndAGap), in: folder)
      Issue.record("a recording without heights was accepted")
    } catch { #expect("\(error)".contains("motion.elevation"), "\(error)") }
    do {
      _ = try load("name: w\nmotion: { recording: walk.gpx, elevation: flat }\n", recording: hilly, in: folder)
      Issue.record("elevation: flat was accepted")
    } catch { #expect("\(error)".contains("motion.elevation"), "\(error)") }
  }

  /// A reference's heights become its truth's terrain (replay and transfer score altitude against it):
  /// averaged over 50 m and sampled every 50 m along the route; without heights the truth is flat.
  @Test func aReferencesHeightsBecomeItsTruthsTerrain() throws {
    let frame = LocalFrame(origin: GeodeticPosition(latitude: 45, longitude: 7))
    // 600 m north at 2 m/s, climbing 5 % with ±1 m alternating wobble.
    let points = (0...300).map { i -> RecordedPoint in
      let north = 2 * Double(i)
      return RecordedPoint(time: Double(i), latitude: 45 + north / 111_132.0, longitude: 7, altitude: 100 + 0.05 * north + (i % 2 == 0 ? 1 : -1))
    }
    let truth = try #require(RecordedMotion.truth(points, frame: frame, times: { $0 }, from: 0, to: 300))
    let terrain = try #require(truth.elevation)
    #expect(terrain.distances[1] == 50)
    let (ascent, _) = terrain.ascentAndDescent()
    // About 600 m × 5 %; the wobble averaged away (raw it would add about 300 × 2 m).
    #expect(abs(ascent - 30) < 3, "\(ascent)")
    #expect(abs(truth.elevation(atDistance: 300) - 115) < 1.5)
    var flat = points
    for i in flat.indices { flat[i].altitude = nil }
    #expect(try #require(RecordedMotion.truth(flat, frame: frame, times: { $0 }, from: 0, to: 300)).elevation == nil)
  }

  @Test func badMotionIsOneErrorNamingTheField() throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let walk = gpx(walkWithAStopAndAGap)
    let backwards = walk.replacingOccurrences(of: "07:00:30.000Z", with: "06:59:00.000Z")
    let single = gpx([(0, 0)])
    for (yaml, recording, message) in [
      ("motion: { recording: walk.gpx }\nroute: { out_and_back: { length_m: 100 } }", walk, "w.yaml:3:8: route: expected motion or route, not both"),
      ("motion: { recording: walk.gpx }\npace: { steady: { per_km: \"5:00\" } }", walk, "w.yaml:3:7: pace: expected motion or pace, not both"),
      ("motion: { recording: walk.gpx, speed: 3 }", walk, "motion.speed: expected one of recording, max_gap_s, part, still_below_mps"),
      ("motion: { recording: walk.gpx, part: 3 }", walk, "motion.part: expected a part from 1 to 2"),
      ("motion: { recording: walk.gpx, max_gap_s: 0 }", walk, "motion.max_gap_s: expected seconds from 1 to 3600"),
      ("motion: { recording: nowhere.gpx }", walk, "motion.recording: expected a regular recording file"),
      ("motion: { recording: /dev/zero }", walk, "motion.recording: expected a regular recording file"),
      ("motion: { part: 1 }", walk, "motion.recording: expected a recording file of the truth"),
      ("motion: walk.gpx", walk, "motion: expected a mapping { recording: FILE }"),
      ("motion: { recording: walk.gpx }", backwards, "motion.recording: expected a truth whose times only go forward"),
      ("motion: { recording: walk.gpx }", single, "motion.recording: expected a truth of at least 2 points"),
    ] {
      let error = #expect(throws: ScenarioFileError.self) { try load("name: w\n\(yaml)\n", recording: recording, in: folder) }
      #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }
  }

  /// The shared drive's SPAN reference (1 Hz, with its Doppler speed): the truth moves through the
  /// reference's positions at its epochs with its speed.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real").path), "../shared/data/real is absent"))
  func theSharedDriveReproducesItsReferencesSpeed() throws {
    let span = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real/gsdc/2020-05-14-US-MTV-1_SPAN_Pixel4_1Hz.nmea").path
    let scenario = try ScenarioLoader.parse("name: drive\nmotion: { recording: '\(span)' }\n", file: "drive.yaml")
    let engine = try ScenarioEngine(scenario)
    let reference = try RecordingFormat.detect(span).read(span)
    let parts = RecordedMotion.split(reference.points, maximumGap: RecordedMotion.defaultMaximumGap)
    let points = parts.max { $0.count < $1.count }!
    let frame = engine.truth.frame
    var speedSquares = 0.0, positionSquares = 0.0, farthest = 0.0
    for point in points {
      let t = point.time - points[0].time
      let difference = engine.truth.speed(at: t) - point.speed!
      speedSquares += difference * difference
      let here = engine.truth.point(at: t)
      let recorded = frame.local(GeodeticPosition(latitude: point.latitude, longitude: point.longitude, height: scenario.route.origin.height))
      let apart = ((here.east - recorded.east) * (here.east - recorded.east) + (here.north - recorded.north) * (here.north - recorded.north)).squareRoot()
      positionSquares += apart * apart
      farthest = max(farthest, apart)
    }
    let speedRMS = (speedSquares / Double(points.count)).squareRoot()
    let positionRMS = (positionSquares / Double(points.count)).squareRoot()
    #expect(points.count > 2000 && abs(engine.truth.duration - (points.last!.time - points[0].time)) < 1e-9)
    #expect(speedRMS < 0.1, "RMS speed difference from the reference's own: \(speedRMS) m/s")
    #expect(positionRMS < 0.05 && farthest <= RecordedMotion.stillRadius + 1e-6, "positions: RMS \(positionRMS) m, farthest \(farthest) m")
  }

  /// The bundled scenarios with a recorded motion load from their own copies of the recordings.
  @Test func theBundledRecordedScenariosLoad() throws {
    let folder = repositoryRoot.appendingPathComponent("scenarios/recorded")
    let drive = try ScenarioEngine(try ScenarioLoader.load(file: folder.appendingPathComponent("mtv-drive.yaml").path))
    #expect(abs(drive.truth.duration - 2377) < 1 && abs(drive.truth.totalDistance - 40_560) < 100, "\(drive.truth.duration) s, \(drive.truth.totalDistance) m")
    #expect(drive.truth.stops.count >= 3, "stops at lights: \(drive.truth.stops.count)")
    let walk = try ScenarioEngine(try ScenarioLoader.load(file: folder.appendingPathComponent("snapper-walk.yaml").path))
    #expect(abs(walk.truth.duration - 1199) < 2 && abs(walk.truth.totalDistance - 1439) < 30, "\(walk.truth.duration) s, \(walk.truth.totalDistance) m")
  }
}
