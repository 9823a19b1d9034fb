/// The one place output is rendered: it knows whether it writes to a terminal
/// (colour, width) or to a script's pipe (plain, stable text).
public final class Output {
  /// Where the text goes.
  public let sink: TextSink
  /// Whether stdout is a terminal (an interactive session).
  public let isTerminal: Bool
  /// Whether to colour the output (`set color`).
  public var useColor: Bool
  /// Whether colour is on when `set color auto`: at a terminal, unless NO_COLOR.
  public var automaticColor = false
  /// How colour was asked for (`--color`, `set color`), as `set` shows it.
  public var colorChoice = "auto"
  /// How wide lines may be, in columns (`set width`), within `widthLimits`.
  public var width: Int {
    didSet { width = Self.fitted(width) }
  }
  /// The narrowest and widest output: below 40 columns nothing fits; the widest is far
  /// beyond any terminal, and keeps a transcript's `# width:` line (a file may say
  /// anything) from asking tables for a line of billions of columns.
  public static let widthLimits = 40...10_000

  /// `width` brought within `widthLimits`.
  static func fitted(_ width: Int) -> Int {
    min(max(width, widthLimits.lowerBound), widthLimits.upperBound)
  }
  /// The width `set width auto` goes back to: the terminal's, or 100 for a pipe.
  public var automaticWidth = 100
  /// Whether the width follows the terminal's (until `set width N`).
  public var widthIsAutomatic = true
  /// The terminal's size now, at a terminal: asked before each prompt, so a resized
  /// window gets lists that fit.
  public var terminalSize: (() -> (columns: Int, rows: Int))?
  /// The width of the terminal standard error is on, where the progress line goes (not
  /// always the one standard output is on: `kivash -c 'fetch --live' | jq`).
  public var progressColumns: (() -> Int)?
  /// How many lines the terminal shows; longer lists go through the pager.
  public var height = 24
  /// The pager for long lists at a terminal (see `Pager`); nil for none.
  public var pager: String?
  /// The program `$PAGER` names when it is not installed: said once, at the first list
  /// that would have gone through it, which then goes to the terminal.
  public var missingPager: String?
  /// Whether stderr is a terminal, where a progress line may be drawn and redrawn.
  public let showsProgress: Bool
  /// How records are printed; in a machine-readable mode, standard output carries only
  /// data (`data(_:)`), and what `line(_:)` says goes to standard error.
  public var mode = OutputMode.table
  /// Whether ordinary output and data are dropped (the init script's); errors and
  /// warnings still show.
  public var quiet = false
  /// The transcript being recorded (`kivash --record`), which keeps what a pipe would
  /// show: without a terminal's extras, with what went through the pager.
  public var recorder: TranscriptRecorder?

  /// Creates an output. Pipes get a fixed width so that output is the same everywhere.
  public init(
    sink: TextSink, isTerminal: Bool = false, useColor: Bool = false, width: Int = 100,
    showsProgress: Bool = false
  ) {
    self.sink = sink
    self.isTerminal = isTerminal
    self.useColor = useColor
    self.width = Self.fitted(width)
    automaticWidth = Self.fitted(width)
    self.showsProgress = showsProgress
  }

  /// Draws `text` as the progress line on stderr, over the previous one (terminals only).
  /// The line is clipped to the terminal's own width, even one narrower than the 40
  /// columns output keeps to: a progress line that wrapped would scroll at each redraw.
  public func progress(_ text: String) {
    guard showsProgress else { return }
    let columns = progressColumns?() ?? width
    sink.write("\r" + TextLayout.clip(text, to: max(1, columns - 1)) + "\u{1B}[K", to: .error)
  }

  /// Clears the progress line.
  public func endProgress() {
    guard showsProgress else { return }
    sink.write("\r\u{1B}[K", to: .error)
  }

  /// The lines `paging(_:)` holds back until the command ends; nil when none.
  private var heldLines: [String]?

  /// Runs `body`, whose lines are shown at its end through the pager when they would not
  /// fit on the screen, as `page(_:)` shows a list (help, a lesson); printed as they come
  /// where nothing would be paged (a pipe, json or csv mode, no pager).
  public func paging(_ body: () throws(ShellError) -> Void) throws(ShellError) {
    guard isTerminal, pager != nil, !mode.isMachineReadable, heldLines == nil, !quiet else {
      return try body()
    }
    heldLines = []
    do {
      try body()
    } catch {
      // Ctrl-C: what the command had not shown yet is not shown after the ^C.
      if error.isInterruption { heldLines = nil } else { releaseHeldLines() }
      throw error
    }
    releaseHeldLines()
  }

  private func releaseHeldLines() {
    let lines = heldLines ?? []
    heldLines = nil
    page(lines)
  }

  /// Prints one line of ordinary output: a message, or data in table and lines modes.
  public func line(_ text: String = "") {
    guard !quiet else { return }
    if heldLines != nil {
      heldLines?.append(text)
      return
    }
    sink.write(text + "\n", to: mode.isMachineReadable ? .error : .standard)
  }

  /// Prints a command line as it is echoed (`--echo`, a replay): a transcript being
  /// recorded keeps it as a command, not as output.
  public func echo(_ line: String) {
    guard !quiet else { return }
    let stream: OutputStream = mode.isMachineReadable ? .error : .standard
    if let recorder {
      recorder.writeCommand(line, to: stream)
    } else {
      sink.write(line + "\n", to: stream)
    }
  }

