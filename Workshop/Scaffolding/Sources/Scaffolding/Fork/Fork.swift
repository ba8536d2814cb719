import Foundation

/// `scaffold fork`: the repository made someone else's app, in place, all or nothing: the work
/// tree was clean, so a failure resets it to the commit checked out.
struct Fork {
  static let name = ScaffoldCommand.fork.rawValue
  /// The steps, in order, by the names a test fails them with.
  static let steps = ["text", "linter links", "paths", "format", "graphs"]

  let request: ForkRequest
  let root: URL
  let console: Console
  var steps = StepRunner()

  private var renaming: AppRenaming { request.renaming }

  /// Forks: done, with the check suite next when asked; refused when the work tree is not a
  /// clean git checkout; or failed or interrupted with the tree reset to its commit.
  func run() async throws(Refusal) -> ScaffoldOutcome {
    let checkout = try await GitCheckout(root: root)
    let status = try await AllOrNothing.run(.fork, undoing: checkout, console: console) {
      try await steps.run("text") { try await renameInText() }
      try await steps.run("linter links") { try await followTheCatalogInTheLinterPackage() }
      try await steps.run("paths") { try await renamePaths() }
      try await steps.run("format") { try await format() }
      try await steps.run("graphs") { try await PackageLinter(root: root).redrawGraphs() }
    }
    guard status == 0 else { return ScaffoldOutcome(status: status) }
    let new = renaming.new
    console.say(
      "\(Self.name): \(renaming.old) is now \(new) (executable '\(new.lowercased())', home ~/.\(new.lowercased()), variables \(renaming.prefix)_…, teams @\(renaming.organisation)/…)"
    )
    console.say("\(Self.name): review with 'git status' and 'git diff', then commit")
    return .done(check: request.check)
  }

  /// Every spelling of the name in every text file that has it. A symbolic link is left as it
  /// is (`Scripts/check-architecture.swift` points into the linter's package), and so is a
  /// file that is not UTF-8 text.
  private func renameInText() async throws {
    for path in try await gitFiles() where !path.hasPrefix("Workshop/ArchitectureLinter/") {
      try InterruptGuard.checkpoint()
      guard let text = try textFile(path), renaming.isNamed(in: text) else { continue }
      let renamed = renaming.applied(to: text)
      if renamed != text { try Data(renamed.utf8).write(to: root.appendingPathComponent(path)) }
    }
  }

  /// The linter's package links to the app's articles: those links follow the catalog's name.
  private func followTheCatalogInTheLinterPackage() async throws {
    let (old, new) = ("docs/\(renaming.old).docc", "docs/\(renaming.new).docc")
    for path in try await gitFiles() where path.hasPrefix("Workshop/ArchitectureLinter/") {
      guard let text = try textFile(path), text.contains(old) else { continue }
      try Data(text.replacingOccurrences(of: old, with: new).utf8)
        .write(to: root.appendingPathComponent(path))
    }
  }

  /// Every file and folder named after the app, renamed with `git mv`, deepest first, so a
  /// folder is renamed after what it holds.
  private func renamePaths() async throws {
    var named = Set<String>()
    for path in try await gitFiles() where !path.hasPrefix("Workshop/ArchitectureLinter/") {
      var current = path
      while !current.isEmpty {
        if renaming.isNamed(in: current) { named.insert(current) }
        current = (current as NSString).deletingLastPathComponent
      }
    }
    let deepestFirst = named.sorted { ($0.count, $0) > ($1.count, $1) }
    for path in deepestFirst
    where FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
      let base = (path as NSString).lastPathComponent
      let renamed = renaming.renamed(base)
      guard renamed != base else { continue }
      let folder = (path as NSString).deletingLastPathComponent
      let destination = folder.isEmpty ? renamed : folder + "/" + renamed
      try await ExternalCommand("git", "mv", path, destination).succeed(in: root)
    }
  }

  /// Names changed length: the formatter re-wraps the Swift the check suite lints (the app's and
  /// the scaffolding tool's, whose examples name the app's teams).
  private func format() async throws {
    let tests =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Tests").path)) ?? []
    let folders =
      ["Package.swift", "Sources", "Scripts", "Benchmarks"]
      + tests.filter { $0.hasSuffix("Tests") }.sorted().map { "Tests/\($0)" } + ["Tests/Support"]
    let present = folders.filter {
      FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
    }
    try await ExternalCommand(["swift", "format", "-i", "--recursive"] + present).succeed(in: root)
  }

  /// The files git tracks, listed again by each step (after the renames of the steps before).
  private func gitFiles() async throws -> [String] {
    let listed = try await ExternalCommand("git", "ls-files", "-z").succeed(in: root)
    return listed.output.split(separator: "\0").map(String.init)
  }

  /// The file's text, or `nil` for a symbolic link, a missing file, or one that is not UTF-8
  /// text (a NUL byte, or bytes that do not decode).
  private func textFile(_ path: String) throws -> String? {
    let url = root.appendingPathComponent(path)
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    guard let type = attributes?[.type] as? FileAttributeType, type == .typeRegular else {
      return nil
    }
    let data = try Data(contentsOf: url)
    guard !data.contains(0) else { return nil }
    return String(data: data, encoding: .utf8)
  }
}
