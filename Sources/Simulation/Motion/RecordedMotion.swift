import Foundation
import TrackCore
import TrackIO
import Yams

/// Motion taken from a recording of the truth: `motion: { recording: FILE }` in place of `route:` and
/// `pace:`. The positions and their times are the recording's, so speed changes, stops and turns are
/// the real ones; every trial repeats that motion with fresh receiver draws.
///
/// The block expands, before decoding, into `route: { origin, waypoints_deg, corner_radius_m: 0 }` and
/// `pace: { recorded: { times_s, distances_m[, speeds_mps] } }`:
/// - the origin is the first point (its height when the file gives one);
/// - an epoch whose step from the one before is slower than `still_below_mps` (and within
///   ``stillRadius`` of where the truth stands) holds the truth still, so a stop is a stop and a
///   reference's centimetre noise while standing adds no distance;
/// - gaps up to `max_gap_s` are interpolated (a monotone cubic in time, ``MotionPlan``); a longer gap
///   splits the recording into parts, of which `part` (1-based; default the longest) is run, and the
///   scenario's description says so;
/// - speeds are the recording's own when every point of the part states one (a reference's Doppler
///   speed), else estimated from the positions.
public enum RecordedMotion {
  /// Default longest gap interpolated, seconds.
  public static let defaultMaximumGap = 10.0
  /// Default speed below which an epoch stands, m/s: the still threshold of `realism`'s statistics.
  public static let defaultStillBelow = 0.2
  /// Metres from the standing point beyond which a slow epoch moves the truth after all (a slow creep
  /// accumulates instead of jumping when it ends).
  public static let stillRadius = 1.0
  /// Fewest seconds a part must last.
  static let minimumSpan = 1.0

  enum Keys: String, CaseIterable { case recording, max_gap_s, part, still_below_mps, elevation }