  /// Prints one line of ordinary output: `text`, or on a terminal `onTerminal`, which
  /// says more (a transcript recorded at a terminal keeps `text`, as a pipe shows it).
  public func line(_ text: String, onTerminal: String) {
    guard isTerminal else { return line(text) }
    guard !quiet else { return }
    let stream: OutputStream = mode.isMachineReadable ? .error : .standard
    write(onTerminal + "\n", to: stream, keeping: text + "\n")
  }

  /// Writes `shown`; a transcript being recorded keeps `kept` in its place.
  private func write(_ shown: String, to stream: OutputStream, keeping kept: String) {
    if let recorder {
      recorder.write(shown, to: stream, keeping: kept)
    } else {
      sink.write(shown, to: stream)
    }
  }

  /// Prints lines of help or lesson text fitted to the width (see `TextLayout.reflow`).
  public func reflowedLines(_ lines: [String]) {
    for piece in TextLayout.reflow(lines, to: width) { line(piece) }
  }

  /// Follows the terminal's size, if it changed (a resized window).
  public func followTerminal() {
    guard let size = terminalSize?() else { return }
    automaticWidth = Self.fitted(size.columns)
    height = size.rows
    if widthIsAutomatic { width = automaticWidth }
  }

  /// Prints `lines` of ordinary output, through the pager when they would not fit on
  /// the terminal's screen.
  public func page(_ lines: [String]) {
    try? page(lines, interrupt: .never)
  }

  /// Prints `lines` as `page(_:)` does, and stops on Ctrl-C (`.interrupted`): between two
  /// lines written, or when it ended the pager, as a shell stops a pipeline whose program
  /// Ctrl-C ended. A Ctrl-C the pager took for itself and lived (less stops a search with
  /// it) does not stop the command.
  func page(_ lines: [String], interrupt: InterruptCheck) throws(ShellError) {
    guard !quiet else { return }
    // Lines that would not fit on the screen of a terminal, in a mode for people.
    let wouldPage = isTerminal && !mode.isMachineReadable && lines.count >= height - 1
    if wouldPage, let pager {
      sink.flush()
      let text = lines.map { $0 + "\n" }.joined()
      let outcome = Pager.show(text, command: pager)
      // Asked whatever the outcome: a press the pager took is forgotten with it.
      let pressed = interrupt.isInterrupted()
      switch outcome {
      case .interrupted where pressed:
        throw ShellError(.interrupted)
      case .shown, .interrupted:
        recorder?.keep(text)
        return
      case .notStarted:
        break
      case .failed(let reason):
        // Whatever it showed, the lines are not lost: they follow here.
        warning(
          "the pager '\(pager)' failed (\(reason)); 'PAGER= kivash' turns paging off",
          recorded: false)
      }
    } else if wouldPage, let missing = missingPager {
      missingPager = nil
      warning(
        "the pager '\(missing)' ($PAGER) is not installed; lists are not paged", recorded: false)
    }
    for line in lines {
      try interrupt.check()
      self.line(line)
    }
  }

  /// Prints data — records, a count — on standard output, whatever the mode.
  public func data(_ text: String) {
    guard !quiet else { return }
    if heldLines != nil {
      heldLines?.append(contentsOf: TextLines.split(text))
      return
    }
    sink.write(text, to: .standard)
  }

  /// Where a script's command is running (`demo.kiva:4`), which its warnings name as its
  /// errors do; nil at the prompt.
  public var warningPlace: String?

  /// Prints `warning: …` on stderr, after the script's file and line when one runs;
  /// `recorded: false` keeps it out of a transcript (something only a terminal runs into).
  public func warning(_ text: String, recorded: Bool = true) {
    let place = warningPlace.map { "\($0): " } ?? ""
    diagnostic(
      paint("warning:", .yellow) + " " + place + Self.printable(text), recorded: recorded)
  }

  /// Prints `error: …` on stderr; `recorded: false` keeps it out of a transcript.
  public func error(_ text: String, recorded: Bool = true) {
    diagnostic(paint("error:", .red) + " " + Self.printable(text), recorded: recorded)
  }

  /// A message as it may reach the terminal: it may quote the data (`did you mean …?`)
  /// or what was typed, and neither may print a control character (see
  /// `TextLayout.printable`).
  private static func printable(_ text: String) -> String {
    TextLayout.printable(text, keepingLineBreaks: true)
  }

  /// Prints a line on stderr as it is (e.g. the caret under an error's column);
  /// `recorded: false` keeps it out of a transcript.
  public func diagnostic(_ text: String, recorded: Bool = true) {
    write(text + "\n", to: .error, keeping: recorded ? text + "\n" : "")
  }

  /// Pushes out what is buffered.
  public func flush() {
    sink.flush()
  }

  /// Drops what is buffered and not yet written: Ctrl-C stopped the command that wrote it.
  public func discardPending() {
    sink.discardBuffered()
  }

  /// Terminal colours used by the renderer.
  public enum Color: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case bold = "1"
    case dim = "2"
  }

  /// `text` in `color` when colour is on, else as it is.
  public func paint(_ text: String, _ color: Color) -> String {
    useColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }
}
