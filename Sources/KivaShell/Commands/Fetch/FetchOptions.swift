import Foundation

/// What `fetch` was asked to read and how.
public struct FetchOptions: Equatable, Sendable {
  /// Where the loans come from.
  public enum Source: Equatable, Sendable {
    case snapshot
    case file(String)
    case url(URL)
    /// The configured endpoint (`set api`).
    case live
  }

  /// Where the loans come from.
  public var source = Source.snapshot
  /// One page (`--page N`).
  public var page: Int?
  /// Pages 1…N (`--pages N`).
  public var pages: Int?
  /// Loans a page (`--per-page N`).
  public var perPage: Int?
  /// Add to the loans instead of replacing them.
  public var append = false
  /// Seconds to wait for an answer.
  public var timeout: Int?
  /// Use the cached copy, no network.
  public var cachedOnly = false

  /// Whether the source is on the network.
  public var isNetwork: Bool {
    switch source {
    case .url, .live: true
    case .snapshot, .file: false
    }
  }

  static let flags = [
    "--live", "--page", "--pages", "--per-page", "--append", "--timeout", "--cached",
  ]

  /// The flags followed by a number.
  static let numberFlags = ["--page", "--pages", "--per-page", "--timeout"]

  /// The flags for TAB: those that take a number say so.
  static let completionFlags = flags.map { flag in
    CompletionFlag(
      flag, values: numberFlags.contains(flag) ? [] : nil)
  }

  /// Parses the words after `fetch`.
  static func parse(_ arguments: inout Arguments) throws(ShellError) -> FetchOptions {
    var options = FetchOptions()
    var sourceToken: Token?
    var networkFlag: Token?
    /// The flags with a value given so far, and their values.
    var given: [String: Int] = [:]
    while let word = arguments.next() {
      switch word.text {
      case "--live":
        try options.setSource(.live, word, &sourceToken)
      case "--append":
        options.append = true
      case "--cached":
        options.cachedOnly = true
        networkFlag = word
      case _ where numberFlags.contains(word.text):
        let value = try arguments.number(
          command: "fetch \(word.text)", what: "a number", example: "fetch --live \(word.text) 2")
        if let earlier = given[word.text] {
          throw ShellError(
            .conflictingFlags(
              "\(word.text) \(earlier)", "\(word.text) \(value)", hint: "give \(word.text) once"),
            at: word)
        }
        given[word.text] = value
        switch word.text {
        case "--page": options.page = value
        case "--pages": options.pages = value
        case "--per-page": options.perPage = value
        default: options.timeout = value
        }
        networkFlag = word
      case _ where word.text.hasPrefix("--"):
        throw ShellError(
          .unknownSubcommand(
            command: "fetch", got: word.text, choices: flags,
            suggestion: EditDistance.closest(to: word.text, among: flags)),
          at: word)
      case _ where word.text.contains("://"):
        guard let url = Settings.httpURL(word.text) else {
          throw ShellError(.notAnHTTPURL(word.text), at: word)
        }
        try options.setSource(.url(url), word, &sourceToken)
      default:
        try options.setSource(.file(word.text), word, &sourceToken)
      }
    }
    if let page = options.page, options.pages != nil {
      throw ShellError(
        .conflictingFlags("--page \(page)", "--pages", hint: "--pages N fetches pages 1 to N"),
        at: networkFlag?.range)
    }
    if let flag = networkFlag, !options.isNetwork {
      throw ShellError(.needsNetworkSource(flag.text), at: flag)
    }
    return options
  }

  private mutating func setSource(_ new: Source, _ word: Token, _ previous: inout Token?)
    throws(ShellError)
  {
    if let previous {
      throw ShellError(
        .conflictingFlags(previous.text, word.text, hint: "fetch reads one source"), at: word)
    }
    source = new
    previous = word
  }
}
