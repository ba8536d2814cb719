import ArchitectureLinter
import Foundation
import Testing

/// `--affected REV` on a small package in a git repository of its own: the targets a change
/// reaches are those whose files changed, those that read a changed file by `architecture.json`,
/// and every target that depends on them; what no target owns reaches every target, and says so.
@Suite("What a change reaches")
struct AffectedTargetsTests {
  /// A package in a fresh git repository, committed once: `Core` at the bottom, two features on
  /// it, a tool on both, a test target for each library, and `docs/` read by `SearchTests`.
  struct Repository {
    let folder: URL
    let description: Data

    static let manifest = """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "Reach",
        targets: [
          .target(name: "Core", path: "Sources/Kernel/Core"),
          .target(name: "Search", dependencies: ["Core"], path: "Sources/Features/Search"),
          .target(name: "Checkout", dependencies: ["Core"], path: "Sources/Features/Checkout"),
          .executableTarget(
            name: "Tool", dependencies: ["Search", "Checkout"], path: "Sources/App/Tool"),
          .testTarget(name: "CoreTests", dependencies: ["Core"]),
          .testTarget(name: "SearchTests", dependencies: ["Search"]),
          .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
        ]
      )

      """

    static let configuration = """
      {
        "reads": [
          { "targets": ["SearchTests"], "files": ["docs/"], "because": "the guide's examples are run" }
        ]
      }

      """

    static let files = [
      "Package.swift": manifest,
      "architecture.json": configuration,
      ".gitignore": ".build/\n.swiftpm/\n",
      "README.md": "# Reach\n",
      "docs/Guide.md": "# Guide\n",
      "Sources/Kernel/Core/Core.swift": "public struct Core {}\n",
      "Sources/Features/Search/Search.swift": "import Core\n",
      "Sources/Features/Checkout/Checkout.swift": "import Core\n",
      "Sources/App/Tool/main.swift": "import Search\nimport Checkout\n",
      "Tests/CoreTests/CoreTests.swift": "import Core\n",
      "Tests/SearchTests/SearchTests.swift": "import Search\n",
      "Tests/CheckoutTests/CheckoutTests.swift": "import Checkout\n",
    ]

    /// Every target of the package.
    static let everyTarget = [
      "Checkout", "CheckoutTests", "Core", "CoreTests", "Search", "SearchTests", "Tool",
    ]

    static func make() async throws -> Repository {
      let folder = try makeTemporaryFolder("affected")
      for (path, text) in files {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      }
      let description = try await Linter.describe(package: folder)
      try await git(["init", "--quiet"], in: folder)
      try await git(["add", "."], in: folder)
      try await git(["commit", "--quiet", "-m", "The package"], in: folder)
      return Repository(folder: folder, description: description)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Appends a comment to the file at `path` (made if it is not there); a JSON file gains a
    /// space instead, so it stays a configuration the linter reads.
    func change(_ path: String) throws {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      let added = path.hasSuffix(".json") ? " \n" : "// changed\n"
      try Data((text + added).utf8).write(to: file)
    }

    func affected(_ arguments: [String] = ["--affected", "HEAD"]) async throws -> Outcome {
      try await Linter.run(arguments, description: description, in: folder)
    }
  }

  @discardableResult
  static func git(_ arguments: [String], in folder: URL) async throws -> Subprocess.Outcome {
    let outcome = try await Subprocess.run(
      "git", ["-c", "user.name=Tests", "-c", "user.email=tests@example.com"] + arguments,
      in: folder)
    guard outcome.status == 0 else {
      throw LinterError(message: "git \(arguments.joined(separator: " ")): \(outcome.error)")
    }
    return outcome
  }

  static func names(_ outcome: Outcome) -> [String] {
    outcome.output.split(separator: "\n").map(String.init)
  }

