extension ExplainingContext {
  /// A date in the form the date strategy does not read, when the JSON writes other dates
  /// in the form it does: `--dates seconds` and `--dates iso8601` would each fail on the
  /// other form, so the fix is a strategy that reads both. Nil when the dates agree.
  ///
  /// The Swift is the `.custom` strategy that tries a number of seconds, then an ISO 8601
  /// string: what one writes by hand for an API that mixes them, and one line to paste.
  func mixedDates(at path: JSONPath, found: JSONValue?) -> ExplainedDecodingError? {
    guard let library else { return nil }
    let forms = DateForms(in: document, root: modelName, library: library)
    guard forms.isMixed, let numbers = forms.firstNumber, let strings = forms.firstISOString,
      let found
    else { return nil }
    // Under .deferredToDate (Foundation's default) a number counts seconds from 2001: the
    // fix reads numbers the way the strategy in use does.
    let deferred = options.dateStrategy == .deferredToDate
    let form =
      options.dateStrategy == .iso8601
      ? "an ISO 8601 string" : deferred ? "a number of seconds since 2001" : "a number of seconds"
    let fromNumber =
      deferred
      ? "Date(timeIntervalSinceReferenceDate: seconds)" : "Date(timeIntervalSince1970: seconds)"
    return ExplainedDecodingError(
      summary: "\(place(path)) is a Date, read as \(form), but the JSON writes dates both as "
        + "numbers and as ISO 8601 strings",
      notes: [
        "path: \(place(path))",
        "expected: \(form) (dateDecodingStrategy = .\(options.dateStrategy.rawValue)) — found: "
          + found.withArticle,
        "dates as numbers: first at \(place(numbers)); as ISO 8601 strings: first at "
          + place(strings),
        "one strategy reads one form: --dates seconds and --dates iso8601 each fail on the other",
        "fix: in Swift, read both: decoder.dateDecodingStrategy = .custom { decoder in let value "
          + "= try decoder.singleValueContainer(); if let seconds = try? value.decode(Double.self)"
          + " { return \(fromNumber) }; return try Date(value.decode("
          + "String.self), strategy: .iso8601) }",
        "fix: or, where the JSON is yours, write every date one way",
      ])
  }
}
