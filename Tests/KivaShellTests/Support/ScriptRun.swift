@testable import KivaShell

/// Lines run through a shell on the built-in data, past errors (as `--keep-going` runs a
/// script): what it printed on each stream, and its exit status.
struct ScriptRun {
  let standard: String
  let error: String
  let status: Int32

  init(_ lines: [String]) {
    let sink = CapturingSink()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: sink),
      options: Shell.Options(keepGoing: true))
    status = shell.run(reader: ArrayLineReader(lines))
    standard = sink.standard
    error = sink.error
  }
}
