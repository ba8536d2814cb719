import ArchitectureLinter
import Foundation

/// The linter run in-process, as its command line runs it, on fixture packages described by
/// SwiftPM.
enum Linter {
  /// Describes the fixture package `name` with SwiftPM (a different package from the one under
  /// test, so there is no lock to wait for), once per test run.
  static func describe(fixture name: String) async throws -> Data {
    try await Descriptions.shared.description(of: name)
  }

  static func describe(package folder: URL) async throws -> Data {
    let outcome = try await describeOutcome(package: folder)
    guard outcome.status == 0 else {
      throw LinterError(
        message: "describe failed for \(folder.lastPathComponent):\n\(outcome.error)")
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
  /// `Tests/Fixtures/architecture.json` (most fixtures are small Voyage-shaped packages).
  static func arguments(forFixture name: String) -> [String] {
    let folder = packageRoot.appendingPathComponent("Tests/Fixtures/\(name)")
    let file = folder.appendingPathComponent("arguments.txt")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      let own = folder.appendingPathComponent("architecture.json").path
      return FileManager.default.fileExists(atPath: own)
        ? [] : ["--config", "architecture.json"]
    }
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// Runs the linter in-process with `arguments`, `description` on its standard input, in
  /// `directory` (by default `Tests/Fixtures`, where `--config architecture.json` names the
  /// fixtures' shared configuration), as the script: the commands it prints read the same on
  /// every machine. A fixture in this repository stands for a repository of its own: the
  /// CODEOWNERS the linter reads is the fixture's, not this repository's.
  static func run(
    _ arguments: [String] = [], description: Data? = nil, environment: [String: String] = [:],
    in directory: URL = packageRoot.appendingPathComponent("Tests/Fixtures")
  ) async throws -> Outcome {
    var arguments = arguments
    let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures").path + "/"
    if !arguments.contains("--repository-root"), let description,
      let package = (try? JSONSerialization.jsonObject(with: description) as? [String: Any])?[
        "path"] as? String, package.hasPrefix(fixtures)
    {
      arguments += ["--repository-root", package]
    }
    return await CheckArchitecture.run(
      Invocation(
        arguments: arguments, program: "Scripts/check-architecture.swift",
        environment: environment, workingDirectory: directory.path,
        standardInput: { description }))
  }
}

/// Each fixture's description, made once per test run however many tests read it.
actor Descriptions {
  static let shared = Descriptions()
  private var made: [String: Task<Data, any Error>] = [:]

  func description(of fixture: String) async throws -> Data {
    if let task = made[fixture] { return try await task.value }
    let task = Task {
      try await Linter.describe(
        package: packageRoot.appendingPathComponent("Tests/Fixtures/\(fixture)"))
    }
    made[fixture] = task
    return try await task.value
  }
}

struct LinterError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
