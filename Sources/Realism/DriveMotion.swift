import Foundation

extension ErrorSeries {
  /// Seconds of driving between two stops of ``drive(seconds:speed:stops:)``.
  public static let drivingBetweenStops = 180.0
  /// Seconds of each stop (a red light): longer than ``ErrorStatistics/minimumStillSeconds``.
  public static let stopSeconds = 45.0
  /// m/s² of speeding up and slowing down (a car in city traffic).
  public static let cityAcceleration = 2.0

  /// The truth of a car in city traffic at 1 Hz, with no error yet: `seconds` long, cruising at `speed`
  /// m/s along a straight street, and, when `stops`, standing ``stopSeconds`` after every
  /// ``drivingBetweenStops`` seconds of driving, speeding up and slowing down at ``cityAcceleration``.
  /// What a receiver is simulated along when only the statistics of a drive are published, not its
  /// truth (see `populations/phones-urban.manifest.yaml`): the statistics of ``ReceiverError`` depend
  /// on the speed and on standing still, not on the shape of the streets.
  /// - Complexity: O(`seconds`).
  public static func drive(seconds: Int, speed: Double, stops: Bool) -> ErrorSeries {
    var series = ErrorSeries()
    let ramp = speed / cityAcceleration
    let cycle = drivingBetweenStops + stopSeconds
    var position = 0.0
    for k in 0..<max(seconds, 0) {
      let t = Double(k)
      var v = speed
      if stops {
        let phase = t.truncatingRemainder(dividingBy: cycle)
        if phase >= drivingBetweenStops {
          v = 0
        } else {
          v = speed * min(1, phase / ramp, (drivingBetweenStops - phase) / ramp)
        }
      }
      if k > 0 { position += v }
      series.append(time: t, east: position, north: 0, truth: (position, 0, v), claimed: nil, repeated: false)
    }
    return series
  }
}
