import Foundation

/// `fetch FILE` in landmarks or restaurants: the file is a JSON array of them (the
/// tutorials' own data files, or what `export` wrote), and replaces the collection's
/// records (or, with `--append`, adds those whose id is new). Bare `fetch` there loads
/// the built-in array the same way.
struct RecordFileFetch {
  let append: Bool
  let decoder: Settings.Decoder

  /// The first 4 KiB of the file at `path` when it holds a JSON array: its first byte
  /// after a byte order mark and white space is `[`; nil otherwise. Reads only the start,
  /// so a large loans file is not read twice.
  static func arrayStart(_ path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: LocalFile.expand(path)) else { return nil }
    defer { try? handle.close() }
    let start = (try? handle.read(upToCount: 4096)) ?? Data()
    return LoanLoader.startsArray(start) ? start : nil
  }

  /// Whether an array's start (`arrayStart`) looks like loans (`kivash --json list`,
  /// `jq .loans`): it names a loan's own field.
  static func namesLoanField(_ start: Data) -> Bool {
    start.range(of: Data(#""loan_amount""#.utf8)) != nil
  }

  /// Loads the JSON array `data`, which came from `name`, into `collection`.
  func load<Record: CollectionRecord & Decodable>(
    _ data: Data, from name: String, into collection: inout RecordCollection<Record>,
    output: Output
  ) throws(ShellError) {
    let decoded: RecordArray<Record>
    do {
      decoded = try decode(data)
    } catch let error as DecodingError {
      throw Self.diagnose(error, in: data, from: name)
    } catch {
      throw Self.diagnose(nil, in: data, from: name)
    }
    guard !decoded.elements.isEmpty else {
      guard let first = decoded.skipped.first else {
        throw ShellError(.noRecords(noun: Record.pluralNoun, source: name))
      }
      throw ShellError(
        .noRecordsDecoded(noun: Record.noun, source: name, firstProblem: first.reason))
    }
    var records: [Record] = []
    var seen = Set<String>()
    let existing = append ? collection.records : []
    for record in existing + decoded.elements where seen.insert(record.recordID).inserted {
      records.append(record)
    }
    let repeated = existing.count + decoded.elements.count - records.count
    let before = collection.records.count
    collection.load(records, from: name)
    SkippedRecordsWarning.report(decoded.skipped, of: Record.self, output: output)
    if repeated > 0, !append {
      output.warning(
        "\(name) has \(Record.count(repeated)) with \(Record.identityName == "id" ? "an" : "a") "
          + "\(Record.identityName) seen before: kept the first of each")
    }
    output.line(
      append
        ? "added \(Record.count(records.count - before)) from \(name) "
          + "(\(Record.count(records.count)) in all)"
        : "fetched \(Record.count(records.count)) from \(name)")
    if !collection.filters.isEmpty || !collection.searchText.isEmpty {
      output.line(collection.viewSummary())
    }
  }

  private func decode<Record: Decodable>(_ data: Data) throws -> RecordArray<Record> {
    switch decoder {
    case .foundation: try JSONDecoder().decodeWithoutTrapping(RecordArray<Record>.self, from: data)
    case .fast: try FastJSONDecoder().decode(RecordArray<Record>.self, from: data)
    }
  }

  /// Malformed JSON at its line and column; else what the decoder said.
  private static func diagnose(_ error: DecodingError?, in data: Data, from name: String)
    -> ShellError
  {
    if let syntax = JSONSyntaxError.refusal(in: data, numbers: false) {
      return ShellError(
        .invalidJSON(
          source: name, line: syntax.line, column: syntax.column, reason: syntax.reason))
    }
    let reason =
      error.map { DecodingErrorDescription($0).text }
      ?? "a value cannot be read (a number that does not fit its type?)"
    return ShellError(.unreadableData(source: name, reason: reason))
  }
}
