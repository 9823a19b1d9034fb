import Foundation

/// `fetch URL` and `fetch --live`: one page or several over HTTP, with progress on a
/// terminal, Ctrl-C to cancel, and the cache.
struct NetworkFetch {
  let options: FetchOptions
  let base: URL
  let decoder: Settings.Decoder
  let context: CommandContext

  func run() throws(ShellError) -> FetchedLoans {
    let client = HTTPClient(cache: context.cacheDirectory.map(ResponseCache.init(directory:)))
    var template = FetchRequest(url: base)
    if let timeout = options.timeout { template.timeout = TimeInterval(timeout) }
    if options.cachedOnly { template.cachePolicy = .cachedOnly }
    let reporter = ProgressReporter(output: context.output, countsPages: options.pages != nil)
    if let pages = options.pages { reporter.update(done: 0, total: pages, bytes: 0) }
    defer { reporter.finish() }
    let isInterrupted = context.isInterrupted
    let cancelled: @Sendable () -> Bool = {
      reporter.draw()
      return isInterrupted()
    }
    let bodies: [FetchedBody]
    do {
      if let pages = options.pages {
        bodies = try PageFetcher.fetch(
          base: base, pages: 1...pages, perPage: options.perPage, client: client,
          template: template,
          progress: { done, total, bytes in reporter.update(done: done, total: total, bytes: bytes)
          },
          isCancelled: cancelled)
      } else {
        var request = template
        request.url = KivaAPI.pageURL(base, page: options.page, perPage: options.perPage)
        bodies = [
          try client.get(
            request,
            progress: { progress in
              reporter.update(
                done: Int(progress.bytesReceived), total: progress.bytesExpected.map(Int.init),
                bytes: progress.bytesReceived)
            },
            isCancelled: cancelled)
        ]
      }
    } catch {
      throw Self.shellError(error)
    }
    return try decode(bodies)
  }

  /// The pages' loans in page order, paging from the last page read.
  private func decode(_ bodies: [FetchedBody]) throws(ShellError) -> FetchedLoans {
    var loans: [Loan] = []
    var skipped: [SkippedLoan] = []
    var paging: Paging?
    for body in bodies {
      let store = try LoanLoader.decode(
        body.data, from: "'\(body.url.absoluteString)'", decoder: decoder)
      loans += store.loans
      skipped += store.skipped
      paging = store.paging ?? paging
    }
    let first = bodies.first?.url.absoluteString ?? base.absoluteString
    let name = bodies.count > 1 ? "'\(base.absoluteString)' (\(bodies.count) pages)" : "'\(first)'"
    var note: String?
    if bodies.allSatisfy(\.fromCache) {
      note =
        bodies.allSatisfy(\.revalidated) ? "unchanged since the cached copy" : "the cached copy"
    }
    return FetchedLoans(
      store: LoanStore(loans: FetchCommand.merging([], loans), paging: paging, skipped: skipped),
      sourceName: name, note: note)
  }

  static func shellError(_ error: FetchError) -> ShellError {
    var message = error.message
    if error.cachedCopyAvailable { message += " — a cached copy exists: add --cached" }
    return ShellError(.fetchFailed(message))
  }
}
