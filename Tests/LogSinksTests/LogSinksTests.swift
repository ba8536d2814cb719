import DesignSystem
import EventLog
import Foundation
import LogSinks
import Subprocesses
import Testing

/// The lines a sink wrote, in order.
final class WrittenLines: Sendable {
  private let recorder = LogRecorder()

  var all: [String] { recorder.events.map(\.message) }

  func write(_ line: String) {
    recorder.record(LogEvent(level: .info, label: "written", message: line))
  }
}

@Suite("Log sinks")
struct LogSinksTests {
  let plain = TerminalTheme(
    environment: ["NO_COLOR": "1", "LANG": "C.UTF-8"], isInteractive: false)
  let event = LogEvent(
    level: .warning, label: "payments", message: "call retried",
    metadata: ["order": "ord-1", "reason": "timed out", "attempt": 2, "duration_ms": 12.5])

  @Test func aTextLineIsAlignedAndEndsWithItsMetadataAsKeyValuePairs() throws {
    let lines = WrittenLines()
    let sink = LogSinksAssembly.sink(.text, theme: plain, write: lines.write)
    sink.record(event)
    sink.record(LogEvent(level: .info, label: "checkout", message: "step finished"))
    let written = lines.all
    #expect(written.count == 2)
    let first = try #require(written.first)
    #expect(first.hasSuffix("\n"))
    #expect(!first.contains("\u{1B}"))
    #expect(first.contains("warning payments  call retried"))
    #expect(first.contains(#"order=ord-1 reason="timed out" attempt=2 duration_ms=12.5"#))
    // The level, the label and the message start in the same columns on every line.
    let second = try #require(written.last)
    #expect(
      first.range(of: "payments")?.lowerBound.utf16Offset(in: first)
        == second.range(of: "checkout")?.lowerBound.utf16Offset(in: second))
    #expect(second.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("step finished"))
  }

  @Test func aTextLineNeverCarriesAControlCharacterToTheTerminal() throws {
    let lines = WrittenLines()
    LogSinksAssembly.sink(.text, theme: plain, write: lines.write).record(
      LogEvent(
        level: .error, label: "supplier", message: "bad\u{1B}[2J", metadata: ["trip": "\u{7}x"]))
    let line = try #require(lines.all.first)
    #expect(!line.dropLast().contains { $0.asciiValue.map { $0 < 0x20 } ?? false })
  }

  @Test func aColouredTerminalGetsTheLevelInItsColour() throws {
    let coloured = TerminalTheme(environment: ["CLICOLOR_FORCE": "1"], isInteractive: true)
    let lines = WrittenLines()
    LogSinksAssembly.sink(.text, theme: coloured, write: lines.write).record(event)
    #expect(try #require(lines.all.first).contains(coloured.paint("warning", .warning)))
  }

  @Test func aJSONLineIsOneObjectWithTheDocumentedKeysAndTypedValues() throws {
    let lines = WrittenLines()
    LogSinksAssembly.sink(.json, theme: plain, write: lines.write).record(event)
    let line = try #require(lines.all.first)
    #expect(line.hasSuffix("}\n") && line.dropLast().allSatisfy { $0 != "\n" })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["time", "level", "label", "message", "metadata"])
    #expect(object["level"] as? String == "warning")
    #expect(object["label"] as? String == "payments")
    #expect(object["message"] as? String == "call retried")
    let time = try #require(object["time"] as? String)
    #expect(time.hasSuffix("Z") && time.contains("T") && time.contains("."))
    let metadata = try #require(object["metadata"] as? [String: Any])
    #expect(metadata["order"] as? String == "ord-1")
    #expect(metadata["attempt"] as? Int == 2)
    #expect(metadata["duration_ms"] as? Double == 12.5)
  }

  @Test func aJSONLineEscapesWhatJSONMustAndParsesBackToTheSameText() throws {
    let lines = WrittenLines()
    let awkward = "quote \" backslash \\ newline \n bell \u{7} tab \t 東京 /path"
    LogSinksAssembly.sink(.json, theme: plain, write: lines.write).record(
      LogEvent(
        level: .info, label: "checkout", message: awkward,
        metadata: ["z": .text(awkward), "a": .flag(false), "n": .number(0.0001), "i": -3],
        date: Date(timeIntervalSince1970: 1_796_152_935.329)))
    let line = try #require(lines.all.first)
    #expect(line.hasSuffix(#""time":"2026-12-01T19:22:15.329Z"}"# + "\n"))
    #expect(line.contains("/path") && !line.contains("\\/"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["message"] as? String == awkward)
    let metadata = try #require(object["metadata"] as? [String: Any])
    #expect(metadata["z"] as? String == awkward)
    #expect(metadata["a"] as? Bool == false)
    #expect(metadata["n"] as? Double == 0.0001)
    #expect(metadata["i"] as? Int == -3)
    // Keys sorted, at both levels, so equal events are equal lines.
    #expect(line.hasPrefix(#"{"label":"checkout","level":"info","message":"#))
    #expect(line.contains(#""metadata":{"a":false,"i":-3,"n":0.0001,"z":"#))
  }

  @Test func aLogFileIsAppendedToByEveryWriterAndReadableByItsOwnerOnly() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("voyage-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("voyage.log").path
    let first = try LogSinksAssembly.appending(toFileAt: path)
    let second = try LogSinksAssembly.appending(toFileAt: path)
    first("one\n")
    second("two\n")
    first("three\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o600)
  }

  @Test func aLogFileThatCannotBeOpenedIsAnErrorNamingItAndWhy() {
    let path = "/no/such/folder/voyage.log"
    #expect {
      _ = try LogSinksAssembly.appending(toFileAt: path)
    } throws: { error in
      (error as? LogFileError)?.description
        == "cannot open the log file /no/such/folder/voyage.log: No such file or directory"
    }
  }

  /// A file that cannot be written (`/dev/full` refuses every byte) is said once, whatever the
  /// number of lines lost, and writing goes on without stopping anyone.
  @Test func aFileThatCannotBeWrittenIsReportedOnceAndTheWorkGoesOn() throws {
    let reports = WrittenLines()
    let write = try LogSinksAssembly.appending(toFileAt: "/dev/full", failed: reports.write)
    for line in ["one\n", "two\n", "three\n"] { write(line) }
    #expect(reports.all.count == 1)
    #expect(reports.all.first?.contains("/dev/full cannot be written") == true)
    #expect(reports.all.first?.contains("No space left on device") == true)
  }

  /// A disk that fills in the middle of a line (a tmpfs of 8 KiB, needs root to mount): what
  /// the file holds is whole JSON lines, the line the disk cut short taken back.
  @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
  func aDiskThatFillsMidLineLeavesOnlyWholeLines() async throws {
    let disk = FileManager.default.temporaryDirectory
      .appendingPathComponent("voyage-log-full-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let mounted = try await Subprocess.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=8k", "tmpfs", disk.path])
    try #require(mounted.status == 0, "\(mounted.error)")
    defer {
      _ = umount(disk.path)
      try? FileManager.default.removeItem(at: disk)
    }
    let path = disk.appendingPathComponent("voyage.log").path
    let reports = WrittenLines()
    let sink = LogSinksAssembly.sink(
      .json, theme: plain,
      write: try LogSinksAssembly.appending(toFileAt: path, failed: reports.write))
    // Lines of 1,000 bytes or so, so one of them straddles the end of the disk.
    let long = String(repeating: "x", count: 900)
    for attempt in 1...40 where reports.all.isEmpty {
      sink.record(
        LogEvent(level: .info, label: "checkout", message: long, metadata: ["n": .integer(attempt)])
      )
    }
    #expect(reports.all.count == 1)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.hasSuffix("}\n"))
    for line in written.split(separator: "\n") {
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
  }
}
