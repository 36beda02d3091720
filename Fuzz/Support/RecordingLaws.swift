import TrackIO

/// What every reader promises of a recording it returns; a violation stops the fuzzer.
public func checkRecording(_ recording: Recording) {
  precondition(!recording.points.isEmpty, "a recording has points")
  var last = -Double.infinity
  for point in recording.points {
    precondition(point.time.isFinite && point.time > last, "times increase strictly")
    precondition(abs(point.latitude) <= 90 && abs(point.longitude) <= 180, "coordinates in range")
    precondition(point.horizontalAccuracy.map { $0.isFinite && $0 >= 0 } ?? true, "a claimed accuracy is finite")
    precondition(point.speed.map { $0.isFinite && $0 >= 0 } ?? true, "a speed is finite")
    last = point.time
  }
}

/// One fuzz input through a reader: it must return a recording that keeps the laws above, or throw.
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ size: Int, _ read: ([UInt8]) throws -> Recording) -> CInt {
  guard let data, let recording = try? read(Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
  checkRecording(recording)
  return 0
}
