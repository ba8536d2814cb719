// `swift package check-architecture [options]`: the architecture linter on the package the command
// runs in. The package graph comes from SwiftPM's plugin context (no second `describe`) and goes
// to the linter's standard input (`-`) in the form it reads fastest (`PackageGraph`); the linter
// reads `architecture.json` at the package root as the script does.
//
// The plugin names no tool. Before a command plugin runs, SwiftPM builds the tools it names, and
// even a build with nothing to do plans the whole package graph: on a package of a thousand
// targets that cost six times what the plugin's whole run costs now. So the plugin runs a program
// it finds itself: the binary of a vendored artifact bundle when the graph has one (a
// `binaryTarget` whose bundle holds `check-architecture` for this machine), and otherwise
// `Scripts/check-architecture.swift` of the linter's package, compiled once with `swiftc -O` into
// the plugin's work folder under a hash of the script and of the compiler: a changed linter or
// another toolchain is a new name and is compiled again, an unchanged one never twice.
//
// What the linter prints on standard output (the report, or a document that says the run failed)
// is passed on untouched; what it prints on standard error becomes SwiftPM's diagnostics, which
// SwiftPM prints on its standard error. SwiftPM ends with exit status 1 for every failure of a
// plugin, so the linter's own status (1 findings, 2 bad input) is in the report's document
// (`--format json`: `exit_status`; `--format sarif`: the invocation's `exitCode`).

import Foundation
import PackagePlugin

