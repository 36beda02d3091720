import TrackCore

/// The last `capacity` fixes: a ring over storage allocated once (`storage[0..<count]` holds them, in
/// no particular order once the ring has wrapped).
/// Copying a filter that holds one shares the storage until the first write (one allocation per run).
@usableFromInline
struct FixWindow: Sendable, Hashable {
  @usableFromInline var storage: [LocalFix]
  @usableFromInline var start = 0
  @usableFromInline var count = 0

  @usableFromInline init(capacity: Int) {
    storage = [LocalFix](repeating: LocalFix(time: 0, east: 0, north: 0, horizontalAccuracy: 0), count: max(capacity, 1))
  }

  @inlinable var capacity: Int { storage.count }

  /// Adds `fix`, dropping the oldest when full.
  @inlinable mutating func append(_ fix: LocalFix) {
    if count < capacity {
      storage[(start + count) % capacity] = fix
      count += 1
    } else {
      storage[start] = fix
      start = (start + 1) % capacity
    }
  }
}
