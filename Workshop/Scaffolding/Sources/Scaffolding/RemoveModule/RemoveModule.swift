import ArchitectureLinter
import Foundation

/// `scaffold remove-module`: the inverse of `new-module`, all or nothing. A module in use is
/// refused; a feature goes with its App-layer wiring, its example, the benchmarks that use it
/// and the snapshots of its commands, and the prose that named it is marked for rewriting.
struct RemoveModule {
  static let name = ScaffoldCommand.removeModule.rawValue
  /// The steps, in order, by the names a test fails them with.
  static let steps = [
    "wiring", "manifest", "owners", "folders", "format", "graphs", "commands", "links",
    "stale names",
  ]

  let request: RemoveModuleRequest
  /// What goes, worked out before anything changed.
  let plan: RemovalPlan
  let root: URL
  let console: Console
  var steps = StepRunner()

  private var linter: PackageLinter { PackageLinter(root: root) }
  private var name: String { request.name }

  /// Removes the module: done, with the check suite next when asked; or failed or interrupted
  /// with everything undone.
  func run() async throws(Refusal) -> ScaffoldOutcome {
    let transaction = FileTransaction(root: root)
    var stale: [String] = []
    let status = try await AllOrNothing.run(.removeModule, undoing: transaction, console: console) {
      // Everything a removal may change, recorded before the first change.
      for folder in ["Sources", "Tests", "Benchmarks", "docs"] {
        try transaction.guardFolder(folder)
      }
      let documents =
        GeneratedDocuments.paths(in: root)
        + [GeneratedDocuments.walkThrough(in: root)]
        .compactMap { $0 }
      for file in ["Package.swift", "CODEOWNERS"] + documents {
        try transaction.willChange(file)
      }
      let commands = try await steps.run("wiring") { try await removeWiring(transaction) }
      try await steps.run("manifest") {
        let names = [name] + plan.benchmarks.map(\.name)
        sayEach(try linter.editManifest { try $0.remove(names) })
      }
      try await steps.run("owners") { try removeOwners(transaction) }
      try await steps.run("folders") { try removeFolders(transaction) }
      try await steps.run("format") {
        try await ExternalCommand("swift", "format", "-i", "Package.swift").succeed(in: root)
      }
      try await steps.run("graphs") { try await linter.redrawGraphs() }
      try await steps.run("commands") { try await removeCommands(commands, transaction) }
      try await steps.run("links") { try await unlinkSymbols(transaction) }
      stale = try await steps.run("stale names") { try await declareStaleNames(transaction) }
    }
    guard status == 0 else { return ScaffoldOutcome(status: status) }
    console.say(
      "\(Self.name): removed \(plan.layer)/\(name) (its sources, tests, manifest entry, owners and graph nodes)"
    )
    if !stale.isEmpty {
      console.say(
        "\(Self.name): these documents still describe what was removed (the names are declared at their top):"
      )
      for document in stale { console.say("  \(document)") }
    }
    return .done(check: request.check)
  }

  private func sayEach(_ lines: [String]) {
    for line in lines { console.say("\(Self.name): \(line)") }
  }

  /// The App layer's files that wire the feature, and the list elements that named the types
  /// they declared (`SearchFeatureCommands.self`); returns the commands those files declared
  /// (`CommandSpec("checkout", …)`), whose snapshots go too.
  private func removeWiring(_ transaction: FileTransaction) async throws
    -> [String]
  {
    guard !plan.appTargets.isEmpty else { return [] }
    let wiring = AppWiring(root: root)
    let appFiles = wiring.appFiles(of: plan.appTargets)
    let wiringFiles = try wiring.files(appFiles, wiring: name)
    guard !wiringFiles.isEmpty else { return [] }
    let types = try Self.each(of: wiringFiles, in: root) { $0.types }
    let sources = wiringFiles.filter { $0.hasPrefix("Sources/") }
    let commands = try Self.each(of: sources, in: root) {
      $0.stringArguments(ofCallsTo: "CommandSpec")
    }
    for file in wiringFiles { try transaction.remove(file) }
    if !types.isEmpty {
      // A list left with one line or none is written differently: the formatter says how.
      let remaining = appFiles.filter { !wiringFiles.contains($0) }
      sayEach(try linter.removeElements(naming: Set(types), in: remaining))
      try await ExternalCommand(["swift", "format", "-i"] + remaining).succeed(in: root)
    }
    console.say("\(Self.name): removed its wiring: \(wiringFiles.joined(separator: " "))")
    return commands
  }

