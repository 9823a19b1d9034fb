import Foundation

/// `export FILE [--json|--csv]`: writes the records in view to a file.
public struct ExportCommand: CollectionCommand {
  /// What it wrote is written: a Ctrl-C as it ends does not make it "nothing changed".
  public static var savesUserData: Bool { true }

  /// The file to write.
  public var path: String
  /// The format: from the flag, else from the file's extension (`.csv`), else JSON.
  public var format: Format

  /// What `export` writes.
  public enum Format: String, Sendable {
    case json, csv
  }

  public static let spec = CommandSpec(
    name: "export", usage: "export FILE [--json|--csv]",
    summary: "write what is in view to a file, as JSON or CSV",
    details: """
      Writes every record that passes the active filters and search, in the active
      order, through the records' Encodable: JSON (loans as a loans/newest.json-shaped
      object that 'fetch FILE' reads back; other collections as an array) or CSV (RFC
      4180, with a header row). The format follows --json or --csv, else the file's
      extension (.csv), else JSON. An existing file is replaced, except kivash's own:
      its database, its history file and the script being run. A link is followed and its
      target written; a file, even one with other hard links, gets the new content only
      once it is all written, and keeps its permissions; a pipe or device is written into.
      /dev/stdout goes through the shell's own output, so 'export /dev/stdout --csv' in a
      script pipes or appends the data, and the "exported" line goes to stderr;
      /dev/stderr and /dev/fd/N (a descriptor kivash was given, as by 3> FILE) are
      written into.
      """,
    examples: ["export kenya.json", "export cheap.csv", "export view.txt --csv"],
    completion: .file(flags: [CompletionFlag("--json"), CompletionFlag("--csv")], atSign: false))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    var path: String?
    var format: Format?
    while let word = arguments.next() {
      switch word.text.lowercased() {
      case "--json", "--csv":
        let chosen: Format = word.text.lowercased() == "--json" ? .json : .csv
        if let format, format != chosen {
          throw ShellError(
            .unexpectedArgument(command: "export", got: word.text, usage: Self.spec.usage),
            at: word)
        }
        format = chosen
      case let flag where flag.hasPrefix("--"):
        throw ShellError(
          .unexpectedArgument(command: "export", got: word.text, usage: Self.spec.usage),
          at: word)
      default:
        guard path == nil else {
          throw ShellError(
            .unexpectedArgument(command: "export", got: word.text, usage: Self.spec.usage),
            at: word)
        }
        path = word.text
      }
    }
    guard let path, !path.isEmpty else {
      throw ShellError(
        .missingArgument(command: "export", what: "a file name", example: "export loans.json"),
        at: arguments.commandWord)
    }
    self.init(path: path, format: format)
  }

  /// Creates the command; without a format, the file's extension decides.
  public init(path: String, format: Format? = nil) {
    self.path = path
    self.format = format ?? (path.lowercased().hasSuffix(".csv") ? .csv : .json)
  }

  public func run<Record: CollectionRecord>(
    on collection: inout RecordCollection<Record>, context: CommandContext
  ) throws(ShellError) {
    let url = URL(fileURLWithPath: LocalFile.expand(path))
    if let folder = LocalFile.missingFolder(for: path) {
      throw cannotWrite(.init(reason: "there is no folder '\(folder)'"))
    }
    if LocalFile.isDirectory(url.path) {
      throw cannotWrite(.init(reason: "it is a directory"))
    }
    if let role = context.protectedFiles.role(of: url.path) {
      throw cannotWrite(.init(reason: "it is \(role); choose another name"))
    }
    // The records in view, each looked up as it is written: a million are not copied.
    let all = collection.records
    let records = collection.viewIndices().lazy.map { all[$0] }
    let shown = collection.shown
    let interrupt = context.interrupt
    let output = context.output
    let message =
      "exported \(Record.count(records.count)) to '\(path)' (\(format.rawValue.uppercased()))"
    // Whether some of the content went into the file before the export failed.
    var wrotePart = false
    do {
      if WholeFileWriter.leadsToStandardOutput(url.path) {
        // Through the shell's own output, in order with the rest of it: a transcript keeps
        // it, the init script's quiet drops it, and a pipe closed early ends kivash as
        // for `list`.
        try write(records, shownBy: shown, interrupt: interrupt, to: .into(output))
        // The data stands there alone (`export /dev/stdout | jq`): the message goes apart.
        if !output.quiet { output.diagnostic(message) }
        return
      }
      // What the shell printed before goes out before the export, should it go to stderr.
      output.flush()
      // Written as it is made: a million records never stand whole in memory, and a
      // file being replaced stays as it was until the new content is all written.
      try WholeFileWriter.write(to: url.path) { sink in
        defer { wrotePart = sink.wrotePart }
        // Ctrl-C gives up a write that waits on a stalled pipe, as it stops the records.
        sink.isStopped = context.isInterrupted
        let pieces = Pieces.into(sink, failing: cannotWrite)
        try write(records, shownBy: shown, interrupt: interrupt, to: pieces)
      }
    } catch let error as ShellError {
      throw error
    } catch let error as WholeFileWriter.Failure {
      throw cannotWrite(error)
    } catch {
      throw cannotWrite(.init(reason: "\(error)", partly: wrotePart))
    }
    output.line(message)
  }

  /// The error for an export that failed: why, and whether part of it was written.
  private func cannotWrite(_ failure: WholeFileWriter.Failure) -> ShellError {
    if failure.wasStopped { return ShellError(.interrupted) }
    let outcome = failure.partly ? "the export stopped part way" : "nothing was exported"
    return ShellError(.cannotWrite(path: path, reason: failure.reason + " — " + outcome))
  }

  /// Where the pieces of an export go: a file being written, or the shell's output.
  private struct Pieces {
    /// Writes text.
    let text: (String) throws(ShellError) -> Void
    /// Writes bytes that are UTF-8.
    let bytes: ([UInt8]) throws(ShellError) -> Void

    /// Pieces for `output`'s data.
    static func into(_ output: Output) -> Pieces {
      Pieces(
        text: { text in output.data(text) },
        bytes: { bytes in output.data(String(decoding: bytes, as: UTF8.self)) })
    }

    /// Pieces for `sink`, whose failure to write `failed` words as an error.
    static func into(
      _ sink: WholeFileWriter.Sink,
      failing failed: @escaping (WholeFileWriter.Failure) -> ShellError
    ) -> Pieces {
      Pieces(
        text: { text throws(ShellError) in
          do throws(WholeFileWriter.Failure) { try sink.write(text) } catch { throw failed(error) }
        },
        bytes: { bytes throws(ShellError) in
          do throws(WholeFileWriter.Failure) { try sink.write(bytes) } catch {
            throw failed(error)
          }
        })
    }
  }

  /// Writes `records` in this command's format: loans as `{"loans": […]}`, which
  /// `fetch FILE` reads, other records as an array, or CSV.
  private func write<Records: Collection>(
    _ records: Records, shownBy shown: (Records.Element) -> Records.Element,
    interrupt: InterruptCheck, to pieces: Pieces
  ) throws where Records.Element: CollectionRecord {
    switch format {
    case .csv:
      try RecordRendering.writeCSV(
        records, interrupt: interrupt, transform: shown, write: pieces.text)
    case .json:
      let key = Records.Element.self == Loan.self ? "loans" : nil
      try PrettyJSONArray().write(
        records, underKey: key, interrupt: interrupt, transform: shown, to: pieces.bytes)
      try pieces.text("\n")
    }
  }
}
