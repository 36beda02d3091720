import Testing
import TrackCore

/// The one sanitiser of text on its way to a terminal, and the lexical path helpers that replace
/// Foundation's (which trap on a one-character path on Linux).
@Suite struct TerminalTextTests {
  @Test func controlCharactersBecomeVisibleEscapes() {
    #expect(TerminalText.escaped("a\u{1B}]0;title\u{7}b") == "a\\u{1b}]0;title\\u{7}b")
    #expect(TerminalText.escaped("one\ntwo\rthree\tfour") == "one\\ntwo\\rthree\\tfour")
    #expect(TerminalText.escaped("c1\u{9B}2J del\u{7F} nul\u{0}") == "c1\\u{9b}2J del\\u{7f} nul\\u{0}")
    #expect(TerminalText.escaped("bidi\u{202E}txt.exe\u{2066}") == "bidi\\u{202e}txt.exe\\u{2066}")
    #expect(TerminalText.escaped("plain: ünïcode 5:30 /km") == "plain: ünïcode 5:30 /km")
  }

  @Test func aDocumentKeepsItsLinesAndOnlyItsOwnColours() {
    #expect(TerminalText.document("a\nb\r\nc\td") == "a\nb\r\nc\td")
    #expect(TerminalText.document("a\rb") == "a\\rb")
    let coloured = "\u{1B}[1;32mbest\u{1B}[0m \u{1B}[2mn/a\u{1B}[0m"
    #expect(TerminalText.document(coloured, styled: true) == coloured)
    #expect(TerminalText.document(coloured) == "\\u{1b}[1;32mbest\\u{1b}[0m \\u{1b}[2mn/a\\u{1b}[0m")
    #expect(TerminalText.document("\u{1B}[2J\u{1B}]0;x\u{7}", styled: true) == "\\u{1b}[2J\\u{1b}]0;x\\u{7}")
  }

  /// The check that lets a document through untouched, at the edges of every control range: controls
  /// and their neighbours (in UTF-8 they share a lead byte: 0xC2; 0xE2 0x80 and 0xE2 0x81).
  @Test func aDocumentIsLeftAsItIsExactlyWhenNoCharacterInItIsEscaped() throws {
    let controls: [UInt32] = [0x0, 0x1B, 0x1F, 0x7F, 0x80, 0x9F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069]
    let neighbours: [UInt32] = [0x20, 0x7E, 0xA0, 0xB7, 0xFF, 0x2014, 0x2027, 0x202F, 0x2065, 0x206A, 0x2248, 0x1F3C3]
    for value in controls + neighbours {
      let scalar = try #require(Unicode.Scalar(value))
      for text in ["\(scalar)", "a\n\(scalar)", "\(scalar)\r\nb", "a\(scalar)\(scalar)b"] {
        let shown = TerminalText.document(text)
        if controls.contains(value) {
          #expect(shown.contains("\\u{\(String(value, radix: 16))}"), "U+\(String(value, radix: 16)) in \(shown.debugDescription)")
        } else {
          #expect(shown == text, "U+\(String(value, radix: 16))")
        }
      }
    }
    let lines = String(repeating: "{\"name\": \"park-loop — 5:30 /km ≈ 2.2 m/s\"},\n", count: 10_000)
    #expect(TerminalText.document(lines) == lines)
    #expect(TerminalText.document(lines + "\u{85}") == lines + "\\u{85}")
  }

  @Test func pathsAreTakenApartLexically() {
    #expect(RelativePath.parent(of: "a") == nil)
    #expect(RelativePath.parent(of: "-") == nil)
    #expect(RelativePath.parent(of: "a/b") == "a")
    #expect(RelativePath.parent(of: "a/b/c") == "a/b")
    #expect(RelativePath.parent(of: "a//b/") == "a")
    #expect(RelativePath.parent(of: "/a") == "/")
    #expect(RelativePath.parent(of: "/") == nil)
    #expect(RelativePath.parent(of: "") == nil)
    #expect(RelativePath.folder(of: "x") == ".")
    #expect(RelativePath.folder(of: "b/x.jsonl") == "b")
    #expect(RelativePath.lastName(of: "a/b/") == "b")
    #expect(RelativePath.lastName(of: "/") == nil)
  }
}
