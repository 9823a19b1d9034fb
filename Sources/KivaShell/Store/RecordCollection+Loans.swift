/// A loans collection's loading and searching, compiled for loans here: code in another
/// module (kivash-bench) that calls the generic `load(_:from:paging:)` or
/// `viewIndices()` runs them unspecialized, more than twice as slow as the shell does.
extension RecordCollection where Record == Loan {
  /// `load(_:from:paging:)`, for loans.
  public mutating func loadLoans(_ loans: [Loan], from sourceName: String) {
    load(loans, from: sourceName)
  }

  /// `viewIndices()`, for loans.
  public func loanViewIndices() -> [Int] {
    viewIndices()
  }
}
