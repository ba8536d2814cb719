import Foundation

/// Shell completion scripts and the man page, written from the command declarations: a new
/// command or option appears in all of them without another line of code.
enum ShellCompletions {
  /// A shell `voyage completions` writes a script for, by the name a person types.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// The script for `shell`.
  static func script(for shell: Shell) -> String {
    let commands = VoyageCommands.declarations
    return switch shell {
    case .bash: bash(commands)
    case .zsh: zsh(commands)
    case .fish: fish(commands)
    }
  }

  /// Every spelling of every global option: `-h --help --version -v --verbose`.
  private static var globalOptions: [String] { GlobalOption.allCases.flatMap(\.names) }

  /// The words a shell completes for `argument`, `nil` when the person types it.
  private static func words(for argument: ArgumentSpec, _ commands: [CommandSpec]) -> [String]? {
    switch argument.completion {
    case .none: nil
    case .choices(let words): words
    case .commandName: commands.map(\.name)
    }
  }

  static func bash(_ commands: [CommandSpec]) -> String {
    let names = commands.map(\.name).joined(separator: " ")
    var lines = [
      "# bash completion for voyage; load with: source <(voyage completions bash)",
      "_voyage() {",
      "  local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    COMPREPLY=($(compgen -W \"\(names) \(globalOptions.joined(separator: " "))\" -- \"$current\"))",
      "    return",
      "  fi",
      "  local options=\"\"",
      "  case \"${COMP_WORDS[1]}\" in",
    ]
    for command in commands {
      let options = (command.options.map(\.name) + GlobalOption.help.names.suffix(1))
        .joined(separator: " ")
      if let argument = command.arguments.first, let words = words(for: argument, commands) {
        lines.append(
          "    \(command.name)) [ \"$COMP_CWORD\" -eq 2 ] && { COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$current\")); return; }; options=\"\(options)\" ;;"
        )
      } else {
        lines.append("    \(command.name)) options=\"\(options)\" ;;")
      }
    }
    lines += [
      "  esac",
      "  case \"$previous\" in",
    ]
    for option in uniqueOptions(commands) where !option.choices.isEmpty {
      lines.append(
        "    \(option.name)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$current\")); return ;;"
      )
    }
    lines += [
      "  esac",
      "  COMPREPLY=($(compgen -W \"$options\" -- \"$current\"))",
      "}",
      "complete -F _voyage voyage",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  static func zsh(_ commands: [CommandSpec]) -> String {
    var lines = [
      "#compdef voyage",
      "# zsh completion for voyage; install with: voyage completions zsh > \"${fpath[1]}/_voyage\"",
      "_voyage() {",
      "  local -a commands",
      "  commands=(",
    ]
    for command in commands {
      lines.append("    '\(command.name):\(quoted(command.abstract, forZsh: true))'")
    }
    let global = GlobalOption.allCases.flatMap { option in
      option.names.map { "'\($0)[\(quoted(option.meaning, forZsh: true))]'" }
    }
    lines += [
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe 'command' commands",
      "    _arguments \(global.joined(separator: " "))",
      "    return",
      "  fi",
      "  case $words[2] in",
    ]
    for command in commands {
      let specs = command.options.map { option -> String in
        let help = quoted(option.help, forZsh: true)
        guard let value = option.value else { return "'\(option.name)[\(help)]'" }
        let action = option.choices.isEmpty ? " " : "(\(option.choices.joined(separator: " ")))"
        return "'\(option.name)=[\(help)]:\(value.lowercased()):\(action)'"
      }
      let positional = command.arguments.enumerated().compactMap { index, argument in
        words(for: argument, commands).map {
          "'\(index + 1):\(argument.name):(\($0.joined(separator: " ")))'"
        }
      }
      let help = GlobalOption.help.names.last.map { "'\($0)[\(GlobalOption.help.meaning)]'" }
      lines.append(
        "    \(command.name)) _arguments \((specs + positional + [help].compactMap { $0 }).joined(separator: " ")) ;;"
      )
    }
    lines += ["  esac", "}", "_voyage \"$@\""]
    return lines.joined(separator: "\n") + "\n"
  }

  static func fish(_ commands: [CommandSpec]) -> String {
    var lines = [
      "# fish completion for voyage; install with:",
      "#   voyage completions fish > ~/.config/fish/completions/voyage.fish",
      "complete -c voyage -f",
    ]
    for option in GlobalOption.allCases {
      let spellings = option.names.map {
        $0.hasPrefix("--") ? "-l \($0.dropFirst(2))" : "-s \($0.dropFirst())"
      }
      lines.append(
        "complete -c voyage -n __fish_use_subcommand \(spellings.joined(separator: " ")) -d '\(quoted(option.meaning))'"
      )
    }
    for command in commands {
      lines.append(
        "complete -c voyage -n __fish_use_subcommand -a \(command.name) -d '\(quoted(command.abstract))'"
      )
    }
    for command in commands {
      for option in command.options {
        var line =
          "complete -c voyage -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name.dropFirst(2))"
        if option.value != nil { line += " -r" }
        if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
        lines.append(line + " -d '\(quoted(option.help))'")
      }
      for argument in command.arguments {
        guard let words = words(for: argument, commands) else { continue }
        lines.append(
          "complete -c voyage -n '__fish_seen_subcommand_from \(command.name)' -a '\(words.joined(separator: " "))'"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The man page, in roff: the overview's commands with every command's usage and options,
  /// the global options, the environment and the exit statuses, from their declarations.
  static func manual() -> String {
    var lines = [
      ".TH VOYAGE 1 \"\" \"\(VoyageCommands.version)\" \"User Commands\"",
      ".SH NAME",
      "voyage \\- search bookable trips and check one out, offline",
      ".SH SYNOPSIS",
      ".B voyage",
      "\\fIcommand\\fR [\\fIoptions\\fR]",
      ".SH DESCRIPTION",
      "Voyage searches bookable trips and checks one out end to end, with embedded sandboxes for the",
      "travel supplier and the payment provider. Without arguments, in a terminal, it asks its way",
      "from a destination to a ticket.",
      ".SH COMMANDS",
    ]
    for command in VoyageCommands.declarations {
      lines += [
        ".SS \(roff(command.name))", ".nf", roff(command.usage), ".fi", roff(command.discussion),
      ]
      for option in command.options {
        lines += [".TP", "\\fB\(roff(option.label))\\fR", roff(option.helpWithDefault)]
      }
      if let epilogue = command.epilogue {
        lines += [".PP", ".nf", roff(epilogue.text(width: 80)), ".fi"]
      }
    }
    lines.append(".SH OPTIONS")
    for option in GlobalOption.allCases {
      let names = option.names.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
      lines += [".TP", names, roff(option.meaning)]
    }
    lines.append(".SH ENVIRONMENT")
    for variable in VoyageCommands.environment {
      lines += [".TP", "\\fB\(roff(variable.name))\\fR", roff(variable.meaning)]
    }
    lines.append(".SH EXIT STATUS")
    for status in ExitStatus.allCases {
      lines += [".TP", "\\fB\(status.rawValue)\\fR", roff(status.meaning)]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each option once, by name, for completions that depend on the option alone.
  private static func uniqueOptions(_ commands: [CommandSpec]) -> [OptionSpec] {
    var seen: Set<String> = []
    return commands.flatMap(\.options).filter { seen.insert($0.name).inserted }
  }

  /// Text inside single quotes in a shell script; for zsh, colons escaped too, since they
  /// separate the fields of its completion specifications.
  private static func quoted(_ text: String, forZsh: Bool = false) -> String {
    let quoted = text.replacingOccurrences(of: "'", with: "'\\''")
    return forZsh ? quoted.replacingOccurrences(of: ":", with: "\\:") : quoted
  }

  /// Text safe in roff: backslashes escaped, no line starting with a control character.
  private static func roff(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\e").split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
    .joined(separator: "\n")
  }
}
