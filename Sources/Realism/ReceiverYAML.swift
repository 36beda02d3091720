import Foundation
import Simulation

/// A receiver (and noise stages) as scenario YAML: the `receiver:` and `noise:` keys, ready to replace
/// those of a scenario.
public enum ReceiverYAML {
  /// Numbers with 4 significant digits: calibrated values are not known better.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let text = String(format: "%.4g", value)
    return text.contains("e") ? String(format: "%.6f", value) : text
  }

  /// The YAML of `receiver` (only the blocks it has) and an empty `noise:` list.
  public static func render(_ receiver: ReceiverSpec) -> String {
    var lines = ["receiver:", "  rate_hz: \(number(receiver.rateHz))"]
    if let error = receiver.error {
      var fields = [
        "wander_sigma_m: \(number(error.wanderSigma))", "wander_tau_s: \(number(error.wanderTau))",
        "jitter_sigma_m: \(number(error.jitterSigma))", "jitter_tau_s: \(number(error.jitterTau))",
      ]
      if error.jitterPerSpeed > 0 { fields.append("jitter_per_speed_s: \(number(error.jitterPerSpeed))") }
      if error.jumpsPerHour > 0 {
        fields += [
          "jumps_per_hour: \(number(error.jumpsPerHour))", "jump_sigma_m: \(number(error.jumpSigma))",
          "jump_settle_s: \(number(error.jumpSettle))",
        ]
      }
      if error.growthPerHour > 0 { fields.append("growth_m_per_h: \(number(error.growthPerHour))") }
      if error.tailShare > 0, error.tailSigma > 0 {
        fields += ["tail_share: \(number(error.tailShare))", "tail_sigma_m: \(number(error.tailSigma))"]
        if error.tailTau > 0 { fields.append("tail_tau_s: \(number(error.tailTau))") }
      }
      if error.offset > 0 {
        fields.append("offset_m: \(number(error.offset))")
        if let bearing = error.offsetBearing { fields.append("offset_bearing_deg: \(number(bearing))") }
      }
      if error.stillScale != 1 {
        fields += ["still_scale: \(number(error.stillScale))", "still_speed_mps: \(number(error.stillSpeed))"]
      }
      lines.append("  error: { \(fields.joined(separator: ", ")) }")
    }
    if let hold = receiver.staticHold {
      lines.append(
        "  static_hold: { below_mps: \(number(hold.below)), release_m: \(number(hold.release)), speed_sigma_mps: \(number(hold.speedSigma)) }")
    }
    let claim = receiver.reportedAccuracy
    lines.append(
      "  reported_accuracy: { base_m: \(number(claim.base)), follows_true_error: \(number(claim.followsTrueError)), "
        + "minimum_m: \(number(claim.minimum)), wander_log_sigma: \(number(claim.wanderLogSigma)), wander_tau_s: \(number(claim.wanderTau))"
        + (claim.rounding > 0 ? ", rounding_m: \(number(claim.rounding))" : "") + " }")
    if let doppler = receiver.doppler {
      lines.append(
        "  doppler: { speed_sigma_mps: \(number(doppler.speedSigma)), course_sigma_deg: \(number(doppler.courseSigma)), "
          + "minimum_speed_for_course_mps: \(number(doppler.minimumSpeedForCourse))"
          + (doppler.latency > 0 ? ", latency_s: \(number(doppler.latency))" : "") + " }")
    }
    if let vertical = receiver.vertical {
      lines.append(
        "  vertical: { sigma_m: \(number(vertical.sigma)), tau_s: \(number(vertical.tau)), reported_m: \(number(vertical.reported))"
          + (vertical.offset != 0 ? ", offset_m: \(number(vertical.offset))" : "") + " }")
    }
    lines.append("noise: []")
    return lines.joined(separator: "\n") + "\n"
  }
}
