public import Foundation

/// Runs a program to completion and hands back what it printed, written once for every test that
/// drives a program as a person would: the `voyage` binary, git, SwiftPM, the compiler, a script,
/// `mount`.
public enum Subprocess {
  /// How a program ended and what it printed, for a test to compare with what it expects.
  public struct Outcome: Sendable {
    /// The exit status, or the signal that ended the program when no exit status was given.
    public let status: Int32
    /// Everything the program wrote on its standard output, decoded as UTF-8.
    public let output: String
    /// Everything the program wrote on its standard error, decoded as UTF-8.
    public let error: String
  }

  /// Runs `executable` (a path, or a name found on the `PATH`) with `arguments` until it exits.
  /// `input` is written to its standard input, which then closes (without `input` it reads an
  /// empty file); `environment` replaces the test's whole environment when given; `directory` is
  /// where it starts; `started` hears its process identifier once it runs, to send it a signal.
  /// Both pipes are drained while it runs and its input is written on a thread of its own, so a
  /// program that prints more than a pipe holds, or reads less than it is given, never blocks;
  /// its end is a termination event, never a poll.
  public static func run(
    _ executable: String, _ arguments: [String], input: Data? = nil,
    environment: [String: String]? = nil, in directory: URL? = nil,
    started: @Sendable (Int32) -> Void = { _ in }
  ) async throws -> Outcome {
    let process = Process()
    if executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      // `env` finds the program on the `PATH` and replaces itself with it, so the identifier
      // `started` hears is the program's.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [executable] + arguments
    }
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let (output, error) = (Pipe(), Pipe())
    // No pipe without input: hundreds of programs run at once, and each pipe is two descriptors.
    let standardInput = input.map { _ in Pipe() }
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput ?? FileHandle.nullDevice
    let exited = AsyncStream<Int32> { continuation in
      process.terminationHandler = { process in
        continuation.yield(process.terminationStatus)
        continuation.finish()
      }
    }
    try process.run()
    started(process.processIdentifier)
    async let printed = readToEnd(output.fileHandleForReading)
    async let complained = readToEnd(error.fileHandleForReading)
    async let written: Void = write(input, to: standardInput?.fileHandleForWriting)
    var status: Int32 = -1
    for await code in exited { status = code }
    await written
    return Outcome(
      status: status, output: String(decoding: await printed, as: UTF8.self),
      error: String(decoding: await complained, as: UTF8.self))
  }

  /// Reads `handle` until its writers are gone, on a thread of its own: outside the cooperative
  /// pool, and outside Dispatch's global queues too, whose few threads on Linux (as many as the
  /// cores) a blocking read would hold until the program ends, stalling every other process a
  /// test runs beside it.
  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      Thread {
        let data = handle.readDataToEndOfFile()
        // Closed here, not when the handle is freed: a suite that runs hundreds of processes
        // otherwise keeps their pipes open (1,800 descriptors seen), and Foundation's
        // `Process.run()` on this toolchain crashes listing that many (its readdir over-read).
        try? handle.close()
        continuation.resume(returning: data)
      }.start()
    }
  }

  /// Writes `input`, if any, into the program's standard input and closes it, on a thread of
  /// its own: a program that reads late does not hold up the cooperative pool, and one that
  /// exits without reading it all ends the write with EPIPE. That thread blocks SIGPIPE, which
  /// would otherwise end the whole test process; the signal stays pending on it and goes with
  /// it. (Ignoring SIGPIPE for the process instead would pass the ignoring on to every program
  /// the tests start.)
  private static func write(_ input: Data?, to handle: FileHandle?) async {
    guard let input, let handle else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        try? handle.write(contentsOf: input)
        try? handle.close()
        continuation.resume()
      }.start()
    }
  }
}
