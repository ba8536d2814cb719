import Foundation

/// One run of the linter, in the steps the command line asks for: what only explains or lists,
/// then the package and its configuration read strictly, the rules, the baseline, the generated
/// documents, and the report.
struct LinterRun {
  let invocation: Invocation
  let request: LinterRequest
  let settings: LintSettings

  /// Runs what `request` asks and returns the exit status; bad input throws `BadInput`.
  func run(_ transcript: inout Transcript) async throws -> Int32 {
    switch request {
    case .version:
      transcript.print("check-architecture \(CheckArchitecture.version)")
      return 0
    case .explain(let id):
      transcript.output += try explanation(of: id)
      return 0
    case .printSchema:
      transcript.print(Report.serialized(configurationSchema()))
      return 0
    case .listImports(let files):
      transcript.output += try importLists(files)
      return 0
    case .listFiles:
      let package = try packageDescription()
      for target in package.targets where !Target.unlintedKinds.contains(target.type) {
        // Joined as strings: URL.appendingPathComponent asks the file system about each file.
        for source in (target.sources ?? []).sorted() where source.hasSuffix(".swift") {
          transcript.print(package.path + "/" + target.path + "/" + source)
        }
      }
      return 0
    case .splitPreview(let folder):
      let check = try makeCheck(try packageDescription(), splitFolder: folder)
      transcript.output += try splitPreview(
        of: folder, check.linter, format: settings.format.rawValue)
      return 0
    case .listTargets:
      for target in try makeCheck(try packageDescription()).targets {
        let fields = [
          target.name, target.kind, target.layer ?? "-", target.path,
          target.mayUse.joined(separator: ","), target.dependencies.joined(separator: ","),
        ]
        transcript.print(fields.joined(separator: "\t"))
      }
      return 0
    case .affected(let revision):
      let check = try validatedCheck(&transcript)
      let affected = try check.affected(since: revision)
      AffectedListing(affected: affected, since: revision).write(
        as: settings.format, to: &transcript)
      return 0
    case .updateBaseline:
      let (linter, violations, _) = try await checkedAndLinted(&transcript)
      if settings.target != nil {
        throw BadInput.usage("--update-baseline writes the whole package's baseline: drop --target")
      }
      try updateBaseline(at: baselineURL(linter), with: violations, transcript: &transcript)
      return 0
    case .mermaid:
      let (linter, violations, _, baselined) = try await compared(&transcript)
      transcript.print(mermaid(linter, violations: violations, baselined: baselined))
      return 0
    case .updateModuleReadmes:
      let (linter, _, _, _) = try await compared(&transcript)
      let problems = moduleReadmes(linter, write: true)
      for problem in problems { transcript.print(problem.compilerStyle) }
      guard problems.isEmpty else { return 1 }
      transcript.print("module READMEs written")
      return 0
    case .updateGraph(let files):
      let (linter, violations, _, baselined) = try await compared(&transcript)
      try updateGraphs(files, linter, violations: violations, baselined: baselined, &transcript)
      return 0
    case .check(let documents, let stamp):
      let (linter, violations, failures, baselined) = try await compared(&transcript)
      let staleDocuments = try generatedDocuments(
        documents, linter, violations: violations, baselined: baselined)
      if let stamp {
        return try buildStep(
          failures + staleDocuments, root: linter.root, stamp: stamp, &transcript)
      }
      let report = Report(
        findings: failures, staleDocuments: staleDocuments, baselined: baselined.count,
        targets: linter.targets.filter(linter.isChecked).count, root: linter.root,
        exitStatus: settings.reportOnly || (failures.isEmpty && staleDocuments.isEmpty) ? 0 : 1)
      write(report, documents: documents, transcript: &transcript)
      return report.exitStatus
    }
  }

  /// The package read and its configuration checked against it, the notes on standard error.
  func validatedCheck(_ transcript: inout Transcript) throws -> ArchitectureCheck {
    let check = try makeCheck(try packageDescription())
    for note in try check.validated() { transcript.error += note + "\n" }
    return check
  }

  /// The package read, its configuration checked against it, and the rules run: what every
  /// request that lints starts with.
  func checkedAndLinted(_ transcript: inout Transcript) async throws -> (
    Linter, violations: [Violation], accepted: [AcceptedSuppression]
  ) {
    let check = try validatedCheck(&transcript)
    let (violations, accepted) = try await check.violations()
    return (check.linter, violations, accepted)
  }

