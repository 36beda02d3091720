import Filtering
import Foundation
import Testing
import TrackCore

/// `Reference/kalman_filterpy.csv`: filterpy's KalmanFilter and rts_smoother on the same model
/// (`tools/kalman_reference.py`), with dropouts and varying accuracy.
struct FilterpyReference {
  var input: [LocalFix] = []
  var filtered: [(Double, Double)] = []
  var smoothed: [(Double, Double)] = []

  static let loaded: FilterpyReference? = {
    guard let url = Bundle.module.url(forResource: "kalman_filterpy", withExtension: "csv", subdirectory: "Reference"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return nil }
    var reference = FilterpyReference()
    for line in text.split(separator: "\n").dropFirst() {
      let v = line.split(separator: ",").map { Double($0)! }
      reference.input.append(LocalFix(time: v[0], east: v[1], north: v[2], horizontalAccuracy: v[3]))
      reference.filtered.append((v[4], v[5]))
      reference.smoothed.append((v[6], v[7]))
    }
    return reference
  }()
}

@Suite struct FilterpyReferenceTests {
  let kalman = try! KalmanFilter(["q": 0.5, "r_scale": 1, "doppler": 0, "gate": 0])

  @Test func kalmanAgreesWithFilterpyToANanometre() throws {
    let reference = try #require(FilterpyReference.loaded)
    let output = kalman.run(over: reference.input)
    try #require(output.count == reference.filtered.count)
    var worst = 0.0
    for (fix, expected) in zip(output, reference.filtered) {
      worst = max(worst, abs(fix.east - expected.0), abs(fix.north - expected.1))
    }
    #expect(worst < 1e-9, "largest difference \(worst) m")
  }

  @Test func rtsAgreesWithFilterpyToANanometre() throws {
    let reference = try #require(FilterpyReference.loaded)
    let output = RTSSmoother(filter: kalman).run(over: reference.input)
    try #require(output.count == reference.smoothed.count)
    var worst = 0.0
    for (fix, expected) in zip(output, reference.smoothed) {
      worst = max(worst, abs(fix.east - expected.0), abs(fix.north - expected.1))
    }
    #expect(worst < 1e-9, "largest difference \(worst) m")
    #expect(reference.input.count > 200)
  }
}
