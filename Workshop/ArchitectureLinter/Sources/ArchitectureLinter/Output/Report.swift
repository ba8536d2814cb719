import Foundation

// MARK: - Reports

/// What a run found, written in the formats machines read. Each is one document on standard
/// output whatever the environment, and says how the run ended (`exit_status` in JSON, the
/// invocation's `exitCode` in SARIF), which a runner that reports every failure as exit 1 (a
/// SwiftPM command plugin) loses.
struct Report {
  let findings: [Violation]
  let staleDocuments: [Violation]
  let baselined: Int
  let targets: Int
  let root: URL
  /// The status the run exits with (0: clean or report only, 1: findings).
  let exitStatus: Int32

  var all: [Violation] { findings + staleDocuments }

  /// `value` as pretty-printed JSON with sorted keys, the form every document takes.
  static func encoded(_ value: some Encodable, snakeCase: Bool = true) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
    // Strings, numbers and arrays of them cannot fail to encode.
    let data = (try? encoder.encode(value)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// `object` (a tree of dictionaries and arrays, such as the configuration's schema) as
  /// pretty-printed JSON with sorted keys.
  static func serialized(_ object: Any) -> String {
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data ?? Data(), as: UTF8.self)
  }

  func json() -> String {
    Self.encoded(
      JSONReport(
        result: exitStatus == 0 && all.isEmpty ? "clean" : "violations", exitStatus: exitStatus,
        violations: findings.map(JSONReport.Entry.init), baselined: baselined,
        staleDocuments: staleDocuments.map(\.compilerStyle), targets: targets))
  }

  /// The JSON document of a run that could not check anything.
  static func failedJSON(_ failure: BadInput) -> String {
    encoded(
      JSONFailure(
        error: .init(message: failure.message, usage: failure.isUsage), exitStatus: 2))
  }

  /// A SARIF 2.1.0 log: one run, the rules with their rationale, each finding with its location,
  /// its note as a related location, its baseline key as a fingerprint, and its fix if it has one.
  func sarif(rules: [Rule]) -> String {
    let described = rules + Self.documentRules
    let results = all.map { violation in
      SARIF.Result(
        ruleId: violation.rule,
        ruleIndex: described.firstIndex { $0.id == violation.rule },
        message: .init(
          text: violation.message + (violation.because.map { " (because: \($0))" } ?? "")),
        locations: [SARIF.Location(violation.file, violation.line, violation.column)],
        partialFingerprints: ["architectureKey/v1": violation.key],
        relatedLocations: violation.note.map { note in
          [SARIF.Location(note.file, note.line, note.column, id: 1, message: note.message)]
        },
        fixes: violation.fix.map { fix in
          [
            SARIF.Fix(
              description: .init(text: fix.summary),
              artifactChanges: [
                .init(
                  artifactLocation: .init(fix.file),
                  replacements: [
                    .init(
                      deletedRegion: .init(
                        startLine: fix.line, startColumn: fix.column, endLine: fix.endLine,
                        endColumn: fix.endColumn),
                      insertedContent: .init(text: fix.replacement))
                  ])
              ])
          ]
        })
    }
    let run = SARIF.Run(
      tool: .init(described),
      invocations: [.init(executionSuccessful: true, exitCode: exitStatus)],
      originalUriBaseIds: [
        "PACKAGE_ROOT": .init(
          uri: URL(fileURLWithPath: root.path, isDirectory: true).absoluteString)
      ],
      results: results)
    return Self.encoded(SARIF.Log(runs: [run]), snakeCase: false)
  }

  /// The SARIF log of a run that could not check anything: no results, and an invocation that
  /// did not succeed, with the reason as its notification.
  static func failedSARIF(_ failure: BadInput) -> String {
    let run = SARIF.Run(
      tool: .init(allRules + documentRules),
      invocations: [
        .init(
          executionSuccessful: false, exitCode: 2,
          toolExecutionNotifications: [.init(level: "error", message: .init(text: failure.message))]
        )
      ],
      originalUriBaseIds: nil, results: [])
    return encoded(SARIF.Log(runs: [run]), snakeCase: false)
  }

  /// The checks of generated documents and of the baseline's history, described as rules are.
  static let documentRules = [
    Rule(
      id: "stale-graph", summary: "a generated module graph or layers' table is out of date",
      rationale: """
        The graph between a document's module-graph markers, and the table between its
        layer-table markers, are generated from the package and its configuration, so they
        cannot go stale unnoticed: a module added without its row fails.
        Fix: regenerate them with --update-graph FILE.
        """,
      runsWithoutConfiguration: false),
    Rule(
      id: "module-readme", summary: "a module README is missing or its graph is out of date",
      rationale: """
        Every module has a README whose graph (the module, what it uses, who uses it) is
        generated from the package.
        Fix: regenerate the graphs with --update-module-readmes.
        """,
      runsWithoutConfiguration: false),
    Rule(
      id: "baseline-growth",
      summary: "a baseline entry or a suppression added since the reference commit",
      rationale: """
        A baseline is a list to melt: with --baseline-may-not-grow REF, an entry that the
        baseline at REF lacks is a violation accepted instead of fixed. A suppression
        (// architecture:allow RULE — reason) is an exception too: one that the file lacked at
        REF counts unless architecture-exceptions.txt, beside the baseline, lists it
        (rule|file|reason) and CODEOWNERS names owners for that file, whose review the change
        then cannot avoid.
        Fix: fix the violation, or have the architecture's reviewers accept the exception.
        """,
      runsWithoutConfiguration: false),
  ]

