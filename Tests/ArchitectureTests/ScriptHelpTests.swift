import Foundation
import Subprocesses
import Testing

/// The scripts print their usage from their header comment through one shared function
/// (`Scripts/lib/script-help.sh`), never by counting their own lines.
@Suite("Scripts' usage")
struct ScriptHelpTests {
  /// The folders of scripts: Voyage's own and the workshop's.
  static let folders = ["Scripts", "Workshop/Scripts"]

  /// The scripts of `Scripts/` and `Workshop/Scripts/` whose text meets `condition`, by path
  /// from the repository's root.
  static func scripts(whose condition: (String) -> Bool) throws -> [String] {
    try folders.flatMap { folder in
      try FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent(folder).path
      )
      .filter { $0.hasSuffix(".sh") }.map { "\(folder)/\($0)" }
    }
    .sorted()
    .filter {
      condition(
        try String(contentsOf: repositoryRoot.appendingPathComponent($0), encoding: .utf8))
    }
  }

  /// Every script of either folder that sources the shared help.
  static let scripts: [String] = (try? scripts { $0.contains("lib/script-help.sh") }) ?? []

  @Test func noScriptPrintsItsHelpByLineNumbers() throws {
    let counted = try Self.scripts { text in
      text.range(of: #"sed -n '[0-9]+,[0-9]+p' "\$0""#, options: .regularExpression) != nil
    }
    #expect(counted.isEmpty, "print the header with script_help instead: \(counted)")
    #expect(Self.scripts.count >= 12)
  }

  /// The package's name is read one way, `package_name` in `Scripts/lib/package-name.sh`.
  @Test func noScriptReadsThePackageNameItself() throws {
    let readers = try Self.scripts { text in
      text.contains(#"s/^  name: "#) || text.contains(#"s/^  "name" : "#)
    }
    #expect(readers.isEmpty, "read it with package_name instead: \(readers)")
  }

  /// What a build compiled is read from the files it wrote (`modules_built_since` in
  /// `Scripts/lib/modules-built.sh`), never from SwiftPM's progress lines, whose wording is
  /// SwiftPM's to change; and no script edits Package.swift with a regular expression: the
  /// linter's `manifest` command edits it by its tokens.
  @Test func noScriptReadsSwiftPMsLogOrEditsTheManifestByItsText() throws {
    let offenders = try Self.scripts { text in
      text.contains("(Compiling|Emitting module)")
        || Self.filesEditedInPlace(by: text).contains { $0.contains("Package.swift") }
    }
    #expect(offenders.isEmpty, "\(offenders)")
    // The canary: new-module.sh's manifest edit as it was before the linter made it.
    let before = #"""
      NAME="$name" CASE="$case_name" ENUM="$enum" perl -0pi -e \
        's/(enum $ENV{ENUM}: String \{\n(?:  .*\n)*?)\}/$1  case $ENV{CASE} = "$ENV{NAME}"\n}/' Package.swift
      """#
    #expect(Self.filesEditedInPlace(by: before) == [" Package.swift"])
  }

  /// What follows the program of each in-place edit (`perl -0pi -e '…' FILES`, `sed -i '…'
  /// FILES`) on its line, continued lines joined: the files it rewrites.
  static func filesEditedInPlace(by script: String) -> [String] {
    let joined = script.replacingOccurrences(of: "\\\n", with: " ")
    return joined.matches(of: /(?:perl\s+-[0-9a-z]*i[0-9a-z]*|sed\s+-i)[^'\n]*'[^']*'([^\n]*)/)
      .map { String($0.output.1) }
  }

  /// `--help` prints the header, its usage line included, and nothing of the code below it; run
  /// from another folder, so the script finds its own header wherever it is started.
  @Test(arguments: scripts)
  func helpPrintsTheWholeHeaderAndItsUsage(script: String) async throws {
    let path = repositoryRoot.appendingPathComponent(script).path
    let outcome = try await Subprocess.run(
      "bash", [path, "--help"], in: FileManager.default.temporaryDirectory)
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains(script))
    #expect(!outcome.output.contains("set -euo pipefail"))
    #expect(
      !outcome.output.split(separator: "\n").contains { $0.hasPrefix("#!") || $0.hasPrefix("# ") })
  }
}
