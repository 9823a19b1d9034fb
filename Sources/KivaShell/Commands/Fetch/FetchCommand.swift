import Foundation

/// `fetch [FILE | URL | --live] …`: loads loans from the built-in snapshot, a Kiva JSON
/// file, or over HTTP, page by page; in landmarks or restaurants, a file of them.
public struct FetchCommand: ShellCommand {
  /// What to read and how.
  public var options: FetchOptions

  public static let spec = CommandSpec(
    name: "fetch",
    usage: "fetch [FILE | URL | --live] [--page N | --pages N] [--per-page N] [--append] "
      + "[--timeout S] [--cached]",
    summary: "load loans from the built-in snapshot, a Kiva JSON file, or over HTTP",
    details: """
      With nothing, loads the real Kiva response of 2012-06-12 built into kivash.
      FILE or URL holds a loans/newest.json response, {"paging": {…}, "loans": […]}, or
      an array of loans (what 'kivash --json list' prints).
      --live        the configured endpoint ('set api'; Kiva's newest loans by default)
      --page N      that page; --pages N: pages 1 to N (or the last), a few at once
      --per-page N  loans a page; --append adds to the loans (no duplicate ids)
      --timeout S   seconds to wait for an answer (30); --cached: the last good copy
      A URL's own page= and per_page= count unless a flag gives them.
      Failures are retried with backoff (connection, 429, 5xx); Ctrl-C cancels and the
      loans stay as they were. A loan that cannot be decoded is skipped with a warning.
      In landmarks or restaurants, a FILE or URL holding a JSON array of them (the
      tutorials' landmarkData.json, restaurants.json, or what 'export' wrote) replaces
      them, and 'fetch' alone loads their built-in data again.
      """,
    examples: ["fetch", "fetch newest.json", "fetch --live --pages 3", "fetch --live --cached"],
    completion: .file(flags: FetchOptions.completionFlags, atSign: false))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    options = try FetchOptions.parse(&arguments)
  }

  /// Creates the command.
  public init(options: FetchOptions) {
    self.options = options
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    do {
      try fetch(in: &session, context: context)
    } catch {
      // In landmarks or restaurants, data that is not their array was read as loans:
      // say it is neither, not only that it is no loans.
      guard case .notALoansResponse(let source, let problem) = error.kind,
        [.landmarks, .restaurants].contains(session.current)
      else { throw error }
      throw ShellError(
        .neitherRecordsNorLoans(
          source: source, noun: session.current.rawValue, problem: problem),
        at: error.span)
    }
  }

  private func fetch(in session: inout Session, context: CommandContext) throws(ShellError) {
    if case .file(let path) = options.source,
      [.landmarks, .restaurants].contains(session.current),
      RecordFileFetch.arrayStart(path) != nil
    {
      try fetchArray(path, in: &session, context: context)
      return
    }
    // A URL fetched in landmarks or restaurants, whose body was no array of them: its
    // loans, read from that body rather than fetched again.
    var loansBody: NetworkFetch.Body?
    if case .url(let url) = options.source, [.landmarks, .restaurants].contains(session.current),
      options.page == nil, options.pages == nil
    {
      loansBody = try fetchArray(from: url, in: &session, context: context)
      guard loansBody != nil else { return }
    }
    if case .snapshot = options.source, [.landmarks, .restaurants].contains(session.current) {
      // Their own built-in data, not the loans behind the user's back.
      try fetchBuiltInArray(in: &session, context: context)
      return
    }
    let started = DispatchTime.now()
    let fetched: FetchedLoans
    switch options.source {
    case .snapshot:
      fetched = try FetchedLoans(
        store: LoanLoader.decode(BuiltInData.loans, from: BuiltInData.loansName),
        sourceName: BuiltInData.loansName)
    case .file(let path):
      let name = "'\(path)'"
      let decoder = session.settings.decoder
      // A large file takes seconds: Ctrl-C stops the command at once, loans unchanged.
      let store: LoanStore
      do {
        store = try Interruptible.run(isInterrupted: context.isInterrupted) {
          (cancellation) throws(ShellError) in
          try LoanLoader.load(
            path: path, as: name, decoder: decoder, isCancelled: { cancellation.isCancelled })
        }
      } catch {
        throw Self.explainingFile(error, path: path)
      }
      fetched = FetchedLoans(store: store, sourceName: name)
    case .url(let url):
      let network = NetworkFetch(
        options: try options.withPaging(of: url), base: url, decoder: session.settings.decoder,
        context: context)
      if let loansBody {
        fetched = try network.loans(of: loansBody)
      } else {
        fetched = try network.run()
      }
    case .live:
      if let refused = session.settings.refusedAPI { throw ShellError(.refusedAPI(refused)) }
      let api = session.settings.api
      fetched = try NetworkFetch(
        options: options.withPaging(of: api), base: api, decoder: session.settings.decoder,
        context: context
      ).run()
    }
    guard !fetched.store.loans.isEmpty else {
      var paged = true
      if case .file = options.source { paged = false }
      throw ShellError(.noLoans(source: fetched.sourceName, paged: paged))
    }
    var fetchedLoans = fetched.store.loans
    let repeated = LoanIDs.repeated(in: fetchedLoans)
    if !repeated.isEmpty {
      reportRepeated(repeated.map { fetchedLoans[$0].id }, in: fetched, output: context.output)
      // What --append and pages do: the first loan of each id.
      fetchedLoans = Self.merging([], fetchedLoans)
    }
    let before = session.loans.records.count
    let loans =
      options.append ? Self.merging(session.loans.records, fetchedLoans) : fetchedLoans
    session.loans.load(loans, from: fetched.sourceName, paging: fetched.store.paging)
    SkippedRecordsWarning.report(fetched.store.skipped, of: Loan.self, output: context.output)
    report(
      fetched, loaded: fetchedLoans.count, added: loans.count - (options.append ? before : 0),
      started: started, session, context)
  }

  /// A file holding a JSON array: landmarks or restaurants, into the current collection.
  private func fetchArray(_ path: String, in session: inout Session, context: CommandContext)
    throws(ShellError)
  {
    try loadArray(LocalFile.read(path), from: "'\(path)'", in: &session, context: context)
  }

  /// `fetch URL` in landmarks or restaurants: an array of them from the URL, into the
  /// current collection, as a file's; nil then. The body when it is no such array (it
  /// names a loan's field, or is an object): loans, for the loans' fetch to read.
  private func fetchArray(from url: URL, in session: inout Session, context: CommandContext)
    throws(ShellError) -> NetworkFetch.Body?
  {
    let network = NetworkFetch(
      options: options, base: url, decoder: session.settings.decoder, context: context)
    let fetched = try network.body()
    let start = fetched.body.data.prefix(4096)
    guard LoanLoader.startsArray(start), !RecordFileFetch.namesLoanField(Data(start)) else {
      return fetched
    }
    // Said as for loans: the data may be a day old, and the user should know.
    let copy = NetworkFetch.cacheNote([fetched.body]).map { " (\($0))" } ?? ""
    try loadArray(
      fetched.body.data, from: "'\(url.shown)'\(copy)", in: &session, context: context)
    fetched.client.remember([fetched.body])
    return nil
  }

  /// Bare `fetch` in landmarks or restaurants: their built-in records again.
  private func fetchBuiltInArray(in session: inout Session, context: CommandContext)
    throws(ShellError)
  {
    let data = session.current == .landmarks ? BuiltInData.landmarks : BuiltInData.restaurants
    try loadArray(data, from: BuiltInData.name, in: &session, context: context)
  }

  /// The JSON array `data`, which came from `name`, into the current collection
  /// (landmarks or restaurants).
  private func loadArray(
    _ data: Data, from name: String, in session: inout Session, context: CommandContext
  ) throws(ShellError) {
    let fetch = RecordFileFetch(append: options.append, decoder: session.settings.decoder)
    if session.current == .landmarks {
      try fetch.load(data, from: name, into: &session.landmarks, output: context.output)
    } else {
      try fetch.load(data, from: name, into: &session.restaurants, output: context.output)
    }
  }

  /// Whether `path` reads as a host and a path rather than a file: its first part is
  /// `localhost`, or has a port (`host:8080`) or a dot inside a name (`api.kivaws.org`),
  /// and more follows it or it is no file name with an extension (`www.kiva.org`).
  static func looksLikeHost(_ path: String) -> Bool {
    let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let host = parts.first, !host.isEmpty, !path.hasPrefix(".") else { return false }
    let name = host.split(separator: ":", maxSplits: 1).first ?? host
    if name.lowercased() == "localhost" { return true }
    if host.contains(":"), host.split(separator: ":").last?.allSatisfy(\.isNumber) == true {
      return true
    }
    let labels = name.split(separator: ".")
    // `my.loans.2024.json` is a file: it ends in what fetch reads.
    if parts.count == 1, ["json", "csv"].contains(labels.last?.lowercased() ?? "") {
      return false
    }
    return labels.count >= 2 && parts.count == 2 && labels.allSatisfy { !$0.isEmpty }
      || labels.count >= 3
  }

  /// A JSON array that is not of loans (none decodes, and it names no loan field): say
  /// which collections read one. A CSV file (what 'export FILE --csv' writes) is named as
  /// such. Other errors stay as they are.
  private static func explainingFile(_ error: ShellError, path: String) -> ShellError {
    // `fetch localhost:8080/x`, `fetch api.kivaws.org/…`: a URL without its scheme.
    if case .cannotRead(_, "no such file") = error.kind, looksLikeHost(path) {
      return ShellError(
        .cannotRead(
          path: path, reason: "no such file — for a URL, write http:// or https:// in front"),
        at: error.span)
    }
    if case .invalidJSON(let source, 1, 1, _) = error.kind, path.lowercased().hasSuffix(".csv") {
      return ShellError(
        .unreadableData(
          source: source,
          reason: "it is CSV, and fetch reads JSON — 'export FILE --json' writes a file it reads"))
    }
    let source: String
    switch error.kind {
    case .notALoansResponse(let name, _), .noLoansDecoded(let name, _): source = name
    default: return error
    }
    guard let start = RecordFileFetch.arrayStart(path), !RecordFileFetch.namesLoanField(start)
    else { return error }
    return ShellError(
      .notALoansResponse(
        source: source,
        problem: "it is a JSON array — landmarks and restaurants load from one: "
          + "'use landmarks' or 'use restaurants' first"))
  }

  /// Warns of loans left out because an earlier loan of the same data has their id:
  /// each id once, with how many loans carry it.
  private func reportRepeated(_ ids: [Int], in fetched: FetchedLoans, output: Output) {
    var order: [Int] = []
    var extra: [Int: Int] = [:]
    for id in ids {
      if extra[id] == nil { order.append(id) }
      extra[id, default: 0] += 1
    }
    let shown = order.prefix(3).map { "\($0) ×\((extra[$0] ?? 0) + 1)" }.joined(separator: ", ")
    let many = order.count == 1 ? "an id" : "\(order.count) ids"
    output.warning(
      "\(fetched.sourceName) has \(many) on more than one loan (\(shown)\(order.count > 3 ? ", …" : "")): "
        + "kept the first loan of each")
  }

  /// `existing`, then those of `new` whose ids are not among them.
  static func merging(_ existing: [Loan], _ new: [Loan]) -> [Loan] {
    var seen = Set(existing.map(\.id))
    return existing + new.filter { seen.insert($0.id).inserted }
  }

  private func report(
    _ fetched: FetchedLoans, loaded: Int, added: Int, started: DispatchTime, _ session: Session,
    _ context: CommandContext
  ) {
    let output = context.output
    var message =
      options.append
      ? "added \(Loan.count(added)) from \(fetched.sourceName)"
      : "fetched \(Loan.count(loaded)) from \(fetched.sourceName)"
    // One pair of brackets for all that is said of it: (3 pages; the cached copy).
    var notes =
      (options.append ? ["\(Loan.count(session.loans.records.count)) in all"] : []) + fetched.notes
    if session.current != .loans { notes.append("'use loans' to see them") }
    if !notes.isEmpty { message += " (\(notes.joined(separator: "; ")))" }
    // The time a fetch took changes from run to run: a terminal shows it, a pipe or a
    // transcript does not.
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
    output.line(message, onTerminal: message + String(format: " in %.1f ms", elapsed))
    if options.isNetwork, let paging = fetched.store.paging {
      output.line(
        "page \(paging.page) of \(paging.pages), \(Loan.count(paging.total)) in all")
    }
    if !session.loans.filters.isEmpty || !session.loans.searchText.isEmpty {
      output.line(session.loans.viewSummary())
    }
  }
}

/// Loans read by `fetch`, with where they came from.
struct FetchedLoans {
  var store: LoanStore
  var sourceName: String
  /// Remarks for the summary line: `3 pages`, `unchanged since the cached copy`.
  var notes: [String] = []
}
