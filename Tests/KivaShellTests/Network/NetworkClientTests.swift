import Foundation
import Testing

@testable import KivaShell

/// `HTTPClient` against the Kiva-shaped pages of the test server, and its cache.
@Suite("Network client: pages and the response cache")
struct NetworkClientTests {
  @Test("one page decodes to the fixture's 20 loans")
  func onePage() throws {
    let server = try TestHTTPServer()
    let url = KivaAPI.pageURL(server.newest, page: 1, perPage: nil)
    let body = try HTTPClient(cache: nil).get(FetchRequest(url: url))
    #expect(body.status == 200)
    #expect(body.url == url)
    #expect(!body.fromCache && !body.revalidated)
    let store = try LoanLoader.decode(body.data, from: url.absoluteString)
    #expect(store.loans.count == 20)
    #expect(store.loans.first?.id == 436_753)
    let paging = try #require(store.paging)
    #expect(
      [paging.page, paging.total, paging.pageSize, paging.pages] as [Int] == [1, 100, 20, 5])
  }

  @Test("an endless timeout is taken as a very long one", arguments: [TimeInterval.infinity, .nan])
  func endlessTimeout(timeout: TimeInterval) throws {
    let server = try TestHTTPServer()
    var request = FetchRequest(url: server.newest)
    request.timeout = timeout
    #expect(try HTTPClient(cache: nil).get(request).status == 200)
  }

  @Test("per_page passes through to the server")
  func perPage() throws {
    let server = try TestHTTPServer()
    let url = KivaAPI.pageURL(server.newest, page: 2, perPage: 7)
    let body = try HTTPClient(cache: nil).get(FetchRequest(url: url))
    let store = try LoanLoader.decode(body.data, from: url.absoluteString)
    #expect(store.loans.count == 7)
    #expect(store.loans.first?.id == 1_436_753)
    let paging = try #require(store.paging)
    #expect([paging.page, paging.total, paging.pageSize, paging.pages] as [Int] == [2, 35, 7, 5])
    #expect(try server.requests().map(\.query) == ["page=2&per_page=7"])
  }

  @Test("a redirect is followed; the body names where it came from, the cache what was asked")
  func redirect() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let url = server.url("/redirect?page=4")
    let client = HTTPClient(cache: folder.cache)
    let body = try client.get(FetchRequest(url: url))
    client.remember([body])
    #expect(body.url == server.url("/v1/loans/newest.json?page=4"))
    #expect(try LoanLoader.decode(body.data, from: "redirect").loans.first?.id == 3_436_753)
    #expect(folder.cache.lookup(url)?.finalURL == body.url)
    #expect(try server.requests().map(\.status) == [302, 200])
  }

  @Test("past the last page, no loans")
  func pastTheEnd() throws {
    let server = try TestHTTPServer()
    let url = KivaAPI.pageURL(server.newest, page: 6, perPage: nil)
    let body = try HTTPClient(cache: nil).get(FetchRequest(url: url))
    let store = try LoanLoader.decode(body.data, from: url.absoluteString)
    #expect(store.loans.isEmpty)
    #expect(store.paging?.page == 6)
  }

  @Test("an empty answer is a valid, empty page")
  func empty() throws {
    let server = try TestHTTPServer()
    let body = try HTTPClient(cache: nil).get(FetchRequest(url: server.url("/empty")))
    let store = try LoanLoader.decode(body.data, from: "empty")
    #expect(store.loans.isEmpty)
    #expect(store.paging?.pages == 0)
  }

  @Test("a second get revalidates with If-None-Match and gets the same bytes from a 304")
  func revalidation() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let client = HTTPClient(cache: folder.cache)
    let request = FetchRequest(url: KivaAPI.pageURL(server.newest, page: 3, perPage: nil))
    let first = try client.get(request)
    client.remember([first])
    let second = try client.get(request)
    #expect(!first.fromCache && !first.revalidated)
    #expect(second.fromCache && second.revalidated)
    #expect(second.status == 200)
    #expect(second.data == first.data)
    let seen = try server.requests()
    #expect(seen.map(\.status) == [200, 304])
    #expect(seen.first?.ifNoneMatch == nil)
    let etag = try #require(seen.last?.ifNoneMatch)
    #expect(folder.cache.lookup(request.url)?.etag == etag)
    #expect(seen.last?.ifModifiedSince == "Tue, 12 Jun 2012 20:30:00 GMT")
  }

  @Test("noCache downloads in full, and the answer can still be kept")
  func noCache() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let client = HTTPClient(cache: folder.cache)
    var request = FetchRequest(url: server.newest)
    request.cachePolicy = .noCache
    client.remember([try client.get(request)])
    let again = try client.get(request)
    #expect(!again.fromCache)
    #expect(try server.requests().map(\.ifNoneMatch) == [nil, nil])
    #expect(folder.cache.contains(server.newest))
  }

  @Test("cachedOnly answers from the cache with the server stopped")
  func cachedOnly() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let url = KivaAPI.pageURL(server.newest, page: 2, perPage: 5)
    let client = HTTPClient(cache: folder.cache)
    let fetched = try client.get(FetchRequest(url: url))
    client.remember([fetched])
    server.stop()
    var request = FetchRequest(url: url)
    request.cachePolicy = .cachedOnly
    let cached = try HTTPClient(cache: folder.cache).get(request)
    #expect(cached.data == fetched.data)
    #expect(cached.fromCache && !cached.revalidated)
    #expect(cached.url == url)
  }

  @Test("the cache outlives the client: a new client and cache object revalidate")
  func cacheSurvivesNewClient() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let request = FetchRequest(url: server.newest)
    let client = HTTPClient(cache: ResponseCache(directory: folder.directory))
    let first = try client.get(request)
    client.remember([first])
    let second = try HTTPClient(cache: ResponseCache(directory: folder.directory)).get(request)
    #expect(second.revalidated)
    #expect(second.data == first.data)
  }

  @Test("get keeps nothing; remember keeps new bodies and marks cached ones used")
  func remember() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let client = HTTPClient(cache: folder.cache)
    let url = KivaAPI.pageURL(server.newest, page: 2, perPage: nil)
    let fetched = try client.get(FetchRequest(url: url))
    #expect(!folder.cache.contains(url))
    client.remember([fetched])
    #expect(folder.cache.lookup(url)?.data == fetched.data)
    let meta = folder.cache.files(for: url).meta.path
    let hourAgo = Date(timeIntervalSinceNow: -3600)
    try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: meta)
    var request = FetchRequest(url: url)
    request.cachePolicy = .cachedOnly
    client.remember([try client.get(request)])
    let used = try FileManager.default.attributesOfItem(atPath: meta)[.modificationDate] as? Date
    #expect(try #require(used) > hourAgo.addingTimeInterval(1800))
  }

  @Test("a failed answer does not replace the cached copy")
  func failureKeepsCache() throws {
    let server = try TestHTTPServer()
    let folder = TemporaryCache()
    defer { folder.remove() }
    let client = HTTPClient(cache: folder.cache)
    let url = server.url("/flaky500?key=\(UUID().uuidString)")
    var request = FetchRequest(url: url)
    request.retries = 0
    #expect(throws: FetchError.self) { try client.get(request) }
    #expect(!folder.cache.contains(url))
    let good = try client.get(request)
    client.remember([good])
    #expect(folder.cache.lookup(url)?.data == good.data)
  }
}
