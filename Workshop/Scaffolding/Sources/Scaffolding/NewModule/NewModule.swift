import ArchitectureLinter
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

  /// Adds the module: done, with the check suite next when asked; refused (a case or a name
  /// the manifest already has); or failed or interrupted with everything undone.
  func run() async throws(Refusal) -> ScaffoldOutcome {
    let transaction = FileTransaction(root: root)
    let status = try await AllOrNothing.run(.newModule, undoing: transaction, console: console) {
      try await steps.run("manifest") { try await addManifestEntry(transaction) }
      try await steps.run("files") { try addFiles(transaction) }
      try await steps.run("owners") { try addOwners(transaction) }
      try await steps.run("format") {
        try await ExternalCommand(
          "swift", "format", "-i", "--recursive", "Package.swift", sources, tests
        ).succeed(in: root)
      }
      // The generated documents (the README's table of layers, the module graph), and every
      // module README the redraw may write.
      try await steps.run("graphs") {
        for document in GeneratedDocuments.paths(in: root) {
          try transaction.willChange(document)
        }
        for readme in readmes() { try transaction.willChange(readme) }
        try await PackageLinter(root: root).redrawGraphs()
      }
    }
    guard status == 0 else { return ScaffoldOutcome(status: status) }
    console.say(
      "\(Self.name): added \(layer.rawValue)/\(request.name) (\(sources), \(tests), README, documentation catalog, CODEOWNERS, Package.swift)"
    )
    return .done(check: request.check)
  }

  /// The case in the layer's enum and the target at the end of the layer's list, through its
  /// helper, with the purpose as the comment above it: the linter finds both places by the
  /// manifest's tokens and writes all or nothing; a case or a name already taken is a refusal.
  private func addManifestEntry(_ transaction: FileTransaction) async throws {
    try transaction.willChange("Package.swift")
    let caseName = layer.caseName(for: request.name)
    let module = ManifestEditor.NewModule(
      enumName: layer.enumName, caseName: caseName, name: request.name, list: layer.section,
      entry: layer.entry(caseName: caseName), comment: request.purpose)
    do {
      _ = try PackageLinter(root: root).editManifest { try $0.add(module) }
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

  /// Every README under the folders that hold targets, by its path from the root.
  private func readmes() -> [String] {
    ["Sources", "Tests", "Benchmarks"].flatMap { FolderWalk.files(under: $0, in: root) }
      .filter { ($0 as NSString).lastPathComponent == "README.md" }
  }
}
