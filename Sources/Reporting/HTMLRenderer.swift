import Foundation
import Evaluation
import TrackCore

/// One self-contained HTML page (inline CSS and SVG, no scripts, nothing fetched), well-formed XML so
/// any XML parser can check it.
///
/// Per scenario: the grouped result tables (best in bold, ≈ not significantly worse); box plots of the
/// per-trial distribution of key metrics per strategy; and, when the results hold a drawn trial
/// (``ScenarioIllustration``), one card per strategy with its map and its live pace over time. Maps show
/// the true path in grey, the recorded track coloured by speed on the viridis scale from slow dark purple
/// through teal to fast yellow (the scale runs from half to 1.5 times the true mean moving speed, so a
/// faithful track is teal), true checkpoints as black rings and the app's pins as red dots.
///
/// The page opens with a table of contents and the verdict (ranking, best per class, trade-offs, a
/// Pareto plot of distance error against pace lag); maps are drawn only for the selected strategies.
public struct HTMLRenderer: ReportRenderer {
  /// The strategies whose maps and pace plots are drawn; nil: the verdict's top three and `raw` (or the
  /// first four strategies without a verdict). Sixteen near-identical cards per scenario help nobody.
  public var mapStrategies: [String]?

  @_optimize(none)
  public init(mapStrategies: [String]? = nil) { self.mapStrategies = mapStrategies }

  /// Okabe-Ito: safe for colour-blind readers (strategies in the Pareto plot, its markers).
  static let okabeIto = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"]

  /// The strategies apps ship, marked in the Pareto plot as in `tune`'s.
  static let seedStrategies = ["raw", "moonrunner", "run-average"]

  /// Metrics drawn as box plots.
  static let distributionMetrics: [Metric] = [
    .distanceErrorPercent, .currentPaceErrorRMS, .kilometreSplitErrorRMS, .crossTrackErrorRMS,
  ]

