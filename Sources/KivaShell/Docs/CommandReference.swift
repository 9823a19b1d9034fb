/// The README's command reference, a Markdown table written from the commands' help
/// texts (a test fails when the README and the help drift apart).
public enum CommandReference {
  /// Marks the start of the generated table in README.md.
  public static let beginMarker = "<!-- commands: generated from the help texts; do not edit -->"
  /// Marks its end.
  public static let endMarker = "<!-- end of commands -->"

  /// The table, between its markers.
  public static func markdown() -> String {
    var lines = [beginMarker, "", "| command | what it does |", "| --- | --- |"]
    for command in CommandRegistry.all {
      let spec = command.spec
      var text = spec.summary
      if !spec.aliases.isEmpty {
        text += " (" + spec.aliases.map { "`\($0)`" }.joined(separator: ", ") + ")"
      }
      lines.append("| `\(cell(spec.usage))` | \(cell(text)) |")
    }
    lines += ["", endMarker]
    return lines.joined(separator: "\n")
  }

  /// `document` with the text between the markers replaced by the table; nil when the
  /// markers are missing.
  public static func updating(_ document: String) -> String? {
    guard let begin = document.range(of: beginMarker),
      let end = document.range(of: endMarker, range: begin.upperBound..<document.endIndex)
    else { return nil }
    return document.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: markdown())
  }

  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }
}
