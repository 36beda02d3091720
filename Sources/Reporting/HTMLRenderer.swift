import Evaluation
import TrackCore

/// One self-contained HTML page (inline CSS and SVG, no scripts, nothing fetched), well-formed XML so
/// any XML parser can check it.
///
/// Per scenario: the grouped result tables (best in bold, ≈ not significantly worse); box plots of the
/// per-trial distribution of key metrics per strategy; and, when the results hold a drawn trial
/// (``ScenarioIllustration``), one card per strategy with its map and its live pace over time. Maps show
/// the true path in grey, the recorded track coloured by speed from slow red through yellow to fast
/// green (MoonRunner's map colours; the scale runs from half to 1.5 times the true mean moving speed, so
/// a faithful track is yellow), true checkpoints as black rings and the app's pins as red dots.
public struct HTMLRenderer: ReportRenderer {
  public init() {}

  /// Metrics drawn as box plots.
  static let distributionMetrics: [Metric] = [
    .distanceErrorPercent, .currentPaceErrorRMS, .kilometreSplitErrorRMS, .crossTrackErrorRMS,
  ]

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
      </style>
      </head>
      <body>
      <h1>TrackBench results</h1>

      """
    for scenario in result.scenarios {
      out += "<section id=\"\(XMLText.escaped(scenario.name))\">\n"
      out += "<h2>\(XMLText.escaped(scenario.name))</h2>\n<p>\(XMLText.escaped(scenario.headline)).</p>\n"
      if !scenario.description.isEmpty { out += "<p class=\"note\">\(XMLText.escaped(scenario.description))</p>\n" }
      out += tables(scenario)
      out += "<h3>Distributions over trials</h3>\n<div class=\"cards\">\n"
      for metric in Self.distributionMetrics { out += boxPlot(scenario, metric) }
      out += "</div>\n"
      if let illustration = scenario.illustration {
        out += "<h3>Trial \(illustration.trial): maps and live pace</h3>\n"
        out += "<p class=\"note\">\(XMLText.escaped(speedLegend(illustration)))</p>\n<div class=\"cards\">\n"
        for strategy in illustration.strategies { out += card(strategy, illustration) }
        out += "</div>\n"
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

  private func tables(_ scenario: ScenarioResult) -> String {
    var out = ""
    for (group, metrics) in scenario.sections {
      let best = metrics.map { scenario.bestStrategyIndex(for: $0) }
      let close = metrics.map { Set(scenario.notSignificantlyWorse(for: $0)) }
      out += "<h3>\(XMLText.escaped(group.title))</h3>\n<div class=\"scroll\"><table>\n<tr><th>strategy</th>"
      out += metrics.map { "<th title=\"\(XMLText.escaped($0.rawValue))\">\(XMLText.escaped($0.heading))</th>" }.joined() + "</tr>\n"
      for (i, strategy) in scenario.strategies.enumerated() {
        out += "<tr><td>\(XMLText.escaped(strategy.strategy))</td>"
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

  private func boxPlot(_ scenario: ScenarioResult, _ metric: Metric) -> String {
    // Labels tell apart strategies that differ only by parameters (`kalman(q: 0.1)` beside `kalman(q: 2)`).
    let labels = Dictionary(
      zip(scenario.strategies.map(\.strategy), StrategyLabels.names(scenario.strategies.map(\.strategy))), uniquingKeysWith: { a, _ in a })
    let rows = scenario.strategies.compactMap { strategy -> (String, MetricSummary)? in
      guard let s = strategy.summary(metric), s.minimum != nil, s.q1 != nil, s.median != nil, s.q3 != nil, s.maximum != nil else { return nil }
      return (strategy.strategy, s)
    }
    let rowHeight = 16.0, left = 4.0, width = 320.0, top = 22.0
    let height = top + Double(rows.count) * rowHeight + 24
    var svg = "<div class=\"card\"><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"box-plot\" data-metric=\"\(metric.rawValue)\" "
      + "width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">\n"
    svg += "<text x=\"4\" y=\"14\" font-size=\"12\">\(XMLText.escaped(metric.rawValue))</text>\n"
    guard !rows.isEmpty else {
      return svg + "<text x=\"4\" y=\"40\" font-size=\"11\">no values</text>\n</svg></div>\n"
    }
    var low = rows.map { $0.1.minimum! }.min()!, high = rows.map { $0.1.maximum! }.max()!
    if metric.goal == .zero { low = min(low, 0); high = max(high, 0) }
    if high - low < 1e-9 { low -= 1; high += 1 }
    let plotLeft = left + 120, plotWidth = width - plotLeft - 8
    func x(_ v: Double) -> String { Self.number(plotLeft + (v - low) / (high - low) * plotWidth) }
    if metric.goal == .zero {
      svg += "<line x1=\"\(x(0))\" y1=\"\(Int(top - 4))\" x2=\"\(x(0))\" y2=\"\(Self.number(height - 20))\" stroke=\"#999\" stroke-dasharray=\"2,2\"/>\n"
    }
    for (k, (name, s)) in rows.enumerated() {
      let y = top + Double(k) * rowHeight
      let mid = Self.number(y + rowHeight / 2)
      svg += "<g class=\"box\" data-strategy=\"\(XMLText.escaped(name))\">"
      svg += "<text x=\"\(Int(left))\" y=\"\(Self.number(y + 11))\" font-size=\"9\" font-family=\"monospace\">\(XMLText.escaped(labels[name] ?? name))</text>"
      svg += "<line x1=\"\(x(s.minimum!))\" y1=\"\(mid)\" x2=\"\(x(s.maximum!))\" y2=\"\(mid)\" stroke=\"#555\"/>"
      svg += "<rect x=\"\(x(s.q1!))\" y=\"\(Self.number(y + 3))\" width=\"\(Self.number(max(0.5, (s.q3! - s.q1!) / (high - low) * plotWidth)))\" height=\"\(Self.number(rowHeight - 6))\" fill=\"#9cc3e6\" stroke=\"#335\"/>"
      svg += "<line x1=\"\(x(s.median!))\" y1=\"\(Self.number(y + 2))\" x2=\"\(x(s.median!))\" y2=\"\(Self.number(y + rowHeight - 2))\" stroke=\"#000\" stroke-width=\"2\"/>"
      svg += "</g>\n"
    }
    let axisY = Self.number(height - 6)
    svg += "<text x=\"\(Self.number(plotLeft))\" y=\"\(axisY)\" font-size=\"9\">\(XMLText.escaped(NumberText.fixed(low, decimals: metric.decimals)))</text>"
    svg += "<text x=\"\(Self.number(plotLeft + plotWidth))\" y=\"\(axisY)\" font-size=\"9\" text-anchor=\"end\">\(XMLText.escaped(NumberText.fixed(high, decimals: metric.decimals)))</text>\n"
    return svg + "</svg></div>\n"
  }

  // MARK: - Maps and pace

  /// Speeds mapped to colours: half the true mean moving speed and below red, the mean yellow, 1.5 times
  /// and above green.
  private func speedRange(_ illustration: ScenarioIllustration) -> (slow: Double, fast: Double) {
    let paces = illustration.truePace.map { $0[1] }
    let mean = paces.isEmpty ? 1 : paces.map { 1000 / $0 }.reduce(0, +) / Double(paces.count)
    let meanSpeed = mean.isFinite && mean > 0 ? mean : 1
    return (0.5 * meanSpeed, 1.5 * meanSpeed)
  }

  private func speedLegend(_ illustration: ScenarioIllustration) -> String {
    let range = speedRange(illustration)
    return "Maps: grey the true path; the recorded track red at \(RunFormat.pace(secondsPerKilometer: 1000 / range.slow)) or slower, "
      + "yellow at the true mean \(RunFormat.pace(secondsPerKilometer: 2000 / (range.slow + range.fast))), green at "
      + "\(RunFormat.pace(secondsPerKilometer: 1000 / range.fast)) or faster; black rings: true checkpoints, red dots: the app's pins. "
      + "Pace plots: black the true pace, blue what the app shows (faster is up)."
  }

  /// Red (0, #d73027) → yellow (0.5, #e6be00) → green (1, #1a9850), linear between them.
  public static func colour(_ fraction: Double) -> String {
    let f = min(max(fraction, 0), 1)
    let red = (215.0, 48.0, 39.0), yellow = (230.0, 190.0, 0.0), green = (26.0, 152.0, 80.0)
    let (a, b, t) = f < 0.5 ? (red, yellow, f * 2) : (yellow, green, (f - 0.5) * 2)
    func hex(_ x: Double, _ y: Double) -> String {
      let v = Int((x + (y - x) * t).rounded())
      return (v < 16 ? "0" : "") + String(v, radix: 16)
    }
    return "#" + hex(a.0, b.0) + hex(a.1, b.1) + hex(a.2, b.2)
  }

  private func card(_ strategy: StrategyIllustration, _ illustration: ScenarioIllustration) -> String {
    "<div class=\"card\" data-strategy=\"\(XMLText.escaped(strategy.strategy))\"><h4>\(XMLText.escaped(strategy.strategy))</h4>\n"
      + map(strategy, illustration) + pacePlot(strategy, illustration) + "</div>\n"
  }

  private func map(_ strategy: StrategyIllustration, _ illustration: ScenarioIllustration) -> String {
    let size = 320.0, margin = 10.0
    let east = illustration.truth.map { $0[0] }, north = illustration.truth.map { $0[1] }
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
    let bar = gridStep * scale
    svg += "<path d=\"M10,\(Int(size - 10))h\(Self.number(bar))\" stroke=\"#333\" stroke-width=\"2\"/>"
    svg += "<text x=\"10\" y=\"\(Int(size - 14))\" font-size=\"10\">\(NumberText.fixed(gridStep, decimals: 0)) m</text>\n"
    return svg + "</svg>\n"
  }

  private func pacePlot(_ strategy: StrategyIllustration, _ illustration: ScenarioIllustration) -> String {
    let width = 320.0, height = 140.0, left = 40.0, bottom = 18.0, top = 6.0
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
    svg += "<text x=\"2\" y=\"\(Int(top + 9))\" font-size=\"9\">\(XMLText.escaped(RunFormat.pace(secondsPerKilometer: fast)))</text>"
    svg += "<text x=\"2\" y=\"\(Int(height - bottom))\" font-size=\"9\">\(XMLText.escaped(RunFormat.pace(secondsPerKilometer: slow)))</text>"
    svg += "<text x=\"\(Int(left))\" y=\"\(Int(height - 4))\" font-size=\"9\">0:00</text>"
    svg += "<text x=\"\(Int(width - 4))\" y=\"\(Int(height - 4))\" font-size=\"9\" text-anchor=\"end\">\(XMLText.escaped(RunFormat.clock(seconds: duration)))</text>\n"
    return svg + "</svg>\n"
  }

  // MARK: - Text

  /// Coordinates with one decimal, no locale.
  static func number(_ value: Double) -> String { NumberText.fixed(value, decimals: 1) }
}
