/// `model NAME { fields }`: defines a model in the lab's language (saved at once);
/// `model NAME` shows one; `model delete NAME` forgets one.
public struct ModelCommand: ShellCommand {
  public static var savesUserData: Bool { true }

  /// What the command does.
  public enum Action: Equatable, Sendable {
    case define(source: String, bodyStart: Int, nameToken: Token)
    case show(Token)
    case delete(Token)
    /// `model delete --all`: every model of the user's own.
    case deleteAll
  }

  /// The parsed action.
  public var action: Action

  public static let spec = CommandSpec(
    name: "model",
    usage:
      "model NAME { FIELD: TYPE [= KEY.PATH] [?? DEFAULT]; … } | model NAME | model delete NAME|--all",
    summary: "define a model to decode JSON into (or show, or delete one)",
    details: """
      Types: String, Int, Double, Bool, Date, another model, [T] (array), T? (optional).
      '= loan_amount' reads another JSON key (a CodingKeys case); '= location.country'
      reads inside a nested object (a nested container); '?? 0' is the value when the
      key is missing or null. Models are saved and come back next time; 'models' lists
      them. 'model delete --all' forgets all of your own, for a fresh start (before a
      class; 'kivash --no-persist' keeps nothing at all).
      """,
    examples: [
      "model MyLoan { name: String; country: String = location.country; amount: Int = loan_amount }",
      "model Page { loans: [MyLoan]; nextPage: Int? = paging.page }",
      "model MyLoan",
    ],
    completion: .subcommandsOrWordFrom(
      [
        ArgumentCompletion.Subcommand(
          "delete",
          then: .subcommandsOrWordFrom([.init("--all")], .userModelNames, then: .nothing))
      ],
      .labModelNames, then: .nothing),
    takesBlock: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let name = arguments.next() else {
      throw ShellError(
        .missingArgument(
          command: "model", what: "a name and fields", example: "model MyLoan { name: String }"),
        at: arguments.commandWord)
    }
    if name.text == "delete" {
      guard let target = arguments.next() else {
        throw ShellError(
          .missingArgument(
            command: "model delete", what: "a model's name", example: "model delete MyLoan"),
          at: name)
      }
      action = target.text == "--all" ? .deleteAll : .delete(target)
    } else if let body = arguments.next() {
      let prefix = "model \(name.text) "
      action = .define(
        source: prefix + body.text, bodyStart: body.range.lowerBound - prefix.count,
        nameToken: name)
    } else {
      action = .show(name)
    }
    try arguments.expectEnd(command: "model", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    switch action {
    case .show(let name):
      guard let definition = session.models[name.text] else {
        if BuiltInModels.swiftTypeNames.contains(name.text) {
          throw ShellError(.notALabModel(name.text, purpose: "'model'"), at: name)
        }
        throw session.unknownModel(name)
      }
      context.output.line(definition.source)
    case .delete(let name):
      if BuiltInModels.names.contains(name.text) {
        throw ShellError(
          .modelDefinition("'\(name.text)' is built in: only your own models can be deleted"),
          at: name)
      }
      guard session.models[name.text] != nil else {
        throw session.unknownModel(name, userOnly: true)
      }
      // A model that another uses stays: without it, that one could not decode or compile.
      let users = session.models.users(of: name.text)
      if let first = users.first {
        let list = users.map { "'\($0)'" }.joined(separator: ", ")
        throw ShellError(
          .modelDefinition(
            "'\(name.text)' is used by \(list) — delete or redefine \(users.count == 1 ? first : "those") first"
          ), at: name)
      }
      try session.saveModels([], deleting: [name.text], store: context.store)
      context.output.line("deleted model \(name.text)")
    case .deleteAll:
      let own = session.models.names.filter { !BuiltInModels.names.contains($0) }
      guard !own.isEmpty else {
        context.output.line("no models of your own to delete — the built-in ones stay")
        return
      }
      try session.saveModels([], deleting: own, store: context.store)
      context.output.line(
        "deleted \(own.count == 1 ? "1 model" : "\(own.count) models"): "
          + own.joined(separator: ", "))
    case .define(let source, let bodyStart, let nameToken):
      let definitions: [ModelDefinition]
      do {
        definitions = try ModelParser.parse(source)
      } catch {
        let column = max(nameToken.range.lowerBound, bodyStart + error.offset)
        throw ShellError(.modelDefinition(error.message), at: column..<(column + 1))
      }
      // A model of that name is replaced, as defining it again means; what it was is
      // shown, so that nothing is lost unseen.
      let replaced = definitions.compactMap { session.models[$0.name] }
        .filter { old in !definitions.contains(old) }
      try session.saveModels(definitions, store: context.store) { error in
        guard let model = error.model, let index = error.fieldIndex,
          let field = Self.fieldName(index, of: model, in: source)
        else { return nil }
        let column = bodyStart + field.offset
        return column..<(column + field.text.count)
      }
      for old in replaced {
        context.output.line("replaced \(old.source)")
      }
      for definition in definitions {
        let count = definition.fields.count == 1 ? "1 field" : "\(definition.fields.count) fields"
        context.output.line(
          "defined model \(definition.name) (\(count)) — 'codegen \(definition.name)' shows its Swift"
        )
      }
    }
  }
}
