import Foundation
import Testing

@testable import KivaShell

/// TAB on a file name: one word whatever it holds, after flags, and after `@` where a
/// bare word would be JSON; flags and their values complete too.
@Suite("TAB completion: files and flags")
struct FileCompletionTests {
  /// A folder holding `my loans.json`, `my notes.kiva`, `other.json`, `[old].json` and
  /// `data dir/`.
  private final class Folder {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-tab-\(UUID().uuidString)").path

    init() throws {
      let manager = FileManager.default
      try manager.createDirectory(
        atPath: path + "/data dir", withIntermediateDirectories: true)
      for name in ["my loans.json", "my notes.kiva", "other.json", "[old].json"] {
        #expect(manager.createFile(atPath: path + "/" + name, contents: Data()))
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  private func tab(_ text: String, repeated: Bool = false) -> CompletionEdit {
    Completer.edit(
      for: CompletionRequest(textBeforeCursor: text, isRepeated: repeated),
      in: SampleLoans.session)
  }

  @Test("a file name with spaces is inserted as one word")
  func spaces() throws {
    let folder = try Folder()
    let dir = folder.path
    #expect(
      tab("fetch \(dir)/o")
        == CompletionEdit(deleteBackward: dir.count + 2, insert: "\(dir)/other.json "))
    // Two candidates: as far as they agree, the space escaped.
    #expect(
      tab("fetch \(dir)/my")
        == CompletionEdit(deleteBackward: dir.count + 3, insert: "\(dir)/my\\ "))
    #expect(
      tab("fetch \(dir)/my\\ l")
        == CompletionEdit(deleteBackward: dir.count + 6, insert: "\(dir)/my\\ loans.json "))
    #expect(
      tab("export \(dir)/da")
        == CompletionEdit(deleteBackward: dir.count + 3, insert: "\(dir)/data\\ dir/"))
    // Listed by their names, as bash lists them: the folder is on the line already.
    #expect(
      tab("source \(dir)/my\\ ", repeated: true).listing == ["my loans.json", "my notes.kiva"])
    #expect(tab("fetch \(dir)/", repeated: true).listing.contains("data dir/"))
  }

  @Test("a '[' or '{' in a name is escaped: unescaped, it would open a block")
  func brackets() throws {
    let folder = try Folder()
    let dir = folder.path
    #expect(
      tab("fetch \(dir)/\\[")
        == CompletionEdit(deleteBackward: dir.count + 3, insert: "\(dir)/\\[old].json "))
  }

  @Test("a file name completes after flags, and flags complete")
  func flags() throws {
    let folder = try Folder()
    let dir = folder.path
    #expect(
      tab("fetch --append \(dir)/o")
        == CompletionEdit(deleteBackward: dir.count + 2, insert: "\(dir)/other.json "))
    #expect(tab("fetch --ap") == CompletionEdit(deleteBackward: 4, insert: "--append "))
    #expect(tab("fetch --pa") == CompletionEdit(deleteBackward: 4, insert: "--page"))
    #expect(tab("fetch --page", repeated: true).listing == ["--page", "--pages"])
    // A number follows --page: nothing to offer.
    #expect(tab("fetch --page ") == .none)
    #expect(tab("export --c") == CompletionEdit(deleteBackward: 3, insert: "--csv "))
  }

  @Test("the lab's @FILE completes after the @; a bare word there is JSON")
  func atSign() throws {
    let folder = try Folder()
    let dir = folder.path
    #expect(
      tab("decode Loan @\(dir)/o")
        == CompletionEdit(deleteBackward: dir.count + 2, insert: "\(dir)/other.json "))
    #expect(
      tab("infer --name Page @\(dir)/o")
        == CompletionEdit(deleteBackward: dir.count + 2, insert: "\(dir)/other.json "))
    #expect(tab("decode Loan \(dir)/o") == .none)
    #expect(tab("decode Loan --dates s") == CompletionEdit(deleteBackward: 1, insert: "seconds "))
    #expect(tab("decode Loan --sn") == CompletionEdit(deleteBackward: 4, insert: "--snake-case "))
    #expect(tab("infer --name ") == .none)
  }

  @Test("a category name with spaces is inserted as one word")
  func categoryName() {
    var session = SampleLoans.session
    session.categories.load([Category(id: 1, name: "Home Office", icon: "house")], from: "test")
    let edit = Completer.edit(
      for: CompletionRequest(textBeforeCursor: "category delete ho", isRepeated: false),
      in: session)
    #expect(edit == CompletionEdit(deleteBackward: 2, insert: "Home\\ Office "))
  }
}
