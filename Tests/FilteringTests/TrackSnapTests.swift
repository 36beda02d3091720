import Filtering
import Foundation
import NumericKit
import Testing
import TrackCore

/// Track mode worked on its own venue: snapping onto the lane, laps counted at the line, the pose learned.
@Suite struct TrackSnapTests {
  /// 1 Hz at `speed` m/s along `lane` of `track` for `metres`, each fix `sideways(i)` metres off the lane
  /// (to the left of the lane's direction: inwards).
  func fixes(on track: StandardTrack, lane: Int, metres: Double, speed: Double = 4, sideways: (Int) -> Double = { _ in 0 }) -> [LocalFix] {
    (0...Int(metres / speed)).map { i in
      let s = Double(i) * speed
      let a = track.point(along: s, lane: lane), b = track.point(along: s + 0.01, lane: lane)
      let (de, dn) = ((b.east - a.east) / 0.01, (b.north - a.north) / 0.01)
      let off = sideways(i)
      return LocalFix(time: Double(i), east: a.east - dn * off, north: a.north + de * off, horizontalAccuracy: 3)
    }
  }

  func onLane(_ fix: LocalFix, _ track: StandardTrack, lane: Int) -> Double {
    let s = track.snap(east: fix.east, north: fix.north, lane: lane)
    return hypot(s.east - fix.east, s.north - fix.north)
  }

  @Test func theGeometryIsWorldAthletics() {
    #expect(abs(StandardTrack.lapLength(lane: 1) - 400) < 0.01)
    #expect(abs(StandardTrack.lapLength(lane: 8) - 453.03) < 0.01)
    let track = StandardTrack.simulated
    // The start of the home straight is the frame's origin; along and point are inverse.
    let start = track.point(along: 0, lane: 1)
    #expect(abs(start.east) < 1e-9 && abs(start.north) < 1e-9)
    for s in stride(from: 0.0, to: 400, by: 7.3) {
      let p = track.point(along: s, lane: 1)
      #expect(abs(track.snap(east: p.east, north: p.north, lane: 1).along - s) < 1e-9)
    }
  }

  @Test func noisyFixesLandOnTheLaneAndLapsAreCountedAtTheLine() throws {
    let track = StandardTrack.simulated
    let input = fixes(on: track, lane: 1, metres: 1210, speed: 4.1) { i in 2 * sin(Double(i)) }
    let out = try Strategy(parsing: "track-snap(lane: 1)").run(over: input)
    #expect(out.count == input.count && out.allSatisfy { onLane($0, track, lane: 1) < 1e-9 })
    // 3 laps and 10 m: the first fix and the first fix past the line in each lap are marked.
    let crossings = [0] + (1...3).map { k in Int((Double(k) * 400 / 4.1).rounded(.up)) }
    #expect(out.indices.filter { out[$0].marks.contains(.lap) } == crossings)
    // The distance is the lane's, up to the chords of the bends (3 laps: under 1 m short).
    let run = 4.1 * Double(input.count - 1)
    let shortfall = run - out.pathLength
    #expect(shortfall > 0 && shortfall < 1, "\(shortfall)")
    // Raw, the same fixes zig-zag 2 m across the lane: far from the lane's length.
    #expect(input.pathLength - run > 50)
  }

  @Test func theWrongLaneLengthensTheRunAndKeepsTheLapCount() throws {
    // Running lane 1 but snapped to lane 8: every lap is lane 8's 453 m.
    let input = fixes(on: .simulated, lane: 1, metres: 805)
    let out = try Strategy(parsing: "track-snap(lane: 8)").run(over: input)
    #expect(out.filter { $0.marks.contains(.lap) }.count == 3)
    #expect(abs(out.pathLength - 805 * StandardTrack.lapLength(lane: 8) / 400) < 3)
  }

  @Test func thePoseIsLearnedFromTheFirstLap() throws {
    // Lane 8 of a track 500 m east and 300 m south, straights heading 30°, fixes noisy by up to 3 m.
    let track = StandardTrack(centerEast: 500, centerNorth: -300, bearing: 30)
    let random = RandomSource(seed: 8)
    let input = fixes(on: track, lane: 8, metres: 3 * 453 + 20) { _ in random.gaussian(sigma: 1.5) }
    let out = try Strategy(parsing: "track-snap(lane: 8, learn_m: 400)").run(over: input)
    // Unsnapped while learning (the first 400 m of noisy path, about 90 fixes), then snapped.
    let learned = try #require(out.indices.first { out[$0].east != input[$0].east })
    #expect(learned > 50 && learned < 120, "\(learned)")
    // Fitted to about 90 fixes 1.5 m noisy, the learned lane stays within half a lane (0.61 m) of the true one.
    let worst = out[learned...].map { onLane($0, track, lane: 8) }.max() ?? 0
    #expect(worst < StandardTrack.laneWidth / 2, "\(worst) m off the lane")
    #expect(out.filter { $0.marks.contains(.lap) }.count == 4)
    // With the default pose (TrackBench's own track) the same fixes are nowhere near it.
    let unlearned = try Strategy(parsing: "track-snap(lane: 8)").run(over: input)
    #expect(unlearned.contains { onLane($0, track, lane: 8) > 100 })
  }
}
