/// Completion of kivash's command-line options for bash, zsh and fish, written from
/// `LaunchOptions.options` (the same list `--help` prints).
public enum CompletionScripts {
  private static let header =
    "generated from kivash's options by its tests (KIVASH_RECORD=1); do not edit"

  /// For bash: `completions/kivash.bash`.
  public static func bash() -> String {
    let options = LaunchOptions.options
    let flags = options.flatMap(\.flags).joined(separator: " ")
    var cases: [String] = []
    for option in options where option.argument != nil {
      let pattern = option.flags.joined(separator: "|")
      if !option.values.isEmpty {
        cases.append(
          "    \(pattern)) COMPREPLY=($(compgen -W \"\(option.values.joined(separator: " "))\" -- \"$cur\")); return ;;"
        )
      } else if option.takesFile {
        cases.append("    \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
      } else {
        cases.append("    \(pattern)) return ;;")
      }
    }
    return """
      # bash completion for kivash — \(header).
      _kivash() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        case "$prev" in
      \(cases.joined(separator: "\n"))
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "\(flags)" -- "$cur"))
        else
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
      }
      complete -o filenames -F _kivash kivash

      """
  }

  /// For zsh: `completions/_kivash`, a function for `fpath`.
  public static func zsh() -> String {
    var specs: [String] = []
    for option in LaunchOptions.options {
      let help = option.help.filter { !"[]:'\\".contains($0) }
      var action = ""
      if let argument = option.argument {
        let name = argument.lowercased()
        if !option.values.isEmpty {
          action = ":\(name):(\(option.values.joined(separator: " ")))"
        } else if option.takesFile {
          action = ":\(name):_files"
        } else {
          action = ":\(name): "
        }
      }
      if option.flags.count > 1 {
        let exclusive = option.flags.joined(separator: " ")
        let braces = option.flags.joined(separator: ",")
        specs.append("'(\(exclusive))'{\(braces)}'[\(help)]\(action)'")
      } else {
        specs.append("'\(option.flags[0])[\(help)]\(action)'")
      }
    }
    specs.append("'*:script:_files'")
    return """
      #compdef kivash
      # zsh completion for kivash — \(header).
      _arguments \\
        \(specs.joined(separator: " \\\n  "))

      """
  }

  /// For fish: `completions/kivash.fish`.
  public static func fish() -> String {
    var lines = ["# fish completion for kivash — \(header)."]
    for option in LaunchOptions.options {
      var parts = ["complete -c kivash"]
      for flag in option.flags {
        parts.append(flag.hasPrefix("--") ? "-l \(flag.dropFirst(2))" : "-s \(flag.dropFirst())")
      }
      if option.argument != nil {
        if !option.values.isEmpty {
          parts.append("-x -a '\(option.values.joined(separator: " "))'")
        } else if option.takesFile {
          parts.append("-r -F")
        } else {
          parts.append("-x")
        }
      }
      parts.append("-d '\(option.help.replacingOccurrences(of: "'", with: "\\'"))'")
      lines.append(parts.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