@main
struct CheckArchitecture: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let vendored = try Self.vendoredLinter(in: context.package)
    let linter = try vendored ?? compiledLinter(context)
    var environment = ProcessInfo.processInfo.environment
    environment["CHECK_ARCHITECTURE_PROGRAM"] = "swift package check-architecture"
    environment["CHECK_ARCHITECTURE_DESCRIBES_PACKAGE"] = "1"
    // The linter is started first and reads the graph from a pipe: its own start (loading
    // Foundation, about ten milliseconds) happens while the graph is listed.
    let (status, complaints) = try Self.run(
      linter, ["-"] + arguments, in: context.package.directoryURL, environment: environment,
      input: { PackageGraph.of(context.package) })
    if status == 2, let vendored, complaints.contains("unknown option '-'") {
      throw PluginFailure(
        "the vendored \(vendored.path) is older than this plugin: it cannot read the package graph from standard input. Build the artifact bundle again with this version of the linter (its package's Scripts/build-artifact-bundle.sh), or remove it and let the plugin compile the linter"
      )
    }
    Self.report(complaints)
    // The linter's own status: 0 clean, 1 findings, 2 bad input (SwiftPM turns any non-zero
    // status into its own 1).
    if status != 0 { exit(status) }
  }

  /// The linter's standard error as SwiftPM's diagnostics, which SwiftPM prints on its standard
  /// error (what a plugin writes to its own standard error reaches SwiftPM's standard output,
  /// where a report is read from): `error:` lines as errors, the rest as warnings (SwiftPM shows
  /// remarks only with `--verbose`, and a note such as "the products of X are assumed…" must
  /// not be lost).
  static func report(_ complaints: String) {
    for line in complaints.split(separator: "\n") where !line.isEmpty {
      if line.hasPrefix("error: ") {
        Diagnostics.error(String(line.dropFirst("error: ".count)))
      } else {
        Diagnostics.warning(String(line.hasPrefix("warning: ") ? line.dropFirst(9) : line))
      }
    }
  }

  // MARK: - A vendored binary

  /// The host, as artifact bundles name it in `supportedTriples` (architecture and system).
  static var hostTriples: [String] {
    #if arch(x86_64)
      let architectures = ["x86_64"]
    #elseif arch(arm64)
      let architectures = ["aarch64", "arm64"]
    #else
      let architectures: [String] = []
    #endif
    #if os(Linux)
      let system = "-unknown-linux-gnu"
    #elseif os(macOS)
      let system = "-apple-macosx"
    #else
      let system = "-unknown"
    #endif
    return architectures.map { $0 + system }
  }

  /// The `check-architecture` executable of an artifact bundle in the package graph that has a
  /// variant for this machine, or `nil` (a bundle without one is a warning, then passed over).
  static func vendoredLinter(in package: Package) throws -> URL? {
    for target in allTargets(in: package) {
      guard let artifact = target as? BinaryArtifactTarget, artifact.kind == .artifactsArchive,
        let data = FileManager.default.contents(
          atPath: artifact.artifactURL.appendingPathComponent("info.json").path),
        let info = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let linter = (info["artifacts"] as? [String: Any])?["check-architecture"]
          as? [String: Any]
      else { continue }
      let variants = (linter["variants"] as? [[String: Any]]) ?? []
      let host = hostTriples
      let variant = variants.first { variant in
        let triples = (variant["supportedTriples"] as? [String]) ?? []
        return triples.contains { triple in host.contains { triple.hasPrefix($0) } }
      }
      guard let path = variant?["path"] as? String else {
        // A warning, not a remark: SwiftPM shows remarks only with `--verbose`, and a team whose
        // bundle lacks this machine pays the compile on every run until someone is told.
        let offered = variants.flatMap { ($0["supportedTriples"] as? [String]) ?? [] }
        Diagnostics.warning(
          "the artifact bundle of '\(artifact.name)' has no check-architecture for \(host.first ?? "this machine") (it has: \(offered.isEmpty ? "none" : offered.joined(separator: ", "))), so it is passed over"
        )
        continue
      }
      let executable = artifact.artifactURL.appendingPathComponent(path)
      guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw PluginFailure(
          "the artifact bundle of '\(artifact.name)' names \(path), which is not an executable file"
        )
      }
      return executable
    }
    return nil
  }

  /// Every target of the package and of the packages it depends on.
  static func allTargets(in package: Package) -> [any Target] {
    var visited: Set<String> = []
    var queue = [package]
    var targets: [any Target] = []
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard visited.insert(next.id).inserted else { continue }
      targets += next.targets
      queue += next.dependencies.map(\.package)
    }
    return targets
  }

  // MARK: - The compiled script

  /// The linter's executable, compiled from `Scripts/check-architecture.swift` of the linter's
  /// package when no executable of exactly this script and compiler is in the work folder yet.
  func compiledLinter(_ context: PluginContext) throws -> URL {
    guard let linterPackage = Self.linterPackage(in: context.package) else {
      throw PluginFailure(
        "no package in the graph has the check-architecture product this plugin runs")
    }
    let script = linterPackage.directoryURL.appendingPathComponent(
      "Scripts/check-architecture.swift")
    let swiftc = try context.tool(named: "swiftc").url
    var hash = StableHash()
    // The compiler by its resolved path, size and date: an executable built by one toolchain is
    // not promised to run on another's runtime (Linux has no stable ABI).
    let compiler = swiftc.resolvingSymlinksInPath()
    let attributes = try FileManager.default.attributesOfItem(atPath: compiler.path)
    let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    hash.add(Data("\(compiler.path) \(attributes[.size] ?? 0) \(date)".utf8))
    hash.add(try Data(contentsOf: script))
    let folder = context.pluginWorkDirectoryURL
    let linter = folder.appendingPathComponent("check-architecture-\(hash.hex)")
    if FileManager.default.isExecutableFile(atPath: linter.path) { return linter }

    Diagnostics.progress(
      "Compiling the architecture linter with -O (once for this version of it and of the compiler; vendor an artifact bundle to skip it)…"
    )
    // Into a name of this process's own, then renamed: two runs compiling at once never run
    // or leave a half-written executable.
    let partial = folder.appendingPathComponent("check-architecture-\(hash.hex).\(getpid())")
    let arguments = [
      "-O", "-wmo", "-num-threads", "\(ProcessInfo.processInfo.activeProcessorCount)",
      "-swift-version", "6", "-module-name", "check_architecture",
      "-module-cache-path", folder.appendingPathComponent("module-cache").path,
      "-o", partial.path, script.path,
    ]
    let (status, complaints) = try Self.run(swiftc, arguments, in: folder)
    guard status == 0 else {
      throw PluginFailure(
        "swiftc could not compile the linter (exit \(status)): \(complaints.prefix(2_000))\nRun it without the plugin instead: swift package describe --type json | swift run check-architecture"
      )
    }
    guard rename(partial.path, linter.path) == 0 else {
      throw PluginFailure("could not move the compiled linter to \(linter.path)")
    }
    // Executables of older scripts are of no further use (a name with a dot is another run's
    // compilation, still under way).
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let stale = names.filter {
      $0.hasPrefix("check-architecture-") && !$0.contains(".") && $0 != linter.lastPathComponent
    }
    for name in stale {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
    return linter
  }

  /// The package that provides this plugin's `check-architecture` product: the package itself,
  /// or one of its dependencies (searched through the whole graph).
  static func linterPackage(in package: Package) -> Package? {
    var visited: Set<String> = []
    var queue = [package]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard visited.insert(next.id).inserted else { continue }
      if next.products.contains(where: {
        $0 is ExecutableProduct && $0.name == "check-architecture"
      }
      ) {
        return next
      }
      queue += next.dependencies.map(\.package)
    }
    return nil
  }

  /// Runs `executable` with the plugin's standard output, and returns its exit status and what
  /// it printed on standard error. `input`, when given, is made once the program has started and
  /// written to its standard input.
  static func run(
    _ executable: URL, _ arguments: [String], in folder: URL,
    environment: [String: String]? = nil, input: (() throws -> Data)? = nil
  ) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    if let environment { process.environment = environment }
    let complaints = Pipe()
    process.standardError = complaints
    let standardInput = Pipe()
    if input != nil { process.standardInput = standardInput }
    try process.run()
    if let input {
      // A program that stops before it reads (an unknown option) closes the pipe: the write
      // then fails, which its own message explains, instead of ending the plugin by SIGPIPE.
      signal(SIGPIPE, SIG_IGN)
      defer { try? standardInput.fileHandleForWriting.close() }
      let data = try input()
      try? standardInput.fileHandleForWriting.write(contentsOf: data)
    }
    // Read while it runs, so a long complaint cannot fill the pipe and stop the program (it
    // reads all of its input before it complains about anything it read).
    let text = complaints.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: text, as: UTF8.self))
  }
}

/// A 64-bit hash in the manner of FNV-1a: the same bytes give the same name on every machine and
/// every run, which `Hasher` (seeded per process) does not.
struct StableHash {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01b3

  /// Adds `data` eight bytes at a step, then the rest one by one: a plugin is compiled without
  /// optimization, and a byte at a step took ten milliseconds on the linter's script, a sixth
  /// of what the plugin adds to the linter's own run.
  mutating func add(_ data: Data) {
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset + 8 <= raw.count {
        mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      while offset < raw.count {
        mix(UInt64(raw[offset]))
        offset += 1
      }
    }
  }

  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* Self.prime
    // A product carries a change only upwards: fold the high bits back down.
    value ^= value >> 29
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// A failure of the plugin itself, said in one line.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
