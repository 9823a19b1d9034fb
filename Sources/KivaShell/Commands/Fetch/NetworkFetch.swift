import Foundation

/// `fetch URL` and `fetch --live`: one page or several over HTTP, with progress on a
/// terminal, Ctrl-C to cancel, and the cache.
///
/// `--pages N` reads page 1 first: its `paging` says how many pages there are, and only
/// pages up to the last one are asked for, the rest a few at a time; without `paging`,
/// pages are asked for a few at a time until one brings no new loans. Bodies become the
/// cache's last good copies only once they decoded to loans, so an answer that is not a
/// page of loans never replaces one that was.
struct NetworkFetch {
  let options: FetchOptions
  let base: URL
  let decoder: Settings.Decoder
  let context: CommandContext

  /// A page as fetched and decoded.
  private struct Page {
    var body: FetchedBody
    var store: LoanStore
  }

  func run() throws(ShellError) -> FetchedLoans {
    try requireCacheForCachedOnly()
    let client = makeClient()
    let template = self.template
    let reporter = ProgressReporter(output: context.output, countsPages: options.pages != nil)
    defer { reporter.finish() }
    let cancelled = cancellation(drawing: reporter)
    let pages: [Page]
    var allThereAre = false
    if let count = options.pages {
      reporter.update(done: 0, total: count, bytes: 0)
      let first = try page(
        1, client: client, template: template,
        progress: { reporter.update(done: 0, total: count, bytes: $0.bytesReceived) },
        isCancelled: cancelled)
      var others: [Page]
      if let paging = first.store.paging {
        let last = min(count, max(paging.pages, 1))
        others =
          last >= 2
          ? try rest(
            2...last, after: [first], total: last, client: client, template: template,
            reporter: reporter, isCancelled: cancelled) : []
        // Pages past the end, when the count shrank between requests (loans funded
        // meanwhile): empty, so not pages of the data.
        while others.last?.store.loans.isEmpty == true { others.removeLast() }
      } else {
        others = try unpagedRest(
          upTo: count, after: first, client: client, template: template, reporter: reporter,
          isCancelled: cancelled)
      }
      allThereAre = others.count + 1 < count
      pages = [first] + others
    } else {
      pages = [
        try page(
          options.page, client: client, template: template,
          progress: Self.byteProgress(reporter), isCancelled: cancelled)
      ]
    }
    let fetched = loans(of: pages, allThereAre: allThereAre)
    client.remember(pages.filter { !$0.store.loans.isEmpty }.map(\.body))
    return fetched
  }

  /// A body fetched and not yet decoded, and the client that keeps it in the cache.
  struct Body {
    var body: FetchedBody
    var client: HTTPClient
  }

  /// The loans of `fetched`, a body `body()` gave, as `run()` gives a page's; kept in the
  /// cache once they decoded.
  func loans(of fetched: Body) throws(ShellError) -> FetchedLoans {
    let page = Page(body: fetched.body, store: try decode(fetched.body))
    let loans = loans(of: [page], allThereAre: false)
    if !page.store.loans.isEmpty { fetched.client.remember([fetched.body]) }
    return loans
  }

  /// The URL's body as it is, not decoded: one request, with the timeout, the cache
  /// policy, progress and Ctrl-C of any fetch. The caller decodes it, and keeps it in the
  /// cache (`remember`) once it decoded.
  func body() throws(ShellError) -> Body {
    try requireCacheForCachedOnly()
    let client = makeClient()
    let reporter = ProgressReporter(output: context.output, countsPages: false)
    defer { reporter.finish() }
    let body = try fetchBody(
      nil, client: client, template: template, progress: Self.byteProgress(reporter),
      isCancelled: cancellation(drawing: reporter))
    return Body(body: body, client: client)
  }

  /// `--cached` without a cache (`--no-persist`, `KIVASH_DATA_DIR=`): no fetch could
  /// ever have kept a copy, so none is said to be missing.
  private func requireCacheForCachedOnly() throws(ShellError) {
    guard options.cachedOnly, context.cacheDirectory == nil else { return }
    throw ShellError(
      .fetchFailed(
        "--cached reads the copies kept beside kivash's data, and this run keeps none"
          + " (--no-persist, or KIVASH_DATA_DIR empty)"))
  }

