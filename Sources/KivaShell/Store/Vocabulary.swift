/// The words of the loaded data that search suggestions and TAB completion offer:
/// names, countries, towns, sectors and activities, with how often each occurs.
public struct Vocabulary: Sendable {
  /// Which field a word comes from.
  public enum Field: Int, Comparable, Sendable {
    case country, sector, activity, name, town

    public static func < (lhs: Field, rhs: Field) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One distinct value of the data.
  public struct Entry: Equatable, Sendable {
    /// The value as written in the data: `Marème`.
    public var text: String
    /// The value folded: `mareme`.
    public var folded: String
    /// The field it was first seen in.
    public var field: Field
    /// How many loans carry it.
    public var count: Int
  }

  /// Distinct values, most frequent first.
  public private(set) var entries: [Entry] = []

  /// Creates an empty vocabulary.
  public init() {}

  /// Builds the vocabulary of `loans`.
  public init(_ loans: [Loan]) {
    var byFolded: [String: Entry] = [:]
    func add(_ text: String?, _ field: Field) {
      guard let text, !text.isEmpty else { return }
      let folded = text.folded
      if var entry = byFolded[folded] {
        entry.count += 1
        byFolded[folded] = entry
      } else {
        byFolded[folded] = Entry(text: text, folded: folded, field: field, count: 1)
      }
    }
    for loan in loans {
      add(loan.country, .country)
      add(loan.sector, .sector)
      add(loan.activity, .activity)
      add(loan.name, .name)
      add(loan.town, .town)
    }
    entries = byFolded.values.sorted(by: Self.ranking)
  }

  /// Values that start with `prefix`, folded, best first; then values with a later
  /// word that starts with it (`dambae` finds "Kampong Cham province, Dambae district").
  public func matches(prefix: String, in fields: Set<Field>? = nil) -> [Entry] {
    let foldedPrefix = prefix.folded
    var leading: [Entry] = []
    var inner: [Entry] = []
    for entry in entries where fields?.contains(entry.field) ?? true {
      if entry.folded.hasPrefix(foldedPrefix) {
        leading.append(entry)
      } else if Self.hasInnerWord(startingWith: foldedPrefix, in: entry.folded) {
        inner.append(entry)
      }
    }
    return leading + inner
  }

  /// The most frequent values of the given fields.
  public func popular(in fields: Set<Field>, limit: Int) -> [Entry] {
    Array(entries.lazy.filter { fields.contains($0.field) }.prefix(limit))
  }

  private static func hasInnerWord(startingWith prefix: String, in text: String) -> Bool {
    guard !prefix.isEmpty else { return false }
    var previous: Character = " "
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if !previous.isLetter && !previous.isNumber && index != text.startIndex
        && text[index...].hasPrefix(prefix)
      {
        return true
      }
      previous = character
      index = text.index(after: index)
    }
    return false
  }

  private static func ranking(_ lhs: Entry, _ rhs: Entry) -> Bool {
    if lhs.count != rhs.count { return lhs.count > rhs.count }
    if lhs.field != rhs.field { return lhs.field < rhs.field }
    return lhs.folded < rhs.folded
  }
}
