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
        error.wander_sigma_m: { median: 1.708, log_sd: 1.512, min: 0.006524, max: 353.6, recordings: 12 }
        error.wander_tau_s: { median: 101.5, log_sd: 3, min: 0.5, max: 86400.000000, recordings: 12 }
        error.jitter_sigma_m: { median: 4.285, log_sd: 1.911, min: 0.0005735, max: 934.9, recordings: 12 }
        error.jitter_tau_s: { median: 0.6145, log_sd: 3, min: 0.0001, max: 86400.000000, recordings: 12 }
        error.jitter_per_speed_s: { median: 0.193, log_sd: 2.726, min: 0.0001, max: 100, recordings: 10 }
        error.tail_share: { median: 0.01064, log_sd: 0.8327, min: 0.0006481, max: 0.4125, recordings: 12 }
        error.tail_sigma_m: { median: 634.4, log_sd: 2.097, min: 0.3741, max: 100000.000000, recordings: 12 }
        error.offset_m: { median: 7.401, log_sd: 1.053, min: 0.1523, max: 429.1, recordings: 12 }
        error.still_scale: { median: 0.1365, log_sd: 0.3813, min: 0.1, max: 0.4781, recordings: 6 }
        error.still_speed_mps: { median: 2.913, log_sd: 1.894, min: 0.1, max: 100, recordings: 6 }
        reported_accuracy.base_m: { median: 35.32, log_sd: 0.2, min: 18.8, max: 64.94, recordings: 12 }
        reported_accuracy.wander_log_sigma: { median: 0.336, log_sd: 0.4332, min: 0.05533, max: 1.189, recordings: 12 }
        reported_accuracy.follows_true_error: { median: 0.02132, log_sd: 2.177, min: 0.0001, max: 1, recordings: 12 }
      # Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).
      device_log_sd: 0.2
      devices:
        - { recording: 1, static_hold: false, speed_mps: 0.5827, error.wander_sigma_m: 0.4806, error.wander_tau_s: 7.361, error.jitter_sigma_m: 8.865, error.jitter_tau_s: 0.3572, error.tail_share: 0.01173, error.tail_sigma_m: 24.81, error.offset_m: 1.253, reported_accuracy.base_m: 30.9, reported_accuracy.wander_log_sigma: 0.1316, reported_accuracy.follows_true_error: 0.000000 }
        - { recording: 2, static_hold: false, speed_mps: 0.7053, error.wander_sigma_m: 17.2, error.wander_tau_s: 345.1, error.jitter_sigma_m: 10.36, error.jitter_tau_s: 0.4918, error.jitter_per_speed_s: 0.02149, error.tail_share: 0.02585, error.tail_sigma_m: 5117, error.offset_m: 52.18, reported_accuracy.base_m: 36.53, reported_accuracy.wander_log_sigma: 0.3129, reported_accuracy.follows_true_error: 0.00192 }
        - { recording: 3, static_hold: false, speed_mps: 0.7418, error.wander_sigma_m: 1.601, error.wander_tau_s: 5.563, error.jitter_sigma_m: 8.29, error.jitter_tau_s: 0.2602, error.tail_share: 0.008297, error.tail_sigma_m: 39.73, error.offset_m: 2.078, reported_accuracy.base_m: 30.51, reported_accuracy.wander_log_sigma: 0.1589, reported_accuracy.follows_true_error: 0.1359 }
        - { recording: 4, static_hold: false, speed_mps: 1.232, error.wander_sigma_m: 1.219, error.wander_tau_s: 9.654, error.jitter_sigma_m: 9.248, error.jitter_tau_s: 0.2164, error.jitter_per_speed_s: 0.01727, error.tail_share: 0.07801, error.tail_sigma_m: 42.95, error.offset_m: 6.569, reported_accuracy.base_m: 30.76, reported_accuracy.wander_log_sigma: 0.4421, reported_accuracy.follows_true_error: 0.3137 }
        - { recording: 5, static_hold: false, speed_mps: 1.232, error.wander_sigma_m: 0.5946, error.wander_tau_s: 8.036, error.jitter_sigma_m: 8.671, error.jitter_tau_s: 0.4416, error.jitter_per_speed_s: 0.01174, error.tail_share: 0.005103, error.tail_sigma_m: 67.66, error.offset_m: 6.404, reported_accuracy.base_m: 28.05, reported_accuracy.wander_log_sigma: 0.2853, reported_accuracy.follows_true_error: 0.2057 }
        - { recording: 6, static_hold: false, speed_mps: 1.232, error.wander_sigma_m: 0.4404, error.wander_tau_s: 9.985, error.jitter_sigma_m: 0.02621, error.jitter_tau_s: 1198, error.jitter_per_speed_s: 7.399, error.tail_share: 0.01473, error.tail_sigma_m: 5878, error.offset_m: 40.22, reported_accuracy.base_m: 37.99, reported_accuracy.wander_log_sigma: 0.4755, reported_accuracy.follows_true_error: 0.009653 }
        - { recording: 7, static_hold: false, speed_mps: 5.107, error.wander_sigma_m: 0.1341, error.wander_tau_s: 59874.141715, error.jitter_sigma_m: 0.4986, error.jitter_tau_s: 148.1, error.jitter_per_speed_s: 2.994, error.tail_share: 0.004282, error.tail_sigma_m: 3550, error.offset_m: 8.816, error.still_scale: 0.1366, error.still_speed_mps: 0.1, reported_accuracy.base_m: 43.53, reported_accuracy.wander_log_sigma: 0.4998, reported_accuracy.follows_true_error: 0.04456 }
        - { recording: 8, static_hold: false, speed_mps: 5.111, error.wander_sigma_m: 0.571, error.wander_tau_s: 182.6, error.jitter_sigma_m: 19.02, error.jitter_tau_s: 0.9524, error.jitter_per_speed_s: 0.04091, error.tail_share: 0.003427, error.tail_sigma_m: 2528, error.offset_m: 5.218, error.still_scale: 0.1, error.still_speed_mps: 5.541, reported_accuracy.base_m: 36.17, reported_accuracy.wander_log_sigma: 0.3463, reported_accuracy.follows_true_error: 0.03059 }
        - { recording: 9, static_hold: false, speed_mps: 5.212, error.wander_sigma_m: 7.572, error.wander_tau_s: 30.25, error.jitter_sigma_m: 2.224, error.jitter_tau_s: 0.2397, error.jitter_per_speed_s: 1.621, error.tail_share: 0.008951, error.tail_sigma_m: 1161, error.offset_m: 9.518, error.still_scale: 0.223, error.still_speed_mps: 1.336, reported_accuracy.base_m: 39.37, reported_accuracy.wander_log_sigma: 0.3948, reported_accuracy.follows_true_error: 0.04048 }
        - { recording: 10, static_hold: false, speed_mps: 5.778, error.wander_sigma_m: 6.374, error.wander_tau_s: 2592, error.jitter_sigma_m: 3.63, error.jitter_tau_s: 0, error.jitter_per_speed_s: 8.326, error.tail_share: 0.01109, error.tail_sigma_m: 2298, error.offset_m: 9.698, error.still_scale: 0.1, error.still_speed_mps: 24.91, reported_accuracy.base_m: 41.41, reported_accuracy.wander_log_sigma: 0.4728, reported_accuracy.follows_true_error: 0.02507 }
        - { recording: 11, static_hold: false, speed_mps: 5.779, error.wander_sigma_m: 4.908, error.wander_tau_s: 36.93, error.jitter_sigma_m: 15.3, error.jitter_tau_s: 0.9576, error.jitter_per_speed_s: 0.07358, error.tail_share: 0.00991, error.tail_sigma_m: 922.8, error.offset_m: 3.829, error.still_scale: 0.2125, error.still_speed_mps: 5.462, reported_accuracy.base_m: 33.59, reported_accuracy.wander_log_sigma: 0.3589, reported_accuracy.follows_true_error: 0.02289 }
        - { recording: 12, static_hold: false, speed_mps: 5.778, error.wander_sigma_m: 8.014, error.wander_tau_s: 3433, error.jitter_sigma_m: 20.45, error.jitter_tau_s: 0.171, error.jitter_per_speed_s: 0.01828, error.tail_share: 0.009916, error.tail_sigma_m: 2232, error.offset_m: 7.227, error.still_scale: 0.1, error.still_speed_mps: 6.073, reported_accuracy.base_m: 38.71, reported_accuracy.wander_log_sigma: 0.4545, reported_accuracy.follows_true_error: 0.01712 }
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
        doppler.speed_sigma_mps: { median: 0.1182, log_sd: 0.2927, min: 0.0535, max: 0.261, recordings: 2 }
        doppler.latency_s: { median: 0.4269, log_sd: 0.6433, min: 0.07483, max: 2.436, recordings: 2 }
        reported_accuracy.follows_true_error: { median: 0.09002, log_sd: 0.2, min: 0.06035, max: 0.1343, recordings: 1 }
      # Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).
      device_log_sd: 0.2
      devices:
        - { recording: 1, static_hold: true, speed_mps: 26.48, error.wander_sigma_m: 0.5921, error.wander_tau_s: 41.8, error.jitter_sigma_m: 0.09269, error.jitter_tau_s: 0.515, error.jitter_per_speed_s: 0.005578, error.tail_share: 0.009989, error.tail_sigma_m: 2.13, error.offset_m: 0.3302, error.still_scale: 2.693, error.still_speed_mps: 1.836, static_hold.below_mps: 0.458, static_hold.release_m: 1.927, doppler.speed_sigma_mps: 0.09607, doppler.latency_s: 0.2709 }
        - { recording: 2, static_hold: false, speed_mps: 26.47, error.wander_sigma_m: 1.304, error.wander_tau_s: 66.11, error.jitter_sigma_m: 0.3174, error.jitter_tau_s: 4.572, error.jitter_per_speed_s: 0.00115, error.tail_share: 0.009705, error.tail_sigma_m: 3.472, error.offset_m: 1.335, error.still_scale: 0.1, error.still_speed_mps: 16.67, doppler.speed_sigma_mps: 0.1453, doppler.latency_s: 0.6728 }
        - { recording: 3, static_hold: true, speed_mps: 0, error.wander_sigma_m: 0.004051, error.wander_tau_s: 3.613, error.jitter_sigma_m: 0.06925, error.jitter_tau_s: 3.091, error.tail_share: 0.004299, error.tail_sigma_m: 1.661, error.offset_m: 4.743, static_hold.below_mps: 0.1465, static_hold.release_m: 12.64, reported_accuracy.base_m: 3, reported_accuracy.wander_log_sigma: 0.07806, reported_accuracy.follows_true_error: 0.09002 }
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
        error.wander_sigma_m: { median: 1.575, log_sd: 0.3275, min: 0.4095, max: 4.616, recordings: 12 }
        error.wander_tau_s: { median: 10.91, log_sd: 0.3428, min: 3.048, max: 40.68, recordings: 12 }
        error.jitter_sigma_m: { median: 0.01758, log_sd: 0.8873, min: 0.0006168, max: 0.442, recordings: 12 }
        error.jitter_tau_s: { median: 2.728, log_sd: 1.432, min: 0.0202, max: 760, recordings: 12 }
        error.jitter_per_speed_s: { median: 0.004478, log_sd: 0.7461, min: 0.0004083, max: 0.077, recordings: 12 }
        error.tail_share: { median: 0.006631, log_sd: 0.7028, min: 0.0007807, max: 0.132, recordings: 12 }
        error.tail_sigma_m: { median: 7.791, log_sd: 0.7228, min: 0.7632, max: 215.5, recordings: 12 }
        error.offset_m: { median: 1.743, log_sd: 0.6779, min: 0.1446, max: 23.27, recordings: 12 }
        error.still_scale: { median: 0.5589, log_sd: 1.386, min: 0.1, max: 10, recordings: 8 }
        error.still_speed_mps: { median: 2.05, log_sd: 0.8413, min: 0.116, max: 45.12, recordings: 8 }
        static_hold.below_mps: { median: 0.5892, log_sd: 0.2746, min: 0.2442, max: 1.556, recordings: 6 }
        static_hold.release_m: { median: 8.93, log_sd: 0.6806, min: 0.7332, max: 92.19, recordings: 6 }
      # Each trial draws one of these fitted devices, its parameters varied about the fit by device_log_sd (assumed).
      device_log_sd: 0.2
      devices:
        - { recording: 1, static_hold: false, speed_mps: 18, error.wander_sigma_m: 2.338, error.wander_tau_s: 9.282, error.jitter_sigma_m: 0.01242, error.jitter_tau_s: 11.63, error.jitter_per_speed_s: 0.0044, error.tail_share: 0.003474, error.tail_sigma_m: 50.78, error.offset_m: 3.588 }
        - { recording: 2, static_hold: false, speed_mps: 18, error.wander_sigma_m: 2.397, error.wander_tau_s: 16.5, error.jitter_sigma_m: 0.02316, error.jitter_tau_s: 1.533, error.jitter_per_speed_s: 0.002193, error.tail_share: 0.03237, error.tail_sigma_m: 3.24, error.offset_m: 1.36 }
        - { recording: 3, static_hold: false, speed_mps: 18, error.wander_sigma_m: 1.455, error.wander_tau_s: 6.924, error.jitter_sigma_m: 0.04504, error.jitter_tau_s: 2.583, error.jitter_per_speed_s: 0.005482, error.tail_share: 0.003759, error.tail_sigma_m: 5.558, error.offset_m: 0.561 }
        - { recording: 4, static_hold: false, speed_mps: 18, error.wander_sigma_m: 0.7884, error.wander_tau_s: 11.9, error.jitter_sigma_m: 0.01311, error.jitter_tau_s: 43.39, error.jitter_per_speed_s: 0.001816, error.tail_share: 0.004638, error.tail_sigma_m: 12.52, error.offset_m: 1.423 }
        - { recording: 5, static_hold: true, speed_mps: 8.4, error.wander_sigma_m: 2.009, error.wander_tau_s: 13.48, error.jitter_sigma_m: 0.01336, error.jitter_tau_s: 1.326, error.jitter_per_speed_s: 0.005258, error.tail_share: 0.003446, error.tail_sigma_m: 11.69, error.offset_m: 5.997, error.still_scale: 1.994, error.still_speed_mps: 0.6238, static_hold.below_mps: 0.7275, static_hold.release_m: 23.63 }
        - { recording: 6, static_hold: true, speed_mps: 8.4, error.wander_sigma_m: 2.274, error.wander_tau_s: 20.5, error.jitter_sigma_m: 0.01657, error.jitter_tau_s: 1.243, error.jitter_per_speed_s: 0.007908, error.tail_share: 0.007435, error.tail_sigma_m: 6.015, error.offset_m: 0.7591, error.still_scale: 1.034, error.still_speed_mps: 0.671, static_hold.below_mps: 0.4829, static_hold.release_m: 8.917 }
        - { recording: 7, static_hold: true, speed_mps: 8.4, error.wander_sigma_m: 1.296, error.wander_tau_s: 11.21, error.jitter_sigma_m: 0.01086, error.jitter_tau_s: 0.3537, error.jitter_per_speed_s: 0.01732, error.tail_share: 0.004635, error.tail_sigma_m: 8.115, error.offset_m: 1.911, error.still_scale: 2.437, error.still_speed_mps: 2.464, static_hold.below_mps: 0.4229, static_hold.release_m: 10.42 }
        - { recording: 8, static_hold: false, speed_mps: 8.4, error.wander_sigma_m: 1.168, error.wander_tau_s: 9.59, error.jitter_sigma_m: 0.02509, error.jitter_tau_s: 20.48, error.jitter_per_speed_s: 0.001822, error.tail_share: 0.00726, error.tail_sigma_m: 3.847, error.offset_m: 1.377, error.still_scale: 0.1, error.still_speed_mps: 2.349 }
        - { recording: 9, static_hold: true, speed_mps: 7.1, error.wander_sigma_m: 1.752, error.wander_tau_s: 9.574, error.jitter_sigma_m: 0.003638, error.jitter_tau_s: 2.765, error.jitter_per_speed_s: 0.004324, error.tail_share: 0.01521, error.tail_sigma_m: 5.102, error.offset_m: 3.047, error.still_scale: 0.1494, error.still_speed_mps: 2.369, static_hold.below_mps: 0.5547, static_hold.release_m: 10.51 }
        - { recording: 10, static_hold: true, speed_mps: 7.1, error.wander_sigma_m: 1.527, error.wander_tau_s: 9.742, error.jitter_sigma_m: 0.005816, error.jitter_tau_s: 1.572, error.jitter_per_speed_s: 0.005601, error.tail_share: 0.003184, error.tail_sigma_m: 8.768, error.offset_m: 3.241, error.still_scale: 1.981, error.still_speed_mps: 8.387, static_hold.below_mps: 0.8981, static_hold.release_m: 7.683 }
        - { recording: 11, static_hold: true, speed_mps: 7.1, error.wander_sigma_m: 1.411, error.wander_tau_s: 6.05, error.jitter_sigma_m: 0.05376, error.jitter_tau_s: 0.5198, error.jitter_per_speed_s: 0.01165, error.tail_share: 0.00983, error.tail_sigma_m: 5.061, error.offset_m: 1.323, error.still_scale: 0.6406, error.still_speed_mps: 1.953, static_hold.below_mps: 0.5652, static_hold.release_m: 2.86 }
        - { recording: 12, static_hold: false, speed_mps: 7.1, error.wander_sigma_m: 1.385, error.wander_tau_s: 13.43, error.jitter_sigma_m: 0.07494, error.jitter_tau_s: 3.151, error.jitter_per_speed_s: 0.001827, error.tail_share: 0.008977, error.tail_sigma_m: 8.793, error.offset_m: 1.287, error.still_scale: 0.1, error.still_speed_mps: 3.314 }
      """#),
  ]
}
