import Foundation
import Testing

@testable import KivaShell

#if canImport(Glibc)
  import Glibc
#endif

/// `export` where the file is not an ordinary one: standard output, a pipe, a file with
/// other hard links, a descriptor; and what it says when a write fails.
@Suite("export to where a file is not an ordinary one")
struct ExportCommandTests {
  /// A shell on `count` copies of the sample loans, writing to `sink`.
  private func shell(loans count: Int = 5, sink: CapturingSink = CapturingSink()) -> Shell {
    var session = Session()
    session.loans.load(
      (0..<count).map { SampleLoans.loans[$0 % SampleLoans.loans.count] }, from: "samples")
    return Shell(session: session, output: Output(sink: sink))
  }

  /// The error `line` fails with, if it fails.
  private func error(of line: String, in shell: Shell) -> ShellError? {
    do {
      try shell.execute(line: line)
      return nil
    } catch {
      return error
    }
  }

  private func text(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  @Test("/dev/stdout goes through the shell's output, and the message to its stderr")
  func standardOutput() throws {
    for (line, data) in [
      ("export /dev/stdout --csv", try RecordRendering.csv(SampleLoans.loans)),
      ("export /proc/self/fd/1", try Self.prettyLoans()),
    ] {
      let sink = CapturingSink()
      try shell(sink: sink).execute(line: line)
      let path = line.split(separator: " ")[1]
      let format = line.hasSuffix("--csv") ? "CSV" : "JSON"
      #expect(sink.standard == data)
      #expect(sink.error == "exported 5 loans to '\(path)' (\(format))\n")
    }
  }

  /// The sample loans as `export` writes them in JSON.
  private static func prettyLoans() throws -> String {
    let data = try Streamed.prettyJSON(SampleLoans.loans, underKey: "loans")
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  @Test("an interrupted export leaves a file with another hard link as it was")
  func interruptedHardLink() throws {
    let folder = try TemporaryDirectory()
    try Data("kept\n".utf8).write(to: folder.file("one.json"))
    #expect(link(folder.file("one.json").path, folder.file("two.json").path) == 0)
    let shell = shell(loans: 100)
    shell.isInterrupted = InterruptedListingTests.pressed(after: 50).isInterrupted
    #expect(error(of: "export '\(folder.file("two.json").path)'", in: shell) == .init(.interrupted))
    #expect(try text(folder.file("one.json")) == "kept\n")
    #expect(try text(folder.file("two.json")) == "kept\n")
  }

  @Test("a write that fails stops the export there, not after the last record")
  func stopsAtFailure() throws {
    // Some pieces' worth: /dev/full refuses the first.
    for format in ["--json", "--csv"] {
      let shell = shell(loans: 40_000)
      let loans = shell.session.loans.records
      let firstPiece = try recordsInFirstPiece(loans, csv: format == "--csv")
      #expect(firstPiece < loans.count / 2)
      let checks = InterruptedListingTests.Counter()
      shell.isInterrupted = { checks.count.add(1, ordering: .relaxed).newValue < 0 }
      #expect(
        error(of: "export /dev/full \(format)", in: shell)
          == .init(
            .cannotWrite(
              path: "/dev/full", reason: "no space left on device — nothing was exported")))
      #expect(checks.count.load(ordering: .relaxed) == firstPiece, "\(format)")
    }
  }

  /// How many records are made before the first piece of `loans`, as JSON or CSV, is
  /// handed on to be written.
  private func recordsInFirstPiece(_ loans: [Loan], csv: Bool) throws -> Int {
    let checks = InterruptedListingTests.Counter()
    let interrupt = InterruptCheck { checks.count.add(1, ordering: .relaxed).newValue < 0 }
    let handed = ShellError(.interrupted)
    do {
      if csv {
        try RecordRendering.writeCSV(loans, interrupt: interrupt) { _ throws(ShellError) in
          throw handed
        }
      } else {
        try PrettyJSONArray().write(loans, underKey: "loans", interrupt: interrupt) { _ in
          throw handed
        }
      }
    } catch {}
    return checks.count.load(ordering: .relaxed)
  }

  @Test("a pipe that took part of the export before failing is not said to have nothing")
  func partlyExported() throws {
    let pipe = UnreadPipe()
    #expect(pipe.isReady)
    let path = "/dev/fd/\(pipe.writer)"
    #expect(
      error(of: "export \(path)", in: shell(loans: 1000))
        == .init(
          .cannotWrite(
            path: path, reason: "resource temporarily unavailable — the export stopped part way"))
    )
  }

  @Test("Ctrl-C gives up a write into a pipe whose reader has stopped reading")
  func stalledPipe() throws {
    // A small pipe: it fills at once and the write is cut short, as a signal cuts short
    // a write that waits on a reader.
    let pipe = UnreadPipe(capacity: 4096)
    #expect(pipe.isReady)
    let shell = shell(loans: 40)
    // Ctrl-C is pressed once the pipe is full, not before: the records are all made.
    shell.isInterrupted = { pipe.pending >= 4096 }
    #expect(error(of: "export /dev/fd/\(pipe.writer)", in: shell) == ShellError(.interrupted))
  }

  @Test("standard error sharing standard output's pipe is still standard error")
  func standardErrorSharingAPipe() throws {
    // Written straight to standard error, it is not data the init script's quiet drops.
    try InitScriptTests.withInit("export /dev/stderr --csv\n") { config in
      let run = try BinaryRun.run(
        ["--no-persist", "-c", "count"], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(run.status == 0)
      // By bytes: CSV rows end in CRLF, which is one Character.
      let lines = run.output.utf8.split(
        separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
      ).map { String(decoding: $0, as: UTF8.self) }
      #expect(lines.first?.hasPrefix("id,name,country,") == true)
      #expect(lines.count == 23)
      #expect(run.output.hasSuffix("\r\n20 loans\n"))
    }
  }

  @Test("standard output closed at start: the descriptor kivash then took as 1 is refused")
  func closedStandardOutput() throws {
    let folder = try TemporaryDirectory()
    let run = try BinaryRun.shell(
      #""$0" --no-persist -c 'export /dev/fd/1' <&- >&- 2>err; echo "status $?"; cat err"#,
      in: folder.url)
    #expect(
      run.output
        == "status 1\nerror: cannot write '/dev/fd/1': it is kivash's own descriptor, not one "
        + "it was given — nothing was exported\n")
  }

  @Test("a descriptor kivash opened for itself is refused in words that quote the path")
  func ownDescriptor() throws {
    let folder = try TemporaryDirectory()
    let own = open(folder.file("own").path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    #expect(own > 2)
    defer { close(own) }
    let shell = shell()
    let error = error(of: "export /dev/fd/\(own)", in: shell)
    #expect(
      error?.message
        == "cannot write '/dev/fd/\(own)': it is kivash's own descriptor, not one it was "
        + "given — nothing was exported")
    // By its size: Foundation's Data(contentsOf:) leaks its buffer for an empty file.
    let size = try FileManager.default.attributesOfItem(atPath: folder.file("own").path)[.size]
    #expect(size as? Int == 0)
  }
}
