import ArchitectureLinter
import Foundation
import Testing

/// `architecture.schema.json` says what the linter's reader accepts, checked by a real JSON Schema
/// validator (`Scripts/validate-configurations.py`, jsonschema from PyPI): every configuration the
/// reader refuses, the schema refuses too, except where JSON Schema cannot say it.
@Suite("The schema is the parser")
struct SchemaAndParserTests {
  /// A configuration the reader refuses, the fixture it is read against, a part of the reader's
  /// message, and, when JSON Schema cannot express the rule, why.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let configuration: String
    var fixture = "Clean"
    let message: String
    var schemaCannotSay: String? = nil
    var testDescription: String { name }
  }

  static let layers = #""layers": [{"name": "K", "paths": ["Sources/Kernel/*"], "mayUse": []}]"#

  static let cases: [Case] = [
    Case(
      name: "layer rules with no layers",
      configuration: #"{"layers": [], "rules": {"layer-dependency": {}}}"#,
      message: "rules.layer-dependency: there are no layers for it to check"),
    Case(
      name: "target rules with folder layers only",
      configuration:
        #"{"layers": [{"name": "UI", "folders": ["Sources/App/UI"]}], "rules": {"outside-layer": {}, "folder-dependency": {}}}"#,
      fixture: "FolderLayers", message: "rules.outside-layer: no layer has paths or names"),
    Case(
      name: "folder-dependency with no folders",
      configuration:
        "{\(layers), \"rules\": {\"layer-dependency\": {}, \"folder-dependency\": {}}}",
      message: "rules.folder-dependency: no layer has folders"),
    Case(
      name: "folders with folder-dependency off",
      configuration:
        #"{"layers": [{"name": "UI", "folders": ["Sources/App/UI"]}, {"name": "App", "names": ["App"]}], "rules": {"layer-dependency": {}}}"#,
      fixture: "FolderLayers", message: "layers[0] (UI).folders: no rule reads the folders"),
    Case(
      name: "layers and no rules key",
      configuration: "{\(layers)}", message: "layers: no rule reads the layers"),
    Case(
      name: "layers and rules that read none of them",
      configuration: "{\(layers), \"rules\": {\"undeclared-import\": {}}}",
      message: "layers: no rule reads the layers"),
    Case(
      name: "test-support with no test support layer",
      configuration: "{\(layers), \"rules\": {\"test-support\": {}}}",
      message: "no layer is marked \"testSupport\": true"),
    Case(
      name: "a trailing comma",
      configuration: "{\(layers), \"rules\": {\"layer-dependency\": {},}}",
      message: "line 1, column 107: a trailing comma before '}'"),
    Case(
      name: "a comment",
      configuration: "{\(layers), // why\n \"rules\": {\"layer-dependency\": {}}}",
      message: "JSON has no comments"),
    Case(
      name: "a key given twice",
      configuration:
        #"{"rules": {"undeclared-import": {}}, "about": "two rule sets", "rules": {"unused-dependency": {}}}"#,
      message:
        "line 1, column 64: the key 'rules' is given twice in one object (first at line 1, column 2)",
      schemaCannotSay:
        "a JSON reader keeps one of two equal keys before the schema sees the object"),
    Case(
      name: "a folder claimed by two layers",
      configuration:
        #"{"layers": [{"name": "A", "folders": ["Sources/App/*"]}, {"name": "B", "folders": ["Sources/App/UI"]}, {"name": "App", "names": ["App"]}], "rules": {"folder-dependency": {}, "layer-dependency": {}}}"#,
      fixture: "FolderLayers",
      message: "layers[1] (B).folders: 'Sources/App/UI' is claimed by A too",
      schemaCannotSay: "whether two glob patterns match one folder depends on the package"),
    Case(
      name: "a layer that places nothing",
      configuration: #"{"layers": [{"name": "A"}], "rules": {"layer-dependency": {}}}"#,
      message: "has neither paths, names nor folders"),
    Case(
      name: "a role that places nothing",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "roles": [{"name": "R"}]}], "rules": {"layer-dependency": {}}}"#,
      message: "the role 'R' has neither paths nor names"),
    Case(
      name: "mayUse beside roles",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "mayUse": [], "roles": [{"name": "R", "paths": ["Sources/*/*"]}]}], "rules": {"layer-dependency": {}}}"#,
      message: "a layer with roles takes mayUse from each role"),
    Case(
      name: "an empty product list",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "mayUseProducts": []}], "rules": {"layer-dependency": {}}}"#,
      message: "an empty list allows nothing; write false"),
    Case(
      name: "an unknown key",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "mayuse": []}], "rules": {"layer-dependency": {}}}"#,
      message: "did you mean 'mayUse'?"),
    Case(
      name: "an unknown rule",
      configuration: #"{"rules": {"layer-dependencies": {}}}"#,
      message: "did you mean 'layer-dependency'?"),
    Case(
      name: "a value of the wrong type",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "testSupport": "yes"}], "rules": {"layer-dependency": {}}}"#,
      message: "expected true or false"),
    Case(
      name: "a rule without its required option",
      configuration: #"{"rules": {"feature-network": {"layers": ["Features"]}}}"#,
      message: "'names' is required"),
    Case(
      name: "a required option that names nothing",
      configuration: #"{"rules": {"feature-network": {"layers": [], "names": ["URLSession"]}}}"#,
      message: "must name at least one"),
    Case(
      name: "mayUse naming no layer",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"], "mayUse": ["B"]}], "rules": {"layer-dependency": {}}}"#,
      message: "'B' is not a layer or a role",
      schemaCannotSay: "a value that must equal another part of the document's values"),
    Case(
      name: "a cycle in mayUse",
      configuration:
        #"{"layers": [{"name": "K", "paths": ["Sources/Kernel/*"], "mayUse": ["F"]}, {"name": "F", "paths": ["Sources/*/*"], "mayUse": ["K"]}], "rules": {"layer-dependency": {}}}"#,
      message: "mayUse has a cycle",
      schemaCannotSay: "a path through the document's own references"),
    Case(
      name: "a name declared twice",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/Kernel/*"]}, {"name": "A", "paths": ["Sources/*/*"]}], "rules": {"layer-dependency": {}}}"#,
      message: "the name 'A' is declared twice",
      schemaCannotSay: "uniqueness of one property among the items of an array"),
    Case(
      name: "a layer that matches no target",
      configuration:
        #"{"layers": [{"name": "A", "paths": ["Sources/*/*"]}, {"name": "B", "paths": ["Source/*"]}], "rules": {"outside-layer": {}}}"#,
      message: "the layer matches no target of the package",
      schemaCannotSay: "the targets are in the package, not in the document"),
    Case(
      name: "reads with no files",
      configuration: #"{"reads": [{"targets": ["SearchFeature"], "files": []}]}"#,
      message: "reads[0].files: must name at least one"),
    Case(
      name: "reads with a misspelt key",
      configuration: #"{"reads": [{"targets": ["SearchFeature"], "file": ["docs"]}]}"#,
      message: "reads[0].file: unknown key; did you mean 'files'?"),
    Case(
      name: "reads by a target the package lacks",
      configuration: #"{"reads": [{"targets": ["SearchFeatur"], "files": ["docs"]}]}"#,
      message:
        "reads[0].targets: 'SearchFeatur' is not a target of the package; did you mean 'SearchFeature'?",
      schemaCannotSay: "the targets are in the package, not in the document"),
  ]

  /// Every case refused by the reader, with its message on standard error and nothing on
  /// standard output.
  @Test(arguments: cases)
  func theReaderRefusesIt(_ example: Case) async throws {
    let folder = try makeTemporaryFolder("configuration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("architecture.json")
    try Data(example.configuration.utf8).write(to: file)
    let outcome = try await Linter.run(
      ["--config", file.path], description: try await Linter.describe(fixture: example.fixture))
    #expect(outcome.status == 2, "\(outcome.output)")
    #expect(outcome.error.contains(example.message), "\(outcome.error)")
    #expect(outcome.output.isEmpty)
  }

  /// The same cases through the schema: refused, except those it cannot say; and every
  /// configuration of the repository, which the reader reads, accepted.
  @Test func theSchemaRefusesWhatTheReaderRefusesWhereJSONSchemaCanSayIt() async throws {
    let folder = try makeTemporaryFolder("schema")
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String: Case] = [:]
    for (index, example) in Self.cases.enumerated() {
      let file = folder.appendingPathComponent("case-\(index).json")
      try Data(example.configuration.utf8).write(to: file)
      files[file.path] = example
    }
    let validator = packageRoot.appendingPathComponent("Scripts/validate-configurations.py").path
    let outcome = try await Subprocess.run("python3", [validator] + files.keys.sorted())
    #expect(outcome.status == 1, "\(outcome.error)")
    let refused = Set(
      outcome.output.split(separator: "\n").compactMap { $0.split(separator: ":").first }
        .map(String.init))
    for (file, example) in files.sorted(by: { $0.key < $1.key }) {
      if let reason = example.schemaCannotSay {
        #expect(!refused.contains(file), "'\(example.name)' is refused by the schema; say so")
        #expect(!reason.isEmpty)
      } else {
        #expect(
          refused.contains(file), "the schema accepts '\(example.name)', the reader refuses it")
      }
    }
    let repository = try await Subprocess.run("python3", [validator])
    #expect(repository.status == 0, "\(repository.output)\(repository.error)")
    #expect(repository.error.contains("configurations valid"))
  }
}
