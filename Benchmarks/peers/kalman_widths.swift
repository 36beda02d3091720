/* How wide a fix the plain Kalman filter can carry and still run at C speed, in Swift (#65).
 *
 * The stepper of KalmanFilter.PlainStepper (the same arithmetic, the same 68 % claim radius) over the same
 * fixes laid out four ways: today's 96-byte LocalFix, a 64-byte fix (position, time and the claims),
 * the C reference's 32 bytes (time, east, north, accuracy) writing no speed, and 32 bytes with the speed
 * written to a column beside the records. Not a TrackBench kernel: a measurement for the slim-fix design
 * (docs/design-notes.md, "What the slim fix would buy the Kalman filter"). Run it in the same minutes as
 * kalman_cv.c on the same fixes:
 *
 *   trackbench throughput --strategy 'kalman(doppler: 0, gate: 0)' --fixes 1000000 --export-fixes /tmp/fixes.bin
 *   swiftc -O -o /tmp/kalman_widths Benchmarks/peers/kalman_widths.swift && /tmp/kalman_widths /tmp/fixes.bin
 *   cc -O2 -o /tmp/kalman_cv Benchmarks/peers/kalman_cv.c -lm && /tmp/kalman_cv /tmp/fixes.bin 7
 *
 * and, for C doing the columns' job (the claim radius, the speed into a column), the same with -DSPEED_COLUMN.
 */
import Foundation

struct Fix96 { var time, east, north, hAcc, speed, course, age, altitude, vAcc: Double; var pressure: Float; var marks: UInt32; var speedAccuracy, distanceAdjustment: Double }
struct Fix64 { var time, east, north, hAcc, speed, course, altitude, vAcc: Double }
struct Fix32 { var time, east, north, hAcc: Double }

protocol Slot { init(time: Double, east: Double, north: Double, hAcc: Double, speed: Double, from: Self); var time: Double { get }; var east: Double { get }; var north: Double { get }; var hAcc: Double { get } }
extension Fix96: Slot { @inline(__always) init(time: Double, east: Double, north: Double, hAcc: Double, speed: Double, from f: Fix96) { self.init(time: time, east: east, north: north, hAcc: hAcc, speed: speed, course: -1, age: f.age, altitude: f.altitude, vAcc: f.vAcc, pressure: f.pressure, marks: f.marks, speedAccuracy: -1, distanceAdjustment: 0) } }
extension Fix64: Slot { @inline(__always) init(time: Double, east: Double, north: Double, hAcc: Double, speed: Double, from f: Fix64) { self.init(time: time, east: east, north: north, hAcc: hAcc, speed: speed, course: -1, altitude: f.altitude, vAcc: f.vAcc) } }
extension Fix32: Slot { @inline(__always) init(time: Double, east: Double, north: Double, hAcc: Double, speed: Double, from f: Fix32) { self.init(time: time, east: east, north: north, hAcc: hAcc) } }

/// PlainStepper's state and step: the position, speed and claim after a fix, or nil for none recorded.
struct Stepper {
  let q = 0.5, rScale = 1.0, initialVariance = 100.0
  var started = false, time = 0.0
  var position = SIMD2<Double>(), velocity = SIMD2<Double>(), covariance = SIMD2<Double>(), p11 = 0.0

  @inline(__always) mutating func step(time t: Double, east: Double, north: Double, accuracy: Double) -> Bool {
    guard accuracy >= 0 else { return false }
    let r = rScale * accuracy * accuracy
    let measured = SIMD2(east, north)
    if started {
      let dt = t - time
      guard dt > 0 else { return false }
      time = t
      position += velocity * dt
      let dt2 = dt * dt, qdt = q * dt
      let steps = SIMD2(dt2, dt)
      let growth: SIMD2<Double> = SIMD2(2 * dt * covariance.y, 0) + steps * p11
      let noise: SIMD2<Double> = qdt * steps * SIMD2(1.0 / 3.0, 0.5)
      covariance += growth + noise
      p11 += qdt
      let s = covariance.x + r
      let innovation = measured - position
      let gain = covariance / s
      position += gain.x * innovation
      velocity += gain.y * innovation
      p11 -= gain.y * covariance.y
      covariance -= gain.x * covariance
    } else {
      started = true; time = t; position = measured; velocity = SIMD2(); covariance = SIMD2(r, 0); p11 = initialVariance
    }
    return true
  }