  @_optimize(none)
  public func render(_ result: ExperimentResult) throws -> String {
    var out = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <title>TrackBench results</title>
      <style>
      body { font-family: system-ui, sans-serif; margin: 24px; color: #222; }
      table { border-collapse: collapse; margin: 6px 0 14px; font-size: 13px; }
      th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; white-space: nowrap; }
      th:first-child, td:first-child { text-align: left; font-family: monospace; }
      td.best { font-weight: bold; background: #d8f5d8; }
      td.close { background: #eefaee; }
      .scroll { overflow-x: auto; }
      .cards { display: flex; flex-wrap: wrap; gap: 12px; }
      .card { border: 1px solid #ddd; padding: 6px; width: 330px; }
      .card h4 { font-family: monospace; font-size: 11px; margin: 2px 0 4px; overflow-wrap: anywhere; }
      .note { color: #666; font-size: 13px; }
      nav ol { columns: 3; font-size: 13px; }
      .verdict-lead { font-size: 17px; }
      summary { cursor: pointer; margin: 8px 0; font-weight: 600; }
      table.ranking td:first-child { white-space: normal; overflow-wrap: anywhere; max-width: 560px; }
      table.ranking td:last-child, table.ranking th:last-child { white-space: normal; text-align: left; }
      </style>
      </head>
      <body>
      <h1>TrackBench results</h1>

      """
    out += tableOfContents(result)
    if let verdict = result.verdict { out += verdictSection(verdict, result) }
    if let front = EnergyFront(result) { out += EnergyFrontText.html(front) }
    let shown = selectedMaps(result)
    for scenario in result.scenarios {
      out += "<section id=\"\(XMLText.escaped(scenario.name))\">\n"
      out += "<h2>\(XMLText.escaped(scenario.name))</h2>\n<p>\(XMLText.escaped(scenario.headline)).</p>\n"
      if !scenario.description.isEmpty { out += "<p class=\"note\">\(XMLText.escaped(scenario.description))</p>\n" }
      // Every metric's table, folded: the verdict and the plots carry the page; a click opens the numbers.
      let sections = scenario.sections
      out += "<details class=\"tables\"><summary>All metrics: \(sections.map { XMLText.escaped($0.group.title) }.joined(separator: ", ")) "
        + "(\(sections.map(\.metrics.count).reduce(0, +)) metrics × \(scenario.strategies.count) strategies)</summary>\n"
      out += tables(scenario) + "</details>\n"
      out += "<h3>Distributions over trials</h3>\n<div class=\"cards\">\n"
      for metric in Self.distributionMetrics { out += boxPlot(scenario, metric) }
      out += "</div>\n"
      if let illustration = scenario.illustration {
        out += scenario.recording != nil ? "<h3>Maps of the recording</h3>\n" : "<h3>Trial \(illustration.trial): maps and live pace</h3>\n"
        out += "<p class=\"note\">\(XMLText.escaped(speedLegend(illustration)))</p>\n<div class=\"cards\">\n"
        let drawn = illustration.strategies.filter { shown.contains($0.strategy) }
        for strategy in drawn { out += card(strategy, illustration) }
        out += "</div>\n"
        let left = illustration.strategies.count - drawn.count
        if left > 0 {
          out += "<p class=\"note\">Maps of \(left) more strateg\(left == 1 ? "y" : "ies") left out: choose them with <code>--map-strategies</code>.</p>\n"
        }
      } else {
        out += "<p class=\"note\">No tracks in these results: run with <code>--tracks</code> or <code>--format html</code> to draw maps.</p>\n"
      }
      out += "</section>\n"
    }
    out += "<p class=\"note\">Means over trials with 95 % intervals (Student's t); bold: best per column; shaded: not significantly worse.</p>\n"
    out += "</body>\n</html>\n"
    return out
  }

  // MARK: - Tables

  @_optimize(none)
  private func tables(_ scenario: ScenarioResult) -> String {
    var out = ""
    for (group, metrics) in scenario.sections {
      let best = metrics.map { scenario.bestStrategyIndex(for: $0) }
      let close = metrics.map { Set(scenario.notSignificantlyWorse(for: $0)) }
      out += "<h3>\(XMLText.escaped(group.title))</h3>\n<div class=\"scroll\"><table>\n<tr><th>strategy</th>"
      out += metrics.map { "<th title=\"\(XMLText.escaped($0.rawValue))\">\(XMLText.escaped($0.heading))</th>" }.joined() + "</tr>\n"
      for (i, strategy) in scenario.strategies.enumerated() {
        out += "<tr><td\(StrategyLabels.fullTextTitle(strategy.strategy))>\(XMLText.escaped(StrategyLabels.shown(strategy.strategy)))</td>"
        for (m, metric) in metrics.enumerated() {
          guard let summary = strategy.summary(metric), let mean = summary.mean else {
            out += "<td title=\"\(XMLText.escaped(strategy.summary(metric)?.note ?? metric.undefinedReason))\">n/a</td>"
            continue
          }
          var title = ""
          if let low = summary.ci95Low, let high = summary.ci95High {
            title = "95 % interval \(NumberText.fixed(low, decimals: metric.decimals)) to \(NumberText.fixed(high, decimals: metric.decimals))"
          }
          let cls = best[m] == i ? " class=\"best\"" : (close[m].contains(i) ? " class=\"close\"" : "")
          out += "<td\(cls) title=\"\(XMLText.escaped(title))\">\(NumberText.fixed(mean, decimals: metric.decimals, signed: metric.goal == .zero))</td>"
        }
        out += "</tr>\n"
      }
      out += "</table></div>\n"
    }
    return out
  }

  // MARK: - Box plots

  /// A box per strategy (quartiles, median), whiskers to the extremes; an axis with ticks and the unit.
  /// The axis spans the whiskers' Tukey reach (1.5 times the box beyond the quartiles) over all
  /// strategies, so one extreme trial cannot squeeze every box into a line: an extreme beyond the axis
  /// is drawn as an arrow at the axis end with its value.
  @_optimize(none)
  private func boxPlot(_ scenario: ScenarioResult, _ metric: Metric) -> String {
    // Labels tell apart strategies that differ only by parameters (`kalman(q: 0.1)` beside `kalman(q: 2)`).
    let labels = Dictionary(
      zip(scenario.strategies.map(\.strategy.text), StrategyLabels.names(scenario.strategies.map(\.strategy))), uniquingKeysWith: { a, _ in a })
    let rows = scenario.strategies.compactMap { strategy -> (String, MetricSummary)? in
      guard let s = strategy.summary(metric), s.minimum != nil, s.q1 != nil, s.median != nil, s.q3 != nil, s.maximum != nil else { return nil }
      return (strategy.strategy.text, s)
    }
    let rowHeight = 16.0, left = 4.0, width = 320.0, top = 22.0
    let height = top + Double(rows.count) * rowHeight + 34
    var svg = "<div class=\"card\"><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"box-plot\" data-metric=\"\(metric.rawValue)\" "
      + "width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
    svg += "<text x=\"4\" y=\"14\" font-size=\"12\">\(XMLText.escaped(metric.title))<title>\(XMLText.escaped(metric.rawValue))</title></text>\n"
    guard !rows.isEmpty else {
      return svg + "<text x=\"4\" y=\"40\" font-size=\"11\">no values</text>\n</svg></div>\n"
    }
    func reach(_ s: MetricSummary) -> (Double, Double) {
      let spread = s.q3! - s.q1!
      return (max(s.minimum!, s.q1! - 1.5 * spread), min(s.maximum!, s.q3! + 1.5 * spread))
    }
    // A strategy far from the rest (a smoother's pace error ten times the others') would squeeze every
    // box: positive values spanning more than 30:1 get a log axis; otherwise the range is that of the
    // strategies whose medians cluster (within three times the medians' interquartile spread), widened
    // for any other strategy that stays within twice that range's width; beyond, a strategy is marked.
    let medians = rows.map { $0.1.median! }.sorted()
    let middle = medians[medians.count / 2]
    let medianSpread = max(medians[(3 * medians.count) / 4] - medians[medians.count / 4], 1e-9 + abs(middle) * 0.05)
    let clustered = rows.filter { abs($0.1.median! - middle) <= 3 * medianSpread }
    let coreLow = clustered.map { reach($0.1).0 }.min() ?? 0, coreHigh = clustered.map { reach($0.1).1 }.max() ?? 0
    let coreWidth = max(coreHigh - coreLow, medianSpread)
    let core = rows.filter { reach($0.1).0 >= coreLow - 2 * coreWidth && reach($0.1).1 <= coreHigh + 2 * coreWidth }
    let allPositive = rows.allSatisfy { $0.1.minimum! > 0 }
    let logarithmic = allPositive && rows.map { $0.1.maximum! }.max()! / rows.map { $0.1.minimum! }.min()! > 30
    let ranged = logarithmic ? rows : (core.isEmpty ? rows : core)
    var span = ranged.map { logarithmic ? $0.1.minimum! : reach($0.1).0 }.min()!
    var spanHigh = ranged.map { logarithmic ? $0.1.maximum! : reach($0.1).1 }.max()!
    if metric.goal == .zero { span = min(span, 0); spanHigh = max(spanHigh, 0) }
    let axis = PlotAxis(values: [span, spanHigh], title: metric.unit, log: logarithmic)
    let low = axis.low, high = axis.high
    let plotLeft = left + 120, plotWidth = width - plotLeft - 8
    func position(_ v: Double) -> Double { plotLeft + axis.fraction(min(max(v, low), high)) * plotWidth }
    func x(_ v: Double) -> String { Self.number(position(v)) }
    let plotBottom = top + Double(rows.count) * rowHeight
    for t in axis.ticks {
      svg += "<line x1=\"\(x(t))\" y1=\"\(Int(top - 2))\" x2=\"\(x(t))\" y2=\"\(Self.number(plotBottom + 3))\" stroke=\"\(t == 0 ? "#999" : "#e6e6e6")\"/>"
      svg += "<text class=\"tick\" x=\"\(x(t))\" y=\"\(Self.number(plotBottom + 13))\" font-size=\"9\" text-anchor=\"middle\">\(XMLText.escaped(PlotAxis.label(t)))</text>"
    }
    svg += "\n<text class=\"axis-title\" x=\"\(Self.number(plotLeft + plotWidth / 2))\" y=\"\(Self.number(plotBottom + 26))\" font-size=\"10\" text-anchor=\"middle\">\(XMLText.escaped(metric.unit + (logarithmic ? " (log scale)" : "")))</text>\n"
    for (k, (name, s)) in rows.enumerated() {
      let y = top + Double(k) * rowHeight
      let mid = Self.number(y + rowHeight / 2)
      svg += "<g class=\"box\" data-strategy=\"\(XMLText.escaped(name))\">"
      svg += "<text x=\"\(Int(left))\" y=\"\(Self.number(y + 11))\" font-size=\"9\" font-family=\"monospace\">\(XMLText.escaped(labels[name] ?? name))</text>"
      svg += "<line x1=\"\(x(s.minimum!))\" y1=\"\(mid)\" x2=\"\(x(s.maximum!))\" y2=\"\(mid)\" stroke=\"#555\"/>"
      svg += "<rect x=\"\(x(s.q1!))\" y=\"\(Self.number(y + 3))\" width=\"\(Self.number(max(0.5, position(s.q3!) - position(s.q1!))))\" height=\"\(Self.number(rowHeight - 6))\" fill=\"#9cc3e6\" stroke=\"#335\"/>"
      svg += "<line x1=\"\(x(s.median!))\" y1=\"\(Self.number(y + 2))\" x2=\"\(x(s.median!))\" y2=\"\(Self.number(y + rowHeight - 2))\" stroke=\"#000\" stroke-width=\"2\"/>"
      // Extremes beyond the axis: an arrow at its end and the value.
      if s.maximum! > high {
        let tip = plotLeft + plotWidth + 6
        svg += "<path class=\"outlier\" d=\"M\(Self.number(tip - 6)),\(Self.number(y + 4))L\(Self.number(tip)),\(mid)L\(Self.number(tip - 6)),\(Self.number(y + rowHeight - 4))Z\" fill=\"#D55E00\"><title>maximum \(XMLText.escaped(NumberText.fixed(s.maximum!, decimals: metric.decimals))) \(XMLText.escaped(metric.unit))</title></path>"
        svg += "<text x=\"\(Self.number(tip - 8))\" y=\"\(Self.number(y + 6))\" font-size=\"8\" text-anchor=\"end\" fill=\"#D55E00\">\(XMLText.escaped(PlotAxis.label(s.maximum!)))</text>"
      }
      if s.minimum! < low {
        let tip = plotLeft - 6
        svg += "<path class=\"outlier\" d=\"M\(Self.number(tip + 6)),\(Self.number(y + 4))L\(Self.number(tip)),\(mid)L\(Self.number(tip + 6)),\(Self.number(y + rowHeight - 4))Z\" fill=\"#D55E00\"><title>minimum \(XMLText.escaped(NumberText.fixed(s.minimum!, decimals: metric.decimals))) \(XMLText.escaped(metric.unit))</title></path>"
      }
      svg += "</g>\n"
    }
    return svg + "</svg></div>\n"
  }

  // MARK: - Maps and pace

  /// Speeds mapped to colours: half the true mean moving speed and below red, the mean yellow, 1.5 times
  /// and above green.
  @_optimize(none)
  private func speedRange(_ illustration: ScenarioIllustration) -> (slow: Double, fast: Double) {
    let paces = illustration.truePace.map { $0[1] }
    let measured = illustration.strategies.compactMap(\.movingSpeed).filter { $0.isFinite && $0 > 0 }.sorted()
    let typical = measured.isEmpty ? Self.typicalMovingSpeed(illustration.strategies.map(\.track)) : measured[measured.count / 2]
    let mean = paces.isEmpty ? typical ?? 1 : paces.map { 1000 / $0 }.reduce(0, +) / Double(paces.count)
    let meanSpeed = mean.isFinite && mean > 0 ? mean : 1
    return (0.5 * meanSpeed, 1.5 * meanSpeed)
  }

  /// A recording has no true pace: the median over the strategies of each one's moving speed over
  /// 30-s displacements (``StrategyIllustration/movingSpeed``) stands in; in files without it, the
  /// median over the strategies of each one's median moving step speed (m/s). One track alone (raw's zig-zag, whose every step a jitter lengthens; or a filter
  /// that holds still) would set the scale for all; most strategies move at about the runner's speed.
  /// `nil` when no track moves. O(points log points).
  /// - Parameter tracks: each strategy's drawn track, points `[east, north, speed m/s]`.
  @_optimize(none)
  package static func typicalMovingSpeed(_ tracks: [[[Double]]]) -> Double? {
    func median(_ values: [Double]) -> Double? {
      let sorted = values.sorted()
      return sorted.isEmpty ? nil : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    return median(tracks.compactMap { track in median(track.map { $0[2] }.filter { $0 >= LivePace.minimumTrueSpeed }) })
  }

  @_optimize(none)
  private func speedLegend(_ illustration: ScenarioIllustration) -> String {
    let range = speedRange(illustration)
    if illustration.truePace.isEmpty {
      return "Maps: grey the reference's path (where the recording has a truth); each strategy's recorded track dark purple at "
        + "\(RunFormat.pace(secondsPerKilometer: 1000 / range.slow)) or slower, teal at the strategies' median moving pace over 30-s displacements "
        + "\(RunFormat.pace(secondsPerKilometer: 2000 / (range.slow + range.fast))), yellow at \(RunFormat.pace(secondsPerKilometer: 1000 / range.fast)) or faster."
    }
    return "Maps: grey the true path; the recorded track dark purple at \(RunFormat.pace(secondsPerKilometer: 1000 / range.slow)) or slower, "
      + "teal at the true mean \(RunFormat.pace(secondsPerKilometer: 2000 / (range.slow + range.fast))), yellow at "
      + "\(RunFormat.pace(secondsPerKilometer: 1000 / range.fast)) or faster; black rings: true checkpoints, red dots: the app's pins. "
      + "Pace plots: black the true pace, blue what the app shows, in min/km against elapsed time (faster is up)."
  }

  /// Viridis (perceptually uniform, readable with every common colour-vision deficiency and in grey):
  /// dark purple (0, slow) → blue → teal (0.5) → green → yellow (1, fast), linear between five anchors.
  @_optimize(none)
  public static func colour(_ fraction: Double) -> String {
    let f = min(max(fraction, 0), 1)
    let anchors: [(Double, Double, Double)] = [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)]
    let position = f * Double(anchors.count - 1)
    let k = min(Int(position), anchors.count - 2)
    let t = position - Double(k)
    let a = anchors[k], b = anchors[k + 1]
    func hex(_ x: Double, _ y: Double) -> String {
      let v = Int((x + (y - x) * t).rounded())
      return (v < 16 ? "0" : "") + String(v, radix: 16)
    }
    return "#" + hex(a.0, b.0) + hex(a.1, b.1) + hex(a.2, b.2)
  }

  @_optimize(none)
  private func card(_ strategy: StrategyIllustration, _ illustration: ScenarioIllustration) -> String {
    "<div class=\"card\" data-strategy=\"\(XMLText.escaped(strategy.strategy))\"><h4\(StrategyLabels.fullTextTitle(strategy.strategy))>\(XMLText.escaped(StrategyLabels.shown(strategy.strategy)))</h4>\n"
      + map(strategy, illustration) + pacePlot(strategy, illustration) + "</div>\n"
  }

  @_optimize(none)
  private func map(_ strategy: StrategyIllustration, _ illustration: ScenarioIllustration) -> String {
    let size = 320.0, margin = 10.0
    // Framed on the truth; a recording without one on every strategy's track.
    let framed = illustration.truth.count > 1 ? illustration.truth : illustration.truth + illustration.strategies.flatMap(\.track)
    let east = framed.map { $0[0] }, north = framed.map { $0[1] }
    guard let minE = east.min(), let maxE = east.max(), let minN = north.min(), let maxN = north.max() else { return "" }
    let span = max(maxE - minE, maxN - minN, 20) * 1.1
    let centreE = (minE + maxE) / 2, centreN = (minN + maxN) / 2
    let scale = (size - 2 * margin) / span
    func point(_ e: Double, _ n: Double) -> String {
      Self.number(size / 2 + (e - centreE) * scale) + "," + Self.number(size / 2 - (n - centreN) * scale)
    }
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" width=\"\(Int(size))\" height=\"\(Int(size))\" viewBox=\"0 0 \(Int(size)) \(Int(size))\">\n"
    svg += "<rect width=\"\(Int(size))\" height=\"\(Int(size))\" fill=\"#f2efe6\"/>\n"
    // A grid of round distances, like a map's.
    var gridStep = span > 4000 ? 1000.0 : (span > 800 ? 250.0 : 100.0)
    while span / gridStep > 20 { gridStep *= 10 }  // beyond a city, lines every 10ⁿ km
    var grid = ""
    // At most 22 lines a direction, counted rather than stepped (a step can vanish beside a huge centre).
    let firstEast = ((centreE - span / 2) / gridStep).rounded(.down) * gridStep
    for k in 0...Int((span / gridStep).rounded(.up)) + 1 {
      let g = firstEast + Double(k) * gridStep
      guard g <= centreE + span / 2 else { break }
      grid += "M\(Self.number(size / 2 + (g - centreE) * scale)),0V\(Int(size))"
    }
    let firstNorth = ((centreN - span / 2) / gridStep).rounded(.down) * gridStep
    for k in 0...Int((span / gridStep).rounded(.up)) + 1 {
      let g = firstNorth + Double(k) * gridStep
      guard g <= centreN + span / 2 else { break }
      grid += "M0,\(Self.number(size / 2 - (g - centreN) * scale))H\(Int(size))"
    }
    svg += "<path d=\"\(grid)\" stroke=\"#e0dccd\" stroke-width=\"1\" fill=\"none\"/>\n"
    svg += "<polyline class=\"truth\" points=\"" + illustration.truth.map { point($0[0], $0[1]) }.joined(separator: " ")
      + "\" fill=\"none\" stroke=\"#9a9a9a\" stroke-width=\"5\" stroke-linejoin=\"round\" opacity=\"0.6\"/>\n"
    // The recorded track: segments grouped into ten colour buckets, one path each.
    let range = speedRange(illustration)
    var buckets = [String](repeating: "", count: 10)
    for k in strategy.track.indices.dropFirst() {
      let a = strategy.track[k - 1], b = strategy.track[k]
      let fraction = (b[2] - range.slow) / (range.fast - range.slow)
      let bucket = fraction.isFinite ? Int(min(max(fraction * 10, 0), 9)) : 5
      buckets[bucket] += "M" + point(a[0], a[1]) + "L" + point(b[0], b[1])
    }
    svg += "<g class=\"recorded\" data-points=\"\(strategy.track.count)\" fill=\"none\" stroke-width=\"2\" stroke-linecap=\"round\">\n"
    for (bucket, d) in buckets.enumerated() where !d.isEmpty {
      svg += "<path stroke=\"\(Self.colour((Double(bucket) + 0.5) / 10))\" d=\"\(d)\"/>\n"
    }
    svg += "</g>\n"
    for c in illustration.checkpoints {
      let xy = point(c[1], c[2]).split(separator: ",")
      svg += "<circle class=\"checkpoint\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"6\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/>\n"
    }
    for pin in strategy.pins {
      let xy = point(pin[1], pin[2]).split(separator: ",")
      svg += "<circle class=\"pin\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3.5\" fill=\"#d7263d\" stroke=\"#fff\"/>\n"
    }
    svg += cornerInset(strategy, illustration, size: size) { e, n in (size / 2 + (e - centreE) * scale, size / 2 - (n - centreN) * scale) }
    let bar = gridStep * scale
    svg += "<path d=\"M10,\(Int(size - 10))h\(Self.number(bar))\" stroke=\"#333\" stroke-width=\"2\"/>"
    svg += "<text x=\"10\" y=\"\(Int(size - 14))\" font-size=\"10\">\(NumberText.fixed(gridStep, decimals: 0)) m</text>\n"
    return svg + "</svg>\n"
  }

  /// The truth's sharpest corner: where filters cut or overshoot most visibly. The turn at each point is
  /// the angle between the headings over about 15 m before and after it; nil below 30°.
  /// - Complexity: O(n) in the truth's points.
  @_optimize(none)
  public static func sharpestCorner(_ truth: [[Double]]) -> (east: Double, north: Double)? {
    guard truth.count >= 3 else { return nil }
    var cumulative = [0.0]
    for k in truth.indices.dropFirst() { cumulative.append(cumulative[k - 1] + hypot(truth[k][0] - truth[k - 1][0], truth[k][1] - truth[k - 1][1])) }
    var best: (index: Int, angle: Double)?
    var before = 0, after = 0
    for i in truth.indices {
      while cumulative[i] - cumulative[before] > 15 { before += 1 }
      after = max(after, i)
      while after + 1 < truth.count, cumulative[after] - cumulative[i] < 15 { after += 1 }
      guard before < i, after > i, cumulative[i] - cumulative[before] > 5, cumulative[after] - cumulative[i] > 5 else { continue }
      let inHeading = atan2(truth[i][1] - truth[before][1], truth[i][0] - truth[before][0])
      let outHeading = atan2(truth[after][1] - truth[i][1], truth[after][0] - truth[i][0])
      var turn = abs(outHeading - inHeading)
      if turn > .pi { turn = 2 * .pi - turn }
      if turn > (best?.angle ?? 30 * .pi / 180) { best = (i, turn) }
    }
    return best.map { (truth[$0.index][0], truth[$0.index][1]) }
  }

  /// A zoomed inset of the sharpest corner, 80 m across, so strategies that look alike at the whole
  /// route's scale differ visibly where they cut the corner. It sits in the map's corner farthest from
  /// the one it shows, and a square on the map marks what it shows.
  /// - Parameter place: a point's position on the map, pixels.
  @_optimize(none)
  private func cornerInset(
    _ strategy: StrategyIllustration, _ illustration: ScenarioIllustration, size: Double, place: (Double, Double) -> (x: Double, y: Double)
  ) -> String {
    guard let corner = Self.sharpestCorner(illustration.truth) else { return "" }
    let inset = 110.0, across = 80.0
    let onMap = place(corner.east, corner.north)
    let left = onMap.x > size / 2 ? 6 : size - inset - 6, top = onMap.y > size / 2 ? 6 : size - inset - 24
    let scale = inset / across
    let marked = max(4, abs(place(corner.east + across / 2, corner.north).x - onMap.x))
    var frame = "<rect class=\"inset-area\" x=\"\(Self.number(onMap.x - marked))\" y=\"\(Self.number(onMap.y - marked))\" width=\"\(Self.number(2 * marked))\" "
    frame += "height=\"\(Self.number(2 * marked))\" fill=\"none\" stroke=\"#333\" stroke-width=\"1\"/>\n"
    func point(_ e: Double, _ n: Double) -> String { Self.number(inset / 2 + (e - corner.east) * scale) + "," + Self.number(inset / 2 - (n - corner.north) * scale) }
    func near(_ p: [Double]) -> Bool { abs(p[0] - corner.east) < across && abs(p[1] - corner.north) < across }
    var svg = frame + "<svg class=\"corner-inset\" x=\"\(Int(left))\" y=\"\(Int(top))\" width=\"\(Int(inset))\" height=\"\(Int(inset))\" viewBox=\"0 0 \(Int(inset)) \(Int(inset))\">\n"
    svg += "<rect width=\"\(Int(inset))\" height=\"\(Int(inset))\" fill=\"#fbfaf5\" stroke=\"#333\" stroke-width=\"1\"/>\n"
    var truthPath = ""
    for k in illustration.truth.indices.dropFirst() where near(illustration.truth[k]) || near(illustration.truth[k - 1]) {
      truthPath += "M" + point(illustration.truth[k - 1][0], illustration.truth[k - 1][1]) + "L" + point(illustration.truth[k][0], illustration.truth[k][1])
    }
    svg += "<path class=\"inset-truth\" d=\"\(truthPath)\" fill=\"none\" stroke=\"#9a9a9a\" stroke-width=\"6\" stroke-linecap=\"round\" opacity=\"0.6\"/>\n"
    var recorded = ""
    for k in strategy.track.indices.dropFirst() where near(strategy.track[k]) || near(strategy.track[k - 1]) {
      recorded += "M" + point(strategy.track[k - 1][0], strategy.track[k - 1][1]) + "L" + point(strategy.track[k][0], strategy.track[k][1])
    }
    svg += "<path class=\"inset-recorded\" d=\"\(recorded)\" fill=\"none\" stroke=\"#3b0f70\" stroke-width=\"1.5\"/>\n"
    for p in strategy.track where near(p) {
      let xy = point(p[0], p[1]).split(separator: ",")
      svg += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"1.6\" fill=\"#3b0f70\"/>"
    }
    svg += "\n<path d=\"M6,\(Int(inset - 6))h\(Self.number(20 * scale))\" stroke=\"#333\" stroke-width=\"2\"/>"
    svg += "<text x=\"6\" y=\"\(Int(inset - 10))\" font-size=\"9\">20 m, sharpest corner</text>\n"
    return svg + "</svg>\n"
  }

  @_optimize(none)
  private func pacePlot(_ strategy: StrategyIllustration, _ illustration: ScenarioIllustration) -> String {
    let width = 320.0, height = 140.0, left = 44.0, bottom = 18.0, top = 6.0
    let truePaces = illustration.truePace.map { $0[1] }.sorted()
    guard let duration = (illustration.truePace.last?[0]).map({ max($0, strategy.pace.last?[0] ?? 0) }), duration > 0,
      !truePaces.isEmpty
    else { return "" }
    // Pace axis: from 0.6 to 1.6 times the true median pace, within what apps show.
    let median = truePaces[truePaces.count / 2]
    let fast = max(60, 0.6 * median), slow = max(fast + 1, min(LivePace.paceCap, 1.6 * median))
    func x(_ t: Double) -> String { Self.number(left + t / duration * (width - left - 4)) }
    func y(_ pace: Double) -> String {
      Self.number(top + (min(max(pace, fast), slow) - fast) / (slow - fast) * (height - top - bottom))
    }
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pace\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
    svg += "<rect x=\"\(Int(left))\" y=\"\(Int(top))\" width=\"\(Int(width - left - 4))\" height=\"\(Int(height - top - bottom))\" fill=\"#fafafa\" stroke=\"#ccc\"/>\n"
    svg += "<polyline class=\"app-pace\" data-points=\"\(strategy.pace.count)\" points=\"" + strategy.pace.map { x($0[0]) + "," + y($0[1]) }.joined(separator: " ")
      + "\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"1\"/>\n"
    // The true pace is broken where the runner stood (no pace), not joined across the stop.
    var trueLine = ""
    let gap = 3 * max(1, duration / Double(ScenarioIllustration.maximumPoints))
    for (k, sample) in illustration.truePace.enumerated() {
      trueLine += (k == 0 || sample[0] - illustration.truePace[k - 1][0] > gap ? "M" : "L") + x(sample[0]) + "," + y(sample[1])
    }
    svg += "<path class=\"true-pace\" data-points=\"\(illustration.truePace.count)\" d=\"\(trueLine)\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
    // Ticks: pace at round steps of 15 s, 30 s or whole minutes per km; time at 1-2-5 minute steps.
    let paceStep = [15.0, 30, 60, 120, 300].first { (slow - fast) / $0 <= 6 } ?? 600
    var pace = (fast / paceStep).rounded(.up) * paceStep
    svg += "<g class=\"pace-ticks\" font-size=\"9\">"
    // Bounded, and stopped where rounding would swallow a step (paces near 1e300 in a hostile file).
    var drawnTicks = 0
    while pace <= slow, drawnTicks < 12, pace + paceStep > pace {
      drawnTicks += 1
      svg += "<line x1=\"\(Int(left))\" y1=\"\(y(pace))\" x2=\"\(Int(width - 4))\" y2=\"\(y(pace))\" stroke=\"#e6e6e6\"/>"
      let label = RunFormat.pace(secondsPerKilometer: pace).replacingOccurrences(of: " /km", with: "")
      svg += "<text x=\"\(Int(left - 3))\" y=\"\(y(pace))\" dy=\"3\" text-anchor=\"end\">\(XMLText.escaped(label))</text>"
      pace += paceStep
    }
    let minuteStep = PlotAxis.niceStep(duration / 60 / 5)
    var minute = 0.0
    drawnTicks = 0
    while minute * 60 <= duration, drawnTicks < 12, minute + minuteStep > minute {
      drawnTicks += 1
      svg += "<text x=\"\(x(minute * 60))\" y=\"\(Int(height - 5))\" text-anchor=\"middle\">\(XMLText.escaped(RunFormat.clock(seconds: minute * 60)))</text>"
      minute += minuteStep
    }
    svg += "</g>\n"
    return svg + "</svg>\n"
  }

  // MARK: - Text

  /// Coordinates with one decimal, no locale.
  @_optimize(none)
  static func number(_ value: Double) -> String { NumberText.fixed(value, decimals: 1) }
}
