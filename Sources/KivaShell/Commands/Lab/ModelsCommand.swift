/// `models`: the models the lab knows — the tutorial's, the Swift types, and yours.
public struct ModelsCommand: ShellCommand {
  public static let spec = CommandSpec(
    name: "models", usage: "models",
    summary: "list the models 'decode', 'codegen' and 'model' know",
    examples: ["models"])

  public init(parsing arguments: Arguments) throws(ShellError) {
    try arguments.expectEnd(command: "models", usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let output = context.output
    output.line("the tutorial's steps:")
    for name in BuiltInModels.library.names {
      if let definition = session.models[name] { output.line("  " + definition.source) }
    }
    output.line(
      "Swift types compiled into kivash: " + BuiltInModels.swiftTypeNames.joined(separator: ", "))
    let yours = session.models.definitions.filter { !BuiltInModels.names.contains($0.name) }
    if yours.isEmpty {
      output.line("yours: none yet — 'model NAME { … }' or 'infer @FILE' defines some")
    } else {
      output.line("yours:")
      for definition in yours { output.line("  " + definition.source) }
    }
  }
}
