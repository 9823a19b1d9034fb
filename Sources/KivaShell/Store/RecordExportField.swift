/// A field of the CSV and `lines` output: a header and a record's value, plain (amounts
/// as numbers, dates in ISO 8601), "" when absent.
public struct RecordExportField<Record>: Sendable {
  /// The header.
  public var header: String
  /// The value for a record.
  public var value: @Sendable (Record) -> String

  /// Creates a field.
  public init(_ header: String, value: @escaping @Sendable (Record) -> String) {
    self.header = header
    self.value = value
  }
}
