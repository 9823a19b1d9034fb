import Foundation
import Testing

/// The documented exit statuses, through the real binary: 0 ok, 1 a command failed,
/// 2 a usage error, 130 SIGINT and 143 SIGTERM (see `SignalTests`); and `--help` says so.
@Suite("exit statuses")
struct ExitStatusTests {
  @Test("0 when every command succeeds, 1 when one fails, 2 for a usage error")
  func statuses() throws {
    #expect(try BinaryRun.run(["-c", "count"]).status == 0)
    #expect(try BinaryRun.run(["-c", "count; serch"]).status == 1)
    #expect(try BinaryRun.run(["--keep-going", "-c", "serch; count"]).status == 1)
    let usage = try BinaryRun.run(["--colour"])
    #expect(usage.output == "error: unknown option '--colour' — did you mean '--color'?\n")
    #expect(usage.status == 2)
  }

  @Test("--help lists every exit status")
  func help() throws {
    let run = try BinaryRun.run(["--help"])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        """
        exit status: 0 every command succeeded, 1 a command failed, 2 a usage error,
          129 hung up (SIGHUP) at the prompt, 130 interrupted (SIGINT, Ctrl-C),
          141 output closed early (SIGPIPE), 143 terminated (SIGTERM).
        """))
  }

  @Test("output to a pipe closed early ends kivash quietly with status 141, as SIGPIPE would")
  func closedPipe() throws {
    // Enough output to fill the pipe: head exits after one line, kivash meets EPIPE.
    let commands = Array(repeating: "list all", count: 200).joined(separator: "; ")
    let run = try BinaryRun.shell(
      #"{ "$0" -c '"# + commands + #"'; echo "kivash exited $?" >&2; } | head -1 > /dev/null"#)
    #expect(run.output == "kivash exited 141\n")
  }
}

@Suite("Output that cannot be written")
struct OutputWriteFailureTests {
  @Test("a full disk under standard output fails the run with status 1, and says why")
  func fullDisk() throws {
    for flags in ["", "--json"] {
      let run = try BinaryRun.shell(
        #""$0" "# + flags + #" --no-persist -c 'list all; count' > /dev/full; echo "status $?""#)
      #expect(
        run.output == "error: cannot write to standard output: no space left on device\nstatus 1\n")
    }
  }

  @Test("a closed standard output fails the run too")
  func closed() throws {
    let run = try BinaryRun.shell(#""$0" --no-persist -c 'count' >&-; echo "status $?""#)
    #expect(run.output == "error: cannot write to standard output: bad file descriptor\nstatus 1\n")
  }
}
