/// A recorded session: a header saying how to replay it, then the commands as the
/// prompt showed them (`loans[<$500]> count`) and their output, stdout and stderr in
/// the order written. `kivash --record FILE` writes one; `kivash --check FILE` replays
/// the commands and compares the output.
///
///     # kivash transcript: check with 'kivash --check FILE'
///     # args: --keep-going
///     # source: demo.kiva
///     # directory: .
///     # width: 100
///     loans> filter max 500
///     showing 5 of 20 loans below $500
public struct Transcript: Equatable, Sendable {
  /// The first line of every transcript.
  public static let marker = "# kivash transcript"

  /// Options of the run that change its output: `--keep-going`, `--json`, `--decoder …`.
  public var arguments: [String] = []
  /// The script's name as errors show it (`unnamedSource` for `-c`); nil for a
  /// session at the prompt.
  public var source: String?
  /// Where the commands ran, relative to the transcript's own folder (`.`, `..`):
  /// `--check` replays there, so that relative paths (`fetch data/x.json`) mean what they
  /// meant wherever it is run from. Nil in a transcript from before it was kept: those
  /// replay in the folder `--check` runs in.
  public var directory: String?
  /// The width the output was fitted to.
  public var width = 100
  /// The lines after the header.
  public var body: [String] = []
  /// How many lines of the file come before the body (its header), so that a diff of
  /// bodies can number lines as the file does.
  public var bodyLineOffset = 0
  /// A `# width:` line whose value is no width (`# width: abc`), as written; nil when
  /// the header is sound.
  public var badWidthLine: String?
  /// Whether the file's line ends are CR LF (see `CRLFText`): its lines are read without
  /// their carriage returns, compared so, and written back with CR LF.
  public var endsLinesWithCRLF = false

  /// Creates a transcript.
  public init(
    arguments: [String] = [], source: String? = nil, directory: String? = nil, width: Int = 100,
    body: [String] = []
  ) {
    self.arguments = arguments
    self.source = source
    self.directory = directory
    self.width = width
    self.body = body
  }

  /// Reads a transcript; nil when `text` does not start with the marker.
  public init?(parsing text: String) {
    endsLinesWithCRLF = CRLFText.isConverted(text)
    var lines = TextLines.split(text)
    if endsLinesWithCRLF { lines = lines.map(CRLFText.withoutCarriageReturns) }
    guard let first = lines.first, first.hasPrefix(Self.marker) else { return nil }
    var index = 1
    while index < lines.count, lines[index].hasPrefix("# "), Self.command(in: lines[index]) == nil {
      let line = lines[index].dropFirst(2)
      if line.hasPrefix("args:") {
        arguments = line.dropFirst("args:".count).split(separator: " ").map(String.init)
      } else if line.hasPrefix("source:") {
        source = line.dropFirst("source:".count).trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("directory:") {
        directory = line.dropFirst("directory:".count).trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("width:") {
        let value = Int(line.dropFirst("width:".count).trimmingCharacters(in: .whitespaces))
        if let value, Output.widthLimits.contains(value) {
          width = value
        } else {
          badWidthLine = lines[index]
        }
      }
      index += 1
    }
    body = Array(lines[index...])
    bodyLineOffset = index
  }

  /// The header lines.
  public var header: [String] {
    var lines = ["\(Self.marker): check with 'kivash --check FILE'"]
    if !arguments.isEmpty { lines.append("# args: " + arguments.joined(separator: " ")) }
    lines.append("# source: " + (source ?? Self.promptSource))
    if let directory { lines.append("# directory: " + directory) }
    lines.append("# width: \(width)")
    return lines
  }

  /// What `source:` says of a session at the prompt.
  static let promptSource = "the prompt"
  /// What `source:` says of commands given with `-c`, whose errors name no file.
  public static let unnamedSource = "-c"

  /// The whole text, as written to the file.
  public var text: String {
    guard endsLinesWithCRLF else { return (header + body).map { $0 + "\n" }.joined() }
    return (header + body).map { CRLFText.withoutCarriageReturns($0) + "\r\n" }.joined()
  }

  /// The body as compared with a replay: without carriage returns at line ends, which a
  /// file's conversion adds (CR LF) or takes away (a CSV row's own, under git's eol=lf).
  var comparedBody: [String] {
    body.map(CRLFText.withoutCarriageReturns)
  }

  /// The commands, in order: the body's lines that start with a prompt.
  public var commands: [String] {
    body.compactMap(Self.command(in:))
  }

  /// How many commands were entered: lines at the main prompt (a command continued on
  /// `...> ` lines counts once).
  public var enteredCount: Int {
    body.count { Self.command(in: $0) != nil && !$0.hasPrefix(Shell.continuationPrompt) }
  }

  /// What starts an output line that would otherwise read as a command.
  static let outputEscape = "\\"

  /// `line` of output as a transcript keeps it: escaped when it would read as a command
  /// or starts with the escape itself.
  static func escapedOutput(_ line: String) -> String {
    line.hasPrefix(outputEscape) || command(in: line) != nil ? outputEscape + line : line
  }

  /// The command on `line` if it starts with a prompt (`loans> `, `loans[<$500]> `,
  /// `...> `), else nil.
  static func command(in line: String) -> String? {
    if line.hasPrefix(Shell.continuationPrompt) {
      return String(line.dropFirst(Shell.continuationPrompt.count))
    }
    for kind in CollectionKind.allCases where line.hasPrefix(kind.rawValue) {
      var rest = line.dropFirst(kind.rawValue.count)
      if rest.hasPrefix("["), let close = rest.range(of: "]> ") {
        rest = rest[close.upperBound...]
        return String(rest)
      }
      if rest.hasPrefix("> ") { return String(rest.dropFirst(2)) }
    }
    return nil
  }
}
