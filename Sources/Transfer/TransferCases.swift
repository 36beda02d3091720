import Foundation
import Harness
import Realism
import Simulation
import TrackCore
import TrackIO

extension TransferCase {
  /// The cases of a transfer check over a manifest's recordings: each read with its truth (a reference
  /// overlapping it, or the point it stood at), and its receiver: `given` for all, or a population fitted
  /// to the recordings made apart from it (recordings sharing one truth, or whose truths overlap in time
  /// and place, ``madeTogether(_:_:)``: several receivers carried together, are left out together), or
  /// to all of them `inSample`. Checked before any simulation: the
  /// references overlap, the recordings fit the replay's memory limit, and a fit out of sample has
  /// recordings of two truths at least.
  /// - Parameters:
  ///   - manifestPath: names the manifest in errors.
  ///   - read, readTruth: read a recording and a reference receiver's recording.
  /// - Returns: the cases, and the receiver in words for the report.
  /// - Throws: ``ReplayInputError`` naming the file; what the readers throw.
  @_optimize(none)
  public static func cases(
    _ manifest: PopulationManifest, manifestPath: String, given: (spec: ReceiverSpec, name: String)?, inSample: Bool, threads: Int,
    read: (String) throws -> Recording, readTruth: (String) throws -> Recording
  ) throws -> (cases: [TransferCase], receiver: String) {
    var entries: [(file: String, recording: Recording, truth: ReplayRecording.Truth, truthName: String, group: String)] = []
    // The points read so far, checked after each file: a manifest listing many large recordings is
    // refused as soon as they exceed the limit, not once all of them are in memory.
    var points = 0
    func checkMemory(_ file: String) throws {
      let estimate = Replay.memoryEstimate(points: points)
      guard estimate <= Replay.memoryLimitBytes else {
        throw ReplayInputError(
          "\(manifestPath): expected recordings that replay in \(Int(Replay.memoryLimitBytes / 1_048_576)) MB "
            + "(TRACKBENCH_MEMORY_LIMIT_MB raises it), found \(points) points by \(file), an estimated \(Int(estimate / 1_048_576)) MB")
      }
    }
    for entry in manifest.recordings {
      let recording = try read(entry.file)
      points += recording.points.count
      try checkMemory(entry.file)
      if let truthFile = entry.truth {
        let reference = try readTruth(truthFile)
        points += reference.points.count
        try checkMemory(truthFile)
        let overlap = Replay.overlap(recording, reference)
        guard overlap >= 2 else { throw ReplayInputError("\(truthFile): expected epochs during \(entry.file) (paired by UTC time), found \(overlap)") }
        guard Replay.sharedSpan(recording, reference) <= Recording.maximumSpan else {
          throw ReplayInputError("\(truthFile): expected a reference sharing at most 7 days with \(entry.file); replay one part at a time")
        }
        // Recordings that share a truth (one walk, several receivers carried together) are one group,
        // however their truth files are named: left out together.
        let group = entries.first { if case .reference(let other) = $0.truth { other.points == reference.points } else { false } }?.group ?? truthFile
        entries.append((entry.file, recording, .reference(reference), (truthFile as NSString).lastPathComponent, group))
      } else {
        let point = entry.staticAt == "mean" ? ErrorSeries.meanPosition(of: recording) : GeodeticPosition(degrees: entry.staticAt ?? "")!
        entries.append((entry.file, recording, .staticAt(point), "standing at \(entry.staticAt ?? "")", "static \(point.latitude),\(point.longitude)"))
      }
    }
    // Recordings made together (several phones in one car, truths trimmed to each phone's span or moved
    // by a lever arm: truths that overlap in time and place) are one group too: left out together.
    for i in entries.indices {
      for j in entries.indices where j > i && entries[j].group != entries[i].group {
        guard case .reference(let a) = entries[i].truth, case .reference(let b) = entries[j].truth, Self.madeTogether(a, b) else { continue }
        let merged = entries[j].group
        for k in entries.indices where entries[k].group == merged { entries[k].group = entries[i].group }
      }
    }
    let receivers: [(spec: ReceiverSpec, name: String)]
    let label: String
    if let given {
      receivers = entries.map { _ in given }
      label = given.name
    } else {
      guard inSample || Set(entries.map(\.group)).count >= 2 else {
        throw ReplayInputError(
          "\(manifestPath): expected recordings of at least two truths recorded apart (truths that overlap in time and place were "
            + "made together and count as one) to fit each one's receiver on the others, found one "
            + "(--in-sample fits on all; --population or --preset gives a receiver)")
      }
      let series = try zip(manifest.recordings, entries).map { entry, read in
        var reference: Recording?
        if case .reference(let recording) = read.truth { reference = recording }
        return try ManifestFits.series(of: entry, recording: read.recording, reference: reference)
      }
      let fits = ManifestFits(manifest: manifest, series: series, recordings: entries.map(\.recording), threads: threads)
      receivers = try entries.indices.map { i in
        let chosen = entries.indices.filter { inSample || entries[$0].group != entries[i].group }
        let others = chosen.count == 1 ? "1 recording" : "\(chosen.count) recordings"
        return (try fits.receiver(of: chosen), inSample ? "fitted to all \(others)" : "fitted to \(others) made apart from it")
      }
      label = inSample ? "a population calibrated on every recording" : "a population calibrated on the other recordings"
    }
    let cases = entries.indices.map { i in
      TransferCase(
        file: entries[i].file, recording: entries[i].recording, truth: entries[i].truth, truthName: entries[i].truthName,
        receiver: receivers[i].spec, receiverName: receivers[i].name, activity: .running)
    }
    return (cases, label)
  }

  /// Farthest apart two truths may run, metres (the median over their shared seconds), to count as
  /// recorded together: one car or one walker, whatever lever arm or trimming separates their files.
  public static let togetherMetres = 50.0

  /// Whether two truths were recorded together: both dated (a clock of the time of day alone cannot
  /// tell today's loop of the park from yesterday's), at least 10 shared epochs (within 1 s; up to 500 of
  /// `a`'s epochs are looked at) and a median distance between them of at most ``togetherMetres``.
  /// - Complexity: O(500 log m) for `b` of m points.
  @_optimize(none)
  package static func madeTogether(_ a: Recording, _ b: Recording) -> Bool {
    guard a.hasDate, b.hasDate, !a.points.isEmpty, !b.points.isEmpty else { return false }
    let clock = a.sharedClock(with: b)
    let times = b.points.map { clock($0.time) }
    var distances: [Double] = []
    let step = max(a.points.count / 500, 1)
    for i in stride(from: 0, to: a.points.count, by: step) {
      let p = a.points[i], t = clock(p.time)
      var low = 0, high = times.count
      while low < high {
        let middle = (low + high) / 2
        if times[middle] < t { low = middle + 1 } else { high = middle }
      }
      let nearest = [low - 1, low].filter { times.indices.contains($0) }.min { abs(times[$0] - t) < abs(times[$1] - t) }
      guard let k = nearest, abs(times[k] - t) <= 1 else { continue }
      let q = b.points[k]
      let north = (q.latitude - p.latitude) * 111_320, east = (q.longitude - p.longitude) * 111_320 * cos(p.latitude * .pi / 180)
      distances.append((north * north + east * east).squareRoot())
    }
    guard distances.count >= 10 else { return false }
    distances.sort()
    return distances[distances.count / 2] <= togetherMetres
  }
}
