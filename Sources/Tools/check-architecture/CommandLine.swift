import Foundation

// MARK: - Command line

struct Options {
  var input: String?
  var format = "text"
  var baselinePath: String?
  var updateBaseline = false
  var reportOnly = false
  var baselineMayNotGrow: String?
  var explain: String?
  var mermaid = false
  var splitPreview: String?
  var listImports: [String] = []
  var updateGraph: String?
  var checkGraph: String?
  var updateModuleReadmes = false
  var checkModuleReadmes = false
  var configPath: String?
  var noConfig = false
  var only: [String]?
  var skip: [String] = []
  var defines: [String] = []
  var platform: String?
  var listFiles = false
  var listTargets = false
  var printSchema = false
}

let usage = """
  Usage: swift package describe --type json | swift Scripts/check-architecture.swift [options] [DESCRIPTION.json]

  Checks a package's architecture: the layers and rules of architecture.json at the package root
  (or --config), or without one only the rules that need no layers.

  Options:
    --config PATH          the configuration (default: architecture.json in the package, if any)
    --no-config            ignore any configuration: only the rules that need no layers
    --only RULE,…          run only these rules
    --skip RULE,…          run every configured rule but these
    -D NAME, --define NAME a custom compilation condition that is set (repeatable); others are unset
    --platform NAME        decide os(), arch() and targetEnvironment() for one platform (Linux,
                           macOS, …) on this machine's architecture; default: any platform
    --format FORMAT        text: compiler-style lines and a summary (default; with GITHUB_ACTIONS
                           set, GitHub annotations follow); json: one JSON document; sarif: one
                           SARIF 2.1.0 log; github: GitHub workflow annotations only
    --baseline PATH        the baseline file (default: architecture-baseline.txt in the package)
    --update-baseline      rewrite the baseline with the current violations and exit 0
    --report-only          print every violation, baselined ones included, and exit 0: the
                           whole list, measured before any rule is enforced
    --baseline-may-not-grow REF
                           also fail on each baseline entry that the baseline at the git commit
                           REF lacks (a pull request's merge base): the list only shrinks
    --check-graph FILE     also fail when the graph between the module-graph markers of FILE is stale
    --check-module-readmes also fail when a module README is missing or its graph is stale
    --update-graph FILE    write the graph between the module-graph markers of FILE
    --update-module-readmes  write the graph of every module README (its neighbours)
    --mermaid              print the target graph as a Mermaid flowchart
    --split-preview FOLDER print each use, in FOLDER's files, of a name the rest of its target
                           declares: what would cross back if FOLDER became a module (exit 0)
    --explain RULE         print why RULE exists and how to fix a violation
    --list-imports FILE…   print the imports the scanner finds in Swift files ("?" marks an import
                           compiled on some builds only; with several files, each line starts
                           with the file's path and a tab)
    --list-files           print the path of every Swift file the description names
    --list-targets         print each target as tab-separated name, kind, layer (or -), path, the
                           layers its layer may use and its target dependencies, for scripts that
                           need the architecture
    --print-schema         print the JSON Schema of architecture.json
    -h, --help             show this help
  Rules: \(allRules.map(\.id).joined(separator: ", "))
  Exit status: 0 clean, 1 violations, 2 bad input, unreadable code or usage.
  """

func usageError(_ message: String) -> Never {
  fail("\(message) (see --help)")
}

