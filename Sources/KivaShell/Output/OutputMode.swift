/// How records are printed (`set mode`, `kivash --json`/`--csv`), as sqlite3's `.mode`.
public enum OutputMode: String, CaseIterable, Sendable {
  /// A numbered table fitted to the width (the default).
  case table
  /// A JSON array of the records as their `Encodable` writes them; pipes into `jq`.
  case json
  /// RFC 4180 comma-separated values with a header row.
  case csv
  /// One `field = value` line per field, a blank line between records.
  case lines

  /// Whether standard output carries only the records, for another program to read:
  /// messages about what a command did then go to standard error.
  public var isMachineReadable: Bool {
    self == .json || self == .csv
  }
}
