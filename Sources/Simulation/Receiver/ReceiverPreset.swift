import Yams

/// A named receiver a scenario starts from: `receiver: { preset: phone-open-sky }`, any field given beside
/// `preset` overriding the preset's (nested blocks field by field). Each names the recordings it was
/// calibrated from and what it reproduces; `docs/realism.md` shows each beside its recordings.
public struct ReceiverPreset: Sendable {
  public let name: String
  /// One line: what receiver this is.
  public let summary: String
  /// Where its numbers come from (recordings under `../shared/data/real/`, or the reasoning).
  public let source: String
  /// The `receiver:` mapping, YAML.
  public let yaml: String

  /// Every preset, in documentation order.
  public static let all: [ReceiverPreset] = [
    ReceiverPreset(
      name: "phone-open-sky",
      summary: "a recent phone under open sky (Pixel 4 chipset output)",
      source: """
        error process, tails, offset size, still factor and static hold fitted by `trackbench calibrate` to \
        gsdc/2020-05-14-US-MTV-1_Pixel4_chipset.nmea against its SPAN reference (every statistic within tolerance on \
        fresh seeds); the offset's bearing is drawn per trial (one drive cannot tell a device's); claims from the GPS provider of \
        gnss_lib_py/pixel6.txt (median 3.5 m, log-sd 0.12; no truth there, so the claim follows nothing)
        """,
      yaml: """
        rate_hz: 1
        error: { wander_sigma_m: 0.5921, wander_tau_s: 41.8, jitter_sigma_m: 0.09269, jitter_tau_s: 0.515, jitter_per_speed_s: 0.005578, tail_share: 0.009989, tail_sigma_m: 2.13, offset_m: 0.3302, still_scale: 2.693, still_speed_mps: 1.836 }
        static_hold: { below_mps: 0.458, release_m: 1.927, speed_sigma_mps: 0.1 }
        reported_accuracy: { base_m: 3.5, follows_true_error: 0, minimum_m: 1, wander_log_sigma: 0.12, wander_tau_s: 60 }
        doppler: { speed_sigma_mps: 0.1, course_sigma_deg: 3, minimum_speed_for_course_mps: 0.5 }
        """),
    ReceiverPreset(
      name: "phone-urban",
      summary: "a phone between tall buildings: larger, faster wander, multipath jitter and jumps",
      source: """
        no recording with truth in a street canyon is available, so this is a judgement: the Pixel 4 \
        process made 7 times larger and 5 times faster (dense downtowns show errors of 5-15 m that change \
        within seconds), with multipath jitter and satellite-set jumps (40 an hour, 12 m). At 1 Hz and \
        running pace raw distance overshoots by about 10 %, the zig-zag the unknown-device runpandas TCX \
        shows (+8.5 % raw vs its device distance); at that file's 3-8 s spacing it overshoots only about 4.5 %
        """,
      yaml: """
        rate_hz: 1
        error: { wander_sigma_m: 5, wander_tau_s: 6, jitter_sigma_m: 0.5, jitter_tau_s: 0, jitter_per_speed_s: 0.05, jumps_per_hour: 40, jump_sigma_m: 12, jump_settle_s: 20 }
        static_hold: { below_mps: 0.4, release_m: 3, speed_sigma_mps: 0.2 }
        reported_accuracy: { base_m: 12, follows_true_error: 0.1, minimum_m: 3, wander_log_sigma: 0.35, wander_tau_s: 30 }
        doppler: { speed_sigma_mps: 0.3, course_sigma_deg: 8, minimum_speed_for_course_mps: 0.8 }
        """),
    ReceiverPreset(
      name: "sports-watch",
      summary: "a GPS sports watch at 1 Hz (no claimed accuracy in its files, no static hold)",
      source: """
        the Pixel 4 process with a slower, smaller jitter (watch chipsets filter harder at running pace): raw \
        length within 1.5 % of the device distance as on python-fitparse/activity-small-fenix2-run.fit \
        (−0.1 %) and 2013-02-06-12-11-14.fit (−1.2 %); claims as the Wahoo ELEMNT's gps_accuracy (median 2 m)
        """,
      yaml: """
        rate_hz: 1
        error: { wander_sigma_m: 1.2, wander_tau_s: 45, jitter_sigma_m: 0.05, jitter_tau_s: 2, jitter_per_speed_s: 0.01 }
        reported_accuracy: { base_m: 2, follows_true_error: 0, minimum_m: 1, wander_log_sigma: 0.3, wander_tau_s: 120 }
        doppler: { speed_sigma_mps: 0.1, course_sigma_deg: 3, minimum_speed_for_course_mps: 0.5 }
        """),
    ReceiverPreset(
      name: "phone-degrading-antenna",
      summary: "phone-open-sky in a sweaty armband: the wander grows by 4 m per hour and the claim with it",
      source: """
        phone-open-sky plus growth; the growth rate is an assumption (no recording of it), sized so a \
        marathon ends with about 3.5 m of wander per axis
        """,
      yaml: """
        rate_hz: 1
        error: { wander_sigma_m: 0.5921, wander_tau_s: 41.8, jitter_sigma_m: 0.09269, jitter_tau_s: 0.515, jitter_per_speed_s: 0.005578, tail_share: 0.009989, tail_sigma_m: 2.13, offset_m: 0.3302, still_scale: 2.693, still_speed_mps: 1.836, growth_m_per_h: 4 }
        static_hold: { below_mps: 0.458, release_m: 1.927, speed_sigma_mps: 0.1 }
        reported_accuracy: { base_m: 3.5, follows_true_error: 0, minimum_m: 1, wander_log_sigma: 0.12, wander_tau_s: 60 }
        doppler: { speed_sigma_mps: 0.1, course_sigma_deg: 3, minimum_speed_for_course_mps: 0.5 }
        """),
    ReceiverPreset(
      name: "low-cost-receiver",
      summary: "an old or low-cost receiver: wanders metres, holds when still, zig-zags when moving",
      source: """
        standing still fitted by `trackbench calibrate` to gpsbabel/track-nmea-static.nmea (a 2004 receiver: \
        11.9 m/min false distance, 10 % repeated fixes); its jitter while moving is not in that file: \
        0.22 s per m/s of white jitter makes raw distance at 5:30 /km overshoot by about 6 %, the RUN. blog's "5K reads \
        3.3 miles"
        """,
      yaml: """
        rate_hz: 1
        error: { wander_sigma_m: 1.9, wander_tau_s: 20.6, jitter_sigma_m: 0.14, jitter_tau_s: 2.85, jitter_per_speed_s: 0.22 }
        static_hold: { below_mps: 0.3, release_m: 0.065, speed_sigma_mps: 0.1 }
        reported_accuracy: { base_m: 8, follows_true_error: 0, minimum_m: 2, wander_log_sigma: 0.2, wander_tau_s: 60 }
        """),
  ]

