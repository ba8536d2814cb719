import ArchitectureLinter
import Foundation
import Testing

/// CODEOWNERS is read where the hosting service reads it: at the repository's root, with paths
/// from there, whatever folder the package is in.
@Suite("CODEOWNERS where the hosting service reads it")
struct CodeOwnersTests {
  /// The `MissingOwner` fixture moved to `apps/apple` of a git repository, with `owners` written
  /// at `place` (a path from the repository's root); the linter's run on it.
  func lint(ownersAt place: String, _ owners: String) async throws -> (Outcome, URL) {
    let repository = try makeTemporaryFolder("repository")
    let package = repository.appendingPathComponent("apps/apple")
    try FileManager.default.createDirectory(
      at: package.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("Tests/Fixtures/MissingOwner"), to: package)
    try FileManager.default.removeItem(at: package.appendingPathComponent("CODEOWNERS"))
    let file = repository.appendingPathComponent(place)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(owners.utf8).write(to: file)
    let initialized = try await Subprocess.run("git", ["init", "--quiet"], in: repository)
    #expect(initialized.status == 0)
    let config = packageRoot.appendingPathComponent("Tests/Fixtures/architecture.json").path
    let outcome = try await Linter.run(
      ["--config", config, "--only", "missing-owner"],
      description: try await Linter.describe(package: package), in: package)
    return (outcome, repository)
  }

  static let everyModule = [
    "Kernel/SharedKernel", "Kernel/DesignSystem", "Interfaces/BookingInterface",
    "Infrastructure/Networking", "Infrastructure/BookingData", "Features/CheckoutFeature",
    "Features/SearchFeature",
  ]

  @Test func aPackageInASubfolderIsOwnedByTheLinesOfTheRepositorysCodeowners() async throws {
    let lines = Self.everyModule.map { "/apps/apple/Sources/\($0)/  @team" }
    let (owned, repository) = try await lint(
      ownersAt: ".github/CODEOWNERS", lines.joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(at: repository) }
    #expect(owned.status == 0, "\(owned.output)\(owned.error)")
    // One module's line missing: the rule names it, as it does beside the package.
    let (missing, other) = try await lint(
      ownersAt: "CODEOWNERS", lines.dropLast().joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(at: other) }
    #expect(missing.status == 1)
    #expect(
      missing.output.contains(
        "[missing-owner] 'Sources/Features/SearchFeature' has no line in CODEOWNERS"),
      "\(missing.output)")
  }

  @Test func aCodeownersInThePackagesFolderIsAFindingAndOwnsNothing() async throws {
    let lines = Self.everyModule.map { "/Sources/\($0)/  @team" }
    let (outcome, repository) = try await lint(
      ownersAt: "apps/apple/CODEOWNERS", lines.joined(separator: "\n") + "\n")
    defer { try? FileManager.default.removeItem(at: repository) }
    #expect(outcome.status == 1)
    #expect(
      outcome.output.contains(
        "CODEOWNERS:1:1: error: [missing-owner] the hosting service never reads this CODEOWNERS: it reads one at the repository's root (.github/CODEOWNERS, CODEOWNERS, docs/CODEOWNERS), and this package is in 'apps/apple'; move its lines there, each path starting with 'apps/apple/'"
      ), "\(outcome.output)")
    // Without a file where the service reads one, nothing is owned: no module finding counts
    // the ignored file's lines.
    #expect(!outcome.output.contains("has no line in CODEOWNERS"), "\(outcome.output)")
  }
}
