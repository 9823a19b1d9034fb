import Foundation

/// `decode MODEL JSON`: decodes JSON into a model and prints the value as Swift's
/// `print` would; `--trace` shows every decoder call, `--manual` the JSONSerialization way.
public struct DecodeCommand: ShellCommand {
  /// The model's name.
  public var model: Token
  /// The JSON.
  public var json: JSONArgument
  var flags: DecodingFlags

  /// A whole decode of typed JSON, which runs as shown: the help's example, and the hint's.
  static let inlineExample =
    #"decode FlatLoan {"name": "John", "country": "Kenya", "use": "stock", "amount": 150}"#

  public static let spec = CommandSpec(
    name: "decode",
    usage: "decode MODEL [--trace] [--manual] \(DecodingFlags.usage) (JSON | @FILE)",
    summary: "decode JSON into a model and print the value (Codable, live)",
    details: """
      JSON is typed after the model (over several lines if need be: the prompt goes on
      until the brackets balance) or read from a file with @FILE. The value prints as
      Swift's print() shows it. A failure is explained: the DecodingError case and
      coding path Swift reports, the JSON path, the JSON key, what was expected and
      found, the keys that were there, and the usual fix. MODEL may be
      a type built on a model, as Swift writes it: [MODEL] for a JSON array, [MODEL?]
      for one that holds nulls, MODEL? for a JSON that may be null.
      --trace     show every call init(from:) makes on the decoder, with keys and values
      --manual    the same JSON taken apart the JSONSerialization way, and where as! crashes
      --snake-case, --dates …   the decoder's key and date strategies
      The flags may come before MODEL too: 'decode --trace FlatLoan @newest.json'.
      'export newest.json' writes the loans in view as a Kiva response to try @FILE on.
      Dates are read as ISO 8601 strings ("2012-06-12T20:30:03Z": .iso8601) unless --dates
      says otherwise. A plain JSONDecoder() uses .deferredToDate (a number of seconds since
      2001) and refuses such a string: --dates deferred decodes as it does.
      'models' lists the models; 'lesson' walks through them.
      """,
    examples: [
      inlineExample,
      #"decode NestedLoan --trace {"name": "Ana", "use": "stock", "loan_amount": 75, "location": {"country": "Peru"}}"#,
      "decode LoanStore --manual @newest.json",
    ],
    completion: .wordFrom(
      .modelNames,
      then: .file(
        flags: [CompletionFlag("--trace"), CompletionFlag("--manual")]
          + DecodingFlags.completionFlags,
        atSign: true)),
    takesBlock: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    var flags = DecodingFlags()
    guard
      let model = try DecodingFlags.takeAroundModel(
        from: &arguments, into: &flags, command: "decode", rest: " @sample.json",
        allowing: ["--trace", "--manual"])
    else {
      throw ShellError(
        .missingArgument(
          command: "decode", what: "a model and JSON", example: Self.inlineExample),
        at: arguments.commandWord)
    }
    if let first = model.text.first, "{[@".contains(first),
      model.text.count > 200
        || model.text.wholeMatch(of: /\[+[A-Za-z_][A-Za-z0-9_]*\??(\]\??)+/) == nil
    {
      // The JSON came first: a model names what to decode it into.
      throw ShellError(
        .missingArgument(
          command: "decode", what: "a model before the JSON",
          example: "decode FlatLoan \(model.text.count > 20 ? "{…}" : model.text)"),
        at: model)
    }
    self.model = model
    self.flags = flags
    if flags.manual, let strategy = flags.strategyFlag {
      // The hand-written walk reads the JSON's own keys and values: it has no strategies,
      // and its verdict would be about another decoding than the one asked for.
      throw ShellError(
        .conflictingFlags(
          "--manual", strategy,
          hint: "JSONSerialization has no key or date strategies; drop one of them"),
        at: model)
    }
    guard let json = arguments.next() else {
      throw ShellError(
        .missingArgument(
          command: "decode \(model.text)", what: "JSON or @FILE",
          example: "decode \(model.text) @sample.json"),
        at: model)
    }
    self.json = JSONArgument(json)
    // One of its flags after the JSON: said to go before it, with its value (`--dates
    // seconds`). Another word is refused as extra.
    if let flag = arguments.peek(), DecodingFlags.decodeFlags.contains(flag.text) {
      var rest = arguments
      _ = rest.next()
      let value = flag.text == "--dates" ? rest.next().map { " " + $0.text } ?? "" : ""
      let shownJSON = json.text.hasPrefix("@") || json.text.count <= 20 ? json.text : "{…}"
      throw ShellError(
        .flagAfterJSON(
          flag: flag.text, example: "decode \(model.text) \(flag.text)\(value) \(shownJSON)"),
        at: flag)
    }
    try arguments.expectEnd(command: "decode", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let data = try json.data(scriptLine: context.scriptLine)
    let output = context.output
    if flags.manual {
      if model.text.hasPrefix("[") || model.text.hasSuffix("?") {
        throw ShellError(
          .conflictingFlags(
            "--manual", model.text,
            hint: "the walk starts at one model's object; decode \(model.text) without --manual"),
          at: model)
      }
      guard session.models[model.text] != nil else {
        if BuiltInModels.swiftTypeNames.contains(model.text) {
          throw ShellError(.notALabModel(model.text, purpose: "--manual"), at: model)
        }
        throw session.unknownModel(model)
      }
      let walk = ManualDecoding.attempt(model.text, library: session.models, json: data)
      for line in walk.lines { output.line(line) }
      // The hand-written code throws or crashes there: the decoding failed, as plain
      // 'decode' does on the same JSON (a script stops; the status is 1).
      if walk.failed {
        throw ShellError(
          .decodingFailed("decoding '\(model.text)' by hand stops at the ✗ above"), at: model)
      }
      return
    }
    let trace = flags.trace ? DecodingTrace() : nil
    let printed: String
    do {
      printed = try LabDecoding.decode(
        model.text, from: data, library: session.models, options: flags.options, trace: trace)
    } catch let error as ShellError {
      printTrace(trace, output: output)
      throw ShellError(error.kind, at: model.range, notes: error.notes)
    } catch let error as DecodingError {
      printTrace(trace, output: output)
      throw LabDecoding.explain(
        error, json: data, options: flags.options, model: model.text, library: session.models)
    } catch {
      printTrace(trace, output: output)
      throw ShellError(.unreadableData(source: json.sourceName, reason: "\(error)"))
    }
    printTrace(trace, output: output)
    // The value is what was asked for: standard output in every mode.
    output.data(printed + "\n")
    // After a value only: a failure explains the key it could not find itself.
    warnOfUnconvertedKeys(in: session.models, output: output)
  }

  private func printTrace(_ trace: DecodingTrace?, output: Output) {
    for line in trace?.lines ?? [] { output.line(line) }
  }
}

extension DecodeCommand {
  /// With `--snake-case`, a warning naming the model's keys in snake_case: the decoder
  /// converts the JSON's keys first, so they match nothing (as in Swift), and an optional
  /// or defaulted field quietly comes out nil or its default, where the Swift that
  /// `codegen --snake-case` prints names the keys converted and reads them.
  fileprivate func warnOfUnconvertedKeys(in library: ModelLibrary, output: Output) {
    guard flags.options.keyStrategy == .convertFromSnakeCase,
      let root = library.rootType(model.text)?.referencedModels.first
    else { return }
    let keys = SnakeCaseKeys.unconverted(in: library.closure(of: root))
    guard !keys.isEmpty else { return }
    let listed = keys.prefix(3).map { "'\($0.key)' (write = \($0.converted))" }
    let more = keys.count > 3 ? " and \(keys.count - 3) more" : ""
    let verb = keys.count == 1 ? "matches" : "match"
    output.warning(
      "--snake-case converts the JSON's keys before they are matched, so "
        + listed.joined(separator: ", ") + more + " \(verb) nothing, as in Swift")
  }
}