  /// A client that keeps good answers in the cache, when there is one.
  private func makeClient() -> HTTPClient {
    HTTPClient(cache: context.cacheDirectory.map { ResponseCache(directory: $0) })
  }

  /// The request for the URL with the options' timeout and cache policy.
  private var template: FetchRequest {
    var template = FetchRequest(url: base)
    if let timeout = options.timeout { template.timeout = TimeInterval(timeout) }
    if options.cachedOnly { template.cachePolicy = .cachedOnly }
    return template
  }

  /// Whether Ctrl-C was pressed, asked while a request waits: the progress line is drawn
  /// each time.
  private func cancellation(drawing reporter: ProgressReporter) -> @Sendable () -> Bool {
    let isInterrupted = context.isInterrupted
    return {
      reporter.draw()
      return isInterrupted()
    }
  }

  /// The progress of one request, in bytes.
  private static func byteProgress(_ reporter: ProgressReporter)
    -> @Sendable (FetchProgress) -> Void
  {
    { progress in
      reporter.update(
        done: Int(progress.bytesReceived), total: progress.bytesExpected.map(Int.init),
        bytes: progress.bytesReceived, waiting: progress.waiting)
    }
  }

  /// Page `number` (nil: the URL's own), decoded.
  private func page(
    _ number: Int?, client: HTTPClient, template: FetchRequest,
    progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) throws(ShellError) -> Page {
    let body = try fetchBody(
      number, client: client, template: template, progress: progress,
      isCancelled: isCancelled)
    return Page(body: body, store: try decode(body))
  }

  /// Page `number` (nil: the URL's own), as it came.
  private func fetchBody(
    _ number: Int?, client: HTTPClient, template: FetchRequest,
    progress: @escaping @Sendable (FetchProgress) -> Void,
    isCancelled: @escaping @Sendable () -> Bool
  ) throws(ShellError) -> FetchedBody {
    var request = template
    request.url = KivaAPI.pageURL(base, page: number, perPage: options.perPage)
    let body: FetchedBody
    do {
      body = try client.get(request, progress: progress, isCancelled: isCancelled)
    } catch {
      guard let copy = cachedFirstPage(number, error: error, client: client, template: request)
      else { throw Self.shellError(error) }
      body = copy
    }
    return body
  }

  /// Offline, page 1 and the URL without a page are one page: after `fetch --live --pages
  /// 3`, `fetch --live --cached` finds the copy of page 1 (and the other way round).
  private func cachedFirstPage(
    _ number: Int?, error: FetchError, client: HTTPClient, template: FetchRequest
  ) -> FetchedBody? {
    guard options.cachedOnly, case .noCachedCopy = error.kind, number == nil || number == 1
    else { return nil }
    var request = template
    request.url = KivaAPI.pageURL(base, page: number == nil ? 1 : nil, perPage: options.perPage)
    return try? client.get(request)
  }

  /// Pages 2 to `count` of an API whose page 1 (`first`) has no `paging` to say how many
  /// there are: a batch at a time, stopping at the first page that brings no loan not
  /// seen before — empty, past the last page, or the same page again from an API that
  /// does not know `page=` (a file served as it is); the pages before it, decoded.
  private func unpagedRest(
    upTo count: Int, after first: Page, client: HTTPClient, template: FetchRequest,
    reporter: ProgressReporter, isCancelled: @escaping @Sendable () -> Bool
  ) throws(ShellError) -> [Page] {
    guard !first.store.loans.isEmpty else { return [] }
    var seen = Set(first.store.loans.map(\.id))
    var pages: [Page] = []
    var next = 2
    while next <= count {
      let batch = next...min(count, next + PageFetcher.defaultConcurrency - 1)
      let fetched = try rest(
        batch, after: [first] + pages, total: count, client: client, template: template,
        reporter: reporter, isCancelled: isCancelled)
      for page in fetched {
        let ids = page.store.loans.map(\.id)
        guard ids.contains(where: { !seen.contains($0) }) else { return pages }
        seen.formUnion(ids)
        pages.append(page)
      }
      next = batch.upperBound + 1
    }
    return pages
  }