  /// The rules run and their findings held against the baseline: the violations, those that
  /// fail the run, and the keys the baseline accepted.
  func compared(_ transcript: inout Transcript) async throws -> (
    Linter, violations: [Violation], failures: [Violation], baselined: Set<String>
  ) {
    let (linter, violations, accepted) = try await checkedAndLinted(&transcript)
    let (failures, baselined) = try compare(
      violations, accepted: accepted, withBaselineAt: baselineURL(linter), linter)
    return (linter, violations, failures, baselined)
  }

  /// The baseline's file: the one named, or `architecture-baseline.txt` in the package.
  func baselineURL(_ linter: Linter) -> URL {
    URL(
      fileURLWithPath: settings.baselinePath.map(invocation.resolve)
        ?? linter.root.appendingPathComponent("architecture-baseline.txt").path)
  }

  /// `--update-graph FILE…`: what each file's markers ask for, written once every file was read.
  func updateGraphs(
    _ files: [String], _ linter: Linter, violations: [Violation], baselined: Set<String>,
    _ transcript: inout Transcript
  ) throws {
    let graph = mermaid(linter, violations: violations, baselined: baselined)
    let table = LayerTable.markdown(linter)
    let documents = try files.map { path in
      (path, try generatedDocument(path, graph: graph, table: table))
    }
    for (path, document) in documents {
      do {
        try document.updated.write(
          toFile: invocation.resolve(path), atomically: true, encoding: .utf8)
      } catch {
        throw BadInput("cannot write '\(path)'")
      }
      transcript.print("\(document.written) written to \(path)")
    }
  }

  /// `--stamp FILE`: the run as a step of a build. Each finding on standard error in the
  /// compiler's format with the file's absolute path (what a build shows and an editor opens),
  /// and the status 1; or, with none, FILE written (the step's output) and nothing printed.
  func buildStep(
    _ findings: [Violation], root: URL, stamp: String, _ transcript: inout Transcript
  ) throws -> Int32 {
    guard findings.isEmpty else {
      for finding in findings {
        transcript.error += finding.compilerStyle(root: root.path) + "\n"
      }
      return 1
    }
    let text = Data(
      "// Written by check-architecture when this target's architecture checks pass.\n".utf8)
    let path = invocation.resolve(stamp)
    // Left as it is when it already says so: a rewritten file would be a changed source of the
    // target, compiled again for nothing.
    guard FileManager.default.contents(atPath: path) != text else { return 0 }
    do {
      try text.write(to: URL(fileURLWithPath: path))
    } catch {
      throw BadInput("cannot write '\(stamp)'")
    }
    return 0
  }

  // MARK: - Explaining and listing

  /// `--explain RULE`: why the rule exists, and what this package's configuration says of it.
  func explanation(of id: String) throws -> String {
    guard let rule = allRules.first(where: { $0.id == id }) else {
      throw BadInput.usage(
        "unknown rule '\(id)'; rules are \(allRules.map(\.id).joined(separator: ", "))")
    }
    var text = "[\(rule.id)] \(rule.summary)\n\n\(rule.rationale)\n"
    let defaultPath = invocation.resolve("architecture.json")
    let path =
      settings.noConfig
      ? nil
      : settings.configPath
        ?? (FileManager.default.fileExists(atPath: defaultPath)
          ? "architecture.json" : nil)
    guard let path else { return text }
    let configuration = try Configuration.load(path, at: invocation.resolve(path))
    var reasons: [String] = []
    if let because = configuration.rules[id]?.because { reasons.append(because) }
    if id == "folder-dependency" {
      for layer in configuration.layers where !layer.folders.isEmpty {
        if let because = layer.because { reasons.append("\(layer.name): \(because)") }
      }
    } else if Configuration.targetLayerRules.contains(id) {
      for layer in configuration.layers where !layer.paths.isEmpty || !layer.names.isEmpty {
        if let because = layer.because { reasons.append("\(layer.name): \(because)") }
        for role in layer.roles {
          if let because = role.because {
            reasons.append("\(layer.name) (\(role.name)): \(because)")
          }
        }
      }
    }
    if !reasons.isEmpty {
      text += "\nIn this package (\(path)):\n"
      for reason in reasons { text += "  \(reason)\n" }
    }
    return text
  }

