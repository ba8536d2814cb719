import Foundation

/// Shell completion scripts and the man page, written from the command declarations: a new
/// command or option appears in all of them without another line of code.
enum ShellCompletions {
  /// The shells `voyage completions` writes a script for.
  static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell`, or `nil` for a shell it does not know.
  static func script(for shell: String, commands: [CommandSpec]) -> String? {
    switch shell {
    case "bash": bash(commands)
    case "zsh": zsh(commands)
    case "fish": fish(commands)
    default: nil
    }
  }

  static func bash(_ commands: [CommandSpec]) -> String {
    let names = (commands.map(\.name) + ["help"]).joined(separator: " ")
    var lines = [
      "# bash completion for voyage; load with: source <(voyage completions bash)",
      "_voyage() {",
      "  local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    COMPREPLY=($(compgen -W \"\(names) --help --version\" -- \"$current\"))",
      "    return",
      "  fi",
      "  local options=\"\"",
      "  case \"${COMP_WORDS[1]}\" in",
    ]
    for command in commands {
      let options = (command.options.map(\.name) + ["--help"]).joined(separator: " ")
      lines.append("    \(command.name)) options=\"\(options)\" ;;")
    }
    lines += [
      "    help) COMPREPLY=($(compgen -W \"\(names)\" -- \"$current\")); return ;;",
      "  esac",
      "  case \"$previous\" in",
    ]
    for option in uniqueOptions(commands) where !option.choices.isEmpty {
      lines.append(
        "    \(option.name)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$current\")); return ;;"
      )
    }
    if commands.contains(where: { $0.name == "completions" }) {
      lines.append(
        "    completions) COMPREPLY=($(compgen -W \"\(shells.joined(separator: " "))\" -- \"$current\")); return ;;"
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
    lines += [
      "    'help:show help for a command'",
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    _describe 'command' commands",
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
      let positional =
        command.name == "completions" ? ["'1:shell:(\(shells.joined(separator: " ")))'"] : []
      lines.append(
        "    \(command.name)) _arguments \((specs + positional + ["'--help[show help]'"]).joined(separator: " ")) ;;"
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
    for command in commands {
      lines.append(
        "complete -c voyage -n __fish_use_subcommand -a \(command.name) -d '\(quoted(command.abstract))'"
      )
    }
    lines.append(
      "complete -c voyage -n __fish_use_subcommand -a help -d 'show help for a command'")
    for command in commands {
      for option in command.options {
        var line =
          "complete -c voyage -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name.dropFirst(2))"
        if option.value != nil { line += " -r" }
        if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
        lines.append(line + " -d '\(quoted(option.help))'")
      }
    }
    lines.append(
      "complete -c voyage -n '__fish_seen_subcommand_from completions' -a '\(shells.joined(separator: " "))'"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  /// The man page, in roff: the overview's commands with every command's usage and options.
  static func manual(_ commands: [CommandSpec], version: String) -> String {
    var lines = [
      ".TH VOYAGE 1 \"\" \"\(version)\" \"User Commands\"",
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
    for command in commands {
      lines += [
        ".SS \(roff(command.name))", ".nf", roff(command.usage), ".fi", roff(command.discussion),
      ]
      for option in command.options {
        let label = option.value.map { "\(option.name) \($0)" } ?? option.name
        lines += [
          ".TP", "\\fB\(roff(label))\\fR",
          roff(option.help + (option.defaultValue.map { " (default \($0))" } ?? "")),
        ]
      }
      if let epilogue = command.epilogue { lines += [".PP", ".nf", roff(epilogue), ".fi"] }
    }
    lines += [
      ".SH EXIT STATUS",
      "0 success, 1 operation failed, 64 usage or invalid input, 69 supplier or provider",
      "unavailable or silent, 74 storage error.",
      ".SH ENVIRONMENT",
      ".TP", "\\fBVOYAGE_HOME\\fR",
      "where tickets, payments and places are kept (default ~/.voyage)",
      ".TP", "\\fBVOYAGE_DEADLINE_SECONDS\\fR",
      "how long one outside call may take, retries included (default 10)",
      ".TP", "\\fBVOYAGE_SUPPLIER_URL\\fR, \\fBVOYAGE_PAYMENTS_URL\\fR",
      "live services instead of the embedded sandboxes",
      ".TP", "\\fBVOYAGE_DATABASE_URL\\fR",
      "a PostgreSQL database for orders and tickets, shared by every instance that names it",
      ".TP", "\\fBNO_COLOR\\fR, \\fBCLICOLOR_FORCE\\fR", "turn colour off, or force it on",
    ]
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
