import Foundation

/// A command line read: what it asks for, and the settings that shape the run.
struct ParsedCommandLine {
  var settings = LintSettings()
  /// Each request the options name, in their order; `request` is the one that runs.
  var asked: [LinterRequest] = []
  /// `--check-graph` and `--check-module-readmes`, which a check holds to.
  var documents = GeneratedDocumentChecks()
  /// `--stamp FILE`, which makes a check a build step.
  var stamp: String?

  /// The request that runs: the lowest-ranked one asked (the last given of that kind; the files of
  /// every `--update-graph` together), or a check.
  var request: LinterRequest {
    guard let rank = asked.map(\.rank).min() else {
      return .check(documents: documents, stamp: stamp)
    }
    let chosen = asked.filter { $0.rank == rank }
    if case .updateGraph = chosen[0] {
      return .updateGraph(
        files: chosen.flatMap { request -> [String] in
          guard case .updateGraph(let files) = request else { return [] }
          return files
        })
    }
    return chosen[chosen.count - 1]
  }

  /// Whether `request` was asked for, whatever runs.
  func asks(_ matches: (LinterRequest) -> Bool) -> Bool { asked.contains(where: matches) }
}

/// One option of the command line, declared once: its names, the value it takes, its help, and
/// what it sets. Parsing and `--help` are both read from `OptionSpec.all`, so an option cannot be
/// parsed and left out of the help, or documented and not parsed.
struct OptionSpec: Sendable {
  /// What follows the option's name.
  enum Value: Sendable {
    /// Nothing: a flag.
    case none
    /// One value, named in the help (`PATH`, `RULE,…`).
    case one(String)
    /// Every following argument up to the next option (`FILE…`).
    case list(String)
  }

  let names: [String]
  let value: Value
  let help: String
  let apply: @Sendable (inout ParsedCommandLine, [String]) throws -> Void

  /// The option's names and value as the help shows them (`-D NAME, --define NAME`).
  var synopsis: String {
    names.map { name in
      switch value {
      case .none: name
      case .one(let placeholder), .list(let placeholder): "\(name) \(placeholder)"
      }
    }.joined(separator: ", ")
  }

  static func flag(
    _ names: [String], _ help: String, _ set: @escaping @Sendable (inout ParsedCommandLine) -> Void
  ) -> OptionSpec {
    OptionSpec(names: names, value: .none, help: help) { options, _ in set(&options) }
  }

  static func value(
    _ names: [String], _ placeholder: String, _ help: String,
    _ set: @escaping @Sendable (inout ParsedCommandLine, String) throws -> Void
  ) -> OptionSpec {
    OptionSpec(names: names, value: .one(placeholder), help: help) { options, values in
      try set(&options, values[0])
    }
  }