  /// `--list-imports FILE…`: what the scanner reads of each file's imports.
  func importLists(_ files: [String]) throws -> String {
    let setting = BuildSetting(defined: Set(settings.defines), platform: settings.platform)
    var text = ""
    for path in files {
      let imports = try SourceImports.of(
        fileAt: invocation.resolve(path), named: path, setting: setting)
      let prefix = files.count > 1 ? "\(path)\t" : ""
      for found in imports {
        let marks = (found.isConditional ? "? " : "") + (found.isTestable ? "@testable " : "")
        text += "\(prefix)\(found.line):\(found.column) \(marks)\(found.module)\n"
      }
    }
    return text
  }

  // MARK: - The package and its configuration

  /// The package description, from the file named on the command line or standard input.
  func packageDescription() throws -> PackageDescription {
    let data: Data
    if let input = settings.input, input != "-" {
      guard let contents = FileManager.default.contents(atPath: invocation.resolve(input)) else {
        throw BadInput.usage("cannot read '\(input)'")
      }
      data = contents
    } else {
      guard let contents = invocation.standardInput() else {
        throw BadInput.usage("no package description on standard input")
      }
      data = contents
    }
    return try PackageGraph.isGraph(data)
      ? PackageGraph.description(of: data) : PackageDescription(json: data)
  }

  /// The check of `package` with its configuration (the one named, or the package's own
  /// `architecture.json`) and the rules the settings choose.
  func makeCheck(_ package: PackageDescription, splitFolder: String? = nil) throws
    -> ArchitectureCheck
  {
    let root = URL(fileURLWithPath: package.path)
    let defaultConfig = root.appendingPathComponent("architecture.json").path
    let configPath =
      settings.noConfig
      ? nil
      : settings.configPath
        ?? (FileManager.default.fileExists(atPath: defaultConfig) ? defaultConfig : nil)
    var configuration =
      try configPath.map { try Configuration.load($0, at: invocation.resolve($0)) } ?? .withoutFile
    configuration.defines += settings.defines
    let enabled = try enabledRules(
      configuration, configName: configPath.map { "'\($0)'" } ?? "the missing architecture.json")
    let linter = Linter(
      package: package, configuration: configuration, enabled: enabled,
      setting: BuildSetting(defined: Set(configuration.defines), platform: settings.platform),
      products: ProductModules.load(for: package, root: root), splitFolder: splitFolder,
      focus: settings.target, repositoryRoot: try repositoryRoot())
    if let name = settings.target, !linter.targets.contains(where: { $0.name == name }) {
      throw BadInput.usage("the package has no target '\(name)' for --target")
    }
    return ArchitectureCheck(linter: linter)
  }

  /// The folder `--repository-root` names, or `nil` to find the repository that holds the package.
  func repositoryRoot() throws -> URL? {
    guard let given = settings.repositoryRoot else { return nil }
    var isFolder: ObjCBool = false
    let path = invocation.resolve(given)
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { throw BadInput.usage("--repository-root: '\(given)' is not a folder") }
    return URL(fileURLWithPath: path)
  }

  /// The rules to run: the configuration's, narrowed by `--only` and `--skip`. A rule named by
  /// `--only` that the configuration lacks runs with its defaults when it needs none.
  func enabledRules(_ configuration: Configuration, configName: String) throws -> [String:
    Configuration.Options]
  {
    var enabled = configuration.rules
    if let only = settings.only {
      enabled = enabled.filter { only.contains($0.key) }
      for id in only where enabled[id] == nil {
        guard let rule = allRules.first(where: { $0.id == id }), rule.runsWithoutConfiguration
        else {
          throw BadInput(
            "the rule '\(id)' needs layers or options that \(configName) does not give it")
        }
        enabled[id] = Configuration.Options()
      }
    }
    // A suppression is honoured whatever the configuration, so its checks always run too.
    if settings.only?.contains("suppression") ?? true {
      enabled["suppression"] = Configuration.Options()
    }
    for id in settings.skip { enabled[id] = nil }
    // Whether a dependency is used is the whole package's question (a module may re-export
    // another): a run of one target does not ask it.
    if settings.target != nil { enabled["unused-dependency"] = nil }
    return enabled
  }