  /// Pages `numbers`, a few at a time, decoded; progress counts the pages `before` as
  /// done, of `total`.
  private func rest(
    _ numbers: ClosedRange<Int>, after before: [Page], total: Int, client: HTTPClient,
    template: FetchRequest, reporter: ProgressReporter,
    isCancelled: @escaping @Sendable () -> Bool
  ) throws(ShellError) -> [Page] {
    let doneBefore = before.count
    let bytesBefore = before.reduce(Int64(0)) { $0 + Int64($1.body.data.count) }
    reporter.update(done: doneBefore, total: total, bytes: bytesBefore)
    let bodies: [FetchedBody]
    do {
      bodies = try PageFetcher.fetch(
        base: base, pages: numbers, perPage: options.perPage,
        concurrency: PageFetcher.defaultConcurrency, client: client, template: template,
        progress: { done, _, bytes in
          reporter.update(done: done + doneBefore, total: total, bytes: bytesBefore + bytes)
        },
        isCancelled: isCancelled)
    } catch {
      throw Self.shellError(error)
    }
    var pages: [Page] = []
    for body in bodies { pages.append(Page(body: body, store: try decode(body))) }
    return pages
  }

  private func decode(_ body: FetchedBody) throws(ShellError) -> LoanStore {
    do {
      return try LoanLoader.decode(body.data, from: "'\(body.url.shown)'", decoder: decoder)
    } catch {
      // An error the server sent with a success status (`{"error": {"message": …}}`):
      // its own words say more than that 'loans' is missing.
      if case .notALoansResponse = error.kind,
        let message = ResponseCheck.kivaMessage(in: body.data)
      {
        throw Self.shellError(
          FetchError(.other(url: body.url, reason: "the server says: \(message)")))
      }
      throw error
    }
  }

  /// The pages' loans in page order, paging from the last page read.
  private func loans(of pages: [Page], allThereAre: Bool) -> FetchedLoans {
    var loans: [Loan] = []
    var skipped: [SkippedLoan] = []
    var paging: Paging?
    for page in pages {
      loans += page.store.loans
      skipped += page.store.skipped
      paging = page.store.paging ?? paging
    }
    let bodies = pages.map(\.body)
    let first = bodies.first?.url.shown ?? base.shown
    let pagesURL = KivaAPI.pageURL(base, page: nil, perPage: options.perPage)
    let severalPages = bodies.count > 1 || allThereAre
    var notes: [String] = []
    if severalPages {
      notes.append(
        "\(bodies.count) \(bodies.count == 1 ? "page" : "pages")"
          + (allThereAre ? ", all there are" : ""))
    }
    if let copy = Self.cacheNote(bodies) { notes.append(copy) }
    return FetchedLoans(
      store: LoanStore(loans: FetchCommand.merging([], loans), paging: paging, skipped: skipped),
      sourceName: severalPages ? "'\(pagesURL.shown)'" : "'\(first)'", notes: notes)
  }

  /// What a fetch's message says of bodies that all came from the cache (`the cached
  /// copy`, or `unchanged since the cached copy` when the server said so); nil otherwise.
  static func cacheNote(_ bodies: [FetchedBody]) -> String? {
    guard bodies.allSatisfy(\.fromCache) else { return nil }
    return bodies.allSatisfy(\.revalidated) ? "unchanged since the cached copy" : "the cached copy"
  }

  static func shellError(_ error: FetchError) -> ShellError {
    if error.kind == .cancelled { return ShellError(.fetchCancelled) }
    var message = error.message
    if error.cachedCopyAvailable {
      // One dash a message: after "… — try again later", a semicolon.
      message += (message.contains(" — ") ? "; " : " — ") + "a cached copy exists: add --cached"
    }
    return ShellError(.fetchFailed(message))
  }
}