func parseOptions(_ arguments: [String]) -> Options {
  var options = Options()
  var iterator = arguments.makeIterator()
  func value(for flag: String) -> String {
    guard let value = iterator.next() else { usageError("\(flag) needs a value") }
    return value
  }
  func ruleList(for flag: String) -> [String] {
    let ids = value(for: flag).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for id in ids where !allRules.contains(where: { $0.id == id }) {
      usageError(
        "\(flag): unknown rule '\(id)'; rules are \(allRules.map(\.id).joined(separator: ", "))")
    }
    return ids
  }
  while let argument = iterator.next() {
    switch argument {
    case "-h", "--help":
      print(usage)
      exit(0)
    case "--format":
      options.format = value(for: argument)
      guard ["text", "json", "sarif", "github"].contains(options.format) else {
        usageError("--format must be text, json, sarif or github, not '\(options.format)'")
      }
    case "--baseline": options.baselinePath = value(for: argument)
    case "--update-baseline": options.updateBaseline = true
    case "--report-only": options.reportOnly = true
    case "--baseline-may-not-grow": options.baselineMayNotGrow = value(for: argument)
    case "--explain": options.explain = value(for: argument)
    case "--mermaid": options.mermaid = true
    case "--split-preview":
      options.splitPreview = value(for: argument).trimmingCharacters(
        in: CharacterSet(charactersIn: "/"))
    case "--list-imports":
      options.listImports.append(value(for: argument))
      while let next = iterator.next() {
        guard !next.hasPrefix("-") else { usageError("--list-imports takes files only") }
        options.listImports.append(next)
      }
    case "--update-graph": options.updateGraph = value(for: argument)
    case "--check-graph": options.checkGraph = value(for: argument)
    case "--update-module-readmes": options.updateModuleReadmes = true
    case "--check-module-readmes": options.checkModuleReadmes = true
    case "--config": options.configPath = value(for: argument)
    case "--no-config": options.noConfig = true
    case "--only": options.only = ruleList(for: argument)
    case "--skip": options.skip += ruleList(for: argument)
    case "-D", "--define": options.defines.append(value(for: argument))
    case "--platform": options.platform = value(for: argument)
    case "--list-files": options.listFiles = true
    case "--list-targets": options.listTargets = true
    case "--print-schema": options.printSchema = true
    default:
      if argument.hasPrefix("-D") && argument.count > 2 {
        options.defines.append(String(argument.dropFirst(2)))
      } else if argument.hasPrefix("-") {
        usageError("unknown option '\(argument)'")
      } else {
        guard options.input == nil else { usageError("more than one description file given") }
        options.input = argument
      }
    }
  }
  if options.noConfig && options.configPath != nil {
    usageError("--config and --no-config exclude each other")
  }
  if options.reportOnly && options.updateBaseline {
    usageError("--report-only and --update-baseline exclude each other: a report writes nothing")
  }
  return options
}

/// The rules to run: the configuration's, narrowed by `--only` and `--skip`. A rule named by
/// `--only` that the configuration lacks runs with its defaults when it needs none.
func enabledRules(_ configuration: Configuration, options: Options, configName: String)
  -> [String: Configuration.Options]
{
  var enabled = configuration.rules
  if let only = options.only {
    enabled = enabled.filter { only.contains($0.key) }
    for id in only where enabled[id] == nil {
      guard let rule = allRules.first(where: { $0.id == id }), rule.runsWithoutConfiguration else {
        fail("the rule '\(id)' needs layers or options that \(configName) does not give it")
      }
      enabled[id] = Configuration.Options()
    }
  }
  // A suppression is honoured whatever the configuration, so its checks always run too.
  if options.only?.contains("suppression") ?? true {
    enabled["suppression"] = Configuration.Options()
  }
  for id in options.skip { enabled[id] = nil }
  return enabled
}

/// How this run was started, as a person would type it: whoever started it may say so through
/// `CHECK_ARCHITECTURE_PROGRAM` (the plugin: `swift package check-architecture`), and with
/// `CHECK_ARCHITECTURE_DESCRIBES_PACKAGE` that the command describes the package itself;
/// otherwise the script (`swift path.swift`) or the executable.
func invocation() -> String {
  if let program = ProcessInfo.processInfo.environment["CHECK_ARCHITECTURE_PROGRAM"] {
    return program
  }
  let program = CommandLine.arguments.first ?? "check-architecture"
  return program.hasSuffix(".swift") ? "swift \(program)" : program
}

