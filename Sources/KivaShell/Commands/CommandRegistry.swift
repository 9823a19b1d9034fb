/// Every command the shell knows, found by name or alias.
public enum CommandRegistry {
  /// The commands, in the order `help` lists them.
  public static let all: [any ShellCommand.Type] = [
    FetchCommand.self, ListCommand.self, ShowCommand.self, CountCommand.self,
    FilterCommand.self, SearchCommand.self, SortCommand.self, SuggestCommand.self,
    FavCommand.self, FavsCommand.self, StatsCommand.self, MapCommand.self, ExportCommand.self,
    UseCommand.self,
    CategoryCommand.self,
    HistoryCommand.self,
    DecodeCommand.self, ModelCommand.self, ModelsCommand.self, CodegenCommand.self,
    InferCommand.self, LessonCommand.self,
    SetCommand.self, SourceCommand.self, HelpCommand.self, QuitCommand.self,
  ]

  private static let byWord: [String: any ShellCommand.Type] = {
    var table: [String: any ShellCommand.Type] = [:]
    for command in all {
      table[command.spec.name] = command
      for alias in command.spec.aliases { table[alias] = command }
    }
    return table
  }()

  /// The command called `word` (case-insensitive), if any.
  public static func command(named word: String) -> (any ShellCommand.Type)? {
    byWord[word.lowercased()]
  }

  /// Every command name, in `help` order.
  public static var names: [String] { all.map { $0.spec.name } }

  /// Every word that names a command, aliases included.
  public static var words: [String] { Array(byWord.keys) }
}
