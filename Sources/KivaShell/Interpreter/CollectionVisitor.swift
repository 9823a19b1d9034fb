/// Work done on whichever collection is current, written once for every record type.
public protocol CollectionVisitor {
  /// What the work produces.
  associatedtype Result
  /// Does the work on `collection`.
  func visit<Record: CollectionRecord>(_ collection: inout RecordCollection<Record>)
    throws(ShellError) -> Result
}

extension Session {
  /// Runs `visitor` on the current collection: the one place that switches over them.
  public mutating func visitCurrent<Visitor: CollectionVisitor>(_ visitor: Visitor)
    throws(ShellError) -> Visitor.Result
  {
    try visit(current, visitor)
  }

  /// Runs `visitor` on the collection `kind`.
  public mutating func visit<Visitor: CollectionVisitor>(
    _ kind: CollectionKind, _ visitor: Visitor
  ) throws(ShellError) -> Visitor.Result {
    switch kind {
    case .loans: try visitor.visit(&loans)
    case .landmarks: try visitor.visit(&landmarks)
    case .restaurants: try visitor.visit(&restaurants)
    case .categories: try visitor.visit(&categories)
    }
  }
}