/// The command that accepts the current findings: this run's own, with what selects the
/// findings kept and what only formats or checks documents left out.
func baselineCommand(_ options: Options) -> String {
  // A program that hands over the package graph itself (the plugin, a team's wrapper script)
  // says so: then neither the description's file nor `swift package describe` is typed.
  let fromPlugin =
    ProcessInfo.processInfo.environment["CHECK_ARCHITECTURE_DESCRIBES_PACKAGE"] != nil
  var words = [invocation()]
  if let input = options.input, !fromPlugin { words.append(input) }
  if let config = options.configPath { words += ["--config", config] }
  if options.noConfig { words.append("--no-config") }
  if let only = options.only { words += ["--only", only.joined(separator: ",")] }
  if !options.skip.isEmpty { words += ["--skip", options.skip.joined(separator: ",")] }
  for name in options.defines { words += ["-D", name] }
  if let platform = options.platform { words += ["--platform", platform] }
  if let baseline = options.baselinePath { words += ["--baseline", baseline] }
  words.append("--update-baseline")
  let quoted =
    ([words[0]]
    + words.dropFirst().map { word in
      word.contains(where: { " '\"$".contains($0) }) ? "'\(word)'" : word
    }).joined(separator: " ")
  let fromStandardInput = options.input == nil && !fromPlugin
  return fromStandardInput ? "swift package describe --type json | \(quoted)" : quoted
}