  var speed: Double { (velocity * velocity).sum().squareRoot() }
  var claim: Double { 1.5095921854516634 * covariance.x.squareRoot() }
}

/// The records as 32-byte points, the speed in a column beside them.
@inline(never)
func runColumns(_ input: UnsafeBufferPointer<Fix32>, _ output: UnsafeMutablePointer<Fix32>, _ speeds: UnsafeMutablePointer<Double>) -> Int {
  var stepper = Stepper()
  var written = 0
  for fix in input where stepper.step(time: fix.time, east: fix.east, north: fix.north, accuracy: fix.hAcc) {
    (output + written).initialize(to: Fix32(time: stepper.time, east: stepper.position.x, north: stepper.position.y, hAcc: stepper.claim))
    speeds[written] = stepper.speed
    written += 1
  }
  return written
}

/// The records as whole fixes of `F`'s layout.
@inline(never)
func run<F: Slot>(_ input: UnsafeBufferPointer<F>, _ output: UnsafeMutablePointer<F>, speed computeSpeed: Bool) -> Int {
  var stepper = Stepper()
  var written = 0
  for fix in input where stepper.step(time: fix.time, east: fix.east, north: fix.north, accuracy: fix.hAcc) {
    let speed = computeSpeed ? stepper.speed : -1
    (output + written).initialize(
      to: F(time: stepper.time, east: stepper.position.x, north: stepper.position.y, hAcc: stepper.claim, speed: speed, from: fix))
    written += 1
  }
  return written
}

/// Prints the median rate of seven passes of `pass` (which returns the last record's east) after a warm-up.
func report(_ name: String, fixes: Int, _ pass: () -> Double) {
  var seconds: [Double] = []
  var sink = pass()
  for _ in 0..<7 {
    let start = DispatchTime.now().uptimeNanoseconds
    sink += pass()
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9)
  }
  seconds.sort()
  print(name + ":", String(format: "%.1f M fixes/s", Double(fixes) / seconds[3] / 1e6), sink.isFinite ? "" : "(not finite)")
}

func measure<F: Slot>(_ name: String, _ fixes: [F], speed: Bool) {
  let out = UnsafeMutablePointer<F>.allocate(capacity: fixes.count)
  fixes.withUnsafeBufferPointer { input in report(name, fixes: fixes.count) { out[run(input, out, speed: speed) - 1].east } }
}

func measureColumns(_ fixes: [Fix32]) {
  let out = UnsafeMutablePointer<Fix32>.allocate(capacity: fixes.count)
  let speeds = UnsafeMutablePointer<Double>.allocate(capacity: fixes.count)
  fixes.withUnsafeBufferPointer { input in report("32 B + a speed column", fixes: fixes.count) { out[runColumns(input, out, speeds) - 1].east } }
}

let data = try! Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let raw = data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
var f32: [Fix32] = [], f64: [Fix64] = [], f96: [Fix96] = []
for i in 0..<(raw.count / 4) {
  let t = raw[4 * i], e = raw[4 * i + 1], no = raw[4 * i + 2], a = raw[4 * i + 3]
  f32.append(Fix32(time: t, east: e, north: no, hAcc: a))
  f64.append(Fix64(time: t, east: e, north: no, hAcc: a, speed: -1, course: -1, altitude: 100, vAcc: 3))
  f96.append(Fix96(time: t, east: e, north: no, hAcc: a, speed: -1, course: -1, age: 0, altitude: 100, vAcc: 3, pressure: 1000, marks: 0, speedAccuracy: -1, distanceAdjustment: 0))
}
for _ in 0..<3 {
  measure("96 B, speed", f96, speed: true)
  measure("64 B, speed", f64, speed: true)
  measureColumns(f32)
  measure("32 B, no speed", f32, speed: false)
}