  @Test func aChangeOfNothingPrintsNothing() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    let outcome = try await repository.affected()
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.isEmpty)
    #expect(outcome.error.isEmpty)
  }

  /// A feature's file reaches the feature, its tests and the tool that depends on it; neither
  /// the module under it nor the other feature.
  @Test func aChangedFeatureReachesOnlyItsDependents() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    try repository.change("Sources/Features/Checkout/Checkout.swift")
    let outcome = try await repository.affected()
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Self.names(outcome) == ["Checkout", "CheckoutTests", "Tool"])
    #expect(outcome.error.isEmpty)
  }

  /// Committed changes count as well as the working tree's: the revision is where counting
  /// starts.
  @Test func committedChangesSinceTheRevisionCount() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    try repository.change("Tests/SearchTests/SearchTests.swift")
    try await Self.git(["commit", "--quiet", "-am", "A test"], in: repository.folder)
    #expect(Self.names(try await repository.affected(["--affected", "HEAD~1"])) == ["SearchTests"])
    #expect(try await repository.affected().output.isEmpty)
  }

  /// A new file git does not track yet is a change of its target, and the module at the bottom
  /// reaches everything above it.
  @Test func anUntrackedFileCounts() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    try repository.change("Sources/Kernel/Core/New.swift")
    let outcome = try await repository.affected()
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Self.names(outcome) == Repository.everyTarget)
  }

  /// The manifest, the configuration and a file in no target's folder that `reads` does not
  /// map reach every target, and standard error says which file did.
  @Test(arguments: [
    ("Package.swift", "Package.swift changed (the manifest)"),
    ("architecture.json", "architecture.json changed (the architecture configuration)"),
    (
      "README.md",
      "README.md changed (in no target's folder, and architecture.json's \"reads\" names no target for it)"
    ),
  ])
  func whatNoTargetOwnsReachesEverything(file: String, note: String) async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    try repository.change(file)
    let outcome = try await repository.affected()
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Self.names(outcome) == Repository.everyTarget)
    #expect(outcome.error == "note: every target is affected: \(note)\n")
  }

  /// Under `--format json` each target comes with its kind and the reason it is reached: its own
  /// file, a file it reads, or the target it depends on.
  @Test func theJSONDocumentGivesEachTargetItsReason() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    try repository.change("Sources/Features/Checkout/Checkout.swift")
    try repository.change("docs/Guide.md")
    let outcome = try await repository.affected(["--affected", "HEAD", "--format", "json"])
    #expect(outcome.status == 0, "\(outcome.error)")
    struct Document: Decodable {
      struct Entry: Decodable, Equatable {
        let name: String
        let kind: String
        let reason: String
      }
      let since: String
      let exitStatus: Int
      let targets: [Entry]
      let everyTargetBecause: [String]
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let document = try decoder.decode(Document.self, from: Data(outcome.output.utf8))
    #expect(document.since == "HEAD")
    #expect(document.exitStatus == 0)
    #expect(document.everyTargetBecause.isEmpty)
    #expect(
      document.targets == [
        .init(
          name: "Checkout", kind: "library",
          reason: "changed: Sources/Features/Checkout/Checkout.swift"),
        .init(name: "CheckoutTests", kind: "test", reason: "depends on Checkout"),
        .init(name: "SearchTests", kind: "test", reason: "reads: docs/Guide.md"),
        .init(name: "Tool", kind: "executable", reason: "depends on Checkout"),
      ])
  }

  /// A revision the repository lacks is bad input, with one line that says what to fetch; so is
  /// a shallow clone without it, and a package in no repository.
  @Test func aRevisionTheCloneLacksSaysWhatToFetch() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    let unknown = try await repository.affected(["--affected", "no-such-branch"])
    #expect(unknown.status == 2)
    #expect(unknown.output.isEmpty)
    #expect(
      unknown.error
        == "error: --affected: 'no-such-branch' is no commit of the repository at \(try await Self.root(of: repository.folder)); fetch it (git fetch origin no-such-branch)\n"
    )

    try repository.change("Sources/Kernel/Core/Core.swift")
    try await Self.git(["commit", "--quiet", "-am", "Another commit"], in: repository.folder)
    let clones = try makeTemporaryFolder("shallow")
    defer { try? FileManager.default.removeItem(at: clones) }
    try await Self.git(
      ["clone", "--quiet", "--depth", "1", "file://\(repository.folder.path)", "clone"],
      in: clones)
    var description = try #require(
      JSONSerialization.jsonObject(with: repository.description) as? [String: Any])
    description["path"] = clones.appendingPathComponent("clone").path
    let shallow = try await Linter.run(
      ["--affected", "HEAD~1"], description: JSONSerialization.data(withJSONObject: description),
      in: clones)
    #expect(shallow.status == 2)
    #expect(shallow.error.contains("'HEAD~1' is not in this shallow clone"), "\(shallow.error)")
    #expect(shallow.error.contains("git fetch --unshallow"))
    #expect(shallow.error.split(separator: "\n").count == 1)

    try FileManager.default.removeItem(at: repository.folder.appendingPathComponent(".git"))
    let noRepository = try await repository.affected()
    #expect(noRepository.status == 2)
    #expect(noRepository.error.contains("is in no git repository"), "\(noRepository.error)")
  }

  /// A package in a folder of its repository counts its files from its own root, and a change
  /// outside its folder reaches none of its targets, with a note.
  @Test func aPackageInASubfolderCountsFromItsOwnRoot() async throws {
    let repository = try await Repository.make()
    defer { repository.remove() }
    let outer = try makeTemporaryFolder("outer")
    defer { try? FileManager.default.removeItem(at: outer) }
    let package = outer.appendingPathComponent("Packages/Reach")
    try FileManager.default.createDirectory(
      at: package.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.removeItem(at: repository.folder.appendingPathComponent(".git"))
    try FileManager.default.copyItem(at: repository.folder, to: package)
    try Data("# Outer\n".utf8).write(to: outer.appendingPathComponent("NOTES.md"))
    try await Self.git(["init", "--quiet"], in: outer)
    try await Self.git(["add", "."], in: outer)
    try await Self.git(["commit", "--quiet", "-m", "Two folders"], in: outer)
    var description = try #require(
      JSONSerialization.jsonObject(with: repository.description) as? [String: Any])
    description["path"] = package.path
    let data = try JSONSerialization.data(withJSONObject: description)

    try Data("# Changed\n".utf8).write(to: outer.appendingPathComponent("NOTES.md"))
    try Data("// new\n".utf8).write(
      to: package.appendingPathComponent("Sources/Features/Search/More.swift"))
    let outcome = try await Linter.run(["--affected", "HEAD"], description: data, in: package)
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(Self.names(outcome) == ["Search", "SearchTests", "Tool"])
    #expect(
      outcome.error
        == "note: NOTES.md changed outside the package's folder: no target of the package is affected by it\n"
    )
  }

  /// What `--affected` cannot be combined with: it lists, and checks or writes nothing.
  @Test func itRefusesWhatItCannotDo() async throws {
    let outcome = try await Linter.run(
      ["--affected", "HEAD", "--update-baseline"], description: Data("{}".utf8))
    #expect(outcome.status == 2)
    #expect(
      outcome.error.contains("--affected lists targets and checks nothing: drop --update-baseline"))
  }

  /// A file `reads` maps is a path from the package's root: one that leaves it is refused, in
  /// every run, as any configuration the linter does not fully understand.
  @Test(arguments: ["../docs", "/docs"])
  func aReadOutsideThePackageIsRefused(pattern: String) async throws {
    let folder = try makeTemporaryFolder("configuration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("architecture.json")
    try Data(#"{"reads": [{"targets": ["SearchFeature"], "files": ["\#(pattern)"]}]}"#.utf8)
      .write(to: file)
    let outcome = try await Linter.run(
      ["--config", file.path], description: try await Linter.describe(fixture: "Clean"))
    #expect(outcome.status == 2)
    #expect(
      outcome.error.contains("reads[0].files[0]: '\(pattern)' is not a path inside the package"))
  }

  /// The repository's root as git prints it (a temporary folder may be reached through a link).
  static func root(of folder: URL) async throws -> String {
    try await git(["rev-parse", "--show-toplevel"], in: folder).output
      .trimmingCharacters(in: .newlines)
  }
}