  public static func named(_ name: String) -> ReceiverPreset? { all.first { $0.name == name } }

  /// The preset as a receiver.
  public func receiver() throws -> ReceiverSpec { try YAMLDecoder().decode(ReceiverSpec.self, from: yaml) }

  /// `receiver` with its `preset` key replaced by the preset's mapping, the other keys laid over it (a
  /// nested mapping field by field); `nil` when it names no preset.
  /// - Throws: ``SpecError`` for an unknown preset name.
  static func expand(_ receiver: Node) throws -> Node? {
    guard case .mapping(let mapping) = receiver, let presetNode = mapping["preset"] else { return nil }
    guard case .scalar(let scalar) = presetNode, let preset = named(scalar.string) else {
      throw SpecError(
        field: "receiver.preset", line: presetNode.mark.map { $0.line }, column: presetNode.mark.map { $0.column },
        expected: "one of \(all.map(\.name).joined(separator: ", "))", found: presetNode.scalar.map { "'\($0.string)'" } ?? "a list or mapping")
    }
    guard let base = try Yams.compose(yaml: preset.yaml) else { return nil }
    var overrides = mapping
    overrides["preset"] = nil
    return merge(base, over: .mapping(overrides))
  }

  /// `top` laid over `base`: mappings merge key by key, anything else is replaced.
  static func merge(_ base: Node, over top: Node) -> Node {
    guard case .mapping(var merged) = base, case .mapping(let upper) = top else { return top }
    for (key, value) in upper {
      merged[key] = merged[key].map { merge($0, over: value) } ?? value
    }
    return .mapping(merged)
  }
}
