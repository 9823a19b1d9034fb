extension Shell {
  /// Runs the script at `path` in `session`. The first failing line stops it, except with
  /// `--keep-going` in a script, where each failure is reported as it happens (naming the
  /// file and line) and the script goes on; the `source` then fails once at its end, so
  /// that the run still exits 1.
  func source(_ path: String, into session: inout Session) throws(ShellError) {
    guard sourceDepth < Self.maxSourceDepth else {
      throw ShellError(.sourceNestedTooDeep(path: path, limit: Self.maxSourceDepth))
    }
    let data = try LocalFile.readScript(path)
    sourceDepth += 1
    // While it runs, no command may write over it, as over the script kivash was given.
    let protectedBefore = protectedFiles
    protectedFiles.add(LocalFile.expand(path), as: "a script being run")
    defer {
      sourceDepth -= 1
      protectedFiles = protectedBefore
    }
    let goesOn = options.keepGoing && !options.interactive
    // Read as a script kivash is given is: a `{…}` block over several lines is one command.
    let reader = ArrayLineReader(scriptData: data)
    var lineNumber = 0
    var failures = 0
    // A `quit` ends the script as its end does: the failures before it still fail it.
    reading: while !session.wantsToQuit {
      let read = reader.readLine(prompt: "")
      lineNumber += 1
      let startLine = lineNumber
      var command = ""
      do throws(ShellError) {
        switch read {
        case .endOfInput, .interrupted: break reading
        case .rejected(let error): throw error
        case .line(let first):
          command = first
          switch continued(first, reader: reader, lineNumber: &lineNumber, atPrompt: false) {
          case .complete(let text, _):
            command = text
            let outerLine = scriptLine
            scriptLine = { offset in Self.line(at: offset, in: text, startLine: startLine) }
            // Its warnings name its file and line, as its errors do.
            let outerPlace = output.warningPlace
            output.warningPlace = "\(path):\(startLine)"
            defer {
              scriptLine = outerLine
              output.warningPlace = outerPlace
            }
            try execute(line: text, session: &session)
          case .cancelled: throw ShellError(.interrupted)
          case .rejected(let error, _): throw error
          }
        }
      } catch {
        // A failure in a nested script already names the innermost file and line.
        let failure: ShellError
        if case .scriptFailed = error.kind {
          failure = error
        } else {
          // Its notes (a JSON excerpt, a fix) go with it, as for a line of the main script.
          failure = ShellError(
            .scriptFailed(
              path: path, line: Self.line(of: error, in: command, startLine: startLine),
              ShellErrorBox(error)), notes: error.notes)
        }
        guard goesOn, !error.isInterruption, let reportFailure else { throw failure }
        // A nested script that went on past its failures reported each already.
        if !Self.reportsFailuresReported(error) { reportFailure(failure) }
        failures += 1
      }
    }
    if failures > 0 { throw ShellError(.scriptHadFailures(path: path, count: failures)) }
  }

  /// Whether `error` only says that a sourced script's failures were reported.
  private static func reportsFailuresReported(_ error: ShellError) -> Bool {
    switch error.kind {
    case .scriptHadFailures: true
    case .scriptFailed(_, _, let inner): reportsFailuresReported(inner.error)
    default: false
    }
  }
}
