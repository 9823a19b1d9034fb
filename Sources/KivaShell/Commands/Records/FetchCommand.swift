import Foundation

/// `fetch [FILE]`: loads loans from the built-in snapshot or a Kiva JSON file.
public struct FetchCommand: ShellCommand {
  /// The file to read; nil for the built-in snapshot.
  public var path: String?

  public static let spec = CommandSpec(
    name: "fetch", usage: "fetch [FILE]",
    summary: "load loans from the built-in snapshot or a Kiva JSON file",
    details: """
      With no FILE, loads the real Kiva response of 2012-06-12 built into kivash.
      FILE holds a loans/newest.json response: {"paging": {…}, "loans": […]}.
      A loan that cannot be decoded is skipped with a warning; favourites are kept.
      """,
    examples: ["fetch", "fetch newest.json"],
    completion: .value(.files))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    path = arguments.next()?.text
    try arguments.expectEnd(command: "fetch", usage: Self.spec.usage)
  }

  /// Creates the command.
  public init(path: String?) {
    self.path = path
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let started = DispatchTime.now()
    let sourceName = path.map { "'\($0)'" } ?? BuiltInData.loansName
    let data =
      try path.map { path throws(ShellError) in try LocalFile.read(path) } ?? BuiltInData.loans
    let store = try LoanLoader.decode(data, from: sourceName)
    session.loans.load(store.loans, from: sourceName, paging: store.paging)
    reportSkipped(store.skipped, output: context.output)

    var message = "fetched \(Loan.count(store.loans.count)) from \(sourceName)"
    if context.output.isTerminal {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
      message += String(format: " in %.1f ms", elapsed)
    }
    if session.current != .loans { message += " ('use loans' to see them)" }
    context.output.line(message)
    if !session.loans.filters.isEmpty || !session.loans.searchText.isEmpty {
      context.output.line(session.loans.viewSummary())
    }
  }

  private func reportSkipped(_ skipped: [SkippedLoan], output: Output) {
    guard let first = skipped.first else { return }
    output.warning("skipped \(Loan.count(skipped.count)): \(first.reason)")
    for other in skipped.dropFirst().prefix(4) {
      output.warning("also skipped: \(other.reason)")
    }
    if skipped.count > 5 {
      output.warning("… and \(skipped.count - 5) more")
    }
  }
}
