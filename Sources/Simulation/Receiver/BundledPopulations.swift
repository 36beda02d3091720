/// The populations shipped with TrackBench. Written by `scripts/populations` from `populations/*.yaml`,
/// which `trackbench calibrate --population` wrote; do not edit by hand.
enum BundledPopulations {
  static let all: [(name: String, yaml: String)] = [
    (
      "low-cost-l1",
      #"""
      # trackbench calibrate --population populations/low-cost-l1.manifest.yaml: 12 recordings, each fitted on its own
      name: low-cost-l1
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
        reports: { speed: false }
      parameters:
        error.wander_sigma_m: { median: 2.328, log_sd: 1.577, min: 0.002686, max: 229.1, recordings: 12 }
        error.wander_tau_s: { median: 46.71, log_sd: 2.977, min: 0.5, max: 86400.000000, recordings: 12 }
        error.jitter_sigma_m: { median: 14.11, log_sd: 0.9872, min: 0.3909, max: 816.1, recordings: 12 }
        error.jitter_tau_s: { median: 0.06679, log_sd: 3, min: 0.0001, max: 8295, recordings: 12 }
        error.jitter_per_speed_s: { median: 0.09363, log_sd: 1.978, min: 0.0001067, max: 100, recordings: 10 }
        error.tail_share: { median: 0.001042, log_sd: 2.187, min: 0.0001, max: 0.5, recordings: 12 }
        error.tail_sigma_m: { median: 5330, log_sd: 1.597, min: 39.38, max: 100000.000000, recordings: 8 }
        error.offset_m: { median: 7.401, log_sd: 1.053, min: 0.1523, max: 429.1, recordings: 12 }
        error.still_scale: { median: 0.1922, log_sd: 0.8511, min: 0.1, max: 3.309, recordings: 6 }
        error.still_speed_mps: { median: 8.715, log_sd: 2.3, min: 0.1, max: 100, recordings: 6 }
        reported_accuracy.base_m: { median: 35.32, log_sd: 0.2, min: 18.8, max: 64.94, recordings: 12 }
        reported_accuracy.wander_log_sigma: { median: 0.3475, log_sd: 0.4663, min: 0.05178, max: 1.632, recordings: 12 }
        reported_accuracy.follows_true_error: { median: 0.02724, log_sd: 2.42, min: 0.0001, max: 1, recordings: 12 }
        error.tail_tau_s: { median: 0.005645, log_sd: 3, min: 0.0001, max: 38667.702271, recordings: 8 }
      # Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).
      device_log_sd: 0.2
      devices:
        - { recording: 1, static_hold: false, speed_mps: 0.5827, error.wander_sigma_m: 1.25, error.wander_tau_s: 33.06, error.jitter_sigma_m: 9.12, error.jitter_tau_s: 0.3254, error.tail_share: 0, error.offset_m: 1.253, reported_accuracy.base_m: 30.9, reported_accuracy.wander_log_sigma: 0.1316, reported_accuracy.follows_true_error: 0.000000 }
        - { recording: 2, static_hold: false, speed_mps: 0.7053, error.wander_sigma_m: 7.9, error.wander_tau_s: 9251, error.jitter_sigma_m: 10.11, error.jitter_tau_s: 0.2454, error.jitter_per_speed_s: 0.07994, error.tail_share: 0.0006517, error.tail_sigma_m: 43895.356249, error.offset_m: 52.18, reported_accuracy.base_m: 36.53, reported_accuracy.wander_log_sigma: 0.3111, reported_accuracy.follows_true_error: 0.002156, error.tail_tau_s: 0.2567 }
        - { recording: 3, static_hold: false, speed_mps: 0.7418, error.wander_sigma_m: 1.408, error.wander_tau_s: 9.425, error.jitter_sigma_m: 8.697, error.jitter_tau_s: 0.2935, error.tail_share: 0, error.offset_m: 2.078, reported_accuracy.base_m: 30.51, reported_accuracy.wander_log_sigma: 0.1603, reported_accuracy.follows_true_error: 0.1653 }
        - { recording: 4, static_hold: false, speed_mps: 1.232, error.wander_sigma_m: 1.648, error.wander_tau_s: 7.408, error.jitter_sigma_m: 12.24, error.jitter_tau_s: 0.3102, error.jitter_per_speed_s: 0.02054, error.tail_share: 0, error.offset_m: 6.569, reported_accuracy.base_m: 30.76, reported_accuracy.wander_log_sigma: 0.5045, reported_accuracy.follows_true_error: 0.4794 }
        - { recording: 5, static_hold: false, speed_mps: 1.232, error.wander_sigma_m: 0.2577, error.wander_tau_s: 4973, error.jitter_sigma_m: 8.952, error.jitter_tau_s: 0, error.jitter_per_speed_s: 0.01805, error.tail_share: 0, error.offset_m: 6.404, reported_accuracy.base_m: 28.05, reported_accuracy.wander_log_sigma: 0.2888, reported_accuracy.follows_true_error: 0.2385 }
        - { recording: 6, static_hold: false, speed_mps: 1.232, error.wander_sigma_m: 0.0629, error.wander_tau_s: 149.6, error.jitter_sigma_m: 8.981, error.jitter_tau_s: 0.1676, error.jitter_per_speed_s: 0.04119, error.tail_share: 0.01114, error.tail_sigma_m: 6845, error.offset_m: 40.22, reported_accuracy.base_m: 37.99, reported_accuracy.wander_log_sigma: 0.4765, reported_accuracy.follows_true_error: 0.009439, error.tail_tau_s: 0.1135 }
        - { recording: 7, static_hold: false, speed_mps: 5.107, error.wander_sigma_m: 3.56, error.wander_tau_s: 0.5414, error.jitter_sigma_m: 113.3, error.jitter_tau_s: 0, error.jitter_per_speed_s: 0.05815, error.tail_share: 0.0001962, error.tail_sigma_m: 59874.141715, error.offset_m: 8.816, error.still_scale: 0.1, error.still_speed_mps: 100, reported_accuracy.base_m: 43.53, reported_accuracy.wander_log_sigma: 0.6423, reported_accuracy.follows_true_error: 0.5278, error.tail_tau_s: 4.899 }
        - { recording: 8, static_hold: false, speed_mps: 5.111, error.wander_sigma_m: 7.897, error.wander_tau_s: 36.33, error.jitter_sigma_m: 2.815, error.jitter_tau_s: 1.221, error.jitter_per_speed_s: 1.504, error.tail_share: 0.007258, error.tail_sigma_m: 1287, error.offset_m: 5.218, error.still_scale: 0.5223, error.still_speed_mps: 0.2038, reported_accuracy.base_m: 36.17, reported_accuracy.wander_log_sigma: 0.3454, reported_accuracy.follows_true_error: 0.03718, error.tail_tau_s: 0 }
        - { recording: 9, static_hold: false, speed_mps: 5.212, error.wander_sigma_m: 9.782, error.wander_tau_s: 873.9, error.jitter_sigma_m: 75.1, error.jitter_tau_s: 0, error.jitter_per_speed_s: 0.5418, error.tail_share: 0.0008761, error.tail_sigma_m: 8790, error.offset_m: 9.518, error.still_scale: 0.1, error.still_speed_mps: 100, reported_accuracy.base_m: 39.37, reported_accuracy.wander_log_sigma: 0.3968, reported_accuracy.follows_true_error: 0.0186, error.tail_tau_s: 0 }
        - { recording: 10, static_hold: false, speed_mps: 5.778, error.wander_sigma_m: 8.603, error.wander_tau_s: 2.72, error.jitter_sigma_m: 14.31, error.jitter_tau_s: 2.662, error.jitter_per_speed_s: 2.37, error.tail_share: 0.01355, error.tail_sigma_m: 1760, error.offset_m: 9.698, error.still_scale: 0.1, error.still_speed_mps: 6.711, reported_accuracy.base_m: 41.41, reported_accuracy.wander_log_sigma: 0.474, reported_accuracy.follows_true_error: 0.0296, error.tail_tau_s: 0 }
        - { recording: 11, static_hold: false, speed_mps: 5.779, error.wander_sigma_m: 3.483, error.wander_tau_s: 10.59, error.jitter_sigma_m: 16.15, error.jitter_tau_s: 0.7475, error.jitter_per_speed_s: 0.06768, error.tail_share: 0.009821, error.tail_sigma_m: 961.2, error.offset_m: 3.829, error.still_scale: 0.1599, error.still_speed_mps: 5.638, reported_accuracy.base_m: 33.59, reported_accuracy.wander_log_sigma: 0.3586, reported_accuracy.follows_true_error: 0.02206, error.tail_tau_s: 0.07228 }
        - { recording: 12, static_hold: false, speed_mps: 5.778, error.wander_sigma_m: 8.262, error.wander_tau_s: 13.73, error.jitter_sigma_m: 14.28, error.jitter_tau_s: 2.662, error.jitter_per_speed_s: 0.00558, error.tail_share: 0.01356, error.tail_sigma_m: 1892, error.offset_m: 7.227, error.still_scale: 0.6031, error.still_speed_mps: 5.682, reported_accuracy.base_m: 38.71, reported_accuracy.wander_log_sigma: 0.4546, reported_accuracy.follows_true_error: 0.01822, error.tail_tau_s: 0 }
      """#),
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
        error.wander_sigma_m: { median: 0.4039, log_sd: 2.224, min: 0.0004261, max: 249.7, recordings: 3 }
        error.wander_tau_s: { median: 17.52, log_sd: 1.932, min: 0.5, max: 3524, recordings: 3 }
        error.jitter_sigma_m: { median: 0.1714, log_sd: 1.775, min: 0.001295, max: 44.7, recordings: 3 }
        error.jitter_tau_s: { median: 2.612, log_sd: 1.333, min: 0.04579, max: 135.3, recordings: 3 }
        error.jitter_per_speed_s: { median: 0.001004, log_sd: 2.964, min: 0.0001, max: 3.064, recordings: 2 }
        error.tail_share: { median: 0.0001, log_sd: 0.2, min: 0.0001, max: 0.0001492, recordings: 3 }
        error.offset_m: { median: 1.279, log_sd: 1.333, min: 0.02296, max: 68.21, recordings: 3 }
        error.still_scale: { median: 0.6971, log_sd: 1.765, min: 0.1, max: 10, recordings: 2 }
        error.still_speed_mps: { median: 10.66, log_sd: 3, min: 0.1, max: 100, recordings: 2 }
        static_hold.below_mps: { median: 0.09603, log_sd: 0.4534, min: 0.02814, max: 0.3277, recordings: 2 }
        static_hold.release_m: { median: 5.005, log_sd: 0.2, min: 2.943, max: 8.512, recordings: 2 }
        reported_accuracy.base_m: { median: 3, log_sd: 0.2, min: 2.011, max: 4.475, recordings: 1 }
        reported_accuracy.wander_log_sigma: { median: 0.08463, log_sd: 0.2, min: 0.05673, max: 0.1263, recordings: 1 }
        doppler.speed_sigma_mps: { median: 0.1182, log_sd: 0.2927, min: 0.0535, max: 0.261, recordings: 2 }
        doppler.latency_s: { median: 0.4269, log_sd: 0.6433, min: 0.07483, max: 2.436, recordings: 2 }
        reported_accuracy.follows_true_error: { median: 0.03738, log_sd: 0.2, min: 0.02506, max: 0.05577, recordings: 1 }
        vertical.sigma_m: { median: 1.466, log_sd: 0.6154, min: 0.2771, max: 7.758, recordings: 2 }
        vertical.tau_s: { median: 135, log_sd: 0.4595, min: 38.91, max: 468.3, recordings: 2 }
        vertical.offset_m: { median: 0.0001, log_sd: 0.2, min: 0.0001, max: 0.0001492, recordings: 2 }
      # Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).
      device_log_sd: 0.2
      devices:
        - { recording: 1, static_hold: true, speed_mps: 26.48, error.wander_sigma_m: 0.6194, error.wander_tau_s: 37.29, error.jitter_sigma_m: 0.04506, error.jitter_tau_s: 0.6582, error.jitter_per_speed_s: 0.008162, error.tail_share: 0, error.offset_m: 0.3302, error.still_scale: 2.429, error.still_speed_mps: 1.136, static_hold.below_mps: 0.06969, static_hold.release_m: 5.706, doppler.speed_sigma_mps: 0.09607, doppler.latency_s: 0.2709, vertical.sigma_m: 0.9489, vertical.tau_s: 186.8, vertical.offset_m: -5.56 }
        - { recording: 2, static_hold: false, speed_mps: 26.47, error.wander_sigma_m: 2.923, error.wander_tau_s: 73.95, error.jitter_sigma_m: 1.284, error.jitter_tau_s: 9.411, error.jitter_per_speed_s: 0.0001234, error.tail_share: 0, error.offset_m: 1.335, error.still_scale: 0.2001, error.still_speed_mps: 100, doppler.speed_sigma_mps: 0.1453, doppler.latency_s: 0.6728, vertical.sigma_m: 2.266, vertical.tau_s: 97.54, vertical.offset_m: -1.933 }
        - { recording: 3, static_hold: true, speed_mps: 0, error.wander_sigma_m: 0.0364, error.wander_tau_s: 1.949, error.jitter_sigma_m: 0.08703, error.jitter_tau_s: 2.878, error.tail_share: 0, error.offset_m: 4.743, static_hold.below_mps: 0.1323, static_hold.release_m: 4.39, reported_accuracy.base_m: 3, reported_accuracy.wander_log_sigma: 0.08463, reported_accuracy.follows_true_error: 0.03738 }
      """#),
    (
      "phones-urban",
      #"""
      # trackbench calibrate --population populations/phones-urban.manifest.yaml: 12 recordings' published statistics, each fitted on its own
      name: phones-urban
      sources:
        - "SZ-4-01_HP20 (urban-phones/README.md)"
        - "SZ-4-01_HP30 (urban-phones/README.md)"
        - "SZ-4-01_VX30 (urban-phones/README.md)"
        - "SZ-4-01_XIM8 (urban-phones/README.md)"
        - "SZ-4-08_HP20 (urban-phones/README.md)"
        - "SZ-4-08_HP30 (urban-phones/README.md)"
        - "SZ-4-08_VX30 (urban-phones/README.md)"
        - "SZ-4-08_XIM8 (urban-phones/README.md)"
        - "SZ-4-09_HP20 (urban-phones/README.md)"
        - "SZ-4-09_HP30 (urban-phones/README.md)"
        - "SZ-4-09_VX30 (urban-phones/README.md)"
        - "SZ-4-09_XIM8 (urban-phones/README.md)"
      static_hold_share: 0.5
      receiver:
        rate_hz: 1
        reports: { speed: false, accuracy_m: 5 }
      parameters:
        error.wander_sigma_m: { median: 1.482, log_sd: 0.4219, min: 0.3683, max: 6.274, recordings: 12 }
        error.wander_tau_s: { median: 11.59, log_sd: 0.8259, min: 0.7157, max: 502.7, recordings: 12 }
        error.jitter_sigma_m: { median: 0.009646, log_sd: 1.825, min: 0.0001, max: 3.873, recordings: 12 }
        error.jitter_tau_s: { median: 3.782, log_sd: 1.755, min: 0.01144, max: 7272, recordings: 12 }
        error.jitter_per_speed_s: { median: 0.002542, log_sd: 1.258, min: 0.0001, max: 0.101, recordings: 12 }
        error.tail_share: { median: 0.0009718, log_sd: 2.393, min: 0.0001, max: 0.5, recordings: 12 }
        error.tail_sigma_m: { median: 16.13, log_sd: 1.067, min: 0.6903, max: 594.2, recordings: 6 }
        error.offset_m: { median: 1.743, log_sd: 0.6779, min: 0.1446, max: 23.27, recordings: 12 }
        error.still_scale: { median: 0.4814, log_sd: 1.213, min: 0.1, max: 10, recordings: 8 }
        error.still_speed_mps: { median: 1.678, log_sd: 1.434, min: 0.1, max: 100, recordings: 8 }
        static_hold.below_mps: { median: 0.7743, log_sd: 0.3944, min: 0.2048, max: 2.835, recordings: 6 }
        static_hold.release_m: { median: 6.11, log_sd: 1.109, min: 0.1285, max: 286.2, recordings: 6 }
        error.tail_tau_s: { median: 1.402, log_sd: 2.526, min: 0.000492, max: 5286, recordings: 6 }
      # Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).
      device_log_sd: 0.2
      devices:
        - { recording: 1, static_hold: false, speed_mps: 18, error.wander_sigma_m: 0.8854, error.wander_tau_s: 3.733, error.jitter_sigma_m: 0.001306, error.jitter_tau_s: 31.3, error.jitter_per_speed_s: 0.002647, error.tail_share: 0.0103, error.tail_sigma_m: 70.4, error.offset_m: 3.588, error.tail_tau_s: 12.62 }
        - { recording: 2, static_hold: false, speed_mps: 18, error.wander_sigma_m: 2.377, error.wander_tau_s: 15.69, error.jitter_sigma_m: 0.02375, error.jitter_tau_s: 1.873, error.jitter_per_speed_s: 0.002418, error.tail_share: 0.01161, error.tail_sigma_m: 6.419, error.offset_m: 1.36, error.tail_tau_s: 0.0769 }
        - { recording: 3, static_hold: false, speed_mps: 18, error.wander_sigma_m: 1.455, error.wander_tau_s: 6.293, error.jitter_sigma_m: 0.03426, error.jitter_tau_s: 1.659, error.jitter_per_speed_s: 0.005364, error.tail_share: 0, error.offset_m: 0.561 }
        - { recording: 4, static_hold: false, speed_mps: 18, error.wander_sigma_m: 0.8564, error.wander_tau_s: 96.37, error.jitter_sigma_m: 0.001066, error.jitter_tau_s: 2.231, error.jitter_per_speed_s: 0.00174, error.tail_share: 0.01466, error.tail_sigma_m: 7.42, error.offset_m: 1.423, error.tail_tau_s: 0.6402 }
        - { recording: 5, static_hold: true, speed_mps: 8.4, error.wander_sigma_m: 2.635, error.wander_tau_s: 18.42, error.jitter_sigma_m: 0.0004982, error.jitter_tau_s: 2.274, error.jitter_per_speed_s: 0.006036, error.tail_share: 0.006109, error.tail_sigma_m: 42.94, error.offset_m: 5.997, error.still_scale: 0.4299, error.still_speed_mps: 4.479, static_hold.below_mps: 0.5608, static_hold.release_m: 12.68, error.tail_tau_s: 33.82 }
        - { recording: 6, static_hold: true, speed_mps: 8.4, error.wander_sigma_m: 2.698, error.wander_tau_s: 15.59, error.jitter_sigma_m: 0.01807, error.jitter_tau_s: 2.598, error.jitter_per_speed_s: 0.008164, error.tail_share: 0, error.offset_m: 0.7591, error.still_scale: 0.7539, error.still_speed_mps: 0.4965, static_hold.below_mps: 1.288, static_hold.release_m: 4.263 }
        - { recording: 7, static_hold: true, speed_mps: 8.4, error.wander_sigma_m: 1.069, error.wander_tau_s: 10.23, error.jitter_sigma_m: 0.1007, error.jitter_tau_s: 1.311, error.jitter_per_speed_s: 0.006579, error.tail_share: 0, error.offset_m: 1.911, error.still_scale: 3.079, error.still_speed_mps: 3.514, static_hold.below_mps: 0.4507, static_hold.release_m: 6.136 }
        - { recording: 8, static_hold: false, speed_mps: 8.4, error.wander_sigma_m: 1.169, error.wander_tau_s: 9.918, error.jitter_sigma_m: 0.001305, error.jitter_tau_s: 217.6, error.jitter_per_speed_s: 0.001109, error.tail_share: 0.005071, error.tail_sigma_m: 5.827, error.offset_m: 1.377, error.still_scale: 0.1, error.still_speed_mps: 2.334, error.tail_tau_s: 0.09961 }
        - { recording: 9, static_hold: true, speed_mps: 7.1, error.wander_sigma_m: 1.974, error.wander_tau_s: 8.509, error.jitter_sigma_m: 0.03242, error.jitter_tau_s: 16.84, error.jitter_per_speed_s: 0.0001234, error.tail_share: 0, error.offset_m: 3.047, error.still_scale: 0.1, error.still_speed_mps: 0.1196, static_hold.below_mps: 1.095, static_hold.release_m: 31.15 }
        - { recording: 10, static_hold: true, speed_mps: 7.1, error.wander_sigma_m: 1.782, error.wander_tau_s: 7.207, error.jitter_sigma_m: 0.01619, error.jitter_tau_s: 4.644, error.jitter_per_speed_s: 0.0006235, error.tail_share: 0, error.offset_m: 3.241, error.still_scale: 1.427, error.still_speed_mps: 11.03, static_hold.below_mps: 0.8015, static_hold.release_m: 4.263 }
        - { recording: 11, static_hold: true, speed_mps: 7.1, error.wander_sigma_m: 1.441, error.wander_tau_s: 5.739, error.jitter_sigma_m: 0.08884, error.jitter_tau_s: 0.7835, error.jitter_per_speed_s: 0.007508, error.tail_share: 0, error.offset_m: 1.323, error.still_scale: 0.7465, error.still_speed_mps: 0.8722, static_hold.below_mps: 0.7545, static_hold.release_m: 1.181 }
        - { recording: 12, static_hold: false, speed_mps: 7.1, error.wander_sigma_m: 0.9498, error.wander_tau_s: 16.2, error.jitter_sigma_m: 0.01039, error.jitter_tau_s: 0.3823, error.jitter_per_speed_s: 0.005854, error.tail_share: 0.01306, error.tail_sigma_m: 20.98, error.offset_m: 1.287, error.still_scale: 0.2716, error.still_speed_mps: 2.99, error.tail_tau_s: 3.633 }
      """#),
  ]
}
