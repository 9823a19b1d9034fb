import Foundation
import Testing

/// `fetch` over HTTP, through the real binary, against the loopback test server: what it
/// prints, and that a failure leaves the loans as they were.
@Suite("Network: fetch in the shell")
struct NetworkFetchCommandTests {
  /// Runs kivash with `commands` and the private data directory `data`; returns its output.
  private func kivash(_ commands: String, data: TemporaryDirectory) throws -> BinaryRun {
    try BinaryRun.run(
      ["--keep-going", "-c", commands], environment: ["KIVASH_DATA_DIR": data.url.path])
  }

  /// A loopback test server and a data directory of the test's own (removed with it).
  private static func serverAndData() throws -> (TestHTTPServer, TemporaryDirectory) {
    (try TestHTTPServer(), try TemporaryDirectory())
  }

  @Test("one page, several pages in order, and --append without duplicates")
  func pages() throws {
    let (server, data) = try Self.serverAndData()
    let newest = server.url("/v1/loans/newest.json").absoluteString
    let run = try kivash(
      "fetch \(newest); count; fetch \(newest) --pages 3; sort amount; sort clear; list 1; "
        + "fetch \(newest) --page 2 --append; fetch \(newest) --page 4 --append; count",
      data: data)
    #expect(run.status == 0)
    #expect(
      run.output == """
        fetched 20 loans from '\(newest)'
        page 1 of 5, 100 loans in all
        20 loans
        fetched 60 loans from '\(newest)' (3 pages)
        page 3 of 5, 100 loans in all
        sorted by amount ascending
        in the data's order
          #   name           country   use                                   amount
          1   Pheap's Group  Cambodia  to buy fertilizers for her farmland.    $800
        added 0 loans from '\(newest)?page=2' (60 loans in all; unchanged since the cached copy)
        page 2 of 5, 100 loans in all
        added 20 loans from '\(newest)?page=4' (80 loans in all)
        page 4 of 5, 100 loans in all
        80 loans

        """)
  }

  @Test("a second fetch revalidates (304), and --cached works with the server gone")
  func cache() throws {
    let (server, data) = try Self.serverAndData()
    let newest = server.url("/v1/loans/newest.json").absoluteString
    let first = try kivash("fetch \(newest); fetch \(newest)", data: data)
    #expect(
      first.output.contains("fetched 20 loans from '\(newest)' (unchanged since the cached copy)"))
    let conditional = try server.requests().filter { $0.ifNoneMatch != nil }
    #expect(conditional.count == 1)
    server.stop()
    let offline = try kivash("fetch \(newest); count; fetch \(newest) --cached; count", data: data)
    #expect(
      offline.output.hasPrefix(
        "error: connection refused by '127.0.0.1:\(server.url("/").port ?? 0)' — a cached copy exists: add --cached\n"
      ))
    #expect(
      offline.output.hasSuffix(
        "fetched 20 loans from '\(newest)' (the cached copy)\npage 1 of 5, 100 loans in all\n20 loans\n"
      ))
  }

  @Test("an error the server sends with 200 is shown in its own words")
  func errorWithSuccessStatus() throws {
    let (server, data) = try Self.serverAndData()
    let quota = server.url("/quota").absoluteString
    let run = try kivash("fetch \(quota); count", data: data)
    #expect(
      run.output
        == "error: fetching '\(quota)' failed: the server says: quota exceeded\n20 loans\n")
  }

  @Test("a password in the URL is sent, but messages show it as ***")
  func passwordHidden() throws {
    let (server, data) = try Self.serverAndData()
    let base = "http://ann:s3cret@127.0.0.1:\(server.port)"
    let run = try kivash("fetch \(base)/v1/loans/newest.json; fetch \(base)/missing", data: data)
    let shown = "http://ann:***@127.0.0.1:\(server.port)"
    #expect(
      run.output.hasPrefix(
        "fetched 20 loans from '\(shown)/v1/loans/newest.json'\npage 1 of 5, 100 loans in all\n"
          + "error: '\(shown)/missing' answered 404 Not Found"))
    #expect(!run.output.contains("s3cret"))
  }

  @Test("landmarks and restaurants from a URL go into their collection; loans into loans")
  func arraysFromURLs() throws {
    let (server, data) = try Self.serverAndData()
    let landmarks = server.url("/fixtures/landmarkData.json").absoluteString
    let restaurants = server.url("/fixtures/restaurants.json").absoluteString
    let newest = server.url("/v1/loans/newest.json").absoluteString
    let run = try kivash(
      "use landmarks; filter state alaska; fetch \(landmarks); count; "
        + "use restaurants; fetch \(restaurants); count; "
        + "use landmarks; fetch \(newest); use loans; count",
      data: data)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output == """
        using landmarks: showing all 12 landmarks
        showing 6 of 12 landmarks in Alaska
        fetched 12 landmarks from '\(landmarks)'
        showing 6 of 12 landmarks in Alaska
        6 landmarks
        using restaurants: showing all 21 restaurants
        fetched 21 restaurants from '\(restaurants)'
        21 restaurants
        using landmarks: showing 6 of 12 landmarks in Alaska
        fetched 20 loans from '\(newest)' ('use loans' to see them)
        page 1 of 5, 100 loans in all
        using loans: showing all 20 loans
        20 loans

        """)
    // The loans' body was read once, not fetched again for the loans.
    #expect(try server.requests().filter { $0.path == "/v1/loans/newest.json" }.count == 1)
    server.stop()
    let offline = try kivash("use landmarks; fetch \(landmarks) --cached; count", data: data)
    #expect(offline.status == 0, "\(offline.output)")
    #expect(
      offline.output.contains(
        "fetched 12 landmarks from '\(landmarks)' (the cached copy)\n12 landmarks\n"))
  }

  @Test("offline, page 1 and the URL without a page are the same page")
  func cachedFirstPage() throws {
    let (server, data) = try Self.serverAndData()
    let newest = server.url("/v1/loans/newest.json").absoluteString
    let online = try kivash("fetch \(newest) --pages 2", data: data)
    #expect(online.status == 0, "\(online.output)")
    server.stop()
    let offline = try kivash(
      "fetch \(newest) --cached; count; fetch \(newest) --pages 3 --cached; count", data: data)
    #expect(offline.status == 1)
    #expect(
      offline.output == """
        fetched 20 loans from '\(newest)?page=1' (the cached copy)
        page 1 of 5, 100 loans in all
        20 loans
        error: no cached copy of '\(newest)?page=3' — fetch it once without --cached
        20 loans

        """)
  }

  @Test(
    "each failure is one line, and the loans stay as they were",
    arguments: [
      ("/missing", "'<url>' answered 404 Not Found: loan not found"),
      ("/html", "'<url>' sent an HTML page, not JSON (is the URL right?)"),
      ("/truncated", "'<url>' sent 1,024 of 20,480 bytes before closing — try again"),
      ("/redirect-loop", "'<url>' redirected more than 5 times — is it a redirect loop?"),
      ("/hang --timeout 1", "'<url>' did not answer within 1 s — try --timeout"),
      ("/empty", "'<url>' holds no loans — past the last page?"),
      (
        "/huge?bytes=70000000",
        "'<url>' sent more than 64 MB — ask for fewer loans per page, or check the URL"
      ),
    ])
  func faults(path: String, message: String) throws {
    let (server, data) = try Self.serverAndData()
    let parts = path.split(separator: " ", maxSplits: 1).map(String.init)
    let url = server.url(parts[0]).absoluteString
    let flags = parts.count > 1 ? " " + parts[1] : ""
    let run = try kivash(
      "filter max 500; fetch \(url)\(flags); count; fetch \(url) --cached", data: data)
    // Nothing of a failed fetch is kept: not even a 200 that held no loans.
    #expect(
      run.output
        == "showing 5 of 20 loans below $500\nerror: \(message.replacingOccurrences(of: "<url>", with: url))\n5 loans\n"
        + "error: no cached copy of '\(url)' — fetch it once without --cached\n")
    #expect(run.status == 1)
  }

  @Test("--cached in a run that keeps no data says so, not that a copy is missing")
  func cachedWithoutACache() throws {
    let run = try BinaryRun.run(
      [
        "--no-persist", "-k", "-c",
        "fetch --live --cached; use landmarks; fetch http://h/x.json --cached",
      ])
    let error =
      "error: --cached reads the copies kept beside kivash's data, and this run keeps none"
      + " (--no-persist, or KIVASH_DATA_DIR empty)\n"
    #expect(run.output == error + "using landmarks: showing all 12 landmarks\n" + error)
    #expect(run.status == 1)
  }

  @Test("--pages past the last page asks only for the pages there are")
  func pagesPastTheEnd() throws {
    let (server, data) = try Self.serverAndData()
    let newest = server.url("/v1/loans/newest.json").absoluteString
    let run = try kivash(
      "use landmarks; fetch \(newest) --pages 7 --per-page 4; use loans; count", data: data)
    #expect(run.status == 0)
    // One pair of brackets for all that is said of the fetch.
    #expect(
      run.output == """
        using landmarks: showing all 12 landmarks
        fetched 20 loans from '\(newest)?per_page=4' (5 pages, all there are; 'use loans' to see them)
        page 5 of 5, 20 loans in all
        using loans: showing all 20 loans
        20 loans

        """)
    let queries = try server.requests().map(\.query)
    #expect(queries.first == "page=1&per_page=4")
    #expect(queries.sorted() == (1...5).map { "page=\($0)&per_page=4" })
  }

  @Test("--pages leaves out empty pages past an end that moved between requests")
  func pagesShrinking() throws {
    let (server, data) = try Self.serverAndData()
    let shrinking = server.url("/v1/loans/newest.json?shrink_to=3").absoluteString
    let run = try kivash("fetch \(shrinking) --pages 5 --per-page 4; count", data: data)
    #expect(run.status == 0)
    #expect(
      run.output == """
        fetched 12 loans from '\(shrinking)&per_page=4' (3 pages, all there are)
        page 3 of 3, 12 loans in all
        12 loans

        """)
  }

  @Test("--pages on an API without paging stops at the first page that holds no loans")
  func pagesWithoutPaging() throws {
    let (server, data) = try Self.serverAndData()
    let unpaged = server.url("/unpaged").absoluteString
    let run = try kivash("fetch \(unpaged) --pages 100 --per-page 4; count", data: data)
    #expect(run.status == 0)
    #expect(
      run.output == """
        fetched 20 loans from '\(unpaged)?per_page=4' (5 pages, all there are)
        20 loans

        """)
    // Page 1, then three at a time: 2–4, 5–7, where page 6 is empty.
    let pages = try server.requests().compactMap { request in
      request.query.split(separator: "&").first { $0.hasPrefix("page=") }.flatMap {
        Int($0.dropFirst(5))
      }
    }
    #expect(pages.sorted() == Array(1...7))
  }

  @Test("--pages on an API that ignores page= stops at the first page with nothing new")
  func pagesIgnored() throws {
    let (server, data) = try Self.serverAndData()
    let same = server.url("/unpaged?ignore_page=1").absoluteString
    let run = try kivash("fetch \(same) --pages 30; count", data: data)
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("(1 page, all there are)\n20 loans\n"))
    // Page 1, then the batch 2–4, whose first page brings nothing new.
    #expect(try server.requests().count == 4)
  }

  @Test("--pages on an API that says it has no pages asks for page 1 alone")
  func pagesOfNothing() throws {
    let (server, data) = try Self.serverAndData()
    let empty = server.url("/empty").absoluteString
    let run = try kivash("fetch \(empty) --pages 3", data: data)
    #expect(
      run.output
        == "error: '\(empty)' holds no loans — past the last page?\n")
    #expect(try server.requests().map(\.query) == ["page=1"])
  }

  @Test("a URL's own page= and per_page= are kept; flags win over them")
  func pagingInTheURL() throws {
    let (server, data) = try Self.serverAndData()
    let newest = server.url("/v1/loans/newest.json").absoluteString
    let run = try kivash(
      "fetch '\(newest)?page=3&per_page=4'; fetch '\(newest)?page=3' --page 2 --per-page 2; "
        + "fetch '\(newest)?page=2&per_page=3' --pages 2; fetch '\(newest)?page=x'",
      data: data)
    #expect(
      run.output == """
        fetched 4 loans from '\(newest)?page=3&per_page=4'
        page 3 of 5, 20 loans in all
        fetched 2 loans from '\(newest)?page=2&per_page=2'
        page 2 of 5, 10 loans in all
        fetched 6 loans from '\(newest)?per_page=3' (2 pages)
        page 2 of 5, 15 loans in all
        error: 'fetch' needs a whole number of at least 1 for page= in the URL, got 'x'

        """)
    #expect(
      try server.requests().map(\.query) == [
        "page=3&per_page=4", "page=2&per_page=2", "page=1&per_page=3", "page=2&per_page=3",
      ])
  }

  @Test("retries: 500 then success, and 503 with Retry-After")
  func retries() throws {
    let (server, data) = try Self.serverAndData()
    let flaky = server.url("/flaky500?key=shell").absoluteString
    let busy = server.url("/busy503?key=shell").absoluteString
    let run = try kivash("fetch \(flaky); fetch \(busy)", data: data)
    #expect(run.status == 0)
    #expect(run.output.contains("fetched 20 loans from '\(flaky)'"))
    #expect(run.output.contains("fetched 20 loans from '\(busy)'"))
    #expect(try server.requests().map(\.status).filter { $0 >= 500 } == [500, 503])
  }

  @Test("connection refused")
  func refused() throws {
    let port = try FreePort.make()
    let data = try TemporaryDirectory()
    let refused = try kivash("fetch http://127.0.0.1:\(port)/x.json; count", data: data)
    #expect(refused.output == "error: connection refused by '127.0.0.1:\(port)'\n20 loans\n")
  }
}
