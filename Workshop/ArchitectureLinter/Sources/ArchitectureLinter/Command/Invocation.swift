public import Foundation

/// How the linter was started: everything a run reads from its process, handed in, so that the
/// executable, the one-file script and a test in-process run the same code.
public struct Invocation: Sendable {
  /// The arguments after the program's name.
  public var arguments: [String]
  /// The program as it was started (`Scripts/check-architecture.swift`, `check-architecture`).
  public var program: String
  /// The variables it reads: `CHECK_ARCHITECTURE_PROGRAM`, `CHECK_ARCHITECTURE_DESCRIBES_PACKAGE`
  /// and `GITHUB_ACTIONS`.
  public var environment: [String: String]
  /// The folder relative paths on the command line are read from.
  public var workingDirectory: String
  /// The package description on standard input, or `nil` when standard input is a terminal.
  public var standardInput: @Sendable () -> Data?

  /// An invocation with its parts given.
  public init(
    arguments: [String], program: String = "check-architecture",
    environment: [String: String] = [:], workingDirectory: String,
    standardInput: @escaping @Sendable () -> Data? = { nil }
  ) {
    self.arguments = arguments
    self.program = program
    self.environment = environment
    self.workingDirectory = workingDirectory
    self.standardInput = standardInput
  }

  /// This process's arguments, environment, working folder and standard input.
  public static func thisProcess() -> Invocation {
    Invocation(
      arguments: Array(CommandLine.arguments.dropFirst()),
      program: CommandLine.arguments.first ?? "check-architecture",
      environment: ProcessInfo.processInfo.environment,
      workingDirectory: FileManager.default.currentDirectoryPath,
      standardInput: {
        isatty(STDIN_FILENO) == 0 ? FileHandle.standardInput.readDataToEndOfFile() : nil
      })
  }

  /// `path` as given on the command line, resolved against the working folder.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory + "/" + path
  }

  /// How this run was started, as a person would type it: whoever started it may say so through
  /// `CHECK_ARCHITECTURE_PROGRAM` (the plugin: `swift package check-architecture`), and with
  /// `CHECK_ARCHITECTURE_DESCRIBES_PACKAGE` that the command describes the package itself;
  /// otherwise the script (`swift path.swift`), `swift run` for an executable SwiftPM built (its
  /// path, with the build's triple in it, is no command to type), or the executable.
  var command: String {
    if let program = environment["CHECK_ARCHITECTURE_PROGRAM"] { return program }
    if program.hasSuffix(".swift") { return "swift \(program)" }
    if program.hasPrefix(".build/") || program.contains("/.build/") {
      return "swift run \(URL(fileURLWithPath: program).lastPathComponent)"
    }
    return program
  }

  /// Whether the command hands over the package graph itself (the plugin, a team's wrapper
  /// script), so that neither a description's file nor `swift package describe` is typed.
  var describesPackage: Bool { environment["CHECK_ARCHITECTURE_DESCRIBES_PACKAGE"] != nil }
}

/// What a run printed on each stream and the status it ends with: 0 clean, 1 findings, 2 bad
/// input.
public struct Outcome: Sendable {
  /// The exit status.
  public let status: Int32
  /// The report, or a document that says the run failed; nothing else.
  public let output: String
  /// Errors and notes for the person who ran it.
  public let error: String
}

/// The architecture linter's command line as one function: the executable and the script call
/// it with their process's invocation, tests with their own.
public enum CheckArchitecture {
  /// The version an artifact bundle is built at and `--version` prints.
  public static let version = "1.0.0"

  /// Runs the linter as `invocation` asks, and returns what it printed and how it ended.
  public static func run(_ invocation: Invocation) async -> Outcome {
    let arguments = invocation.arguments
    if arguments.first == "manifest" {
      return ManifestCommand.run(Array(arguments.dropFirst()), invocation)
    }
    if arguments.first == "source" {
      return SourceCommand.run(Array(arguments.dropFirst()), invocation)
    }
    if arguments.contains("-h") || arguments.contains("--help") {
      return Outcome(
        status: 0,
        output: ParsedCommandLine.usage(
          program: invocation.command, describesPackage: invocation.describesPackage),
        error: "")
    }
    var transcript = Transcript()
    do {
      let commandLine = try ParsedCommandLine.parse(arguments)
      let status = try await LinterRun(
        invocation: invocation, request: commandLine.request, settings: commandLine.settings
      ).run(&transcript)
      return Outcome(status: status, output: transcript.output, error: transcript.error)
    } catch {
      let failure = error as? BadInput ?? BadInput("\(error)")
      // Standard output holds the report or a document that says there is none, never half
      // of one; the reason goes to standard error in every format.
      let document: String
      switch ParsedCommandLine.requestedFormat(in: arguments) {
      case .json: document = Report.failedJSON(failure) + "\n"
      case .sarif: document = Report.failedSARIF(failure) + "\n"
      case .text, .github: document = ""
      }
      return Outcome(
        status: 2, output: document, error: transcript.error + "error: \(failure.message)\n")
    }
  }
}

/// What a run has printed so far, on each stream.
struct Transcript {
  var output = ""
  var error = ""

  mutating func print(_ line: String = "") { output += line + "\n" }
}
