/// The populations shipped with TrackBench. Written by `scripts/populations` from `populations/*.yaml`,
/// which `trackbench calibrate --population` wrote; do not edit by hand.
enum BundledPopulations {
  static let all: [(name: String, yaml: String)] = [
    (
      "phones-open-sky",
      #"""
      # trackbench calibrate --population populations/phones-open-sky.manifest.yaml: 3 recordings, each fitted on its own
      name: phones-open-sky
      sources:
        - "../../shared/data/real/gsdc/2020-05-14-US-MTV-1_Pixel4_chipset.nmea (truth: ../../shared/data/real/gsdc/2020-05-14-US-MTV-1_SPAN_Pixel4_1Hz.nmea)"
        - "../../shared/data/real/gsdc/2020-05-14-US-MTV-1_Pixel4XLModded_chipset.nmea (truth: ../../shared/data/real/gsdc/2020-05-14-US-MTV-1_SPAN_Pixel4XLModded_10Hz.nmea)"
        - "../../shared/data/real/gps-measurement-tools/pseudoranges_log_2016_06_30_21_26_07.txt (standing at 37.422578,-122.081678)"
      static_hold_share: 0.6667
      receiver:
        rate_hz: 1
        doppler: { speed_sigma_mps: 0.1, course_sigma_deg: 3, minimum_speed_for_course_mps: 0.5 }
      parameters:
        error.wander_sigma_m: { median: 0.1462, log_sd: 3, min: 0.0001, max: 683.3, recordings: 3 }
        error.wander_tau_s: { median: 21.53, log_sd: 1.563, min: 0.5, max: 1505, recordings: 3 }
        error.jitter_sigma_m: { median: 0.1268, log_sd: 0.808, min: 0.01376, max: 1.597, recordings: 3 }
        error.jitter_tau_s: { median: 1.938, log_sd: 1.164, min: 0.05017, max: 46.93, recordings: 3 }
        error.jitter_per_speed_s: { median: 0.002533, log_sd: 1.116, min: 0.0001234, max: 0.05201, recordings: 2 }
        error.tail_share: { median: 0.00747, log_sd: 0.4787, min: 0.00165, max: 0.02602, recordings: 3 }
        error.tail_sigma_m: { median: 2.307, log_sd: 0.375, min: 0.7846, max: 7.35, recordings: 3 }
        error.offset_m: { median: 1.279, log_sd: 1.333, min: 0.02296, max: 68.21, recordings: 3 }
        error.still_scale: { median: 0.519, log_sd: 2.329, min: 0.1, max: 10, recordings: 2 }
        error.still_speed_mps: { median: 5.532, log_sd: 1.56, min: 0.1, max: 100, recordings: 2 }
        static_hold.below_mps: { median: 0.259, log_sd: 0.8059, min: 0.02923, max: 2.295, recordings: 2 }
        static_hold.release_m: { median: 4.935, log_sd: 1.33, min: 0.1348, max: 180.7, recordings: 2 }
        reported_accuracy.base_m: { median: 3, log_sd: 0.2, min: 2.011, max: 4.475, recordings: 1 }
        reported_accuracy.wander_log_sigma: { median: 0.07806, log_sd: 0.2, min: 0.05233, max: 0.1165, recordings: 1 }
        reported_accuracy.follows_true_error: { median: 0.09002, log_sd: 0.2, min: 0.06035, max: 0.1343, recordings: 1 }
      """#),
    (
      "snapshot-receivers",
      #"""
      # trackbench calibrate --population populations/snapshot-receivers.manifest.yaml: 12 recordings, each fitted on its own
      name: snapshot-receivers
      sources:
        - "../../shared/data/real/snappergps/w00_snapper.csv (truth: ../../shared/data/real/snappergps/w00_rtk.csv)"
        - "../../shared/data/real/snappergps/w01_snapper.csv (truth: ../../shared/data/real/snappergps/w01_rtk.csv)"
        - "../../shared/data/real/snappergps/w02_snapper.csv (truth: ../../shared/data/real/snappergps/w02_rtk.csv)"
        - "../../shared/data/real/snappergps/w03_snapper.csv (truth: ../../shared/data/real/snappergps/w03_rtk.csv)"
        - "../../shared/data/real/snappergps/w04_snapper.csv (truth: ../../shared/data/real/snappergps/w04_rtk.csv)"
        - "../../shared/data/real/snappergps/w05_snapper.csv (truth: ../../shared/data/real/snappergps/w05_rtk.csv)"
        - "../../shared/data/real/snappergps/c00_snapper.csv (truth: ../../shared/data/real/snappergps/c00_rtk.csv)"
        - "../../shared/data/real/snappergps/c01_snapper.csv (truth: ../../shared/data/real/snappergps/c01_rtk.csv)"
        - "../../shared/data/real/snappergps/c02_snapper.csv (truth: ../../shared/data/real/snappergps/c02_rtk.csv)"
        - "../../shared/data/real/snappergps/c03_snapper.csv (truth: ../../shared/data/real/snappergps/c03_rtk.csv)"
        - "../../shared/data/real/snappergps/c04_snapper.csv (truth: ../../shared/data/real/snappergps/c04_rtk.csv)"
        - "../../shared/data/real/snappergps/c05_snapper.csv (truth: ../../shared/data/real/snappergps/c05_rtk.csv)"
      static_hold_share: 0
      receiver:
        rate_hz: 1
      parameters:
        error.wander_sigma_m: { median: 0.7672, log_sd: 3, min: 0.0001, max: 1000, recordings: 12 }
        error.wander_tau_s: { median: 76.94, log_sd: 2.602, min: 0.5, max: 86400.000000, recordings: 12 }
        error.jitter_sigma_m: { median: 4.119, log_sd: 2.05, min: 0.0006839, max: 1000, recordings: 12 }
        error.jitter_tau_s: { median: 0.8585, log_sd: 2.458, min: 0.000466, max: 86400.000000, recordings: 12 }
        error.jitter_per_speed_s: { median: 0.1305, log_sd: 2.888, min: 0.0001, max: 100, recordings: 10 }
        error.tail_share: { median: 0.01049, log_sd: 0.817, min: 0.0007281, max: 0.3998, recordings: 12 }
        error.tail_sigma_m: { median: 648.3, log_sd: 2.124, min: 0.3545, max: 100000.000000, recordings: 12 }
        error.offset_m: { median: 7.401, log_sd: 1.053, min: 0.1523, max: 429.1, recordings: 12 }
        error.still_scale: { median: 0.1406, log_sd: 0.4473, min: 0.1, max: 0.6853, recordings: 6 }
        error.still_speed_mps: { median: 6.151, log_sd: 0.5501, min: 1.405, max: 55.95, recordings: 6 }
        reported_accuracy.base_m: { median: 35.32, log_sd: 0.2, min: 18.8, max: 64.94, recordings: 12 }
        reported_accuracy.wander_log_sigma: { median: 0.336, log_sd: 0.4332, min: 0.05532, max: 1.189, recordings: 12 }
        reported_accuracy.follows_true_error: { median: 0.02102, log_sd: 2.19, min: 0.0001, max: 1, recordings: 12 }
      """#),
  ]
}