  /// `top` with its `motion` block replaced by `route` and `pace` (and a sentence on the parts added to
  /// the description); unchanged when there is no `motion`.
  /// - Throws: ``SpecError`` naming the field: `route` or `pace` beside `motion`, an unknown key, a value
  ///   out of range, an unreadable recording, one whose times go back, or a part too short to run.
  static func expand(_ top: inout Node.Mapping, scenarioFile: String) throws {
    guard let motion = top["motion"] else { return }
    for key in ["route", "pace"] where top[key] != nil {
      let node = top[key]!
      throw SpecError(
        field: key, line: node.mark?.line, column: node.mark?.column, expected: "motion or \(key), not both (motion gives the route and the pace)",
        found: "both")
    }
    guard case .mapping(let block) = motion else {
      throw SpecError(field: "motion", line: motion.mark?.line, column: motion.mark?.column, expected: "a mapping { recording: FILE }", found: "a \(kind(motion))")
    }
    for (key, _) in block {
      guard let name = key.string, Keys(rawValue: name) != nil else {
        throw SpecError(
          field: "motion.\(key.string ?? "?")", line: key.mark?.line, column: key.mark?.column,
          expected: "one of \(Keys.allCases.map(\.rawValue).joined(separator: ", "))", found: "an unknown key")
      }
    }
    guard let reference = block["recording"] else {
      throw SpecError(field: "motion.recording", line: motion.mark?.line, column: motion.mark?.column, expected: "a recording file of the truth", found: "the field is missing")
    }
    guard case .scalar(let file) = reference else {
      throw SpecError(
        field: "motion.recording", line: reference.mark?.line, column: reference.mark?.column, expected: "one recording file name", found: "a \(kind(reference))")
    }
    var keepsHeights = false
    if let node = block["elevation"] {
      guard node.string == "recorded" else {
        throw SpecError(
          field: "motion.elevation", line: node.mark?.line, column: node.mark?.column,
          expected: "recorded (the recording's heights as the terrain)", found: QuotedText.quoted(node.string ?? kind(node)))
      }
      keepsHeights = true
    }
    let maximumGap = try number(block, .max_gap_s, default: defaultMaximumGap, range: 1...3600, expected: "seconds from 1 to 3600")
    let stillBelow = try number(block, .still_below_mps, default: defaultStillBelow, range: 0...5, expected: "m/s from 0 to 5")
    let recording = try RecordedRoute.read(file.string, field: "motion.recording", format: "recording", at: reference, scenarioFile: scenarioFile)
    let path = resolvedPath(file.string, besideSpec: scenarioFile)
    // A truth is whole: a point its reader had to leave out (a time going back, none, a coordinate
    // that is not a number or out of range) is refused, naming the first, where a replay would count and
    // warn.
    for (reason, expected) in [
      (Recording.SkipReason.notAfterPrevious, "a truth whose times only go forward"), (.noTime, "a truth with a time on every point"),
      (.malformed, "a truth whose every point has a readable position"), (.outOfRange, "a truth whose every coordinate is in range"),
    ] {
      guard let count = recording.skipped[reason], count > 0 else { continue }
      throw SpecError(
        field: "motion.recording", line: reference.mark?.line, column: reference.mark?.column, expected: expected,
        found: "'\(path)': \(count) point\(count == 1 ? "" : "s") with a \(reason.rawValue)" + (recording.firstSkipped[reason].map { ", the first at \($0)" } ?? ""))
    }
    let parts = split(recording.points, maximumGap: maximumGap)
    let longest = parts.indices.max { parts[$0].count < parts[$1].count } ?? 0
    var chosen = longest
    if let node = block["part"] {
      guard let value = node.int, (1...parts.count).contains(value) else {
        throw SpecError(
          field: "motion.part", line: node.mark?.line, column: node.mark?.column,
          expected: "a part from 1 to \(parts.count) (the recording splits at gaps over \(formatted(maximumGap)) s)", found: QuotedText.quoted(node.string ?? kind(node)))
      }
      chosen = value - 1
    }
    let points = parts[chosen]
    let span = (points.last?.time ?? 0) - (points.first?.time ?? 0)
    guard points.count >= 2, span >= minimumSpan else {
      throw SpecError(
        field: "motion.recording", line: reference.mark?.line, column: reference.mark?.column,
        expected: "a truth of at least 2 points over \(formatted(minimumSpan)) s or more",
        found: "'\(path)': \(points.count) point\(points.count == 1 ? "" : "s") over \(formatted(span)) s" + (parts.count > 1 ? " in part \(chosen + 1)" : ""))
    }
    // The motion's memory is checked before it is expanded into the scenario (at 1 Hz, the lowest rate
    // a 1 Hz recording is run at; the engine checks again at the scenario's own rate).
    let need = ScenarioEngine.memoryEstimate(recordedPoints: points.count, duration: span, rateHz: 1)
    guard need <= ScenarioEngine.memoryLimitBytes else {
      throw SpecError(
        field: "motion.recording", line: reference.mark?.line, column: reference.mark?.column,
        expected: "a recording one trial of which fits in \(Int(ScenarioEngine.memoryLimitBytes / 1_048_576)) MB (TRACKBENCH_MEMORY_LIMIT_MB raises it)",
        found: "'\(path)': \(points.count) points over \(formatted(span)) s, an estimated \(Int(min(need / 1_048_576, 1e15).rounded(.up))) MB")
    }
    let (route, pace, terrain) = motionNodes(points, stillBelow: stillBelow, keepingHeights: keepsHeights)
    if keepsHeights && terrain == nil {
      let node = block["elevation"]!
      throw SpecError(
        field: "motion.elevation", line: node.mark?.line, column: node.mark?.column,
        expected: "a recording with heights at 2 points or more that, averaged over \(Int(RecordedRoute.heightWindow)) m, climb at most 100 %",
        found: "'\(path)': \(points.filter { $0.altitude != nil }.count) of \(points.count) points with a height")
    }
    top["motion"] = nil
    top["route"] = route
    top["pace"] = pace
    let sentence = description(of: parts, chosen: chosen, file: file.string, maximumGap: maximumGap)
    let written = top["description"]?.string ?? ""
    let joined = written.trimmingCharacters(in: .whitespacesAndNewlines)
    top["description"] = Node(joined.isEmpty ? sentence : joined + (joined.hasSuffix(".") ? " " : ". ") + sentence)
  }

