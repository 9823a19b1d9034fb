import Foundation

/// A sink that passes everything on and, once started, also keeps it for a transcript
/// (`kivash --record FILE`): without colour codes, without the progress line.
public final class TranscriptRecorder: TextSink {
  private let next: TextSink
  private var recording = false
  private var text = ""
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
    text += line + "\n"
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
    text += Self.withoutColor(kept)
  }

  /// Keeps `shown`, which went to the terminal some other way (through the pager).
  public func keep(_ shown: String) {
    guard recording else { return }
    text += Self.withoutColor(shown)
  }

  public func flush() {
    next.flush()
  }

  public func discardBuffered() {
    next.discardBuffered()
  }

  /// What was kept, as transcript lines.
  public var lines: [String] {
    TextLines.split(text)
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
