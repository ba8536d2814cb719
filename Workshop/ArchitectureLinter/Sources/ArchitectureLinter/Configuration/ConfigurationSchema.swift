import Foundation

/// The JSON Schema of `architecture.json`, made from the tables the reader reads with
/// (`architecture.schema.json` in the repository is this, printed by `--print-schema`).
func configurationSchema() -> [String: Any] {
  func schema(of field: Field) -> [String: Any] {
    var result: [String: Any] = ["description": field.summary]
    switch field.kind {
    case .string: result["type"] = "string"
    case .boolean: result["type"] = "boolean"
    case .strings:
      result["type"] = "array"
      result["items"] = ["type": "string"]
      if field.required { result["minItems"] = 1 }
    case .booleanOrStrings:
      result["oneOf"] = [
        ["type": "boolean"], ["type": "array", "items": ["type": "string"], "minItems": 1],
      ]
    case .objects(let fields):
      result["type"] = "array"
      result["items"] = object(fields, matchesTargets: true)
    case .rules:
      result["type"] = "object"
      result["additionalProperties"] = false
      var rules: [String: Any] = [:]
      for rule in allRules where rule.id != "stale-baseline" {
        var options = object(rule.options + [Field.because], matchesTargets: false)
        options["description"] = rule.summary
        rules[rule.id] = options
      }
      result["properties"] = rules
    }
    return result
  }
  func object(_ fields: [Field], matchesTargets: Bool) -> [String: Any] {
    var result: [String: Any] = [
      "type": "object", "additionalProperties": false,
      "properties": Dictionary(uniqueKeysWithValues: fields.map { ($0.name, schema(of: $0)) }),
    ]
    let required = fields.filter(\.required).map(\.name)
    if !required.isEmpty { result["required"] = required }
    if matchesTargets && fields.contains(where: { $0.name == "paths" }) {
      // A layer places targets (paths, names) or files (folders); a role places targets.
      let placing =
        fields.contains { $0.name == "folders" }
        ? ["paths", "names", "folders"] : ["paths", "names"]
      result["anyOf"] = placing.map { ["required": [$0]] }
    }
    if fields.contains(where: { $0.name == "roles" }) {
      // A layer with roles takes mayUse from each role.
      result["not"] = ["required": ["roles", "mayUse"]]
    }
    return result
  }
  var document = object(Field.configuration, matchesTargets: false)
  document["$schema"] = "http://json-schema.org/draft-07/schema#"
  document["title"] = "architecture.json"
  document["description"] =
    "The layers of a Swift package and the architecture rules to run on it (the architecture linter, Scripts/check-architecture.swift)."
  document["allOf"] = everyPartIsReadSchema()
  return document
}

/// What `ConfigurationReader.checkEveryPartIsRead` refuses, said in JSON Schema: a rule that
/// reads layers has some to read, and every layer is read by a rule.
func everyPartIsReadSchema() -> [[String: Any]] {
  func rulesInclude(_ ids: [String]) -> [String: Any] {
    [
      "required": ["rules"],
      "properties": ["rules": ["anyOf": ids.map { ["required": [$0]] }]],
    ]
  }
  func layersContain(_ layer: [String: Any]) -> [String: Any] {
    ["required": ["layers"], "properties": ["layers": ["contains": layer]]]
  }
  let placesTargets: [String: Any] = ["anyOf": [["required": ["paths"]], ["required": ["names"]]]]
  let placesFiles: [String: Any] = ["required": ["folders"]]
  let testSupport: [String: Any] = [
    "required": ["testSupport"], "properties": ["testSupport": ["const": true]],
  ]
  // The rules whose options name layers read them as well.
  let optionsNamingLayers: [[String: Any]] = allRules.flatMap { rule in
    rule.options.filter { ["layers", "allowedLayers"].contains($0.name) }.map { option in
      [
        "required": [rule.id],
        "properties": [
          rule.id: [
            "required": [option.name], "properties": [option.name: ["minItems": 1]],
          ]
        ],
      ]
    }
  }
  let readingLayers: [[String: Any]] =
    (Configuration.targetLayerRules + ["folder-dependency"]).map { ["required": [$0]] }
    + optionsNamingLayers
  return [
    ["if": rulesInclude(Configuration.targetLayerRules), "then": layersContain(placesTargets)],
    ["if": rulesInclude(["folder-dependency"]), "then": layersContain(placesFiles)],
    ["if": layersContain(placesFiles), "then": rulesInclude(["folder-dependency"])],
    ["if": rulesInclude(["test-support"]), "then": layersContain(testSupport)],
    [
      "if": ["required": ["layers"], "properties": ["layers": ["minItems": 1]]],
      "then": ["required": ["rules"], "properties": ["rules": ["anyOf": readingLayers]]],
    ],
  ]
}
