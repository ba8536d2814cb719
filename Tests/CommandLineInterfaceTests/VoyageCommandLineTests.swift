import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// Whether the `voyage` beside these tests has fault points (`VOYAGE_TEST_STOP_AT`, which stops it
/// dead at a named step of the checkout saga): only a build with the FaultPoints trait does, as
/// the check suite's (`swift build --build-tests --traits FaultPoints`).
let faultPointsBuiltIn: Bool = {
  #if FaultPoints
    true
  #else
    false
  #endif
}()

/// Why a test that kills `voyage` at a named point does not run in a build without them.
let withoutFaultPoints: Comment = "voyage has no fault points: build with --traits FaultPoints"

/// End-to-end: the built `voyage` binary, run as a person would, in a temporary Voyage home.
/// This file holds what every command shares (help, snapshots, usage errors, completions); the
/// tests of a feature's commands live in files whose first line names the features they
/// exercise, so removing a feature (`Scripts/remove-module.sh`) removes its tests with it.
@Suite("voyage command line, end to end")
struct VoyageCommandLineTests {
  /// The test card every checkout pays with, here because the tests of several features use it
  /// and this file goes with none of them.
  static let card = ["--card", "4242424242424242", "--expiry", "12/30"]

  /// What a process printed, both streams.
  func printed(_ outcome: Outcome) -> String { outcome.output + outcome.error }

  /// How a run of `voyage` ended and what it printed (the files of this target read it without
  /// importing the runner).
  struct Outcome {
    let status: Int32
    let output: String
    let error: String
  }

  /// Removed with the test's instance of the suite.
  let temporary = TemporaryFolder("e2e")
  var home: URL { temporary.url }

  /// The `voyage` executable beside this test binary.
  static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("voyage")

  func voyage(_ arguments: String...) async throws -> Outcome {
    try await run(arguments)
  }

