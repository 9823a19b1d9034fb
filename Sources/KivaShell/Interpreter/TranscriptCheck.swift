import Foundation

/// `kivash --check FILE [--update]`: replays a transcript's commands in a fresh session
/// (in memory, nothing saved, no history) and compares the output with the recording.
public enum TranscriptCheck {
  /// Checks (or updates) each transcript in turn; the exit status is the worst of theirs.
  /// After more than one, a last line counts them and names those that failed.
  public static func run(paths: [String], update: Bool, sink: TextSink) -> Int32 {
    guard paths.count > 1 else {
      return paths.first.map { run(path: $0, update: update, sink: sink) } ?? 0
    }
    var worst: Int32 = 0
    var failed: [String] = []
    for path in paths {
      let status = run(path: path, update: update, sink: sink)
      if status != 0 { failed.append(path) }
      worst = max(worst, status)
    }
    let report = Output(sink: sink)
    let passed = paths.count - failed.count
    let what = update ? "updated" : "as recorded"
    if failed.isEmpty {
      report.line("\(paths.count) transcripts, all \(what)")
    } else {
      report.error(
        "\(failed.count) of \(paths.count) transcripts failed: "
          + failed.map { "'\($0)'" }.joined(separator: ", ") + " (\(passed) \(what))")
    }
    return worst
  }

  /// Replays the transcript at `path`; returns the exit status: 0 when the output is
  /// as recorded (or `update` rewrote the file), 1 when it differs (a unified diff is
  /// printed) or the file cannot be read, 2 when it is not a transcript.
  public static func run(path: String, update: Bool, sink: TextSink) -> Int32 {
    let report = Output(sink: sink)
    let text: String
    do {
      text = String(decoding: try LocalFile.read(path), as: UTF8.self)
    } catch {
      report.error(error.message)
      return 1
    }
    guard let transcript = Transcript(parsing: text) else {
      report.error(
        "'\(path)' is not a kivash transcript (it should start with '\(Transcript.marker)') "
          + "— make one with 'kivash --record FILE'")
      return 2
    }
    if let line = transcript.badWidthLine {
      let limits = Output.widthLimits
      report.error(
        "'\(path)': '\(line)' is no width — a number of columns from \(limits.lowerBound) "
          + "to \(limits.upperBound)")
      return 2
    }
    // Lines but no command: nothing would be checked, and --update would keep none.
    guard transcript.body.isEmpty || !transcript.commands.isEmpty else {
      report.error(
        "'\(path)' holds no command to replay: no line starts with a prompt such as "
          + "'loans> ' — was it edited by hand?")
      return 2
    }
    let replayed: Transcript
    do {
      replayed = try replayInItsDirectory(transcript, from: path)
    } catch {
      report.error("'\(path)': \(error.message)")
      return 2
    }
    if update {
      do {
        try WholeFileWriter.write(Data(replayed.text.utf8), to: LocalFile.expand(path))
      } catch {
        report.error("cannot write '\(path)': \(error.reason)")
        return 1
      }
      let unchanged = replayed.text == text
      report.line("\(path): \(unchanged ? "unchanged" : "updated") (\(Self.commands(transcript)))")
      return 0
    }
    // Compared without carriage returns at line ends: a transcript whose line ends became
    // CR LF (an editor, git's autocrlf), or whose CSV rows lost theirs (eol=lf), still
    // checks; `--update` keeps the file's line ends.
    let expected = transcript.comparedBody.map { $0 + "\n" }.joined()
    let actual = replayed.comparedBody.map { $0 + "\n" }.joined()
    guard
      let diff = UnifiedDiff.text(
        expected: expected, actual: actual, expectedName: "\(path) (recorded)",
        actualName: "\(path) (replayed)", firstLine: transcript.bodyLineOffset + 1)
    else {
      report.line("\(path): \(Self.commands(transcript)), output as recorded")
      return 0
    }
    sink.write(diff, to: .standard)
    report.error("'\(path)': the output differs from the recording (see the diff above)")
    return 1
  }

  private static func commands(_ transcript: Transcript) -> String {
    let count = transcript.enteredCount
    return count == 1 ? "1 command" : "\(count) commands"
  }

  /// What the error of a command that would write over its own transcript calls the file:
  /// the same words under `--record` and `--check`, so that a transcript that recorded
  /// the error replays as recorded.
  static let protectedRole = "the transcript of these commands"

  /// `replay`, in the folder the transcript names (`# directory:`, from its own folder),
  /// and back in this one after.
  private static func replayInItsDirectory(_ transcript: Transcript, from path: String)
    throws(UsageError) -> Transcript
  {
    let absolute = URL(fileURLWithPath: LocalFile.expand(path)).standardizedFileURL
    guard let directory = transcript.directory else {
      return try replay(transcript, from: absolute.path)
    }
    let folder = absolute.deletingLastPathComponent().appendingPathComponent(directory)
      .standardizedFileURL.path
    let files = FileManager.default
    let previous = files.currentDirectoryPath
    guard files.changeCurrentDirectoryPath(folder) else {
      throw UsageError(
        "its commands ran in '\(directory)' from its folder ('# directory:'), and there is no "
          + "folder '\(folder)' to replay them in")
    }
    defer { _ = files.changeCurrentDirectoryPath(previous) }
    return try replay(transcript, from: absolute.path)
  }

  /// The transcript the commands of `transcript` (read from `path`) give today.
  static func replay(_ transcript: Transcript, from path: String? = nil) throws(UsageError)
    -> Transcript
  {
    let options = try LaunchOptions.parse(transcript.arguments)
    // Kept as `--record` keeps it: commands apart from output, which is escaped alike.
    let capture = TranscriptRecorder(passingTo: CapturingSink())
    capture.start()
    let output = Output(sink: capture, width: transcript.width)
    output.recorder = capture
    output.mode = options.mode
    var session = Session.withBuiltInData()
    session.settings.decoder = options.decoder
    let atPrompt = transcript.source == nil || transcript.source == Transcript.promptSource
    let shell = Shell(
      session: session, output: output,
      options: Shell.Options(
        interactive: atPrompt, echo: true, keepGoing: options.keepGoing,
        sourceName: atPrompt || transcript.source == Transcript.unnamedSource
          ? nil : transcript.source),
      store: MemoryUserDataStore())
    // A command of the transcript may not write over it (an 'export' recorded into it).
    if let path {
      shell.protectedFiles.add(LocalFile.expand(path), as: protectedRole)
    }
    _ = shell.run(reader: ArrayLineReader(transcript.commands))
    output.flush()
    let lines = capture.lines
    var replayed = Transcript(
      arguments: transcript.arguments, source: transcript.source,
      directory: transcript.directory, width: transcript.width, body: lines)
    replayed.endsLinesWithCRLF = transcript.endsLinesWithCRLF
    return replayed
  }
}
