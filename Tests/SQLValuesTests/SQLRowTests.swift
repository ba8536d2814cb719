import SQLValues
import Testing

@Suite("A row read by column name")
struct SQLRowTests {
  let row = SQLRow(
    columns: ["id", "places", "rate", "hold_id", "state"],
    values: [.text("order-1"), .integer(2), .real(0.5), .null, .text("held")])

  @Test func aColumnIsReadByTheNameTheStatementGaveItWhereverItStands() throws {
    #expect(try row.text("state") == "held")
    #expect(try row.integer("places") == 2)
    #expect(try row.real("rate") == 0.5)
    let reordered = SQLRow(columns: ["state", "id"], values: [.text("held"), .text("order-1")])
    #expect(try reordered.text("state") == "held")
  }

  @Test func aColumnTheStatementDidNotSelectIsAnErrorThatNamesItAndThoseItDid() {
    #expect(
      throws: SQLRowError.missingColumn(
        "card_fingerprint", selected: ["id", "places", "rate", "hold_id", "state"])
    ) { try row.nullableText("card_fingerprint") }
  }

  @Test func twoColumnsOfOneNameAreAnErrorNotAGuess() {
    let joined = SQLRow(columns: ["id", "id"], values: [.text("order-1"), .text("TKT-1")])
    #expect(throws: SQLRowError.ambiguousColumn("id")) { try joined.text("id") }
  }

  @Test func nullWhereAValueIsRequiredIsAnErrorThatNamesTheColumn() {
    #expect(throws: SQLRowError.null(column: "hold_id")) { try row.text("hold_id") }
    #expect(throws: SQLRowError.null(column: "hold_id")) { try row.integer("hold_id") }
    #expect(throws: SQLRowError.null(column: "hold_id")) { try row.real("hold_id") }
  }

  @Test func nullReadsAsNothingWhereTheReaderAllowsIt() throws {
    #expect(try row.nullableText("hold_id") == nil)
    #expect(try row.nullableInteger("hold_id") == nil)
    #expect(try row.nullableReal("hold_id") == nil)
    #expect(try row.nullableText("hold_id", as: { $0.count }) == nil)
  }

  @Test func aValueOfAnotherTypeIsAnErrorThatNamesTheColumnAndBothTypes() {
    #expect(throws: SQLRowError.wrongType(column: "places", expected: "text", found: "integer")) {
      try row.text("places")
    }
    #expect(throws: SQLRowError.wrongType(column: "rate", expected: "integer", found: "real")) {
      try row.nullableInteger("rate")
    }
    #expect(throws: SQLRowError.wrongType(column: "state", expected: "real", found: "text")) {
      try row.real("state")
    }
  }

  @Test func anIntegerReadsAsARealButARealNeverAsAnInteger() throws {
    #expect(try row.real("places") == 2)
    #expect(throws: SQLRowError.self) { try row.integer("rate") }
  }

  @Test func textTheValueRefusesIsAnErrorThatNamesTheTypeButNotTheText() throws {
    #expect(try row.text("state", as: Step.init(rawValue:)) == .held)
    #expect(throws: SQLRowError.invalidValue(column: "id", expected: "Step")) {
      try row.text("id", as: Step.init(rawValue:))
    }
    let error = SQLRowError.invalidValue(column: "id", expected: "Step")
    #expect(!error.description.contains("order-1"))
  }

  @Test func everyErrorSaysWhichColumn() {
    let errors: [SQLRowError] = [
      .missingColumn("state", selected: ["id"]), .ambiguousColumn("state"), .null(column: "state"),
      .wrongType(column: "state", expected: "text", found: "integer"),
      .invalidValue(column: "state", expected: "Step"),
    ]
    for error in errors {
      #expect(error.description.contains("\"state\""), "\(error)")
    }
  }

  /// A value that checks its text, as an order's state does.
  enum Step: String {
    case drafted, held
  }
}
