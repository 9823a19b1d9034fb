/// `codegen MODEL`: the Swift source of a model in the tutorial's style, ready to paste.
public struct CodegenCommand: ShellCommand {
  /// The model.
  public var model: Token
  var flags: DecodingFlags

  public static let spec = CommandSpec(
    name: "codegen", usage: "codegen MODEL \(DecodingFlags.usage)",
    summary: "print a model's Swift: struct, CodingKeys, nested keys, init(from:)",
    details: """
      Prints the model and every model it uses, then how to decode it with JSONDecoder
      (with the strategies given). With --snake-case, CodingKeys name the keys as
      .convertFromSnakeCase makes them ("loan_amount" → "loanAmount"). A model with Dates
      sets dateDecodingStrategy = .iso8601, as decode reads them, unless --dates deferred
      (JSONDecoder()'s own default). The flags may come before MODEL too.
      """,
    examples: ["codegen NestedLoan", "codegen LoanStore"],
    completion: .wordFrom(.labModelNames, then: .flags(DecodingFlags.completionFlags)),
    pagesOutput: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    var flags = DecodingFlags()
    guard
      let model = try DecodingFlags.takeAroundModel(
        from: &arguments, into: &flags, command: "codegen")
    else {
      throw ShellError(
        .missingArgument(command: "codegen", what: "a model", example: "codegen NestedLoan"),
        at: arguments.commandWord)
    }
    self.model = model
    self.flags = flags
    try arguments.expectEnd(command: "codegen", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    guard session.models[model.text] != nil else {
      if BuiltInModels.swiftTypeNames.contains(model.text) {
        throw ShellError(.notALabModel(model.text, purpose: "codegen"), at: model)
      }
      throw session.unknownModel(model)
    }
    let source = SwiftCodeGenerator.source(
      for: model.text, library: session.models, options: flags.options)
    // The source is what was asked for: standard output in every mode, so that
    // 'kivash --json -c "codegen X" > X.swift' writes it.
    // The source ends with its newline: a file written from it ends as swift-format ends one.
    context.output.data(source)
    context.output.data(
      "\n"
        + SwiftCodeGenerator.decodingNote(
          for: model.text, library: session.models, options: flags.options))
  }
}