  /// The recording's points in parts, a new part after every gap over `maximumGap` seconds.
  /// - Complexity: O(n).
  public static func split(_ points: [RecordedPoint], maximumGap: Double) -> [[RecordedPoint]] {
    var parts: [[RecordedPoint]] = [[]]
    for point in points {
      if let last = parts[parts.count - 1].last, point.time - last.time > maximumGap { parts.append([]) }
      parts[parts.count - 1].append(point)
    }
    return parts
  }

  /// The still rule and the pace of a recording's epochs: the indices of the points where the truth
  /// moves to (the first always; an epoch whose step from the one before is slower than `stillBelow` and
  /// within ``stillRadius`` of where the truth stands holds it still), and each epoch's time (`time(t)`
  /// from the first), distance along those vertices and speed (the recording's where every point states
  /// one, 0 while still; `nil` otherwise). Both `motion: { recording: … }` and a replay's truth use it.
  /// - Complexity: O(n).
  static func epochs(
    _ points: [RecordedPoint], planar: (RecordedPoint) -> PlanarPoint, time: (Double) -> Double, stillBelow: Double
  ) -> (vertices: [Int], pace: RecordedPace) {
    let withSpeeds = points.allSatisfy { $0.speed.map { $0.isFinite && $0 >= 0 } ?? false }
    let start = time(points[0].time)
    var vertices = [0]
    var standing = planar(points[0]), previous = standing
    var times = [0.0], distances = [0.0], speeds = [withSpeeds ? points[0].speed! : 0]
    var covered = 0.0
    for i in 1..<points.count {
      let point = points[i], here = planar(point)
      let dt = time(point.time) - time(points[i - 1].time)
      let away = standing.distance(to: here)
      let still = previous.distance(to: here) < stillBelow * dt && away <= stillRadius
      previous = here
      if !still && away > 1e-3 {
        covered += away
        standing = here
        vertices.append(i)
      }
      times.append(time(point.time) - start)
      distances.append(covered)
      speeds.append(still ? 0 : (withSpeeds ? point.speed! : 0))
    }
    return (vertices, RecordedPace(times: times, distances: distances, speeds: withSpeeds ? speeds : nil))
  }

