import Foundation

/// `kivash.1`, the manual page, written in roff from the help texts the shell prints:
/// `kivash --help` for the options and `help COMMAND` for each command.
public enum ManPage {
  /// The page's source.
  public static func render() -> String {
    var lines = [
      #".\" Generated from kivash's help texts by its tests (KIVASH_RECORD=1); do not edit."#,
      ".TH KIVASH 1 \"\" \"kivash \(Launcher.version)\" \"User Commands\"",
      ".SH NAME",
      #"kivash \- explore Kiva loans and other JSON web-API data at a prompt, and teach Swift's Codable"#,
      ".SH SYNOPSIS",
      ".B kivash",
      #"[\fIOPTIONS\fR] [\fISCRIPT\fR]"#,
      ".SH DESCRIPTION",
    ]
    lines += paragraph(LaunchOptions.description)
    lines += paragraph(
      "Commands are read one per line and may be separated by ';'. "
        + "A '#' starts a comment. JSON pasted over several lines continues the command "
        + "while a '{' or '[' is open.")
    lines.append(".SH OPTIONS")
    for option in LaunchOptions.options {
      lines.append(".TP")
      let flags = option.flags.map { #"\fB"# + escape($0) + #"\fR"# }.joined(separator: ", ")
      lines.append(flags + (option.argument.map { #" \fI"# + $0 + #"\fR"# } ?? ""))
      lines.append(escapeLine(option.help))
    }
    lines.append(".SH COMMANDS")
    for command in CommandRegistry.all {
      let spec = command.spec
      lines.append(".TP")
      lines.append(#"\fB"# + escape(spec.usage) + #"\fR"#)
      var text = spec.summary
      if !spec.aliases.isEmpty { text += " (also: " + spec.aliases.joined(separator: ", ") + ")" }
      lines.append(escapeLine(text + "."))
      if !spec.details.isEmpty {
        lines.append(".IP")
        lines += detailText(spec.details)
      }
      if !spec.examples.isEmpty {
        lines.append(".IP")
        lines.append(
          "Examples: "
            + spec.examples.map { #"\fB"# + escape($0) + #"\fR"# }
            .joined(separator: ", ") + ".")
      }
    }
    lines.append(".SH EXIT STATUS")
    for (status, meaning) in LaunchOptions.exitStatuses {
      lines.append(".TP")
      lines.append(#"\fB"# + String(status) + #"\fR"#)
      lines.append(escapeLine(meaning))
    }
    lines.append(".SH FILES")
    for (path, meaning) in files {
      lines.append(".TP")
      lines.append(#"\fI"# + escape(path) + #"\fR"#)
      lines.append(escapeLine(meaning))
    }
    lines.append(".SH ENVIRONMENT")
    for (name, meaning) in environment {
      lines.append(".TP")
      lines.append(#"\fB"# + escape(name) + #"\fR"#)
      lines.append(escapeLine(meaning))
    }
    lines.append(".SH SEE ALSO")
    lines.append(#"\fBjq\fR(1), \fBsqlite3\fR(1), \fBless\fR(1)"#)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The paths come from the code that opens the files, so the page cannot name others.
  static let files: [(String, String)] = [
    (InitScript.displayPath, "commands run at start, quietly (skipped with --no-init)"),
    (
      UserDataLocation.displayPath,
      "favourites, categories, searches and models (in ~/\(XDGBaseDirectory.data.defaultUnderHome) "
        + "without XDG_DATA_HOME; in $KIVASH_DATA_DIR when that is set)"
    ),
    (
      "\(UserDataLocation.displayFolder)/\(ResponseCache.folderName)",
      "copies of the pages 'fetch --live' read, for 'fetch --live --cached' (beside the "
        + "database; none with --no-persist)"
    ),
    (
      CommandHistory.displayPath,
      "the lines entered at the prompt (in ~/\(XDGBaseDirectory.state.defaultUnderHome) without "
        + "XDG_STATE_HOME; KIVASH_HISTORY overrides)"
    ),
  ]

  static let environment: [(String, String)] = [
    (
      "KIVASH_API",
      "the endpoint 'fetch --live' reads (also 'set api'); one that is not an http or "
        + "https URL makes 'fetch --live' fail, rather than read Kiva's"
    ),
    (
      "KIVASH_DATA_DIR",
      "where the database and the HTTP cache are kept, instead of "
        + "\(UserDataLocation.displayFolder) (not the history); empty for neither, as with "
        + "--no-persist"
    ),
    (
      "KIVASH_HISTORY", "the history file, instead of \(CommandHistory.displayPath); empty for none"
    ),
    (
      "KIVASH_HTTP_HELPER",
      "the program that performs network fetches, instead of the kivash-http beside kivash"
    ),
    ("NO_COLOR", "no colour when set to a value that is not empty (no-color.org)"),
    (
      "PAGER",
      "the pager for long lists, help and lessons at the prompt (less -FRX when unset, "
        + "except with TERM=dumb; "
        + "empty for none); scripts are never paged"
    ),
    (
      "SSL_CERT_FILE, SSL_CERT_DIR",
      "a file (also CURL_CA_BUNDLE) or folder of CA certificates that https fetches trust,"
        + " instead of the system's"
    ),
  ]

  /// Lines of a paragraph: `text` with its line breaks kept, escaped.
  private static func paragraph(_ text: String) -> [String] {
    [".PP"] + paragraphText(text)
  }

  private static func paragraphText(_ text: String) -> [String] {
    text.split(separator: "\n").map { escapeLine(String($0).trimmingCharacters(in: .whitespaces)) }
  }

  /// A help text's details: prose filled as a paragraph, but lines laid out in columns
  /// (`filter max N       loans below $N`) and their indented continuations kept as
  /// they are, between `.nf` and `.fi`.
  private static func detailText(_ text: String) -> [String] {
    var lines: [String] = []
    var inColumns = false
    for line in text.split(separator: "\n").map(String.init) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let columns = line.hasPrefix(" ") || trimmed.contains("  ")
      if columns != inColumns {
        lines.append(columns ? ".nf" : ".fi")
        inColumns = columns
      }
      lines.append(escapeLine(columns ? line : trimmed))
    }
    if inColumns { lines.append(".fi") }
    return lines
  }

  /// `text` safe in roff: backslashes and hyphens escaped, anything not ASCII written
  /// as a `\[uXXXX]` character (so that groff needs no preprocessor).
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += #"\e"#
      case "-": result += #"\-"#
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default: result += String(format: #"\[u%04X]"#, scalar.value)
      }
    }
    return result
  }

  /// A whole line of text: escaped, and kept from being read as a request.
  static func escapeLine(_ text: String) -> String {
    let escaped = escape(text)
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? #"\&"# + escaped : escaped
  }
}
