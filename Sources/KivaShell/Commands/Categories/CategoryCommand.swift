/// `category add|delete|rename`: manages the inventory categories; saved at once.
public struct CategoryCommand: ShellCommand {
  public static var savesUserData: Bool { true }

  /// What the command does.
  public enum Action: Equatable, Sendable {
    case add(name: String, icon: String)
    case delete(CategoryReference)
    case rename(CategoryReference, to: String)
  }

  /// The parsed action.
  public var action: Action

  static let subcommands = ["add", "delete", "rename"]

  public static let spec = CommandSpec(
    name: "category", aliases: ["cat"],
    usage: "category add NAME [ICON] | delete N|NAME | rename N|NAME NEW",
    summary: "add, delete or rename inventory categories",
    details: """
      category add NAME [ICON]     add a category; ICON is an SF Symbol name (default folder)
      category delete N|NAME       delete row N of the last list of categories, or by name
      category rename N|NAME NEW   rename it
      Names (up to 60 characters) are unique regardless of case, accents and
      apostrophes; quote names with spaces ("Home Office"). A number is a row first,
      and a name ('2020') when no row has that number; quoted ("2020"), it is the name.
      Changes are saved at once and shared with other kivash shells; 'use categories'
      lists them.
      """,
    examples: [
      "category add Music music.note", "category rename Music Records", "category delete Records",
    ],
    completion: .subcommands([
      .init("add"), .init("delete", then: .wordFrom(.categoryNames, then: .nothing)),
      .init("rename", then: .wordFrom(.categoryNames, then: .nothing)),
    ]))

  public init(parsing arguments: Arguments) throws(ShellError) {
    var arguments = arguments
    guard let word = arguments.next() else {
      throw ShellError(
        .missingArgument(
          command: "category", what: "add, delete or rename",
          example: "category add Music music.note"),
        at: arguments.commandWord)
    }
    let lowered = word.text.lowercased()
    let command = "category \(lowered)"
    switch lowered {
    case "add", "new":
      let name = try CategoryName.validate(
        arguments.next(), command: command, example: "\(command) Music music.note", after: word)
      let icon = try arguments.next().map { token throws(ShellError) in
        try CategoryName.validateIcon(token)
      }
      action = .add(name: name, icon: icon ?? Category.defaultIcon)
    case "delete", "remove", "rm":
      action = .delete(
        try CategoryReference(
          arguments.next(), command: command, example: "\(command) Garden", after: word))
    case "rename", "mv":
      // A rename needs both names, so each hint shows both.
      let example = "\(command) Garden Yard"
      let target = try CategoryReference(
        arguments.next(), command: command, example: example, after: word)
      let name = try CategoryName.validate(
        arguments.next(), command: command, example: example, after: word)
      action = .rename(target, to: name)
    default:
      throw ShellError(
        .unknownSubcommand(
          command: "category", got: word.text, choices: Self.subcommands,
          suggestion: EditDistance.closest(to: word.text, among: Self.subcommands)),
        at: word)
    }
    try arguments.expectEnd(command: command, usage: Self.spec.usage)
  }

  public func run(in session: inout Session, context: CommandContext) throws(ShellError) {
    let store = context.store
    do {
      switch action {
      case .add(let name, let icon):
        let category = try store.addCategory(name: name, icon: icon)
        context.output.line("added category \(category.summary)")
      case .delete(let reference):
        let rows = session.categories.numberedRowIDs
        let (category, byRow) = try reference.resolve(in: session.categories)
        try store.deleteCategory(id: category.id)
        context.output.line("deleted category '\(category.name)'")
        if byRow { session.categories.keepRowNumbers(rows) }
      case .rename(let reference, let name):
        let rows = session.categories.numberedRowIDs
        let (category, byRow) = try reference.resolve(in: session.categories)
        guard category.name != name else {
          context.output.line("category '\(name)' is already called that — nothing changed")
          return
        }
        try store.renameCategory(id: category.id, to: name)
        context.output.line("renamed category '\(category.name)' to '\(name)'")
        if byRow { session.categories.keepRowNumbers(rows) }
      }
    } catch let error as StoreError {
      throw ShellError(error.shellErrorKind)
    } catch let error as ShellError {
      throw error
    } catch {
      throw ShellError(.saveFailed("\(error)"))
    }
    try session.reloadCategories(from: store)
  }
}