  // MARK: - The rules and the baseline

  /// `--update-baseline`: the current violations written as the baseline, reasons kept.
  func updateBaseline(
    at url: URL, with violations: [Violation], transcript: inout Transcript
  ) throws {
    let keys = Array(Set(violations.map(\.key))).sorted()
    let reasons = (try? String(contentsOf: url, encoding: .utf8)).map(Baseline.reasons) ?? [:]
    do {
      try Baseline.write(keys, reasons: reasons, command: baselineCommand(), to: url)
    } catch {
      throw BadInput("cannot write '\(url.path)': \(error.localizedDescription)")
    }
    let count = keys.count
    transcript.print(
      "architecture baseline: \(count) entr\(count == 1 ? "y" : "ies") in \(settings.baselinePath ?? "architecture-baseline.txt")"
    )
  }

  /// The violations that fail the run (new ones, growth of the baseline or of the suppressions,
  /// stale entries) and the keys the baseline accepted.
  func compare(
    _ violations: [Violation], accepted: [AcceptedSuppression], withBaselineAt url: URL,
    _ linter: Linter
  ) throws -> ([Violation], Set<String>) {
    // Findings name the baseline as it was given, so a path such as ci/arch-baseline.txt opens.
    let name = settings.baselinePath ?? "architecture-baseline.txt"
    let baseline = try Baseline.load(url, name: name, required: settings.baselinePath != nil)
    let keys = Set(violations.map(\.key))
    // A report lists every violation and fails on none: the baseline, if any, only counts.
    let baselined = Set(baseline.entries.keys).intersection(keys)
    var failures = violations.filter { settings.reportOnly || !baselined.contains($0.key) }
    let exceptions = try ReviewedExceptions.load(
      besideBaselineAt: url, baselineName: name, owners: linter.ownedFolders(), root: linter.root)
    if let reference = settings.baselineMayNotGrow {
      failures += try baseline.growth(since: reference, name: name)
      failures += exceptions.growth(of: accepted, since: reference, root: linter.root)
    }
    // Whether an entry or an exception is stale is the whole package's question: a run of one
    // target (`--target`) sees only that target's findings.
    let checksStaleness = !settings.reportOnly && settings.target == nil
    if checksStaleness {
      failures += exceptions.stale(given: accepted, enabled: Set(linter.enabled.keys))
    }
    for (entry, line) in baseline.entries.sorted(by: { $0.value < $1.value })
    where checksStaleness && !keys.contains(entry)
      && linter.enabled[String(entry.prefix { $0 != "|" })] != nil
    {
      failures.append(
        Violation(
          rule: "stale-baseline", file: name, line: line, column: 1,
          message:
            "'\(entry)' no longer matches a violation: it was resolved, delete line \(line) (or run --update-baseline)",
          key: "stale-baseline|\(entry)",
          fix: Fix(
            summary: "delete the resolved entry", file: name, line: line, column: 1,
            endLine: line + 1, endColumn: 1, replacement: "")))
    }
    return (failures, baselined)
  }

  /// The command that accepts the current findings: this run's own, with what selects the
  /// findings kept and what only formats or checks documents left out.
  func baselineCommand() -> String {
    var words = [invocation.command]
    if let input = settings.input, input != "-", !invocation.describesPackage {
      words.append(input)
    }
    if let config = settings.configPath { words += ["--config", config] }
    if settings.noConfig { words.append("--no-config") }
    if let only = settings.only { words += ["--only", only.joined(separator: ",")] }
    if !settings.skip.isEmpty { words += ["--skip", settings.skip.joined(separator: ",")] }
    for name in settings.defines { words += ["-D", name] }
    if let platform = settings.platform { words += ["--platform", platform] }
    if let baseline = settings.baselinePath { words += ["--baseline", baseline] }
    words.append("--update-baseline")
    let quoted =
      ([words[0]]
      + words.dropFirst().map { word in
        word.contains(where: { " '\"$".contains($0) }) ? "'\(word)'" : word
      }).joined(separator: " ")
    let fromStandardInput =
      (settings.input == nil || settings.input == "-") && !invocation.describesPackage
    return fromStandardInput ? "swift package describe --type json | \(quoted)" : quoted
  }

