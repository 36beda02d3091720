import Testing

import Reporting

/// How reports name a process strategy: by its `name:`, else by its program's file name, with its own
/// parameters, never the whole command; other strategies as written.
@Suite struct StrategyLabelsTests {
  @Test func aNamedProcessIsItsNameWithItsParameters() {
    #expect(StrategyLabels.shown(#"process(name: my-kalman, cmd: "java -cp build K", q: 0.02)"#) == "my-kalman(q: 0.02)")
    #expect(StrategyLabels.shown(#"process(name: my-kalman, cmd: "java -cp build K", format: binary, timeout: 5)"#) == "my-kalman")
    #expect(StrategyLabels.shown(#"speed-gate | process(name: k, cmd: "a | b, c", q: 1)"#) == "speed-gate | k(q: 1)")
    #expect(StrategyLabels.shown("kalman(q: 0.5)") == "kalman(q: 0.5)")
  }

  @Test func anUnnamedProcessIsItsProgramsFileName() {
    let cases = [
      (#"process(cmd: "python3 examples/python/alpha_beta.py", alpha: 0.3)"#, "process:alpha_beta.py(alpha: 0.3)"),
      (#"process(cmd: "java -cp build MyFilter")"#, "process:MyFilter"),
      (#"process(cmd: "java -jar build/libs/filter.jar --fast")"#, "process:filter.jar"),
      (#"process(cmd: "python3 filter.py --alpha 0.3")"#, "process:filter.py"),
      (#"process(cmd: "./kalman")"#, "process:kalman"),
      (#"process(cmd: "python3 -c \"import sys; print(1)\"")"#, "process:python3"),
    ]
    for (text, label) in cases { #expect(StrategyLabels.shown(text) == label, "\(text)") }
    // However long the command, the label is short.
    let long = "process(cmd: \"" + String(repeating: "x", count: 5_000) + "\")"
    #expect(StrategyLabels.shown(long).count <= "process:".count + 40)
  }

  /// Tables that shorten labels start from the shown texts, and fall back to the full text only when the
  /// shown ones would not tell strategies apart.
  @Test func tablesUseTheShownTextsAndKeepStrategiesApart() {
    let two = [#"process(name: a, cmd: "x.py", q: 1)"#, #"process(name: a, cmd: "x.py", q: 2)"#, "raw"]
    #expect(StrategyLabels.fitted(two) { _ in true } == ["a(q: 1)", "a(q: 2)", "raw"])
    #expect(StrategyLabels.names(two) == ["a(q: 1)", "a(q: 2)", "raw"])
    // The same name for two different commands: only the full texts tell them apart.
    let clash = [#"process(name: a, cmd: "x.py")"#, #"process(name: a, cmd: "y.py")"#]
    #expect(StrategyLabels.names(clash) == clash)
    #expect(StrategyLabels.fullTextTitle("raw").isEmpty && StrategyLabels.fullTextTitle(two[0]).contains("x.py"))
  }
}