  /// The route (vertices where the truth moved) and the recorded pace (time, distance along the route
  /// and speed at every epoch) of one part.
  /// - Complexity: O(n).
  /// With `keepingHeights`, the route carries the points' heights as its terrain (``terrain(heights:lengths:frame:)``,
  /// `nil` when they make none).
  static func motionNodes(_ points: [RecordedPoint], stillBelow: Double, keepingHeights: Bool = false) -> (route: Node, pace: Node, terrain: ElevationProfile?) {
    let first = points[0]
    let height = min(max(first.altitude ?? 0, -500), 9000)
    // The frame and conversion RouteSpec uses for waypoints_deg, so the distances here are the path's.
    let frame = LocalFrame(origin: GeodeticPosition(latitude: first.latitude, longitude: first.longitude, height: height))
    func planar(_ p: RecordedPoint) -> PlanarPoint {
      let q = frame.local(GeodeticPosition(latitude: p.latitude, longitude: p.longitude, height: height))
      return PlanarPoint(east: q.east, north: q.north)
    }
    let (moves, pace) = epochs(points, planar: planar, time: { $0 }, stillBelow: stillBelow)
    let vertices = moves.map { points[$0] }
    let times = pace.times, distances = pace.distances
    let nodes = GeneratedNodes()
    var route: [(Node, Node)] = [
      (Node("origin"), .mapping(Node.Mapping([
        (Node("latitude"), Node(String(first.latitude))), (Node("longitude"), Node(String(first.longitude))), (Node("height_m"), Node(String(height))),
      ]))),
      (Node("waypoints_deg"), nodes.sequence(vertices.map { nodes.pair($0.latitude, $0.longitude) })),
    ]
    if vertices.count > 1 { route.append((Node("corner_radius_m"), Node("0"))) }
    var terrain: ElevationProfile?
    if keepingHeights {
      let lengths = zip(vertices, vertices.dropFirst()).map { planar($0).distance(to: planar($1)) }
      terrain = Self.terrain(heights: vertices.map(\.altitude), lengths: lengths, frame: frame)
      if let terrain {
        let knots = zip(terrain.distances, terrain.rises).map { nodes.pair($0, $1) }
        route.append((Node("elevation"), .mapping(Node.Mapping([(Node("profile_m"), nodes.sequence(knots))]))))
      }
    }
    let paceNode: Node
    if vertices.count == 1 {
      paceNode = .mapping(Node.Mapping([(Node("standing"), .mapping(Node.Mapping([(Node("seconds"), Node(String(times[times.count - 1])))])))]))
    } else {
      var recorded: [(Node, Node)] = [(Node("times_s"), nodes.numbers(times)), (Node("distances_m"), nodes.numbers(distances))]
      if let speeds = pace.speeds { recorded.append((Node("speeds_mps"), nodes.numbers(speeds))) }
      paceNode = .mapping(Node.Mapping([(Node("recorded"), .mapping(Node.Mapping(recorded)))]))
    }
    return (.mapping(Node.Mapping(route)), paceNode, terrain)
  }

  /// "Motion as recorded in FILE: 1532 s." and, when the truth has long gaps, which part runs.
  static func description(of parts: [[RecordedPoint]], chosen: Int, file: String, maximumGap: Double) -> String {
    let part = parts[chosen]
    let seconds = Int(((part.last?.time ?? 0) - (part.first?.time ?? 0)).rounded())
    var text = "Motion as recorded in \((file as NSString).lastPathComponent): \(seconds) s"
    if parts.count > 1 {
      text += ", part \(chosen + 1) of \(parts.count) (the truth splits at gaps over \(formatted(maximumGap)) s; shorter ones are interpolated)"
    }
    return text + "."
  }

  private static func number(_ block: Node.Mapping, _ key: Keys, default value: Double, range: ClosedRange<Double>, expected: String) throws -> Double {
    guard let node = block[key.rawValue] else { return value }
    guard let number = node.float, range.contains(number) else {
      throw SpecError(field: "motion.\(key.rawValue)", line: node.mark?.line, column: node.mark?.column, expected: expected, found: QuotedText.quoted(node.string ?? kind(node)))
    }
    return number
  }

  private static func formatted(_ value: Double) -> String { String(format: "%g", value) }

  private static func kind(_ node: Node) -> String {
    switch node {
    case .scalar: "value"
    case .mapping: "mapping"
    case .sequence: "list"
    case .alias: "alias"
    }
  }
}

extension Scenario {
  /// A scenario whose motion is `points`, epochs of a truth with no gap over ``RecordedPace/maximumGap``
  /// (one part, as `motion: { recording: … }` runs it), with `receiver` and the points' heights as its
  /// terrain where they make one: what `transfer` simulates beside a real recording.
  /// - Throws: ``SpecError`` when the points cannot make a route and a pace (fewer than 2, a span under
  ///   1 s, a gap too long).
  public static func recordedMotion(
    name: String, points: [RecordedPoint], receiver: ReceiverSpec, activity: Activity, seed: UInt64, trials: Int
  ) throws -> Scenario {
    guard points.count >= 2, points[points.count - 1].time - points[0].time >= RecordedMotion.minimumSpan else {
      throw SpecError(field: "motion", expected: "a truth of at least 2 points over 1 s or more", found: "\(points.count) points")
    }
    // The truth's heights are its terrain where they make one (a reference's heights: replay's truth has
    // the same), so elevation is scored on both sides.
    let (routeNode, paceNode, _) = RecordedMotion.motionNodes(points, stillBelow: RecordedMotion.defaultStillBelow, keepingHeights: true)
    let route = try YAMLDecoder().decode(RouteSpec.self, from: routeNode)
    let pace = try YAMLDecoder().decode(PaceSpec.self, from: paceNode)
    return Scenario(name: name, seed: seed, trials: trials, activity: activity, route: route, pace: pace, receiver: receiver)
  }
}

