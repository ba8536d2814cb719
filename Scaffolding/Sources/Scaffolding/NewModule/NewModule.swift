import Foundation

/// `scaffold new-module`: a module added in every place the repository declares one, all or
/// nothing.
struct NewModule {
  static let name = ScaffoldCommand.newModule.rawValue
  /// The steps, in order, by the names a test fails them with.
  static let steps = ["manifest", "files", "owners", "format", "graphs"]

  let request: NewModuleRequest
  let root: URL
  let console: Console
  var steps = StepRunner()

  private var layer: ModuleLayer { request.layer }
  private var sources: String { "Sources/\(layer.rawValue)/\(request.name)" }
  private var tests: String { "Tests/\(request.name)Tests" }

  /// Adds the module and returns the exit status: 0, or 64 when the manifest refuses it (a
  /// case or a name already taken), or 1 when a later step failed and everything was undone; with
  /// the check suite asked for, its status.
  func run() async -> Int32 {
    let transaction = FileTransaction(root: root)
    do {
      try await InterruptGuard.guarding(transaction, console: console) {
        try await steps.run("manifest") { try await addManifestEntry(transaction) }
        try await steps.run("files") { try addFiles(transaction) }
        try await steps.run("owners") { try addOwners(transaction) }
        try await steps.run("format") {
          try await ExternalCommand(
            "swift", "format", "-i", "--recursive", "Package.swift", sources, tests
          ).succeed(in: root)
        }
        // The README's graph, and each module README's that names a neighbour of the new one.
        try await steps.run("graphs") {
          transaction.willChange("README.md")
          for readme in moduleReadmes() { transaction.willChange(readme) }
          try await PackageLinter(root: root).redrawGraphs()
        }
      }
      transaction.commit()
    } catch let refusal as Refusal {
      transaction.rollback()
      console.warn("Error: \(refusal.message)")
      return Scaffold.refused
    } catch {
      transaction.rollback()
      console.warn("\(Self.name): \((error as? StepFailure)?.message ?? "\(error)")")
      console.warn("\(Self.name): failed; every change was undone")
      return 1
    }
    console.say(
      "\(Self.name): added \(layer.rawValue)/\(request.name) (\(sources), \(tests), README, documentation catalog, CODEOWNERS, Package.swift)"
    )
    guard request.check else { return 0 }
    do {
      return try await ExternalCommand("Scripts/check.sh").runInTheTerminal(in: root)
    } catch {
      console.warn("\(Self.name): the check suite did not start: \(error)")
      return 1
    }
  }

  /// The case in the layer's enum and the target at the end of the layer's list, through its
  /// helper, with the purpose as the comment above it: the linter finds both places by the
  /// manifest's tokens and writes all or nothing; a case or a name already taken is a refusal.
  private func addManifestEntry(_ transaction: FileTransaction) async throws {
    transaction.willChange("Package.swift")
    let caseName = layer.caseName(for: request.name)
    do {
      try await PackageLinter(root: root).run([
        "manifest", "add-module", "--enum", layer.enumName, "--case", caseName,
        "--name", request.name, "--to", layer.section,
        "--entry", layer.entry(caseName: caseName), "--comment", request.purpose,
      ])
    } catch {
      throw Refusal(error.message)
    }
  }

  /// Its folders and first files.
  private func addFiles(_ transaction: FileTransaction) throws {
    try transaction.createFolder(sources)
    try transaction.createFolder(tests)
    try transaction.createFolder("\(sources)/\(request.name).docc")
    try transaction.write(
      NewModuleTemplates.source(request), to: "\(sources)/\(request.name).swift")
    try transaction.write(
      NewModuleTemplates.test(request), to: "\(tests)/\(request.name)Tests.swift")
    try transaction.write(NewModuleTemplates.readme(request), to: "\(sources)/README.md")
    try transaction.write(
      NewModuleTemplates.catalog(request), to: "\(sources)/\(request.name).docc/\(request.name).md")
  }

  /// Its owners' lines, at the end of its layer's section of CODEOWNERS.
  private func addOwners(_ transaction: FileTransaction) throws {
    let ownersFile = root.appendingPathComponent("CODEOWNERS")
    var owners = CodeOwners((try? String(contentsOf: ownersFile, encoding: .utf8)) ?? "")
    owners.add(
      CodeOwners.lines(giving: ["/\(sources)/", "/\(tests)/"], to: request.owner),
      toSection: layer.rawValue)
    try transaction.write(owners.text, to: "CODEOWNERS")
  }

  /// Every module's README, by its path from the root.
  private func moduleReadmes() -> [String] {
    let files = FileManager.default
    let sourcesFolder = root.appendingPathComponent("Sources")
    let layers = (try? files.contentsOfDirectory(atPath: sourcesFolder.path)) ?? []
    return layers.flatMap { layer in
      let modules =
        (try? files.contentsOfDirectory(
          atPath: sourcesFolder.appendingPathComponent(layer).path)) ?? []
      return modules.map { "Sources/\(layer)/\($0)/README.md" }
    }.filter { files.fileExists(atPath: root.appendingPathComponent($0).path) }
  }
}
