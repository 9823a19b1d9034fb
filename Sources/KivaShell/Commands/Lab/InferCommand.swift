/// `infer JSON`: works out a model from sample JSON, defines it, and shows it.
public struct InferCommand: ShellCommand {
  public static var savesUserData: Bool { true }

  /// The sample.
  public var json: JSONArgument
  /// The root model's name.
  public var rootName: String
  /// Whether the user chose `rootName` (`--name`): the sample's model then replaces a
  /// different model of that name, as defining it with `model` would.
  public var isNamed: Bool

  public static let spec = CommandSpec(
    name: "infer", usage: "infer [--name NAME] (JSON | @FILE)",
    summary: "infer models from sample JSON and define them",
    details: """
      Objects become models (named after their keys), keys missing in some elements
      become optionals, ISO 8601 strings become Date, snake_case keys camelCase
      properties. The models are defined and saved like 'model' ones: 'codegen NAME'
      prints their Swift, 'decode NAME' uses them. The sample's model is called Sample,
      or NAME: a model of that NAME is replaced, as 'model NAME {…}' replaces it. A
      different model of any other name is kept, and the new one numbered (Address2).
      'export newest.json' writes the loans in view as a Kiva response to infer from.
      """,
    examples: ["infer @newest.json", #"infer --name Point {"x": 1, "y": 2.5}"#],
    completion: .file(flags: [CompletionFlag("--name", values: [])], atSign: true),
    takesBlock: true)

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    var rootName = "Sample"
    if arguments.peek()?.text == "--name" {
      let flag = arguments.next()
      guard let name = arguments.next() else {
        throw ShellError(
          .missingArgument(
            command: "infer --name", what: "a name", example: "infer --name Page @page.json"),
          at: flag ?? arguments.commandWord)
      }
      rootName = name.text
      isNamed = true
    } else {
      isNamed = false
    }
    guard let json = arguments.next() else {
      throw ShellError(
        .missingArgument(command: "infer", what: "JSON or @FILE", example: "infer @newest.json"),
        at: arguments.commandWord)
    }
    // A flag it does not have (`--snake-case`), not JSON: named as such.
    if json.text.hasPrefix("--") {
      throw ShellError(
        .unexpectedArgument(command: "infer", got: json.text, usage: Self.spec.usage), at: json)
    }
    self.json = JSONArgument(json)
    self.rootName = rootName
    try arguments.expectEnd(command: "infer", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let data = try json.data(
      scriptLine: context.scriptLine, limit: DecodingErrorExplainer.documentLimit)
    // Inference parses the sample whole (some 30 times its size in memory) and walks every
    // value: a dump of a million loans would take minutes and gigabytes to say what a
    // page of them says. (A file that big is refused by its size, unread.)
    guard data.count <= DecodingErrorExplainer.documentLimit else {
      throw ShellError(
        .modelDefinition(
          "the sample is \(HTTPText.byteCount(data.count)), more than the"
            + " \(HTTPText.byteCount(DecodingErrorExplainer.documentLimit)) infer reads — infer"
            + " from a part of it (a page of records tells as much)"), at: json.token)
    }
    if let syntax = DecodingErrorExplainer.explainSyntax(data) {
      throw ShellError(.decodingFailed(syntax.summary), notes: syntax.notes)
    }
    let report: InferenceReport
    do {
      report = try ModelInference.inferReport(from: data, rootName: rootName)
    } catch {
      throw ShellError(.modelDefinition(error.message), at: json.token)
    }
    let naming = InferredModelNames(
      report.models, rootName: rootName, library: session.models, replacingRoot: isNamed)
    let definitions = naming.definitions
    // As with 'model', what a replaced model was is shown, so that nothing is lost unseen.
    let replaced = definitions.compactMap { session.models[$0.name] }
      .filter { old in !definitions.contains(old) }
    // How to replace each model kept apart: delete it, after the models that use it.
    let replacing = naming.keptApart.map { name, _ in
      if name == rootName { return "'infer --name \(name) …' replaces it" }
      let users = session.models.users(of: name)
      return users.isEmpty
        ? "'model delete \(name)' first to replace it"
        : "to replace it, delete \(users.map { "'\($0)'" }.joined(separator: ", ")), "
          + "\(users.count == 1 ? "which uses" : "which use") it, then '\(name)'"
    }
    // Ctrl-C while it worked: nothing is defined or saved.
    try InterruptCheck(isInterrupted: context.isInterrupted).check()
    try session.saveModels(definitions, store: context.store)
    for old in replaced { context.output.line("replaced \(old.source)") }
    for definition in definitions { context.output.line(definition.source) }
    let root = naming.names[rootName] ?? rootName
    if root != rootName, BuiltInModels.names.contains(rootName) {
      let what =
        BuiltInModels.swiftTypeNames.contains(rootName)
        ? "a Swift type compiled into kivash" : "a built-in model"
      context.output.line("note: '\(rootName)' is \(what), so this model is '\(root)'")
    }
    if let arrayNote = report.arrayNote(rootName: root) {
      context.output.line("note: \(arrayNote)")
    }
    for note in report.notes { context.output.line("note: \(note)") }
    for ((name, newName), advice) in zip(naming.keptApart, replacing) {
      context.output.line(
        "note: a different model '\(name)' exists, so this one is '\(newName)' (\(advice))")
    }
    context.output.line(
      "defined \(definitions.map(\.name).joined(separator: ", ")) — 'codegen \(root)' shows the Swift"
    )
  }
}
