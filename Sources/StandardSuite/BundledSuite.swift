/// The standard suite shipped inside the binary: `scenarios/*.yaml`, embedded by `scripts/bundled-suite`
/// (do not edit by hand; `BundledSuiteTests` checks it matches the files). Every scenario is
/// self-contained: their receivers' populations are bundled too (`BundledPopulations`).
public enum BundledSuite {
  /// Each scenario's file name and text, sorted by name.
  public static let files: [(name: String, text: String)] = [
    (
      "budget-phone-5k.yaml",
      ##"""
      name: budget-phone-5k
      description: >-
        5 km along a straight road and back at 5:30 /km with a budget phone: receiver preset
        low-cost-receiver (standing still fitted to a 2004 receiver's static NMEA log, gpsbabel; while moving
        its fixes zig-zag). Summing raw fixes overshoots by about 6 %: the RUN. blog's "5K reads 3.3 miles".
      seed: 33
      trials: 30
      activity: running
      route:
        origin: { latitude: 51.5007, longitude: -0.1246 }
        out_and_back: { length_m: 2500, bearing_deg: 20 }
        corner_radius_m: 1.5
      pace:
        steady: { per_km: "5:30" }
      receiver: { preset: low-cost-receiver }
      scoring:
        history:
          - { distance_m: 5050, duration_s: 1710 }

      """##),
    (
      "city-ride.yaml",
      ##"""
      name: city-ride
      description: >-
        32 km by bike at 25 km/h (2:24 /km): five laps of a 6.4 km city loop with a red light (30 s) and
        1 km of tall buildings each lap. Receiver preset phone-urban (a judgement: no recording with truth in
        a street canyon is available). At 7 m/s a 1 Hz fix is 7 m apart, so zig-zag matters less and lag
        more. Doppler speed and course reported.
      seed: 30
      trials: 20
      activity: cycling
      route:
        origin: { latitude: 40.7484, longitude: -73.9857 }
        loop:
          waypoints_m: [[0, 0], [1200, 0], [1200, 400], [2000, 400], [2000, 1200], [0, 1200]]
          laps: 5
        corner_radius_m: 8
        zones:
          - { kind: urban, from_m: 2000, to_m: 3000 }
          - { kind: urban, from_m: 8000, to_m: 9000 }
          - { kind: urban, from_m: 14000, to_m: 15000 }
          - { kind: urban, from_m: 20000, to_m: 21000 }
          - { kind: urban, from_m: 26000, to_m: 27000 }
      pace:
        steady: { per_km: "2:24" }
        stops:
          - { at_m: 1100, seconds: 30 }
          - { at_m: 7100, seconds: 30 }
          - { at_m: 13100, seconds: 30 }
          - { at_m: 19100, seconds: 30 }
          - { at_m: 25100, seconds: 30 }
      receiver:
        preset: phone-urban
        jitter_s: 0.05
        doppler: { speed_sigma_mps: 0.1, course_sigma_deg: 2 }
      strategies:                # what a cycling app would weigh up (quoted: they contain ": "); --strategies overrides
        - "raw"
        - "moonrunner"
        - "android-min(time: 1, distance: 5)"
        - "opentracks"
        - "kalman(q: 1)"
        - "speed-gate(vmax: 20) | kalman(q: 1) | distance-filter(5)"
        - "rts(q: 1)"

      """##),
    (
      "city-streets.yaml",
      ##"""
      name: city-streets
      description: >-
        4.8 km: two laps of a serpentine through 4 × 3 city blocks of 150 m on moderate city streets (trees,
        buildings, overpasses: no deep canyon), 90° corners taken at 4 m, two red lights (30 s, 45 s). A phone
        of receiver population phones-urban (each trial one of twelve phones fitted to urban recordings of four
        phone models: the chipset's own positions, smooth metre-sized wander, no speed, no usable accuracy;
        docs/realism.md) and nothing added: the streets its recordings were made on, at running pace. Where
        downtown-grid asks what a filter does in a canyon, this asks whether such a phone needs one at all.
      seed: 61
      trials: 30
      activity: running
      route:
        origin: { latitude: 22.5431, longitude: 114.0579 }
        grid: { blocks_east: 4, blocks_north: 3, block_m: 150, laps: 2 }
        corner_radius_m: 4
      pace:
        steady: { per_km: "5:30" }
        stops: [ { at_m: 700, seconds: 30 }, { at_m: 3100, seconds: 45 } ]
      receiver: { population: phones-urban, jitter_s: 0.05 }

      """##),
    (
      "cold-start.yaml",
      ##"""
      name: cold-start
      description: >-
        2 km from a cold receiver: the run starts as soon as the app does, with the first fixes 40 m off and
        converging over about 25 s (the receiver's claimed accuracy says so), then a phone of
        receiver population phones-open-sky (each trial one of three phones fitted against an independent
        truth, docs/realism.md). Tests how strategies handle the start: an accuracy gate waits,
        a naive app draws a spike.
      seed: 3
      trials: 50
      activity: running
      route:
        origin: { latitude: 48.8566, longitude: 2.3522 }
        waypoints_m: [[0, 0], [600, 0], [600, 400], [1000, 400], [1000, 1000]]
        corner_radius_m: 6
      pace:
        steady: { per_km: "5:15" }
      receiver: { population: phones-open-sky, jitter_s: 0.05 }
      noise:
        - cold_start: { initial_error_m: 40, converge_s: 25 }

      """##),
    (
      "downtown-grid.yaml",
      ##"""
      name: downtown-grid
      description: >-
        5.7 km: two laps of a serpentine through 5 × 3 city blocks of 110 m, 90° corners taken at 3 m,
        tall buildings along 900 m of each lap and two red lights (25 s, 40 s). A phone of receiver
        population phones-urban (each trial one of twelve phones fitted to urban recordings of four phone
        models: smooth metre-sized wander, no speed, no usable accuracy; docs/realism.md) throughout; between the
        tall buildings, in addition, a deep-canyon error of 10 m across the street and 3 m along it, smooth and
        correlated over 20 s, with multipath jumps of 15-40 m toward the buildings (dense downtowns show tens of
        metres of error, worse across the street); a few wild outliers. The recordings are of moderate urban
        streets: the deep-canyon stage beyond them is a judgement.
      seed: 42
      trials: 40
      activity: running
      route:
        origin: { latitude: 39.7990, longitude: -89.6440 }
        grid: { blocks_east: 5, blocks_north: 3, block_m: 110, laps: 2 }
        corner_radius_m: 3
        zones:
          - { kind: urban, from_m: 400, to_m: 1300 }
          - { kind: urban, from_m: 3260, to_m: 4160 }
      pace:
        steady: { per_km: "5:30" }
        stops: [ { at_m: 800, seconds: 25 }, { at_m: 2900, seconds: 40 } ]
      receiver: { population: phones-urban, jitter_s: 0.05 }
      noise:
        - urban_canyon: { cross_street_sigma_m: 10, along_street_sigma_m: 3, tau_s: 20, jumps_per_hour: 40, jump_m: [15, 40], jump_s: [3, 10] }
        - outliers: { per_hour: 2, jump_m: [40, 250] }

      """##),
    (
      "hilly-trail.yaml",
      ##"""
      name: hilly-trail
      description: >-
        10 km trail run over two hills (255 m of climb and descent) at 6:45 /km with a 60 s water stop on the
        second summit. A phone in open sky (preset phone-open-sky) with GPS altitude (the default vertical model,
        6 m wandering over 60 s: assumed, docs/elevation.md) and a barometer (0.03 hPa of noise at 1 Hz, rounded
        to 0.01 hPa, a weather trend and a calibration offset). Scores the elevation-gain estimators apps ship:
        the sum of every rise (GPS or barometer), thresholds, smoothing, the barometer anchored to GPS.
      seed: 43
      trials: 30
      activity: running
      route:
        origin: { latitude: 46.55, longitude: 7.98, height_m: 800 }
        waypoints_m: [[0, 0], [2500, 0], [2500, 2500], [0, 2500], [0, 0]]
        corner_radius_m: 5
        elevation: { grades_percent: [[2000, 6], [1000, -3], [1500, 0], [1500, 9], [500, 0], [2500, -6], [1000, -7.5]] }
      pace:
        steady: { per_km: "6:45" }
        stops:
          - { at_m: 6300, seconds: 60 }
      receiver:
        preset: phone-open-sky
        jitter_s: 0.05
        vertical: { sigma_m: 0.9489, tau_s: 186.8, reported_m: 0.9489, offset_m: -5.56 }
        barometer: { rate_hz: 1, noise_hpa: 0.03, resolution_hpa: 0.01 }
      strategies:                # elevation-gain estimators (quoted: they contain ": "); --strategies overrides
        - "raw"
        - "altitude-hysteresis(3)"
        - "altitude-hysteresis(5)"
        - "altitude-hysteresis(10)"
        - "altitude-smooth(tau_s: 10) | altitude-hysteresis(3)"
        - "barometer-altitude"
        - "barometer-altitude | altitude-hysteresis(1)"
        - "barometer-altitude | altitude-smooth(tau_s: 5) | altitude-hysteresis(1)"
        - "barometer-altitude(anchor_s: 600) | altitude-smooth(tau_s: 5) | altitude-hysteresis(1)"
        - "kalman | barometer-altitude(anchor_s: 600) | altitude-smooth(tau_s: 5) | altitude-hysteresis(1)"

      """##),
    (
      "long-easy-run.yaml",
      ##"""
      name: long-easy-run
      description: >-
        16 km easy at 6:15 /km (about 1 h 43 min): four laps of a 4.1 km riverside loop under open sky, with
        a 90 s drink stop at halfway. Receiver population phones-open-sky (docs/realism.md). A steady pace
        over a long time is where sparse sampling costs least and saves most battery (issue #23).
      seed: 16
      trials: 20
      activity: running
      route:
        origin: { latitude: 48.8530, longitude: 2.3499 }
        loop:
          waypoints_m: [[0, 0], [1600, 0], [1700, 200], [1600, 400], [0, 400], [-100, 200]]
          laps: 4
        corner_radius_m: 10
      pace:
        steady: { per_km: "6:15" }
        stops: [ { at_m: 8200, seconds: 90 } ]
      receiver: { population: phones-open-sky, jitter_s: 0.05 }

      """##),
    (
      "marathon-armband.yaml",
      ##"""
      name: marathon-armband
      description: >-
        42.195 km out and back along a coast road at a fading pace (4:50 /km plus 2 s/km every km), phone in
        a sweaty armband: receiver preset phone-degrading-antenna (phone-open-sky whose wander grows by 4 m per
        hour, which the receiver admits in its claimed accuracy; the growth rate is an assumption). Doppler
        speed and altitude reported.
      seed: 26
      trials: 12
      activity: running
      route:
        origin: { latitude: 37.8080, longitude: -122.4177 }
        out_and_back: { length_m: 21095.144, bearing_deg: 100 }
        corner_radius_m: 1.5
      pace:
        fatigue: { start_per_km: "4:50", drift_s_per_km_per_km: 2 }
        stops: [ { at_m: 21100, seconds: 15 } ]
      receiver:
        preset: phone-degrading-antenna
        jitter_s: 0.05
        doppler: { speed_sigma_mps: 0.15, course_sigma_deg: 4 }
        vertical: { sigma_m: 6, tau_s: 60, reported_m: 8 }
      # A half marathon (21.3 km in 1:56:40) earned the badges up to the half; this marathon, 1.2 % slower,
      # earns the marathon badge only if the app shows at least 42.195 km (the truth exceeds it by 0.4 mm).
      scoring:
        history:
          - { distance_m: 21300, duration_s: 7000 }

      """##),
    (
      "out-and-back.yaml",
      ##"""
      name: out-and-back
      description: >-
        10 km: 5 km straight out along a river path at 5:00 /km, a tight U-turn, 5 km back. Open sky:
        receiver population phones-open-sky (each trial one of three phones fitted against an independent
        truth, docs/realism.md).
      seed: 7
      trials: 30
      activity: running
      route:
        origin: { latitude: 38.8895, longitude: -77.0353 }
        out_and_back: { length_m: 5000, bearing_deg: 70 }
        corner_radius_m: 1.5
      pace:
        steady: { per_km: "5:00" }
      receiver: { population: phones-open-sky }
      # An earlier 10.1 km in 52:30 earned the badges up to 10 km; today is 3.9 % faster: earned, not silver.
      scoring:
        history:
          - { distance_m: 10100, duration_s: 3150 }

      """##),
    (
      "park-loop.yaml",
      ##"""
      name: park-loop
      description: >-
        5 km: four laps of a 1.25 km park loop at 5:30 /km, open sky. Receiver population phones-open-sky:
        each trial one of three phones fitted against an independent truth (a Pixel 4 and a Pixel 4 XL
        driving beside a SPAN reference, gsdc; a phone standing at a surveyed point), each varied about its
        fit (docs/realism.md): wanders of 0.6-1.3 m over 40-70 s or a near-constant offset of metres, claims
        that say little about the error of the moment.
      seed: 42
      trials: 50
      activity: running
      route:
        origin: { latitude: 39.7817, longitude: -89.6712 }
        loop:
          waypoints_m: [[0, 0], [414, 0], [458, 98], [414, 196], [164, 251], [0, 196]]
          laps: 4
        corner_radius_m: 8
      pace:
        steady: { per_km: "5:30" }
      receiver: { population: phones-open-sky, jitter_s: 0.05 }
      # The runner's first 5K (5.05 km in 28:30) earned the badges up to 5 km. Today's loop is 4.99 km at
      # 2.5 % more speed: no 5 km badge, and no silver (+5 %) either; an app showing 2.4 % too much awards both.
      scoring:
        history:
          - { distance_m: 5050, duration_s: 1710 }

      """##),
    (
      "run-walk-stops.yaml",
      ##"""
      name: run-walk-stops
      description: >-
        6 km through town at 5:30 /km with a 100 m walking break at 16:00 /km (1.04 m/s) after every 900 m
        of running, as on the steep climbs of a hilly run or a run-walk plan, and six stops: four red lights
        (25-60 s), a water stop (20 s) and a shoe tie (12 s). Receiver population phones-open-sky (each trial
        one of three fitted phones, docs/realism.md). Scores the auto-pause apps ship (docs/pauses.md): how soon
        it pauses at a stop and resumes after it, the stops it misses, and the walks it must not pause for.
      seed: 44
      trials: 30
      activity: running
      route:
        origin: { latitude: 48.1372, longitude: 11.5756 }
        grid: { blocks_east: 4, blocks_north: 2, block_m: 250, laps: 1 }
        corner_radius_m: 4
      pace:
        intervals: { fast_per_km: "5:30", fast_m: 900, easy_per_km: "16:00", easy_m: 100 }
        max_acceleration_mps2: 1.0
        stops:
          - { at_m: 650, seconds: 35 }
          - { at_m: 1450, seconds: 50 }
          - { at_m: 2500, seconds: 20 }
          - { at_m: 3350, seconds: 25 }
          - { at_m: 4150, seconds: 12 }
          - { at_m: 5150, seconds: 60 }
      receiver: { population: phones-open-sky, jitter_s: 0.05 }
      strategies:                # auto-pause detectors (quoted: they contain ": "); --strategies overrides
        - "raw"
        - "kalman"
        - "opentracks"
        - "auto-pause"
        - "auto-pause(samples: 2, braking_mps2: 2.5)"
        - "auto-pause(samples: 1)"
        - "auto-pause(pause_below_mps: 1.2, resume_above_mps: 1.5)"
        - "auto-pause(distance_filter_m: 10, timeout_s: 8)"
        - "kalman | auto-pause"

      """##),
    (
      "standing-still.yaml",
      ##"""
      name: standing-still
      description: >-
        5 minutes standing at a start line with the app recording: any distance is false. Receiver
        population phones-open-sky (each trial one of three phones fitted against an independent truth,
        docs/realism.md): most hold a standing fix still, some wander slowly, and each sits its own offset
        from the line.
      seed: 11
      trials: 50
      activity: running
      route:
        origin: { latitude: 51.5007, longitude: -0.1246 }
        waypoints_m: [[0, 0]]
      pace:
        standing: { seconds: 300 }
      receiver: { population: phones-open-sky }

      """##),
    (
      "stop-and-go.yaml",
      ##"""
      name: stop-and-go
      description: >-
        An interval session through town: 1 km hard at 4:30 /km, 500 m easy at 6:30 /km, along a
        serpentine through 4 × 2 blocks of 250 m, with seven red lights of 25-60 s. Receiver population
        phones-open-sky (docs/realism.md). The lights are where a sampling strategy can sleep and the pace
        changes are where a sparse one misses the pace (issue #23: energy against accuracy).
      seed: 77
      trials: 30
      activity: running
      route:
        origin: { latitude: 45.5017, longitude: -73.5673 }
        grid: { blocks_east: 4, blocks_north: 2, block_m: 250, laps: 1 }
        corner_radius_m: 4
      pace:
        intervals: { fast_per_km: "4:30", fast_m: 1000, easy_per_km: "6:30", easy_m: 500 }
        max_acceleration_mps2: 1.0
        stops:
          - { at_m: 500, seconds: 45 }
          - { at_m: 1250, seconds: 30 }
          - { at_m: 2000, seconds: 60 }
          - { at_m: 2750, seconds: 25 }
          - { at_m: 3500, seconds: 50 }
          - { at_m: 4250, seconds: 35 }
          - { at_m: 5000, seconds: 40 }
      receiver: { population: phones-open-sky, jitter_s: 0.05 }

      """##),
    (
      "track-400m-lane8.yaml",
      ##"""
      name: track-400m-lane8
      description: >-
        The track-400m session in lane 8 (453.03 m a lap on the same track: the running line 0.20 m out from
        the lane's inner line, World Athletics), 8 laps as 400 m fast / 200 m easy. Track mode must be told the
        lane: snapped to lane 1 every lap reads 400 m, and so does a lap rounded to 400 m on each press. The
        runner presses the lap button 0.3 ± 0.2 s after the line and forgets 5 % of the presses. Receiver
        preset sports-watch.
      seed: 408
      trials: 40
      activity: running
      route:
        origin: { latitude: 51.5386, longitude: -0.0166 }
        track_400m: { laps: 8, lane: 8, lap_presses: { delay_s: 0.3, sd_s: 0.2, missed_percent: 5 } }
      pace:
        intervals: { fast_per_km: "3:45", fast_m: 400, easy_per_km: "6:30", easy_m: 200 }
        max_acceleration_mps2: 1.2
      receiver:
        preset: sports-watch
        jitter_s: 0.05
      strategies:
        - "raw"
        - "kalman"
        - "rts"
        - "track-snap(lane: 8)"
        - "track-snap(lane: 8, learn_m: 400)"
        - "kalman | track-snap(lane: 8)"
        - "track-snap(lane: 1)"
        - "lap-round(lap_m: 453.03)"
        - "lap-round(lap_m: 400)"

      """##),
    (
      "track-400m.yaml",
      ##"""
      name: track-400m
      description: >-
        8 laps (3.2 km) in lane 1 of a standard 400 m track as 400 m fast (3:45 /km) / 200 m easy (6:30 /km)
        intervals. Real geometry: 84.39 m straights, 36.50 m inside radius, lane 1 measured 0.30 m out
        (400.00 m a lap). Receiver preset sports-watch (the Pixel 4 process with a watch's harder filtering,
        checked against the python-fitparse watch files' device distances); the bends are where filters cut
        the track short and the pace changes are where they lag. Besides the catalogue, track mode
        (track-snap: from the map, or learning the oval in the first lap; laps counted at the line) and lap
        rounding (each lap press, 0.3 ± 0.2 s after the line, counts the lap as 400 m).
      seed: 400
      trials: 40
      activity: running
      route:
        origin: { latitude: 51.5386, longitude: -0.0166 }
        track_400m: { laps: 8, lane: 1, lap_presses: { delay_s: 0.3, sd_s: 0.2 } }
      pace:
        intervals: { fast_per_km: "3:45", fast_m: 400, easy_per_km: "6:30", easy_m: 200 }
        max_acceleration_mps2: 1.2
      receiver:
        preset: sports-watch
        jitter_s: 0.05
      strategies:                # the catalogue, and track mode
        - "defaults"
        - "track-snap(lane: 1)"
        - "track-snap(lane: 1, learn_m: 400)"
        - "kalman | track-snap(lane: 1)"
        - "lap-round"
        - "track-snap(lane: 1) | lap-round"

      """##),
    (
      "tunnel-dropouts.yaml",
      ##"""
      name: tunnel-dropouts
      description: >-
        6 km straight along a river with two underpasses (250 m and 600 m) where there is no fix at all,
        plus random losses of lock (6 per hour, 3-20 s) and occasional outliers on reacquisition, on a phone of
        receiver population phones-open-sky (each trial one of three fitted phones, docs/realism.md). Distance lost in gaps has to come back as a straight
        line; a filter that predicts through a gap must not overshoot.
      seed: 5
      trials: 50
      activity: running
      route:
        origin: { latitude: 52.5163, longitude: 13.3777 }
        waypoints_m: [[0, 0], [2000, 300], [4000, 200], [6000, 600]]
        corner_radius_m: 20
        zones:
          - { kind: tunnel, from_m: 1500, to_m: 1750 }
          - { kind: tunnel, from_m: 4000, to_m: 4600 }
      pace:
        steady: { per_km: "5:00" }
      receiver: { population: phones-open-sky, jitter_s: 0.05 }
      noise:
        - dropouts: { per_hour: 6, seconds: [3, 20] }
        - outliers: { per_hour: 3, jump_m: [30, 150] }

      """##),
    (
      "walk-with-stops.yaml",
      ##"""
      name: walk-with-stops
      description: >-
        3 km walk at 11:00 /km with four stops (a chat, two crossings, a bench: 30-180 s). Receiver
        population phones-open-sky (each trial one of three fitted phones, docs/realism.md): while stopped
        the fix wanders slowly or is held, so false distance is small but not zero; walking pace makes every metre of it show in the pace.
      seed: 12
      trials: 50
      activity: walking
      route:
        origin: { latitude: 35.6762, longitude: 139.6503 }
        loop:
          waypoints_m: [[0, 0], [500, 0], [500, 250], [250, 500], [0, 250]]
          laps: 2
        corner_radius_m: 2
      pace:
        steady: { per_km: "11:00" }
        stops:
          - { at_m: 400, seconds: 120 }
          - { at_m: 1100, seconds: 30 }
          - { at_m: 1900, seconds: 45 }
          - { at_m: 2600, seconds: 180 }
      receiver: { population: phones-open-sky, jitter_s: 0.05 }

      """##),
    (
      "woods-trail.yaml",
      ##"""
      name: woods-trail
      description: >-
        5 km of switchbacks across a wooded hillside: sixteen 280 m legs 20 m apart joined by hairpins, at
        6:30 /km. Receiver preset sports-watch (checked against the python-fitparse watch files); tree canopy
        over most of it weakens the signal, so the error wanders more and for longer (an extra Gauss-Markov
        5 m over 90 s under the canopy) and the receiver loses lock a few times an hour for 5-30 s. Legs 20 m
        apart make cross-track error and cut hairpins visible.
      seed: 8
      trials: 40
      activity: running
      route:
        origin: { latitude: 46.0207, longitude: 7.7491 }
        switchbacks: { legs: 16, leg_m: 280, spacing_m: 20, bearing_deg: 30 }
        zones:
          - { kind: canopy, from_m: 300, to_m: 3800 }
      pace:
        steady: { per_km: "6:30" }
      receiver: { preset: sports-watch, jitter_s: 0.05 }
      noise:
        - gauss_markov: { sigma_m: 5.0, tau_s: 90, zone: canopy }
        - dropouts: { per_hour: 4, seconds: [5, 30] }

      """##),
    (
      "wrist-walk.yaml",
      ##"""
      name: wrist-walk
      description: >-
        3 km brisk walk at 10:00 /km (6 km/h) around a park with a watch on the wrist: receiver preset
        sports-watch plus the arm's swing (±1.6 m/s at 0.9 swings a second, its phase drifting: a wrist logger
        read 0.2-11.9 km/h walking with arm swing and 4.7-6.7 km/h with the arms still; docs/metrics.md, "Best
        efforts"). The swing is in every Doppler speed, so the maximum speed a watch shows is far above the
        walk's, while the best 10 s average stays near it and the fastest kilometre comes from the distance.
        The receiver's speed accuracy claim knows nothing of the swing: the best efforts' error bars
        (effort-bars) miss the truth unless floored.
      seed: 45
      trials: 30
      activity: walking
      route:
        origin: { latitude: 52.3600, longitude: 4.8852 }
        loop:
          waypoints_m: [[0, 0], [400, 0], [400, 250], [0, 250]]
          laps: 2
        corner_radius_m: 5
      pace:
        steady: { per_km: "10:00" }
        max_acceleration_mps2: 0.8
      receiver:
        preset: sports-watch
        jitter_s: 0.05
        arm_swing: { amplitude_mps: 1.6, frequency_hz: 0.9, phase_jitter_rad_per_sqrt_s: 0.5 }
      strategies:
        - "raw"
        - "kalman"
        - "run-average(n: 5)"
        - "ema(alpha: 0.3)"
        - "rts"
        - "effort-bars(scale: 4)"
        - "effort-bars(scale: 4, floor_mps: 1.5)"

      """##),
  ]
}
