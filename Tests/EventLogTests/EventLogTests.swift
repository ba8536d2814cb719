import EventLog
import Testing

@Suite("A logger")
struct EventLoggerTests {
  @Test func recordsTheEventsAtItsLevelOrAboveAndNothingBelow() {
    let recorder = LogRecorder()
    let log = EventLogger(label: "checkout", level: .info, sink: recorder)
    log.debug("a cache hit")
    log.info("step finished")
    log.warning("retrying")
    log.error("step failed")
    #expect(recorder.events.map(\.message) == ["step finished", "retrying", "step failed"])
    #expect(recorder.events.map(\.level) == [.info, .warning, .error])
    #expect(recorder.events.allSatisfy { $0.label == "checkout" })
  }

  @Test func buildsNeitherMessageNorMetadataForAnEventItDoesNotRecord() {
    var built = 0
    func message() -> String {
      built += 1
      return "costly"
    }
    EventLogger.disabled.error(message(), ["built": .integer(built)])
    EventLogger(label: "cache", level: .warning, sink: LogRecorder()).debug(message())
    #expect(built == 0)
    #expect(!EventLogger.disabled.records(.error))
  }

  @Test func carriesItsOwnMetadataFirstAndLetsTheEventsValuesWin() throws {
    let recorder = LogRecorder()
    let log = EventLogger(label: "checkout", level: .debug, sink: recorder)
      .adding(["order": "ord-1", "step": "draft"])
    log.info("step finished", ["step": "hold", "attempt": 2])
    let event = try #require(recorder.events.first)
    #expect(event.metadata.map(\.key) == ["order", "step", "attempt"])
    #expect(event.metadata["step"] == "hold")
    #expect(event.metadata["attempt"] == 2)
  }

  @Test func aRelabelledEventLoggerKeepsItsSinkLevelAndMetadata() {
    let recorder = LogRecorder()
    let log = EventLogger(label: "app", level: .warning, sink: recorder, metadata: ["run": "r1"])
      .labelled("ledger")
    log.info("not recorded")
    log.warning("recorded")
    #expect(recorder.events.map(\.label) == ["ledger"])
    #expect(recorder.events.first?.metadata["run"] == "r1")
  }
}

@Suite("Log values")
struct LogValueTests {
  @Test func aDurationIsMillisecondsToATenth() {
    #expect(LogValue.milliseconds(.microseconds(1_234)) == .number(1.2))
    #expect(LogValue.milliseconds(.seconds(2)) == .number(2_000))
    #expect(LogValue.milliseconds(.zero) == .number(0))
  }

  @Test func metadataKeepsTheOrderGivenAndEachKeyOnce() {
    var metadata: LogMetadata = ["b": 1, "a": 2, "b": 3]
    #expect(metadata.map(\.key) == ["b", "a"])
    #expect(metadata["b"] == 3)
    metadata["b"] = nil
    #expect(metadata.map(\.key) == ["a"])
    #expect(metadata.merging(["c": true]).map(\.key) == ["a", "c"])
  }

  @Test func levelsAreOrderedBySeverityAndNamedAsTheEnvironmentSpellsThem() {
    #expect(LogLevel.allCases.sorted() == [.debug, .info, .warning, .error])
    #expect(LogLevel(rawValue: "warning") == .warning)
    #expect(LogLevel(rawValue: "verbose") == nil)
  }
}