  /// Runs `voyage` with `arguments`, stdin closed, colour off, the given (or the test's) home;
  /// `started` hears the process identifier once it runs (to send it a signal).
  func run(
    _ arguments: [String], home: URL? = nil, input: String? = nil, executable: URL = Self.binary,
    environment extra: [String: String?] = [:], started: @Sendable (Int32) -> Void = { _ in }
  ) async throws -> Outcome {
    var environment = ProcessInfo.processInfo.environment
    environment["VOYAGE_HOME"] = (home ?? self.home).path
    environment["NO_COLOR"] = "1"
    environment["LANG"] = "C.UTF-8"
    environment["VOYAGE_SUPPLIER_URL"] = nil
    environment["VOYAGE_PAYMENTS_URL"] = nil
    // The longest deadline there is: a test's outcome is never decided by how busy the machine
    // is; tests about deadlines set their own.
    environment["VOYAGE_DEADLINE_SECONDS"] = "300"
    // A server ledger exported in the shell that runs the tests must not become theirs.
    environment["VOYAGE_DATABASE_URL"] = nil
    for (name, value) in extra { environment[name] = value }
    let outcome = try await Subprocess.run(
      executable.path, arguments, input: input.map { Data($0.utf8) }, environment: environment,
      started: started)
    return Outcome(status: outcome.status, output: outcome.output, error: outcome.error)
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Runs `arguments` and expects a usage error: status 64, one error line containing `message`,
  /// the usage and where to read more on stderr, nothing on stdout, nothing created.
  func expectUsageError(
    _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 64, sourceLocation: sourceLocation)
    let lines = outcome.error.split(separator: "\n")
    #expect(lines.first?.hasPrefix("Error: ") == true, sourceLocation: sourceLocation)
    #expect(
      lines.first?.contains(message) == true, "\(lines.first ?? "")",
      sourceLocation: sourceLocation)
    #expect(lines.contains { $0.hasPrefix("Usage: ") }, sourceLocation: sourceLocation)
    #expect(lines.last?.hasPrefix("See 'voyage") == true, sourceLocation: sourceLocation)
    #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("ledger.sqlite").path),
      sourceLocation: sourceLocation)
  }

  /// Runs `arguments` and expects the first error line to be exactly `Error: message`.
  func expectMistake(
    _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 64, sourceLocation: sourceLocation)
    #expect(
      outcome.error.split(separator: "\n").first == "Error: \(message)"[...],
      sourceLocation: sourceLocation)
  }

  /// The commands the overview lists: what this build of `voyage` offers.
  func listedCommands() async throws -> [String] {
    let overview = try await voyage("--help")
    #expect(overview.status == 0)
    let section = try #require(overview.output.components(separatedBy: "Commands:\n").last)
    return section.split(separator: "\n").prefix { $0.hasPrefix("  ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  /// Runs `voyage` with no arguments inside a pseudo-terminal (util-linux's `script`), answering
  /// its prompts from `answers`.
  func interactive(_ answers: String) async throws -> Outcome {
    try await run(
      ["-qec", Self.binary.path, "/dev/null"], input: answers,
      executable: URL(fileURLWithPath: "/usr/bin/script"))
  }

  /// Runs `voyage` with no arguments inside a pseudo-terminal and holds a conversation: each
  /// answer is typed only once the screen shows its prompt, so a keystroke such as Ctrl-C
  /// (`"\u{03}"`, which the terminal turns into SIGINT) arrives exactly where the test says.
  func converse(_ turns: [(prompt: String, answer: String)]) async throws -> Outcome {
    let process = Process()
    // A prompt that never shows would leave the session waiting for an answer: after two minutes
    // `timeout` ends it, and the test fails on the prompts it never saw instead of hanging.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["120", "/usr/bin/script", "-qec", Self.binary.path, "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["VOYAGE_HOME"] = home.path
    environment["NO_COLOR"] = "1"
    environment["LANG"] = "C.UTF-8"
    environment["VOYAGE_DATABASE_URL"] = nil
    process.environment = environment
    let (input, output) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    // A thread of its own reads the screen with blocking reads, so the end of the output (a read
    // of zero bytes) is seen for certain when the session ends.
    let chunks = AsyncStream<Data> { continuation in
      let screen = output.fileHandleForReading
      DispatchQueue.global().async {
        while case let data = screen.availableData, !data.isEmpty { continuation.yield(data) }
        try? screen.close()
        continuation.finish()
      }
    }
    let exited = AsyncStream<Int32> { continuation in
      process.terminationHandler = {
        continuation.yield($0.terminationStatus)
        continuation.finish()
      }
    }
    try process.run()
    var screen = ""
    var remaining = turns[...]
    for await chunk in chunks {
      screen += String(decoding: chunk, as: UTF8.self)
      while let turn = remaining.first, screen.contains(turn.prompt) {
        screen = screen.replacingOccurrences(of: turn.prompt, with: "«answered»")
        input.fileHandleForWriting.write(Data(turn.answer.utf8))
        remaining = remaining.dropFirst()
      }
    }
    try input.fileHandleForWriting.close()
    var status: Int32 = -1
    for await code in exited { status = code }
    #expect(remaining.isEmpty, "prompts never shown: \(remaining.map(\.prompt)) in:\n\(screen)")
    return Outcome(status: status, output: screen, error: "")
  }

  /// Compares `output` with `Snapshots/<name>.txt`; `VOYAGE_RECORD_SNAPSHOTS=1` re-records it.
  func expectSnapshot(
    _ output: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["VOYAGE_RECORD_SNAPSHOTS"] == "1" {
      try Data(output.utf8).write(to: snapshot)
    }
    #expect(
      output == (try String(contentsOf: snapshot, encoding: .utf8)), sourceLocation: sourceLocation)
  }

  @Test func anUnknownCommandIsAUsageError() async throws {
    try await expectUsageError(["frobnicate"], "unknown command 'frobnicate'")
    try await expectMistake(
      ["completions", "powershell"], "no completions for 'powershell'; choose bash, zsh, fish")
  }

  /// `--version` takes nothing after it, as `manual` takes nothing: the same usage error.
  @Test func anArgumentAfterVersionIsAUsageErrorAsAfterAnyCommandThatTakesNone() async throws {
    try await expectUsageError(["manual", "now"], "unexpected argument 'now'")
    try await expectUsageError(["--version", "extra"], "unexpected argument 'extra'")
  }

  /// The manual's help reads the man page through a pipe: following it leaves no `voyage.1`
  /// in the folder it was typed in (the repository's root, where it blocked `Scripts/fork.sh`).
  @Test func theManualsHelpReadsItWithoutWritingAFile() async throws {
    let help = try await voyage("manual", "--help").output
    #expect(help.contains("voyage manual | man -l -"))
    #expect(!help.contains("> voyage.1"))
  }

  @Test func everyListedCommandHasHelpThatHelpAlsoPrints() async throws {
    let commands = try await listedCommands()
    #expect(commands.contains("completions") && commands.contains("manual"))
    for command in commands {
      let help = try await voyage(command, "--help")
      #expect(help.status == 0)
      #expect(help.output.hasPrefix("Usage: voyage \(command)"))
      #expect(try await voyage("help", command).output == help.output)
    }
    #expect(try await voyage("--version").output == "voyage 0.2.0\n")
  }

  /// The help snapshots on disk, by command: `help.txt` is the overview, `help-<command>.txt` a
  /// command's help.
  static let helpSnapshots: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasPrefix("help") && $0.hasSuffix(".txt") }
      .map { String($0.dropLast(4)) }.sorted()
  }()

  @Test func everyListedCommandHasAHelpSnapshotAndNoSnapshotIsLeftOver() async throws {
    let expected = ["help"] + (try await listedCommands()).map { "help-\($0)" }
    #expect(Self.helpSnapshots.sorted() == expected.sorted())
  }

  /// The help texts are a user interface: each is compared in full with its snapshot in
  /// `Snapshots/`. To re-record on purpose: `VOYAGE_RECORD_SNAPSHOTS=1 swift test --filter helpText`.
  @Test(arguments: helpSnapshots)
  func helpTextMatchesItsSnapshot(snapshot: String) async throws {
    let command = snapshot.split(separator: "-", maxSplits: 1).dropFirst().first.map(String.init)
    let outcome =
      if let command { try await voyage(command, "--help") } else { try await voyage("--help") }
    #expect(outcome.status == 0)
    try expectSnapshot(outcome.output, snapshot)
  }

  /// The completion scripts and the man page, generated from the command declarations, compared
  /// in full with their snapshots.
  @Test(arguments: [
    ["completions", "bash"], ["completions", "zsh"], ["completions", "fish"], ["manual"],
  ])
  func generatedScriptsMatchTheirSnapshots(arguments: [String]) async throws {
    let outcome = try await run(arguments)
    #expect(outcome.status == 0, "\(outcome.error)")
    try expectSnapshot(outcome.output, arguments.joined(separator: "-"))
  }

  /// Global options, variables and exit statuses are declared once: the overview, the man page
  /// and the completion scripts (options only, what a shell completes) list the same ones.
  @Test func theOverviewManPageAndCompletionsListTheSameGlobalOptionsVariablesAndStatuses()
    async throws
  {
    let overview = try await voyage("--help").output
    func section(_ title: String) throws -> [String] {
      let body = try #require(overview.components(separatedBy: "\n\(title):\n").dropFirst().first)
      return body.components(separatedBy: "\n\n")[0].split(separator: "\n")
        .filter { !$0.hasPrefix("   ") }
        .flatMap {
          $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "   ")[0]
            .components(separatedBy: ", ")
        }
    }
    let manual = try await voyage("manual").output
    func manualSection(_ title: String) throws -> [String] {
      let body = try #require(manual.components(separatedBy: ".SH \(title)\n").dropFirst().first)
      let lines = body.components(separatedBy: "\n.SH ")[0].split(separator: "\n")
      return zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.flatMap { _, names in
        names.components(separatedBy: ", ").map {
          $0.replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fR", with: "")
            .replacingOccurrences(of: "\\-", with: "-")
        }
      }
    }
    let options = try section("Options")
    #expect(options == ["-h", "--help", "--version", "-v", "--verbose"])
    #expect(try manualSection("OPTIONS") == options)
    let variables = try section("Environment")
    #expect(variables.contains("VOYAGE_HOME") && variables.contains("VOYAGE_DATABASE_URL"))
    #expect(try manualSection("ENVIRONMENT") == variables)
    let statuses = try section("Exit status")
    #expect(["0", "1", "64", "69", "73", "74", "130", "143"].allSatisfy(statuses.contains))
    #expect(try manualSection("EXIT STATUS") == statuses)

    let bash = try await voyage("completions", "bash").output
    let firstWord = try #require(bash.split(separator: "\n").first { $0.contains("compgen -W") })
    let firstWords = firstWord.split { $0 == " " || $0 == "\"" }.map(String.init)
    #expect(options.allSatisfy(firstWords.contains))
    let zsh = try await voyage("completions", "zsh").output
    #expect(options.allSatisfy { zsh.contains("'\($0)[") })
    let fish = try await voyage("completions", "fish").output
    let fishGlobal = fish.split(separator: "\n").filter { $0.contains("__fish_use_subcommand -") }
      .flatMap { line in
        line.split(separator: " ").indices.dropLast().compactMap { index -> String? in
          let words = line.split(separator: " ")
          switch words[index] {
          case "-s": return "-" + words[index + 1]
          case "-l": return "--" + words[index + 1]
          default: return nil
          }
        }
      }
    #expect(fishGlobal == options)
  }

  /// In a narrow terminal the overview and every usage line are broken between words, never by
  /// the terminal in the middle of one. The usage is `open`'s, a command the app has whichever
  /// features a fork keeps: one line at 40 columns, two at 30.
  @Test func theOverviewAndUsageLinesFitANarrowTerminal() async throws {
    let narrow: [String: String?] = ["COLUMNS": "40"]
    let overview = try await run(["--help"], environment: narrow)
    #expect(overview.status == 0)
    let tooLong = overview.output.split(separator: "\n").map(String.init).filter { $0.count > 40 }
    #expect(tooLong.isEmpty, "\(tooLong)")
    #expect(
      overview.output.contains("\n  VOYAGE_DEADLINE_SECONDS\n      how long one outside call"))
    let mistake = try await run(["open"], environment: ["COLUMNS": "30"])
    let usage = mistake.error.split(separator: "\n").drop(while: { !$0.hasPrefix("Usage: ") })
      .prefix(while: { $0.hasPrefix("Usage: ") || $0.hasPrefix("       ") })
    #expect(usage.count > 1 && usage.allSatisfy { $0.count <= 30 }, "\(usage)")
  }

  @Test func withoutATerminalAndWithoutArgumentsVoyagePrintsTheHelp() async throws {
    let outcome = try await voyage()
    #expect(outcome.status == 0)
    #expect(outcome.output.hasPrefix("Voyage: search bookable trips"))
  }

  /// Runs bash with the generated completion script loaded and completes `line` as if the
  /// cursor were at its end; returns what bash would offer.
  func bashCompletes(_ line: String) async throws -> [String] {
    let script = try await voyage("completions", "bash").output
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "voyage-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("voyage.bash")
    try Data(script.utf8).write(to: file)
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let driver = """
      source '\(file.path)'
      complete -p voyage >/dev/null || exit 3
      COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      _voyage
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try await run(
      ["--norc", "--noprofile", "-c", driver], executable: URL(fileURLWithPath: "/bin/bash"))
    #expect(outcome.status == 0, "\(outcome.error)")
    return outcome.output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesTheCommandLinesOwnCommands() async throws {
    #expect(try await bashCompletes("voyage completions f") == ["fish"])
    #expect(try await bashCompletes("voyage man") == ["manual"])
  }
}
