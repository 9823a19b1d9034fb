/// What the shell knows about a command besides running it: its names, its help
/// text, and how TAB completes its arguments.
public struct CommandSpec: Sendable {
  /// The command word: `filter`.
  public var name: String
  /// Other words for it: `ls` for `list`.
  public var aliases: [String]
  /// The usage line: `filter max N | min N | country NAME | …`.
  public var usage: String
  /// One line on what it does, for `help`.
  public var summary: String
  /// A few more lines for `help COMMAND`.
  public var details: String
  /// Example lines for `help COMMAND`.
  public var examples: [String]
  /// How TAB completes what follows the command word.
  public var completion: ArgumentCompletion
  /// Whether it takes a `{…}` or `[…]` block (JSON, a model's fields), which may go on
  /// over the lines that follow until it closes; other commands end with their line.
  public var takesBlock: Bool
  /// Whether what it prints is read as a whole (help, a lesson, history, generated code):
  /// at the prompt, taller than the screen, it goes through the pager as lists do.
  public var pagesOutput: Bool

  /// Creates a spec.
  public init(
    name: String, aliases: [String] = [], usage: String, summary: String, details: String = "",
    examples: [String], completion: ArgumentCompletion = .nothing, takesBlock: Bool = false,
    pagesOutput: Bool = false
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.details = details
    self.examples = examples
    self.completion = completion
    self.takesBlock = takesBlock
    self.pagesOutput = pagesOutput
  }
}

/// How TAB completes the words after a command.
public indirect enum ArgumentCompletion: Sendable {
  /// Nothing to offer.
  case nothing
  /// One word from a fixed list, then whatever follows it.
  case word([String], then: ArgumentCompletion)
  /// One word drawn from the session (sort fields, category names), then what follows.
  case wordFrom(ValueSource, then: ArgumentCompletion)
  /// A sub-command word, each with its own completion.
  case subcommands([Subcommand])
  /// A sub-command word or a word drawn from the session (`model delete NAME`, `model
  /// NAME`); a word that is no sub-command goes on with `then`.
  case subcommandsOrWordFrom([Subcommand], ValueSource, then: ArgumentCompletion)
  /// Flags, each word to the end of the line: a flag, or the value of the flag before it.
  case flags([CompletionFlag])
  /// The rest of the line is one value drawn from the data.
  case value(ValueSource)
  /// A file name as one word, among `flags`: a word starting `--` completes a flag, the
  /// word after a flag that takes a value completes that value, and any other word a
  /// file name (with `atSign`, only a word starting `@`: `@FILE`, since a bare word there
  /// is JSON).
  case file(flags: [CompletionFlag], atSign: Bool)

  /// A sub-command and what follows it.
  public struct Subcommand: Sendable {
    /// The sub-command word.
    public var name: String
    /// What follows it.
    public var then: ArgumentCompletion
    /// The collections it applies to; nil for all.
    public var only: [CollectionKind]?

    /// Creates a sub-command.
    public init(_ name: String, then: ArgumentCompletion = .nothing, only: [CollectionKind]? = nil)
    {
      self.name = name
      self.then = then
      self.only = only
    }
  }
}

/// A flag TAB can complete, and what follows it.
public struct CompletionFlag: Sendable {
  /// The flag: `--page`.
  public var name: String
  /// The values that follow it: nil when none does, empty for a free value (a number).
  public var values: [String]?

  /// A flag that takes `values` (nil: none).
  public init(_ name: String, values: [String]? = nil) {
    self.name = name
    self.values = values
  }
}

/// Where completion draws values from.
public enum ValueSource: Sendable {
  /// The values of a filter field in the current collection.
  case filterValues(RecordField)
  /// The current collection's sort fields.
  case sortFields
  /// The current collection's filter fields other than the amount (`stats by`).
  case filterFieldNames
  case searchSuggestions, rowNumbers, commandNames, collections, categoryNames
  /// Row numbers in a collection with favourites (`fav`); none in the others.
  case favoriteRowNumbers
  /// The lab's models and the Swift types it decodes.
  case modelNames
  /// The lab's models, without the Swift types (what `model` and `codegen` take).
  case labModelNames
  /// The models the user defined (what `model delete` takes).
  case userModelNames
}
