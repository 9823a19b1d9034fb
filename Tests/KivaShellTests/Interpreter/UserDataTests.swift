import Testing

@testable import KivaShell

/// Favourites, categories and searches go through the user-data store, and shells that
/// share a store see each other's changes at their next command.
@Suite("Shell and the user-data store")
struct UserDataTests {
  private func shell(_ store: UserDataStore, sink: CapturingSink = CapturingSink()) -> Shell {
    Shell(session: .withBuiltInData(), output: Output(sink: sink), store: store)
  }

  @Test("a favourite is saved under the collection and the record's stable id")
  func favoriteSaved() throws {
    let store = MemoryUserDataStore()
    let shell = shell(store)
    try shell.execute(line: "use landmarks; list; fav 2; fav 1")
    #expect(try store.favoriteStates(in: "landmarks") == ["1002": true, "1001": false])
    try shell.execute(line: "use loans; list; fav 1")
    #expect(try store.favoriteStates(in: "loans") == ["436753": true])
  }

  @Test("a second shell on the same store sees the first one's changes at its next command")
  func sharedStore() throws {
    let store = MemoryUserDataStore()
    let first = shell(store)
    let secondSink = CapturingSink()
    let second = shell(store, sink: secondSink)
    try first.execute(line: "use restaurants; list; fav 21; category add Patio")
    try second.execute(line: "use restaurants; favs")
    #expect(secondSink.standard.contains("★ CASK Pub and Kitchen"))
    #expect(second.session.categories.records.last?.name == "Patio")
    try first.execute(line: "search thai")
    try second.execute(line: "count")
    #expect(second.session.restaurants.recentSearches.items == ["thai"])
  }