  /// The owners' lines of every folder that goes.
  private func removeOwners(_ transaction: FileTransaction) throws {
    let file = root.appendingPathComponent("CODEOWNERS")
    guard let owners = try? String(contentsOf: file, encoding: .utf8) else { return }
    let gone = plan.removedFolders.map { "/\($0)/ " }
    let kept = owners.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      !gone.contains { line.hasPrefix($0) }
    }
    try transaction.write(kept.joined(separator: "\n"), to: "CODEOWNERS")
  }

  private func removeFolders(_ transaction: FileTransaction) throws {
    try transaction.remove(plan.path)
    try transaction.remove("Tests/\(name)Tests")
    for benchmark in plan.benchmarks {
      try transaction.remove(benchmark.path)
      console.say("\(Self.name): removed the benchmark \(benchmark.name), which used \(name)")
    }
    for example in plan.examples {
      try transaction.remove(example.path)
      console.say("\(Self.name): removed its example \(example.name)")
    }
  }

  /// The commands that went: their snapshots, their steps in the walk-through, then the other
  /// snapshots and the walk-through re-recorded from the binary that no longer has them.
  private func removeCommands(_ commands: [String], _ transaction: FileTransaction) async throws {
    guard !commands.isEmpty else { return }
    for snapshot in FolderWalk.files(under: "Tests", in: root)
    where snapshot.contains("/Snapshots/") {
      let file = (snapshot as NSString).lastPathComponent
      if commands.contains(where: {
        file == "help-\($0).txt" || file.hasPrefix("\($0)-") && file.hasSuffix(".txt")
      }) {
        try transaction.remove(snapshot)
      }
    }
    if let executable = plan.executable, let walkThrough = GeneratedDocuments.walkThrough(in: root),
      let document = try? String(
        contentsOf: root.appendingPathComponent(walkThrough), encoding: .utf8)
    {
      let walked = WalkThrough.removingSteps(of: commands, executable: executable, from: document)
      if walked != document { try transaction.write(walked, to: walkThrough) }
    }
    let record = recordingVariable()
    let tests = "helpTextMatchesItsSnapshot|generatedScriptsMatchTheirSnapshots|theWalkThrough"
    guard request.record else {
      console.say(
        "\(Self.name): the other help snapshots and the walk-through are not re-recorded; to do it:"
      )
      console.say("  \(record)=1 swift test --filter '\(tests)'")
      return
    }
    console.say(
      "\(Self.name): re-recording the help snapshots and the walk-through (\(record)=1)")
    // The check suite's flags, so the check that follows reuses this build.
    try await ExternalCommand(
      ["swift", "build", "--build-tests"] + StrictBuild.flags + StrictBuild.voyageTraits
    ).succeed(in: root)
    try await ExternalCommand(
      ["\(record)=1", "swift", "test", "--skip-build"] + StrictBuild.voyageTraits + [
        "--filter", tests,
      ]
    ).succeed(in: root)
  }

  /// The variable the snapshot tests read to record instead of compare
  /// (`VOYAGE_RECORD_SNAPSHOTS`), as the tests spell it.
  private func recordingVariable() -> String {
    var found: Set<String> = []
    for file in FolderWalk.files(under: "Tests", in: root) where file.hasSuffix(".swift") {
      let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
      for match in text.matches(of: /[A-Z][A-Z0-9_]*_RECORD_SNAPSHOTS/) {
        found.insert(String(match.output))
      }
    }
    return found.sorted().first ?? "RECORD_SNAPSHOTS"
  }

  /// Symbol links into the module, and into the symbols the App layer's removed wiring declared
  /// (``/AppComposition/AppGraph/checkout()``), become plain code names.
  private func unlinkSymbols(_ transaction: FileTransaction) async throws {
    var declaredByTarget: [(String, Set<String>)] = []
    for target in plan.appTargets
    where FileManager.default.fileExists(atPath: root.appendingPathComponent(target.path).path) {
      let sources = AppWiring(root: root).swiftFiles(under: target.path)
      let declared = try Self.each(of: sources, in: root) { $0.names }
      declaredByTarget.append((target.name, Set(declared + ["init"])))
    }
    let catalogs =
      (FolderWalk.files(under: "docs", in: root) + FolderWalk.files(under: "Sources", in: root))
      .filter {
        $0.contains(".docc/") && $0.hasSuffix(".md")
      }
    for page in catalogs {
      guard let text = try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
      else { continue }
      var edited = SymbolLinks.unlinking(text, into: name)
      for (target, declared) in declaredByTarget {
        edited = SymbolLinks.unlinking(edited, into: target) { symbol in
          declared.contains(SymbolLinks.declaredName(of: symbol))
        }
      }
      if edited != text { try transaction.write(edited, to: page) }
    }
  }

  /// Every document that still names what went, declared at its top; returns their paths.
  private func declareStaleNames(_ transaction: FileTransaction) async throws -> [String] {
    let listed = try await ExternalCommand(
      "git", "ls-files", "--cached", "--others", "--exclude-standard"
    ).succeed(in: root)
    let names = StaleNames(paths: Self.lines(listed.output), root: root)
    var annotated: [String] = []
    for document in names.documents {
      guard
        let text = try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8),
        let declared = names.annotated(text, of: document, removing: name)
      else { continue }
      try transaction.write(declared, to: document)
      annotated.append(document)
    }
    return annotated
  }

  /// The non-empty lines of a program's output, sorted and without repeats.
  private static func lines(_ output: String) -> [String] {
    Set(output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }).sorted()
  }

  /// What `reading` finds in any of `files` (paths from `root`), each once, sorted.
  private static func each(
    of files: [String], in root: URL, _ reading: (SourceDeclarations) -> [String]
  ) throws(StepFailure) -> [String] {
    var found: Set<String> = []
    for file in files {
      do {
        found.formUnion(reading(try SourceDeclarations(file: file, in: root.path)))
      } catch {
        throw StepFailure((error as? BadInput)?.message ?? "\(error)")
      }
    }
    return found.sorted()
  }
}