extension RecordedMotion {
  /// The truth a recording of it gives, in `frame` (positions at height 0), its times `times(t)` − `from`
  /// for the epochs within `from`…`to`: the route through the positions where the truth moved (the
  /// still rule of `motion: { recording: … }`) and the motion along it, ``MotionPlan``'s monotone cubic
  /// through every epoch (the recorded speeds as slopes where every epoch states one), so the truth's
  /// speed at an epoch is the reference's own rather than the next second's mean; `nil` for fewer than
  /// two epochs. What `replay --truth` and `transfer` score against.
  /// - Complexity: O(epochs + duration / ``MotionPlan/step``).
  public static func truth(
    _ points: [RecordedPoint], frame: LocalFrame, times: (Double) -> Double, from: Double, to: Double, stillBelow: Double = defaultStillBelow
  ) -> TruthTrack? {
    let inside = points.filter { (from...to).contains(times($0.time)) }
    guard inside.count >= 2 else { return nil }
    func planar(_ p: RecordedPoint) -> PlanarPoint {
      let q = frame.local(GeodeticPosition(latitude: p.latitude, longitude: p.longitude))
      return PlanarPoint(east: q.east, north: q.north)
    }
    let first = times(inside[0].time)
    let (moves, pace) = epochs(inside, planar: planar, time: times, stillBelow: stillBelow)
    var segments: [PathSegment] = []
    for (from, to) in zip(moves, moves.dropFirst()) {
      let start = planar(inside[from]), end = planar(inside[to])
      let length = start.distance(to: end)
      segments.append(.line(start: start, directionEast: (end.east - start.east) / length, directionNorth: (end.north - start.north) / length, length: length))
    }
    let path = Path(segments: segments, anchor: segments.isEmpty ? planar(inside[moves[moves.count - 1]]) : nil)
    let knots = MotionPlan.knots(pace, length: path.length)
    // Time 0 is `from`: the truth stands at its first epoch until then.
    let offset = first - from
    var knotTimes = knots.times.map { $0 + offset }, knotDistances = knots.distances
    if offset > 0 {
      knotTimes.insert(0, at: 0)
      knotDistances.insert(0, at: 0)
    }
    return TruthTrack(
      frame: frame, path: path, knotTimes: knotTimes, knotDistances: knotDistances,
      elevation: terrain(heights: moves.map { inside[$0].altitude }, lengths: segments.map(\.length), frame: frame))
  }

  /// The terrain of a truth whose route vertices have `heights` (metres above the ellipsoid, `nil` where
  /// an epoch has none) joined by segments of `lengths`: averaged and sampled as a recorded route's
  /// (``RecordedRoute``, 50 m), as rises above the frame origin's height; `nil` (a flat truth) when
  /// fewer than two vertices have a height, the route has no length, or the averaged heights still climb
  /// more than 100 % somewhere.
  static func terrain(heights: [Double?], lengths: [Double], frame: LocalFrame) -> ElevationProfile? {
    var along = 0.0, distances: [Double] = [], known: [Double] = []
    for (k, height) in heights.enumerated() {
      if k > 0 { along += lengths[k - 1] }
      if let height { distances.append(along); known.append(height - frame.origin.height) }
    }
    guard distances.count >= 2, along > 0 else { return nil }
    let (grid, rises) = ElevationProfile.averaged(distances: distances, heights: known, total: along, window: RecordedRoute.heightWindow)
    guard ElevationProfile.problem(distances: grid, rises: rises) == nil else { return nil }
    return ElevationProfile(distances: grid, rises: rises)
  }
}
