import Foundation

// MARK: - Reports

/// What a run found, written in the formats machines read. Each is one document on standard
/// output whatever the environment.
struct Report {
  let findings: [Violation]
  let staleDocuments: [Violation]
  let baselined: Int
  let targets: Int
  let root: URL

  var all: [Violation] { findings + staleDocuments }

  static func serialized(_ object: Any) -> String {
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data ?? Data(), as: UTF8.self)
  }

  func json() -> String {
    func entry(_ violation: Violation) -> [String: Any] {
      var entry: [String: Any] = [
        "rule": violation.rule, "file": violation.file, "line": violation.line,
        "column": violation.column, "message": violation.message, "key": violation.key,
      ]
      if let because = violation.because { entry["because"] = because }
      if let note = violation.note {
        entry["note"] = [
          "file": note.file, "line": note.line, "column": note.column, "message": note.message,
        ]
      }
      return entry
    }
    return Self.serialized([
      "violations": findings.map(entry),
      "baselined": baselined,
      "stale_documents": staleDocuments.map(\.compilerStyle),
      "targets": targets,
    ])
  }

  /// A SARIF 2.1.0 log: one run, the rules with their rationale, each finding with its location,
  /// its note as a related location, its baseline key as a fingerprint, and its fix if it has one.
  func sarif(rules: [Rule]) -> String {
    let documentRules = [
      Rule(
        id: "stale-graph", summary: "a generated module graph is out of date",
        rationale: """
          The graph between a document's module-graph markers is generated from the package, so
          it cannot go stale unnoticed.
          Fix: regenerate it with --update-graph FILE.
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
        id: "baseline-growth", summary: "a baseline entry added since the reference commit",
        rationale: """
          A baseline is a list to melt: with --baseline-may-not-grow REF, an entry that the
          baseline at REF lacks is a violation accepted instead of fixed.
          Fix: fix the violation, or explain the exception beside the code with a suppression.
          """,
        runsWithoutConfiguration: false),
    ]
    let described = rules + documentRules
    func location(_ file: String, _ line: Int, _ column: Int) -> [String: Any] {
      [
        "physicalLocation": [
          "artifactLocation": artifact(file),
          "region": ["startLine": line, "startColumn": column],
        ]
      ]
    }
    let results: [[String: Any]] = all.map { violation in
      var result: [String: Any] = [
        "ruleId": violation.rule,
        "level": "error",
        "message": [
          "text": violation.message + (violation.because.map { " (because: \($0))" } ?? "")
        ],
        "locations": [location(violation.file, violation.line, violation.column)],
        "partialFingerprints": ["architectureKey/v1": violation.key],
      ]
      if let index = described.firstIndex(where: { $0.id == violation.rule }) {
        result["ruleIndex"] = index
      }
      if let note = violation.note {
        var related = location(note.file, note.line, note.column)
        related["id"] = 1
        related["message"] = ["text": note.message]
        result["relatedLocations"] = [related]
      }
      if let fix = violation.fix {
        result["fixes"] = [
          [
            "description": ["text": fix.summary],
            "artifactChanges": [
              [
                "artifactLocation": artifact(fix.file),
                "replacements": [
                  [
                    "deletedRegion": [
                      "startLine": fix.line, "startColumn": fix.column, "endLine": fix.endLine,
                      "endColumn": fix.endColumn,
                    ],
                    "insertedContent": ["text": fix.replacement],
                  ]
                ],
              ]
            ],
          ]
        ]
      }
      return result
    }
    let driver: [String: Any] = [
      "name": "check-architecture",
      "rules": described.map { rule in
        [
          "id": rule.id,
          "shortDescription": ["text": rule.summary],
          "fullDescription": ["text": rule.rationale],
          "help": ["text": rule.rationale],
          "defaultConfiguration": ["level": "error"],
        ] as [String: Any]
      },
    ]
    return Self.serialized([
      "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
      "version": "2.1.0",
      "runs": [
        [
          "tool": ["driver": driver],
          "originalUriBaseIds": [
            "PACKAGE_ROOT": [
              "uri": URL(fileURLWithPath: root.path, isDirectory: true).absoluteString
            ]
          ],
          "results": results,
        ] as [String: Any]
      ],
    ])
  }

  /// A relative path is the package's; an absolute one (a baseline elsewhere) stands alone.
  func artifact(_ file: String) -> [String: Any] {
    file.hasPrefix("/")
      ? ["uri": URL(fileURLWithPath: file).absoluteString]
      : ["uri": file, "uriBaseId": "PACKAGE_ROOT"]
  }

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