  @Test("a store that fails leaves the session as it was, with a one-line error")
  func failingStore() {
    let sink = CapturingSink()
    let shell = shell(FailingStore(), sink: sink)
    #expect(throws: ShellError(.saveFailed("disk I/O error"))) {
      try shell.execute(line: "use landmarks; list; fav 2")
    }
    #expect(
      shell.session.landmarks.favorites.map(\.name) == [
        "Turtle Rock", "Chilkoot Trail", "St. Mary Lake",
      ])
    #expect(throws: ShellError(.saveFailed("disk I/O error"))) {
      try shell.execute(line: "category add Patio")
    }
  }

  @Test("category changes are validated before they reach the store")
  func categoryValidation() throws {
    let store = MemoryUserDataStore()
    let shell = shell(store)
    let before = try store.categories()
    for line in [
      "category add ''", "category add Books", "category add x Y", "category delete Nope",
    ] {
      #expect(throws: ShellError.self, "\(line)") { try shell.execute(line: line) }
    }
    #expect(try store.categories() == before)
    try shell.execute(
      line: "category add 'Home Office' desktopcomputer; category rename Books BOOKS")
    #expect(try store.categories().map(\.name).suffix(2) == ["Sports", "Home Office"])
    #expect(try store.categories().map(\.name).contains("BOOKS"))
  }

  @Test("a number names a row first, and a category when no row has it")
  func numberedNames() throws {
    let store = MemoryUserDataStore()
    let sink = CapturingSink()
    let shell = shell(store, sink: sink)
    try shell.execute(line: "use categories; category add 2020; list; category rename 2020 Y2020")
    #expect(sink.standard.hasSuffix("renamed category '2020' to 'Y2020'\n"))
    try shell.execute(line: "category delete 3")
    #expect(sink.standard.hasSuffix("deleted category 'Books'\n"))
    let noRow = #expect(throws: ShellError.self) {
      try shell.execute(line: "list; category delete 12")
    }
    #expect(noRow?.message == "no row 12 — the last list had 8 rows")
    let noName = #expect(throws: ShellError.self) {
      try shell.execute(line: "category rename 1 ''")
    }
    #expect(noName?.message == "a category needs a name — e.g. 'category rename Garden Yard'")
  }

  @Test("a name over 60 characters is refused; an empty list says how to add one")
  func longNameAndEmptyList() throws {
    let sink = CapturingSink()
    let shell = shell(MemoryUserDataStore(), sink: sink)
    let long = String(repeating: "n", count: 61)
    let error = #expect(throws: ShellError.self) { try shell.execute(line: "category add \(long)") }
    #expect(
      error?.message
        == "a category name has at most 60 characters; '\(String(repeating: "n", count: 39))…' has 61"
    )
    try shell.execute(line: "category add \(String(repeating: "n", count: 60))")
    let names = shell.session.categories.records.map(\.name)
    try shell.execute(line: "use categories")
    for name in names { try shell.execute(line: "category delete '\(name)'") }
    try shell.execute(line: "list")
    #expect(sink.standard.hasSuffix("no categories — 'category add NAME [ICON]' adds one\n"))
  }

  @Test("a name taken by one that differs names the category that has it, and why")
  func takenName() throws {
    let shell = shell(MemoryUserDataStore())
    try shell.execute(line: "category add Kids")
    for (line, message) in [
      ("category add Kids", "a category named 'Kids' exists already"),
      (
        "category add \"Kid's\"",
        "a category named 'Kids' exists already ('Kid's' counts as the same name: names ignore case, accents and apostrophes)"
      ),
      (
        "category rename Toys BOOKS",
        "a category named 'Books' exists already ('BOOKS' counts as the same name: names ignore case, accents and apostrophes)"
      ),
    ] {
      let error = #expect(throws: ShellError.self) { try shell.execute(line: line) }
      #expect(error?.message == message, "\(line)")
    }
  }

  @Test("a search typed after a space, or too long to type again, is not remembered")
  func searchesLeftOut() throws {
    let store = MemoryUserDataStore()
    let shell = Shell(
      session: .withBuiltInData(), output: Output(sink: CapturingSink()),
      options: Shell.Options(interactive: true), store: store)
    let pasted = "search " + Array(repeating: "kenya", count: 20).joined(separator: " ")
    let status = shell.run(
      reader: ArrayLineReader([" search kenya", "search cambodia", pasted, "count"]))
    #expect(status == 0)
    #expect(try store.recentSearches(in: "loans", limit: 10) == ["cambodia"])
    #expect(shell.session.loans.recentSearches.items == ["cambodia"])
    // In a script a leading space means nothing.
    let script = Shell(session: .withBuiltInData(), output: Output(sink: CapturingSink()))
    _ = script.run(reader: ArrayLineReader([" search kenya"]))
    #expect(script.session.loans.recentSearches.items == ["kenya"])
  }

  @Test("a number quoted or escaped is a name, even when a row has that number")
  func quotedNumberIsAName() throws {
    let store = MemoryUserDataStore()
    let sink = CapturingSink()
    let shell = shell(store, sink: sink)
    try shell.execute(line: "use categories; category add 3; category add 4; list")
    try shell.execute(line: #"category delete "3""#)
    #expect(sink.standard.hasSuffix("deleted category '3'\n"))
    try shell.execute(line: #"category rename \4 Four"#)
    #expect(sink.standard.hasSuffix("renamed category '4' to 'Four'\n"))
    #expect(try store.categories().map(\.name).suffix(1) == ["Four"])
    #expect(try store.categories().map(\.name).contains("Books"))
    // Quoted, a number no category is named is no row either, as help says: an error.
    let unknown = #expect(throws: ShellError.self) {
      try shell.execute(line: #"list; category delete "1""#)
    }
    #expect(unknown?.message.hasPrefix("no category '1'") == true)
    #expect(try store.categories().map(\.name).contains("Electronics"))
  }

  @Test("a delete by row with nothing listed keeps the numbering: again, it deletes nothing")
  func repeatedDeleteByRow() throws {
    let store = MemoryUserDataStore()
    let sink = CapturingSink()
    let shell = shell(store, sink: sink)
    try shell.execute(line: "use categories; category delete 3")
    #expect(sink.standard.hasSuffix("deleted category 'Books'\n"))
    let after = try store.categories()
    let again = #expect(throws: ShellError.self) {
      try shell.execute(line: "category delete 3")
    }
    #expect(
      again?.message
        == "row 3 is no longer there: it was deleted after the last list — 'list' shows the rows now"
    )
    #expect(try store.categories() == after)
    // A rename by row keeps its numbering too; by name it leaves the view's alone.
    try shell.execute(line: "list; category rename 1 Aaa; category rename Aaa Zzz")
    #expect(shell.session.categories.lastListedIDs?.count == 7)
  }

  @Test("a row number below 1, Int.min too, is no row: an error, not a crash")
  func rowBelowOne() throws {
    let store = MemoryUserDataStore()
    let shell = shell(store)
    let before = try store.categories()
    for number in ["0", "-1", "-9223372036854775808"] {
      let error = #expect(throws: ShellError.self) {
        try shell.execute(line: "category delete \(number)")
      }
      #expect(
        error?.message == "no row \(number) — nothing listed yet, and the view has 8 rows",
        "\(number)")
      #expect(throws: ShellError.self) { try shell.execute(line: "category rename \(number) X") }
    }
    #expect(try store.categories() == before)
  }
}

/// A store whose every write fails, as a full or broken disk would.
private final class FailingStore: UserDataStore {
  private let memory = MemoryUserDataStore()
  private let failure = StoreError.failed("disk I/O error")

  func favoriteStates(in collection: String) throws(StoreError) -> [String: Bool] { [:] }
  func setFavorite(_ isFavorite: Bool, id: String, in collection: String) throws(StoreError) {
    throw failure
  }
  func categories() throws(StoreError) -> [Category] { try memory.categories() }
  func addCategory(name: String, icon: String) throws(StoreError) -> Category { throw failure }
  func renameCategory(id: Int64, to name: String) throws(StoreError) { throw failure }
  func deleteCategory(id: Int64) throws(StoreError) { throw failure }
  func recentSearches(in collection: String, limit: Int) throws(StoreError) -> [String] { [] }
  func recordSearch(_ text: String, in collection: String) throws(StoreError) { throw failure }
  func models() throws(StoreError) -> [SavedModel] { [] }
  func saveModel(_ model: SavedModel) throws(StoreError) { throw failure }
  func deleteModel(named name: String) throws(StoreError) { throw failure }
  func changeStamp() throws(StoreError) -> Int64 { 0 }
}