  /// Every option, in the order the help lists them.
  static let all: [OptionSpec] = [
    value(
      ["--config"], "PATH",
      "the configuration (default: architecture.json in the package, if any)"
    ) { $0.settings.configPath = $1 },
    flag(["--no-config"], "ignore any configuration: only the rules that need no layers") {
      $0.settings.noConfig = true
    },
    value(["--only"], "RULE,…", "run only these rules") {
      $0.settings.only = try ruleList($1, "--only")
    },
    value(["--skip"], "RULE,…", "run every configured rule but these") {
      $0.settings.skip += try ruleList($1, "--skip")
    },
    value(
      ["-D", "--define"], "NAME",
      "a custom compilation condition that is set (repeatable); others are unset"
    ) { $0.settings.defines.append($1) },
    value(
      ["--platform"], "NAME",
      "decide os(), arch() and targetEnvironment() for one platform (Linux, macOS, …) on this machine's architecture; default: any platform"
    ) { $0.settings.platform = $1 },
    value(
      ["--format"], "FORMAT",
      "text: compiler-style lines and a summary (default; with GITHUB_ACTIONS set, GitHub annotations follow); json: one JSON document; sarif: one SARIF 2.1.0 log; github: GitHub workflow annotations only. On bad input json and sarif still print a document that says the run failed"
    ) { options, name in
      guard let format = ReportFormat(rawValue: name) else {
        throw BadInput.usage(
          "--format must be \(formatNames), not '\(name)'")
      }
      options.settings.format = format
    },
    value(
      ["--baseline"], "PATH",
      "the baseline file (default: architecture-baseline.txt in the package)"
    ) { $0.settings.baselinePath = $1 },
    flag(["--update-baseline"], "rewrite the baseline with the current violations and exit 0") {
      $0.asked.append(.updateBaseline)
    },
    flag(
      ["--report-only"],
      "print every violation, baselined ones included, and exit 0: the whole list, measured before any rule is enforced"
    ) { $0.settings.reportOnly = true },
    value(
      ["--baseline-may-not-grow"], "REF",
      "also fail on each baseline entry that the baseline at the git commit REF lacks (a pull request's merge base): the list only shrinks"
    ) { $0.settings.baselineMayNotGrow = $1 },
    value(
      ["--check-graph"], "FILE",
      "also fail when what is generated in FILE (the graph between its module-graph markers, the table between its layer-table markers) is stale; repeat it for more files"
    ) { $0.documents.graphs.append($1) },
    flag(
      ["--check-module-readmes"], "also fail when a module README is missing or its graph is stale"
    ) { $0.documents.moduleReadmes = true },
    value(
      ["--update-graph"], "FILE",
      "write what FILE's markers ask for: the module graph between its module-graph markers, the layers' table between its layer-table markers; repeat it for more files"
    ) { $0.asked.append(.updateGraph(files: [$1])) },
    flag(["--update-module-readmes"], "write the graph of every module README (its neighbours)") {
      $0.asked.append(.updateModuleReadmes)
    },
    flag(["--mermaid"], "print the target graph as a Mermaid flowchart") {
      $0.asked.append(.mermaid)
    },
    value(
      ["--split-preview"], "FOLDER",
      "print each use, in FOLDER's files, of a name the rest of its target declares: what would cross back if FOLDER became a module (exit 0)"
    ) { options, folder in
      options.asked.append(
        .splitPreview(folder: folder.trimmingCharacters(in: CharacterSet(charactersIn: "/"))))
    },
    value(
      ["--target"], "NAME",
      "check one target only: its entries in Package.swift and its files (a build checks the target it builds)"
    ) { $0.settings.target = $1 },
    value(
      ["--repository-root"], "FOLDER",
      "where the hosting service reads CODEOWNERS (.github/, the root, docs/); default: the git repository that holds the package"
    ) { $0.settings.repositoryRoot = $1 },
    value(
      ["--stamp"], "FILE",
      "run as a build step: print findings with absolute paths, as a compiler does, and write FILE (an empty Swift file) when nothing fails; the build-tool plugin's output"
    ) { $0.stamp = $1 },
    value(
      ["--affected"], "REV",
      "print the targets the changes since the git revision REV can reach (uncommitted and untracked files included): those whose files changed, those architecture.json's \"reads\" says read a changed file, and every target that depends on them, test targets included; one name a line, or with --format json each with its reason. A change no target owns (the manifest, Package.resolved, the configuration, a file in no target's folder) reaches every target, said on standard error"
    ) { $0.asked.append(.affected(since: $1)) },
    value(["--explain"], "RULE", "print why RULE exists and how to fix a violation") {
      $0.asked.append(.explain(rule: $1))
    },
    OptionSpec(
      names: ["--list-imports"], value: .list("FILE…"),
      help:
        "print the imports the scanner finds in Swift files (\"?\" marks an import compiled on some builds only; with several files, each line starts with the file's path and a tab)"
    ) { $0.asked.append(.listImports(files: $1)) },
    flag(["--list-files"], "print the path of every Swift file the description names") {
      $0.asked.append(.listFiles)
    },
    flag(
      ["--list-targets"],
      "print each target as tab-separated name, kind, layer (or -), path, the layers its layer may use and its target dependencies, for scripts that need the architecture"
    ) { $0.asked.append(.listTargets) },
    flag(["--print-schema"], "print the JSON Schema of architecture.json") {
      $0.asked.append(.printSchema)
    },
    flag(["--version"], "print the linter's version") { $0.asked.append(.version) },
    // Read before any other option (`CheckArchitecture.run(_:)`): help wins over any mistake on
    // the line, so this flag never reaches the parser.
    flag(["-h", "--help"], "show this help") { _ in },
  ]

  /// "text, json, sarif or github", from the formats themselves.
  static let formatNames: String = {
    let names = ReportFormat.allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }()

  /// `--only`'s and `--skip`'s value: rule ids separated by commas, each a known rule.
  static func ruleList(_ value: String, _ flag: String) throws -> [String] {
    let ids = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    for id in ids where !allRules.contains(where: { $0.id == id }) {
      throw BadInput.usage(
        "\(flag): unknown rule '\(id)'; rules are \(allRules.map(\.id).joined(separator: ", "))")
    }
    return ids
  }
}

