import Foundation
import Testing

/// The scripts print their usage from their header comment through one shared function
/// (`Scripts/lib/script-help.sh`), never by counting their own lines.
@Suite("Scripts' usage")
struct ScriptHelpTests {
  /// Every script of `Scripts/` that sources the shared help.
  static let scripts: [String] = {
    let folder = repositoryRoot.appendingPathComponent("Scripts")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".sh") }.sorted().filter { name in
      let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
      return text?.contains("lib/script-help.sh") == true
    }
  }()

  @Test func noScriptPrintsItsHelpByLineNumbers() throws {
    let folder = repositoryRoot.appendingPathComponent("Scripts")
    let counted = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".sh") }
      .filter { name in
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.range(of: #"sed -n '[0-9]+,[0-9]+p' "\$0""#, options: .regularExpression) != nil
      }
    #expect(counted.isEmpty, "print the header with script_help instead: \(counted)")
    #expect(Self.scripts.count >= 12)
  }

  /// The package's name is read one way, `package_name` in `Scripts/lib/package-name.sh`.
  @Test func noScriptReadsThePackageNameItself() throws {
    let folder = repositoryRoot.appendingPathComponent("Scripts")
    let readers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".sh") }
      .filter { name in
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.contains(#"s/^  name: "#) || text.contains(#"s/^  "name" : "#)
      }
    #expect(readers.isEmpty, "read it with package_name instead: \(readers)")
  }

  /// `--help` prints the header, its usage line included, and nothing of the code below it; run
  /// from another folder, so the script finds its own header wherever it is started.
  @Test(arguments: scripts)
  func helpPrintsTheWholeHeaderAndItsUsage(script: String) async throws {
    let path = repositoryRoot.appendingPathComponent("Scripts/\(script)").path
    let outcome = try await Subprocess.run(
      "bash", [path, "--help"], in: FileManager.default.temporaryDirectory)
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("Scripts/\(script)"))
    #expect(!outcome.output.contains("set -euo pipefail"))
    #expect(
      !outcome.output.split(separator: "\n").contains { $0.hasPrefix("#!") || $0.hasPrefix("# ") })
  }
}
