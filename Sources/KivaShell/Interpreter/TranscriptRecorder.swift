import Foundation

/// A sink that passes everything on and, once started, also keeps it for a transcript
/// (`kivash --record FILE`): without colour codes, without the progress line.
public final class TranscriptRecorder: TextSink {
  private let next: TextSink
  private var recording = false
  /// What was kept: the output, and the command lines between it.
  private var pieces: [Piece] = []

  private enum Piece {
    case command(String)
    case output(String)
  }
  /// The script's name, as errors show it; nil at the prompt.
  public var source: String?
  /// The width output is fitted to.
  public var width = 100

  /// A recorder in front of `next`.
  public init(passingTo next: TextSink) {
    self.next = next
  }

  /// Keeps what is written from now on.
  public func start() {
    recording = true
  }

  /// Keeps a command line that was not written out (at the prompt, the terminal shows
  /// what was typed): `prompt` followed by the line.
  public func recordCommand(_ line: String) {
    guard recording else { return }
    pieces.append(.command(line))
  }

  /// Writes a command line that is shown (`--echo`, a replay), and keeps it as one.
  public func writeCommand(_ line: String, to stream: OutputStream) {
    next.write(line + "\n", to: stream)
    recordCommand(line)
  }

  public func write(_ text: String, to stream: OutputStream) {
    write(text, to: stream, keeping: text)
  }

  /// Writes `shown` and keeps `kept` instead: what a terminal shows and a pipe would not
  /// (the time a fetch took), so that `--check` of the transcript, on a pipe, agrees.
  public func write(_ shown: String, to stream: OutputStream, keeping kept: String) {
    next.write(shown, to: stream)
    // The progress line redraws itself with a carriage return; it is not output.
    guard recording, !kept.hasPrefix("\r") else { return }
    keepOutput(Self.withoutColor(kept))
  }

  private func keepOutput(_ text: String) {
    if case .output(let before) = pieces.last {
      pieces[pieces.count - 1] = .output(before + text)
    } else {
      pieces.append(.output(text))
    }
  }

  /// Keeps `shown`, which went to the terminal some other way (through the pager).
  public func keep(_ shown: String) {
    guard recording else { return }
    keepOutput(Self.withoutColor(shown))
  }

  public func flush() {
    next.flush()
  }

  public func discardBuffered() {
    next.discardBuffered()
  }

  /// What was kept, as transcript lines: an output line that would read as a command
  /// (data such as a loan named `loans> fav 1`), or that starts with the escape, starts
  /// with a backslash, so that `--check` never runs it.
  public var lines: [String] {
    pieces.flatMap { piece -> [String] in
      switch piece {
      case .command(let line): return [line]
      case .output(let text): return TextLines.split(text).map(Transcript.escapedOutput)
      }
    }
  }

  /// `text` without ANSI colour sequences (ESC [ … m).
  static func withoutColor(_ text: String) -> String {
    guard text.contains("\u{1B}") else { return text }
    var result = ""
    var inSequence = false
    for scalar in text.unicodeScalars {
      if inSequence {
        if scalar == "m" { inSequence = false }
      } else if scalar == "\u{1B}" {
        inSequence = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
