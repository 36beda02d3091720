import TrackCore

/// The block RUN.'s queues fill: running sums of the fixes in it, emptied when the block becomes a point.
@usableFromInline
struct AveragingBlock: Sendable, Hashable {
  @usableFromInline var filled = 0
  @usableFromInline var sumTime = 0.0, sumEast = 0.0, sumNorth = 0.0, sumAccuracy = 0.0
  /// The newest fix's altitude, vertical accuracy and pressure, which the block's point carries.
  @usableFromInline var altitude = 0.0, verticalAccuracy = -1.0
  @usableFromInline var pressure: Float = 0

  @usableFromInline init() {}

  /// Adds a fix to the block.
  @inlinable @inline(__always) mutating func add(_ fix: LocalFix) {
    sumTime += fix.time
    sumEast += fix.east
    sumNorth += fix.north
    sumAccuracy += fix.horizontalAccuracy
    altitude = fix.altitude; verticalAccuracy = fix.verticalAccuracy; pressure = fix.pressure
    filled += 1
  }

  /// Mean claimed accuracy of the block so far, metres.
  @inlinable var meanAccuracy: Double { sumAccuracy / Double(filled) }

  /// The block as one point (mean time and position, mean accuracy / √n, known at `now`), emptying it.
  @inlinable @inline(__always) mutating func close(at now: Double) -> LocalFix {
    let n = Double(filled)
    let point = LocalFix(
      time: sumTime / n, east: sumEast / n, north: sumNorth / n,
      horizontalAccuracy: sumAccuracy / (n * n.squareRoot()), age: now - sumTime / n,
      altitude: altitude, verticalAccuracy: verticalAccuracy, pressure: pressure)
    self = AveragingBlock()
    return point
  }
}
