import Foundation
import Testing

@testable import KivaShell

/// A file may hold control characters in any string: they are printed as spaces, never
/// as themselves (an escape would redraw the user's terminal), wherever data is shown.
@Suite("control characters in the data")
struct ControlCharacterTests {
  /// A loan whose name, use and country carry an escape sequence, a tab, a C1 control
  /// and line breaks.
  static func file(in directory: TemporaryDirectory) throws -> String {
    let loan =
      #"{"id":7,"name":"X\tTab\u001b[31mRED","use":"line one\nline\u009btwo","#
      + #""loan_amount":100,"sector":"Food","activity":"a","status":"funded","#
      + #""location":{"country":"Ke\u001bnya","geo":{"pairs":"1 38"}}}"#
    let url = directory.file("controls.json")
    try Data(#"{"loans":[\#(loan)]}"#.utf8).write(to: url)
    return url.path
  }

  @Test("show, lines mode, fav, map and stats by print no control character")
  func neverPrinted() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.file(in: directory)
    let run = try BinaryRun.run([
      "--no-persist", "-k", "-c",
      "fetch \(file); show 1; fav 1; map; stats by country; suggest; filter country kenyaa; "
        + "set mode lines; show 1",
    ])
    #expect(run.status == 1, "\(run.output)")
    let controls = run.output.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
    #expect(controls.isEmpty, "\(run.output.debugDescription)")
    let lines = run.output.split(separator: "\n").map(String.init)
    // `show` keeps the data's own line break, as a break.
    #expect(lines.contains("X Tab [31mRED"))
    #expect(lines.contains("  use         line one"))
    #expect(lines.contains("              line two"))
    #expect(lines.contains("  country     Ke nya"))
    #expect(lines.contains("★ X Tab [31mRED (Ke nya, $100) is now a favourite"))
    #expect(lines.contains("popular: Ke nya · Food"))
    #expect(lines.contains("error: no loans with country 'kenyaa' — did you mean 'Ke nya'?"))
    // Lines mode keeps one line per field.
    #expect(lines.contains("          use = line one line two"))
  }

  @Test("printable turns controls into spaces, and keeps line breaks when asked")
  func printable() {
    #expect(TextLayout.printable("a\u{1B}[2Jb\tc\r\n") == "a [2Jb c  ")
    #expect(TextLayout.printable("a\r\nb\u{85}", keepingLineBreaks: true) == "a \nb ")
    #expect(TextLayout.printable("plain, é 東 😀") == "plain, é 東 😀")
  }
}