  // MARK: - Generated documents and the report

  /// The text of the document at `path`, and the same with what its markers generate: its
  /// module graph replaced by `graph`, its layers' table by `table`; `written` names what they
  /// hold. A document with neither kind of markers is bad input.
  func generatedDocument(_ path: String, graph: String, table: String) throws -> (
    text: String, updated: String, written: String
  ) {
    guard let text = try? String(contentsOfFile: invocation.resolve(path), encoding: .utf8) else {
      throw BadInput.usage("cannot read '\(path)'")
    }
    var updated = text
    var written: [String] = []
    if let withGraph = replacingGraph(in: updated, with: graph) {
      updated = withGraph
      written.append("module graph")
    }
    if let withTable = LayerTable.replacing(in: updated, with: table) {
      updated = withTable
      written.append("layer table")
    }
    guard !written.isEmpty else {
      throw BadInput.usage(
        "'\(path)' has no \(graphBegin) … \(graphEnd) markers, nor \(LayerTable.begin) … \(LayerTable.end)"
      )
    }
    return (text, updated, written.joined(separator: " and "))
  }

  /// The generated documents that are out of date (`--check-graph`, `--check-module-readmes`),
  /// checked in the same run as the rules.
  func generatedDocuments(
    _ documents: GeneratedDocumentChecks, _ linter: Linter, violations: [Violation],
    baselined: Set<String>
  ) throws -> [Violation] {
    var stale: [Violation] = []
    if !documents.graphs.isEmpty {
      let graph = mermaid(linter, violations: violations, baselined: baselined)
      let table = LayerTable.markdown(linter)
      for path in documents.graphs {
        let document = try generatedDocument(path, graph: graph, table: table)
        if document.updated != document.text {
          stale.append(
            Violation(
              rule: "stale-graph", file: path, line: 1, column: 1,
              message:
                "the \(document.written) \(document.written.contains(" and ") ? "are" : "is") out of date; regenerate with --update-graph \(path)",
              key: "stale-graph|\(path)"))
        }
      }
    }
    if documents.moduleReadmes { stale += moduleReadmes(linter, write: false) }
    return stale
  }

  /// The report in the format asked for.
  func write(_ report: Report, documents: GeneratedDocumentChecks, transcript: inout Transcript) {
    switch settings.format {
    case .json: transcript.print(report.json())
    case .sarif: transcript.print(report.sarif(rules: allRules))
    case .github: transcript.output += report.githubAnnotations()
    case .text:
      for finding in report.all { transcript.print(finding.compilerStyle) }
      transcript.print(summary(of: report, documents: documents))
      // On GitHub Actions the text format also annotates the pull request; the machine formats
      // never mix annotations into their document (`--format github` prints only them).
      if invocation.environment["GITHUB_ACTIONS"] != nil {
        transcript.output += report.githubAnnotations()
      }
    }
  }

  /// The text format's last lines: the count, and what to do next.
  func summary(of report: Report, documents: GeneratedDocumentChecks) -> String {
    let failures = report.findings
    let checked = report.targets
    let targets = "\(checked) target\(checked == 1 ? "" : "s")"
    let violations = "\(failures.count) violation\(failures.count == 1 ? "" : "s")"
    if failures.isEmpty {
      let note =
        documents.count == 0
        ? "" : report.staleDocuments.isEmpty ? ", generated graphs up to date" : ""
      return "architecture: \(targets) clean (\(report.baselined) baselined)\(note)"
    }
    if settings.reportOnly {
      return
        "architecture: \(violations) in \(targets) (\(report.baselined) of them baselined); report only: nothing fails"
    }
    let count = "architecture: \(violations) in \(targets) (\(report.baselined) baselined)"
    if failures.contains(where: { $0.rule == "baseline-growth" }) {
      // Regenerating the baseline is how it grew: the advice is the other way.
      return count
        + "\nExplain a rule with --explain RULE. The baseline may only shrink: fix each new violation instead of accepting it (an exception explained beside the code needs the architecture's reviewers: \(ReviewedExceptions.fileName))."
    }
    return count
      + "\nExplain a rule with --explain RULE. To accept the current violations as known, run:\n  \(baselineCommand())"
  }
}
