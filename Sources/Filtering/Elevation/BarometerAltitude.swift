import Foundation
import TrackCore

/// Altitude from the phone's barometer: each fix's pressure as a height in the standard atmosphere
/// (``StandardAtmosphere``), in place of the GPS altitude; positions unchanged. With `anchor_s` > 0 the
/// height is pulled towards the GPS altitude with that time constant (the barometer for changes, GPS for
/// the level, as apps that fuse them do); 0 is the barometer alone. A fix without a pressure reading
/// records no altitude.
public struct BarometerAltitude: ElevationStage, DeclaredParameters {
  public static let name = "barometer-altitude"
  public static let summary = "Altitude from the barometer's pressure; optionally anchored to GPS altitude with time constant anchor_s."
  public static let accuracyClaim = AccuracyClaim.receivers
  public static let parameterBindings: [ParameterBinding<Self>] = [
    .init(\.anchorTime, name: "anchor_s", unit: "s", minimum: 0, maximum: 86_400, summary: "time constant pulling the barometer's level to GPS altitude (0: barometer alone)"),
  ]

  public internal(set) var anchorTime = 0.0
  /// Metres added to the barometer's height: GPS altitude minus barometric height, followed slowly.
  @usableFromInline var offset = 0.0
  @usableFromInline var anchored = false
  @usableFromInline var lastTime = 0.0

  public init() {}

  @inlinable public mutating func step(_ fix: LocalFix) -> LocalFix? {
    var point = fix
    guard fix.pressure > 0 else {
      point.verticalAccuracy = -1
      return point
    }
    let height = StandardAtmosphere.height(atPressure: Double(fix.pressure))
    if anchorTime > 0, fix.verticalAccuracy >= 0 {
      let gap = fix.altitude - height
      if anchored {
        offset += (1 - exp(-max(fix.time - lastTime, 0) / anchorTime)) * (gap - offset)
      } else {
        anchored = true
        offset = gap
      }
      lastTime = fix.time
    }
    point.altitude = height + offset
    point.verticalAccuracy = max(fix.verticalAccuracy, 0)
    return point
  }
}