extension ParsedCommandLine {
  /// The request and settings `arguments` give, or why they cannot be read.
  static func parse(_ arguments: [String]) throws -> ParsedCommandLine {
    var options = ParsedCommandLine()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      // `-DNAME`, the compiler's spelling, as well as `-D NAME`.
      let (name, attached): (String, String?) =
        argument.hasPrefix("-D") && argument.count > 2
        ? ("-D", String(argument.dropFirst(2))) : (argument, nil)
      guard let spec = OptionSpec.all.first(where: { $0.names.contains(name) }) else {
        // `-` names standard input, as a file argument of most tools does.
        guard argument == "-" || !argument.hasPrefix("-") else {
          throw BadInput.usage("unknown option '\(argument)'")
        }
        guard options.settings.input == nil else {
          throw BadInput.usage("more than one description file given")
        }
        options.settings.input = argument
        continue
      }
      switch spec.value {
      case .none:
        try spec.apply(&options, [])
      case .one:
        guard let value = attached ?? remaining.popFirst() else {
          throw BadInput.usage("\(name) needs a value")
        }
        try spec.apply(&options, [value])
      case .list:
        var values: [String] = []
        while let next = remaining.first, !next.hasPrefix("-") {
          values.append(next)
          remaining.removeFirst()
        }
        guard !values.isEmpty else { throw BadInput.usage("\(name) needs at least one value") }
        if let next = remaining.first, next.hasPrefix("-") {
          throw BadInput.usage("\(name) takes files only, and must come last")
        }
        try spec.apply(&options, values)
      }
    }
    let settings = options.settings
    if settings.noConfig && settings.configPath != nil {
      throw BadInput.usage("--config and --no-config exclude each other")
    }
    if options.asks({ if case .affected = $0 { true } else { false } }) {
      let checks: [(Bool, String)] = [
        (options.asks { $0 == .updateBaseline }, "--update-baseline"),
        (settings.reportOnly, "--report-only"),
        (settings.target != nil, "--target"), (options.stamp != nil, "--stamp"),
        (options.asks { if case .updateGraph = $0 { true } else { false } }, "--update-graph"),
        (options.asks { $0 == .updateModuleReadmes }, "--update-module-readmes"),
        (settings.format == .sarif || settings.format == .github, "--format \(settings.format)"),
      ]
      if let (_, other) = checks.first(where: \.0) {
        throw BadInput.usage("--affected lists targets and checks nothing: drop \(other)")
      }
    }
    if settings.reportOnly && options.asks({ $0 == .updateBaseline }) {
      throw BadInput.usage(
        "--report-only and --update-baseline exclude each other: a report writes nothing")
    }
    return options
  }

  /// The format a failure should be reported in: the one asked for, even when the command line
  /// failed to parse after it, so a CI step that reads `--format sarif` always gets a document.
  static func requestedFormat(in arguments: [String]) -> ReportFormat {
    guard let index = arguments.lastIndex(of: "--format"), index + 1 < arguments.count else {
      return .text
    }
    return ReportFormat(rawValue: arguments[index + 1]) ?? .text
  }

  /// `--help`: the usage line for the way the linter was started, then every option.
  static func usage(program: String, describesPackage: Bool) -> String {
    let command =
      describesPackage
      ? "\(program) [options]"
      : "swift package describe --type json | \(program) [options] [DESCRIPTION.json | -]"
    var text = """
      Usage: \(command)

      Checks a package's architecture: the layers and rules of architecture.json at the package root
      (or --config), or without one only the rules that need no layers.

      Options:

      """
    let width = 100
    let column = 25
    for spec in OptionSpec.all {
      let synopsis = "  " + spec.synopsis
      var lines = wrapped(spec.help, width: width - column)
      if synopsis.count < column - 1 {
        text +=
          synopsis.padding(toLength: column, withPad: " ", startingAt: 0) + lines.removeFirst()
          + "\n"
      } else {
        text += synopsis + "\n"
      }
      for line in lines { text += String(repeating: " ", count: column) + line + "\n" }
    }
    text += wrapped("Rules: " + allRules.map(\.id).joined(separator: ", "), width: width - 2)
      .map { "  " + $0 }.joined(separator: "\n")
    text += "\n  Exit status: 0 clean, 1 violations, 2 bad input, unreadable code or usage.\n"
    text += "\nThe scaffolding's edits of Package.swift: \(program) manifest --help\n"
    text += "Its reads and edits of other Swift files: \(program) source --help\n"
    return text
  }

  /// `text` in lines of at most `width` characters, broken at spaces.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