  /// GitHub workflow commands, one `::error` per finding (and a `::notice` per note).
  func githubAnnotations() -> String {
    func property(_ text: String) -> String {
      data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
        of: ",", with: "%2C")
    }
    func data(_ text: String) -> String {
      text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A")
    }
    var lines = ""
    for violation in all {
      lines +=
        "::error file=\(property(violation.file)),line=\(violation.line),col=\(violation.column),title=\(property(violation.rule))::[\(violation.rule)] \(data(violation.message))\n"
      if let note = violation.note {
        lines +=
          "::notice file=\(property(note.file)),line=\(note.line),col=\(note.column),title=\(property(violation.rule))::\(data(note.message))\n"
      }
    }
    return lines
  }
}

/// `--format json`: the findings, what the baseline accepted, and how the run ended.
struct JSONReport: Encodable {
  struct Entry: Encodable {
    struct Place: Encodable {
      let file: String
      let line: Int
      let column: Int
      let message: String
    }
    let rule: String
    let file: String
    let line: Int
    let column: Int
    let message: String
    let key: String
    let because: String?
    let note: Place?

    init(_ violation: Violation) {
      rule = violation.rule
      file = violation.file
      line = violation.line
      column = violation.column
      message = violation.message
      key = violation.key
      because = violation.because
      note = violation.note.map {
        Place(file: $0.file, line: $0.line, column: $0.column, message: $0.message)
      }
    }
  }
  /// `clean` or `violations`; a run that checked nothing prints a `JSONFailure` instead.
  let result: String
  let exitStatus: Int32
  let violations: [Entry]
  let baselined: Int
  let staleDocuments: [String]
  let targets: Int
}

/// `--format json` when the run checked nothing: why, and exit status 2.
struct JSONFailure: Encodable {
  struct Failure: Encodable {
    let message: String
    /// Whether the command line itself was wrong (`--help` explains it).
    let usage: Bool
  }
  var result = "failed"
  let error: Failure
  let exitStatus: Int32
}

/// The parts of a SARIF 2.1.0 log the linter writes (OASIS, "Static Analysis Results
/// Interchange Format"), with the property names the standard gives them.
enum SARIF {
  struct Log: Encodable {
    let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    let version = "2.1.0"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  struct Run: Encodable {
    let tool: Tool
    let invocations: [ToolInvocation]
    let originalUriBaseIds: [String: ArtifactLocation]?
    let results: [Result]
  }

  struct Tool: Encodable {
    struct Driver: Encodable {
      let name = "check-architecture"
      let rules: [ReportingDescriptor]
    }
    let driver: Driver

    init(_ rules: [Rule]) {
      driver = Driver(rules: rules.map(ReportingDescriptor.init))
    }
  }

  struct ReportingDescriptor: Encodable {
    struct DefaultConfiguration: Encodable { let level = "error" }
    let id: String
    let shortDescription: Message
    let fullDescription: Message
    let help: Message
    let defaultConfiguration = DefaultConfiguration()

    init(_ rule: Rule) {
      id = rule.id
      shortDescription = Message(text: rule.summary)
      fullDescription = Message(text: rule.rationale)
      help = Message(text: rule.rationale)
    }
  }

  struct ToolInvocation: Encodable {
    let executionSuccessful: Bool
    let exitCode: Int32
    var toolExecutionNotifications: [Notification]? = nil
  }

  struct Notification: Encodable {
    let level: String
    let message: Message
  }

  struct Message: Encodable { let text: String }

  struct Result: Encodable {
    let ruleId: String
    let ruleIndex: Int?
    let level = "error"
    let message: Message
    let locations: [Location]
    let partialFingerprints: [String: String]
    let relatedLocations: [Location]?
    let fixes: [Fix]?
  }

  struct Location: Encodable {
    struct Physical: Encodable {
      let artifactLocation: ArtifactLocation
      let region: Region
    }
    let id: Int?
    let physicalLocation: Physical
    let message: Message?

    init(_ file: String, _ line: Int, _ column: Int, id: Int? = nil, message: String? = nil) {
      self.id = id
      physicalLocation = Physical(
        artifactLocation: ArtifactLocation(file),
        region: Region(startLine: line, startColumn: column))
      self.message = message.map(Message.init)
    }
  }

  /// A file: a relative path is the package's (`PACKAGE_ROOT`), percent-encoded so that any
  /// file name is a valid URI reference; an absolute one (a baseline elsewhere) a `file:` URI.
  struct ArtifactLocation: Encodable {
    let uri: String
    var uriBaseId: String? = nil

    init(uri: String) { self.uri = uri }

    init(_ file: String) {
      if file.hasPrefix("/") {
        uri = URL(fileURLWithPath: file).absoluteString
      } else {
        uri = file.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? file
        uriBaseId = "PACKAGE_ROOT"
      }
    }

    /// RFC 3986's unreserved characters and the path separator: everything else, including a
    /// ':' that would make a relative path read as a scheme, is percent-encoded.
    static let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
  }

  struct Region: Encodable {
    let startLine: Int
    let startColumn: Int
    var endLine: Int? = nil
    var endColumn: Int? = nil
  }

  struct Fix: Encodable {
    struct Change: Encodable {
      struct Replacement: Encodable {
        let deletedRegion: Region
        let insertedContent: Message
      }
      let artifactLocation: ArtifactLocation
      let replacements: [Replacement]
    }
    let description: Message
    let artifactChanges: [Change]
  }
}
