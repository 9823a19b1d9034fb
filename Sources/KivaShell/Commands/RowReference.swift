/// A row number as typed (`show 3`): rows are numbered from 1 in the last list.
public struct RowReference: Equatable, Sendable {
  /// The row, from 1.
  public var number: Int
  /// Where it was typed, for the caret under an error.
  public var token: Token

  /// Creates a reference.
  public init(number: Int, token: Token) {
    self.number = number
    self.token = token
  }
}
