/// The edit that one press of TAB makes to the line being typed.
///
/// The completion logic lives in the library and decides everything; the libedit
/// reader only applies the edit, so completion is tested without a terminal.
public struct CompletionEdit: Equatable, Sendable {
  /// How many characters (grapheme clusters) before the cursor to delete.
  public var deleteBackward: Int
  /// Text to insert at the cursor after the deletion.
  public var insert: String
  /// Candidates to list below the line (a second TAB when several match); empty for none.
  public var listing: [String]

  /// An edit that changes nothing and lists nothing (TAB with no match).
  public static let none = CompletionEdit(deleteBackward: 0, insert: "", listing: [])

  /// Creates an edit.
  public init(deleteBackward: Int, insert: String, listing: [String] = []) {
    self.deleteBackward = deleteBackward
    self.insert = insert
    self.listing = listing
  }
}

/// What the line editor knows when TAB is pressed.
public struct CompletionRequest: Equatable, Sendable {
  /// The text of the line from its start up to the cursor.
  public var textBeforeCursor: String
  /// True when this TAB directly follows another TAB on the same text (show the list).
  public var isRepeated: Bool
  /// True at the `...>` prompt: the line goes on a block (JSON, a model's fields) that an
  /// earlier line opened, and does not start a command.
  public var continuesBlock: Bool

  /// Creates a request.
  public init(textBeforeCursor: String, isRepeated: Bool, continuesBlock: Bool = false) {
    self.textBeforeCursor = textBeforeCursor
    self.isRepeated = isRepeated
    self.continuesBlock = continuesBlock
  }
}
