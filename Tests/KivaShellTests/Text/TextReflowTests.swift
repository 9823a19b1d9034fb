import Testing

@testable import KivaShell

/// Help and lesson text fitted to the width: prose reflowed as paragraphs, two-column
/// lines wrapped under their second column, code and text that fits left alone.
@Suite("Text reflowed to the width")
struct TextReflowTests {
  @Test("a line that fits is left as it is; a word too long stays whole")
  func fits() {
    #expect(TextLayout.wrap("short line", to: 40) == ["short line"])
    #expect(
      TextLayout.wrap(String(repeating: "x", count: 50) + " y", to: 40)
        == [String(repeating: "x", count: 50), "  y"])
  }

  @Test("a two-column line goes on under its second column")
  func secondColumn() {
    #expect(
      TextLayout.wrap("--trace     show every call init(from:) makes on the decoder", to: 40)
        == ["--trace     show every call init(from:)", "            makes on the decoder"])
  }

  @Test("prose that does not fit is reflowed as one paragraph, flush left")
  func paragraph() {
    let lines = [
      "JSON is typed after the model, over several lines",
      "if need be, or read from a file.",
      "--x   a flag",
      "Short.",
    ]
    #expect(
      TextLayout.reflow(lines, to: 40) == [
        "JSON is typed after the model, over", "several lines if need be, or read from a",
        "file.", "--x   a flag", "Short.",
      ])
    // At a width everything fits, the lines stay as written.
    #expect(TextLayout.reflow(lines, to: 60) == lines)
  }

  @Test("a two-column entry continued under its second column is wrapped as one")
  func continuedEntry() {
    let lines = [
      "decoder   which JSON decoder reads loans: fast or",
      "          foundation (JSONDecoder), to compare them",
      "mode      how records print",
      "          (one more line)",
    ]
    #expect(
      TextLayout.reflow(lines, to: 40) == [
        "decoder   which JSON decoder reads", "          loans: fast or foundation",
        "          (JSONDecoder), to compare them", "mode      how records print",
        "          (one more line)",
      ])
    #expect(TextLayout.reflow(lines, to: 80) == lines)
  }

  @Test("help fits 80 columns, apart from examples to copy")
  func helpAt80Columns() throws {
    let sink = CapturingSink()
    let output = Output(sink: sink, width: 80)
    let shell = Shell(session: .withBuiltInData(), output: output)
    for command in CommandRegistry.all {
      try shell.execute(line: "help \(command.spec.name)")
    }
    var examples: Set<String> = []
    for command in CommandRegistry.all {
      for example in command.spec.examples { examples.insert("  " + example) }
    }
    var long: [String] = []
    for line in sink.standard.split(separator: "\n") {
      let text = String(line)
      if DisplayWidth.of(text) > 80, !examples.contains(text) { long.append(text) }
    }
    #expect(long.isEmpty, "\(long)")
  }
}
