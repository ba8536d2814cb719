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
      result["anyOf"] = [["required": ["paths"]], ["required": ["names"]]]
    }
    return result
  }
  var document = object(Field.configuration, matchesTargets: false)
  document["$schema"] = "http://json-schema.org/draft-07/schema#"
  document["title"] = "architecture.json"
  document["description"] =
    "The layers of a Swift package and the architecture rules to run on it (Scripts/check-architecture.swift)."
  return document
}