func run() async {
  let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
  let setting = BuildSetting(defined: Set(options.defines), platform: options.platform)

  if let id = options.explain {
    guard let rule = allRules.first(where: { $0.id == id }) else {
      usageError("unknown rule '\(id)'; rules are \(allRules.map(\.id).joined(separator: ", "))")
    }
    print("[\(rule.id)] \(rule.summary)\n\n\(rule.rationale)")
    // What this package's configuration says about it, if there is one here.
    let path =
      options.noConfig
      ? nil
      : options.configPath
        ?? (FileManager.default.fileExists(atPath: "architecture.json") ? "architecture.json" : nil)
    if let path {
      let configuration = Configuration.load(path)
      var reasons: [String] = []
      if let because = configuration.rules[id]?.because { reasons.append(because) }
      if ["layer-dependency", "third-party-product", "test-support", "outside-layer"].contains(id) {
        for layer in configuration.layers {
          if let because = layer.because { reasons.append("\(layer.name): \(because)") }
          for role in layer.roles {
            if let because = role.because {
              reasons.append("\(layer.name) (\(role.name)): \(because)")
            }
          }
        }
      }
      if !reasons.isEmpty {
        print("\nIn this package (\(path)):")
        for reason in reasons { print("  \(reason)") }
      }
    }
    exit(0)
  }

  if options.printSchema {
    let json = try? JSONSerialization.data(
      withJSONObject: configurationSchema(),
      options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: json ?? Data(), as: UTF8.self))
    exit(0)
  }

  if !options.listImports.isEmpty {
    for path in options.listImports {
      switch ScannedFile.scan(path, setting: setting, { _, _, imports, _ in imports }) {
      case .failure(let failure): fail("'\(failure.path)' \(failure.reason)")
      case .success(let imports):
        let prefix = options.listImports.count > 1 ? "\(path)\t" : ""
        for found in imports {
          print(
            "\(prefix)\(found.line):\(found.column) \(found.isConditional ? "? " : "")\(found.isTestable ? "@testable " : "")\(found.module)"
          )
        }
      }
    }
    exit(0)
  }

  let data: Data
  if let input = options.input {
    guard let contents = FileManager.default.contents(atPath: input) else {
      usageError("cannot read '\(input)'")
    }
    data = contents
  } else {
    guard isatty(STDIN_FILENO) == 0 else { usageError("no package description on standard input") }
    data = FileHandle.standardInput.readDataToEndOfFile()
  }
  let decoder = JSONDecoder()
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  let package: PackageDescription
  do {
    package = try decoder.decode(PackageDescription.self, from: data)
  } catch {
    fail("the input is not a package description from `swift package describe --type json`")
  }
  let root = URL(fileURLWithPath: package.path)
  if options.listFiles {
    for target in package.targets where !Target.unlintedKinds.contains(target.type) {
      for source in (target.sources ?? []).sorted() where source.hasSuffix(".swift") {
        print(root.appendingPathComponent(target.path).appendingPathComponent(source).path)
      }
    }
    exit(0)
  }
  let defaultConfig = root.appendingPathComponent("architecture.json").path
  let configPath =
    options.noConfig
    ? nil
    : options.configPath
      ?? (FileManager.default.fileExists(atPath: defaultConfig) ? defaultConfig : nil)
  var configuration = configPath.map(Configuration.load) ?? .withoutFile
  configuration.defines += options.defines
  let enabled = enabledRules(
    configuration, options: options,
    configName: configPath.map { "'\($0)'" } ?? "the missing architecture.json")
  let linter = Linter(
    package: package, configuration: configuration, enabled: enabled,
    setting: BuildSetting(defined: Set(configuration.defines), platform: options.platform),
    products: ProductModules.load(for: package, root: root), splitFolder: options.splitPreview)
  if let folder = options.splitPreview {
    printSplitPreview(of: folder, linter, format: options.format)
    exit(0)
  }
  if options.listTargets {
    for target in linter.targets.sorted(by: { $0.name < $1.name }) {
      let layer = target.layer?.name ?? "-"
      let mayUse = target.mayUse.joined(separator: ",")
      let dependencies = target.dependencies.sorted().joined(separator: ",")
      print(
        [target.name, target.kind, layer, target.path, mayUse, dependencies].joined(separator: "\t")
      )
    }
    exit(0)
  }
  if let configPath {
    let products =
      Set((package.dependencies ?? []).map(\.identity))
      .union(package.targets.flatMap { $0.productDependencies ?? [] })
      .union(linter.products.modulesOfProduct.keys)
    ConfigurationReader(file: configPath).check(
      configuration, against: linter.targets.filter { !$0.isTest }, products: products)
  }
  let missing = linter.missingTargetFolders()
  if let first = missing.first {
    fail(
      "\(first)\(missing.count > 1 ? " (and \(missing.count - 1) more)" : ""): nothing was checked")
  }
  for identity in linter.products.unresolved {
    FileHandle.standardError.write(
      Data(
        "note: the products of '\(identity)' are assumed to be modules of the same name: its manifest cannot be read (run `swift package resolve`)\n"
          .utf8))
  }

  let violations: [Violation]
  switch await linter.lint() {
  case .failure(let failure):
    fail("'\(failure.path)' \(failure.reason): nothing was checked")
  case .success(let found):
    violations = found.sorted {
      ($0.file, $0.line, $0.column, $0.rule) < ($1.file, $1.line, $1.column, $1.rule)
    }
  }
  let baselineURL =
    options.baselinePath.map { URL(fileURLWithPath: $0) }
    ?? linter.root.appendingPathComponent("architecture-baseline.txt")

  if options.updateBaseline {
    let keys = Array(Set(violations.map(\.key))).sorted()
    // The reasons written beside entries that are still needed are kept.
    let reasons =
      (try? String(contentsOf: baselineURL, encoding: .utf8)).map(Baseline.reasons) ?? [:]
    do {
      try Baseline.write(keys, reasons: reasons, to: baselineURL)
    } catch {
      fail("cannot write '\(baselineURL.path)': \(error.localizedDescription)")
    }
    print(
      "architecture baseline: \(keys.count) entr\(keys.count == 1 ? "y" : "ies") in \(options.baselinePath ?? "architecture-baseline.txt")"
    )
    exit(0)
  }

  // Findings name the baseline as it was given, so a path such as ci/arch-baseline.txt opens.
  let baselineName = options.baselinePath ?? "architecture-baseline.txt"
  let baseline = Baseline.load(
    baselineURL, name: baselineName, required: options.baselinePath != nil)
  let keys = Set(violations.map(\.key))
  // A report lists every violation and fails on none: the baseline, if any, only counts.
  let baselined = Set(baseline.entries.keys).intersection(keys)
  var failures = violations.filter { options.reportOnly || !baselined.contains($0.key) }
  if let reference = options.baselineMayNotGrow {
    failures += baseline.growth(since: reference, name: baselineName)
  }
  for (entry, line) in baseline.entries.sorted(by: { $0.value < $1.value })
  where !options.reportOnly && !keys.contains(entry)
    && enabled[String(entry.prefix { $0 != "|" })] != nil
  {
    failures.append(
      Violation(
        rule: "stale-baseline", file: baselineName, line: line, column: 1,
        message:
          "'\(entry)' no longer matches a violation: it was resolved, delete line \(line) (or run --update-baseline)",
        key: "stale-baseline|\(entry)",
        fix: Fix(
          summary: "delete the resolved entry", file: baselineName, line: line, column: 1,
          endLine: line + 1, endColumn: 1, replacement: "")))
  }

  if options.mermaid {
    print(mermaid(linter, violations: violations, baselined: baselined))
    exit(0)
  }
  if options.updateModuleReadmes {
    let problems = moduleReadmes(linter, write: true)
    for problem in problems { print(problem.compilerStyle) }
    guard problems.isEmpty else { exit(1) }
    print("module READMEs written")
    exit(0)
  }
  if let path = options.updateGraph {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let updated = replacingGraph(
        in: text, with: mermaid(linter, violations: violations, baselined: baselined))
    else { usageError("'\(path)' has no \(graphBegin) … \(graphEnd) markers") }
    do { try updated.write(toFile: path, atomically: true, encoding: .utf8) } catch {
      fail("cannot write '\(path)'")
    }
    print("module graph written to \(path)")
    exit(0)
  }

  // The checks of generated text run in the same invocation as the rules.
  var staleDocuments: [Violation] = []
  if let path = options.checkGraph {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let updated = replacingGraph(
        in: text, with: mermaid(linter, violations: violations, baselined: baselined))
    else { usageError("'\(path)' has no \(graphBegin) … \(graphEnd) markers") }
    if updated != text {
      staleDocuments.append(
        Violation(
          rule: "stale-graph", file: path, line: 1, column: 1,
          message: "the module graph is out of date; regenerate it with --update-graph \(path)",
          key: "stale-graph|\(path)"))
    }
  }
  if options.checkModuleReadmes {
    staleDocuments += moduleReadmes(linter, write: false)
  }

  let report = Report(
    findings: failures, staleDocuments: staleDocuments, baselined: baselined.count,
    targets: linter.targets.filter(\.isLinted).count, root: linter.root)
  switch options.format {
  case "json": print(report.json())
  case "sarif": print(report.sarif(rules: allRules))
  case "github": print(report.githubAnnotations(), terminator: "")
  default:
    for finding in failures + staleDocuments { print(finding.compilerStyle) }
    let documents =
      (options.checkGraph == nil ? 0 : 1) + (options.checkModuleReadmes ? 1 : 0)
    let documentNote =
      documents == 0 ? "" : staleDocuments.isEmpty ? ", generated graphs up to date" : ""
    let checked = report.targets
    if failures.isEmpty {
      print(
        "architecture: \(checked) target\(checked == 1 ? "" : "s") clean (\(baselined.count) baselined)\(documentNote)"
      )
    } else if options.reportOnly {
      print(
        "architecture: \(failures.count) violation\(failures.count == 1 ? "" : "s") in \(checked) target\(checked == 1 ? "" : "s") (\(baselined.count) of them baselined); report only: nothing fails"
      )
    } else {
      print(
        "architecture: \(failures.count) violation\(failures.count == 1 ? "" : "s") in \(checked) target\(checked == 1 ? "" : "s") (\(baselined.count) baselined)"
      )
      if failures.contains(where: { $0.rule == "baseline-growth" }) {
        // Regenerating the baseline is how it grew: the advice is the other way.
        print(
          "Explain a rule with --explain RULE. The baseline may only shrink: fix each new violation (or explain it beside the code) instead of accepting it."
        )
      } else {
        print(
          "Explain a rule with --explain RULE. To accept the current violations as known, run:")
        print("  \(baselineCommand(options))")
      }
    }
    // On GitHub Actions the text format also annotates the pull request; the machine formats
    // never mix annotations into their document (`--format github` prints only them).
    if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] != nil {
      print(report.githubAnnotations(), terminator: "")
    }
  }
  exit(options.reportOnly || (failures.isEmpty && staleDocuments.isEmpty) ? 0 : 1)
}
