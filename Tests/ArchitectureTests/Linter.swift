import Foundation

/// `Scripts/check-architecture.swift`, compiled once per test run (interpreting it for every
/// fixture would recompile it each time).
actor Linter {
  static let shared = Linter()

  private var compiled: Task<URL, any Error>?

  func executable() async throws -> URL {
    if let compiled { return try await compiled.value }
    let task = Task {
      let folder = try makeTemporaryFolder("linter")
      let binary = folder.appendingPathComponent("check-architecture")
      let script = repositoryRoot.appendingPathComponent("Scripts/check-architecture.swift").path
      let outcome = try await Subprocess.run("swiftc", [script, "-o", binary.path])
      guard outcome.status == 0 else {
        throw LinterError(message: "the linter does not compile:\n\(outcome.error)")
      }
      return binary
    }
    compiled = task
    return try await task.value
  }

  /// Describes the fixture package `name` with SwiftPM (a different package from the one under
  /// test, so there is no lock to wait for), with a scratch folder outside the repository.
  static func describe(fixture name: String) async throws -> Data {
    try await describe(package: repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)"))
  }

  static func describe(package folder: URL) async throws -> Data {
    let name = folder.lastPathComponent
    let outcome = try await describeOutcome(package: folder)
    guard outcome.status == 0 else {
      throw LinterError(message: "describe failed for \(name):\n\(outcome.error)")
    }
    return Data(outcome.output.utf8)
  }

  /// What `swift package describe --type json` printed and its exit status, for a package SwiftPM
  /// may refuse (a fixture whose manifest declares a target cycle).
  static func describeOutcome(package folder: URL) async throws -> Subprocess.Outcome {
    let scratch = try makeTemporaryFolder("describe")
    defer { try? FileManager.default.removeItem(at: scratch) }
    return try await Subprocess.run(
      "swift",
      [
        "package", "--package-path", folder.path, "--scratch-path", scratch.path, "describe",
        "--type", "json",
      ])
  }

  /// The arguments a fixture is linted with: the lines of its `arguments.txt`; none when it has
  /// its own `architecture.json`; otherwise the fixtures' shared configuration,
  /// `Tests/Fixtures/architecture.json` (most fixtures are small Voyage-shaped packages, and
  /// Voyage's own configuration names layers and targets they do not have).
  static func arguments(forFixture name: String) -> [String] {
    let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)")
    let file = folder.appendingPathComponent("arguments.txt")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      let own = folder.appendingPathComponent("architecture.json").path
      return FileManager.default.fileExists(atPath: own)
        ? [] : ["--config", "architecture.json"]
    }
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// Runs the linter with `arguments`, feeding `description` on standard input, in `directory`
  /// (by default `Tests/Fixtures`, where `--config architecture.json` names the fixtures' shared
  /// configuration, so the commands the linter prints read the same on every machine).
  static func run(
    _ arguments: [String] = [], description: Data? = nil, environment: [String: String] = [:],
    in directory: URL = repositoryRoot.appendingPathComponent("Tests/Fixtures")
  ) async throws -> Subprocess.Outcome {
    let binary = try await shared.executable()
    var base = ProcessInfo.processInfo.environment
    base["GITHUB_ACTIONS"] = nil
    base["CHECK_ARCHITECTURE_PROGRAM"] = "swift Scripts/check-architecture.swift"
    return try await Subprocess.run(
      binary.path, arguments, input: description ?? Data(),
      environment: base.merging(environment) { $1 }, in: directory)
  }
}

struct LinterError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
