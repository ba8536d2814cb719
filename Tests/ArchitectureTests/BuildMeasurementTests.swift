import Foundation
import Subprocesses
import TemporaryFolders
import Testing

/// `Workshop/Scripts/build-timeline.py`, which turns what the compiler wrapper logged into a timeline and
/// simulates a build on more cores, and `Workshop/Scripts/measure-build.sh` on a package of two modules.
@Suite("Measuring builds in seconds")
struct BuildMeasurementTests {
  /// A log of four module compiles, in nanoseconds: A (0–2 s) then B and C at once (2–5 s and
  /// 2–3 s), then D (5–6 s), which depends on B and C; and a description with that graph.
  static func fourModules(in folder: URL) throws -> (log: URL, description: URL) {
    func start(_ seconds: Double, _ pid: Int, _ module: String) -> String {
      "\(Int64(seconds * 1e9)) start \(pid) -module-name \(module) -emit-module -output-file-map /tmp/\(module).json"
    }
    func end(_ seconds: Double, _ pid: Int) -> String { "\(Int64(seconds * 1e9)) end \(pid) 0" }
    let lines = [
      "1000 start 1 -print-target-info", "2000 end 1 0",
      start(10, 2, "A"), end(12, 2),
      start(12, 3, "B"), start(12, 4, "C"), end(13, 4), end(15, 3),
      start(15, 5, "D"), end(16, 5),
      // The link: it names the module too, and writes an executable.
      "16000000000 start 6 -L /tmp -o /tmp/d -module-name D -emit-executable -output-file-map /tmp/l",
      end(17, 6),
    ]
    let log = folder.appendingPathComponent("build.log")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: log)
    let targets: [[String: Any]] = [
      ["name": "A", "c99name": "A", "type": "library"],
      ["name": "B", "c99name": "B", "type": "library", "target_dependencies": ["A"]],
      ["name": "C", "c99name": "C", "type": "library", "target_dependencies": ["A"]],
      ["name": "D", "c99name": "D", "type": "executable", "target_dependencies": ["B", "C"]],
    ]
    let description = folder.appendingPathComponent("description.json")
    try JSONSerialization.data(withJSONObject: ["name": "Four", "targets": targets]).write(
      to: description)
    return (log, description)
  }

  static let timeline = repositoryRoot.appendingPathComponent("Workshop/Scripts/build-timeline.py")
    .path

  @Test func theTimelineHasARowPerConcurrentJobTheCriticalPathAndTheIdleTime() async throws {
    try await withTemporaryFolder("timeline") { folder in
      let (log, description) = try Self.fourModules(in: folder)
      let svg = folder.appendingPathComponent("build.svg").path
      let json = folder.appendingPathComponent("build.json").path
      let outcome = try await Subprocess.run(
        "python3", [Self.timeline, log.path, description.path, "--svg", svg, "--json", json])
      #expect(outcome.status == 0, "\(outcome.error)")
      let data = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
          as? [String: Any])
      // The link line names D too; only the compiles count.
      #expect((data["modules"] as? [[String: Any]])?.count == 4)
      #expect(data["rows"] as? Int == 2)
      #expect(data["span_seconds"] as? Double == 6.0)
      #expect(data["critical_path"] as? [String] == ["A", "B", "D"])
      #expect(data["critical_path_seconds"] as? Double == 6.0)
      // Two rows for six seconds, seven seconds of compiling: five idle.
      #expect(data["idle_seconds"] as? Double == 5.0)
      let picture = try String(contentsOfFile: svg, encoding: .utf8)
      #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
      #expect(picture.contains("<title>B: 2.00–5.00 s (3.00 s)</title>"))
      #expect(picture.components(separatedBy: "fill=\"#e45756\"").count - 1 == 3)
    }
  }

  /// On one core the modules run one after another; on two, C runs beside B; on more, nothing
  /// gets shorter than the critical path.
  @Test(arguments: [(1, "7.000"), (2, "6.000"), (8, "6.000")])
  func theSimulationSchedulesTheModulesOnEachCountOfCores(cores: Int, seconds: String)
    async throws
  {
    try await withTemporaryFolder("simulation") { folder in
      let (log, description) = try Self.fourModules(in: folder)
      let json = folder.appendingPathComponent("build.json").path
      _ = try await Subprocess.run(
        "python3",
        [
          Self.timeline, log.path, description.path, "--svg",
          folder.appendingPathComponent("b.svg").path,
          "--json", json,
        ])
      let simulated = try await Subprocess.run(
        "python3", [Self.timeline, "--simulate", "\(cores)", json])
      #expect(simulated.status == 0, "\(simulated.error)")
      #expect(simulated.output == seconds + "\n")
    }
  }

  /// The script on a package of two modules: the clean build and a body change each measured,
  /// their timelines written, and the changed file restored byte for byte.
  @Test func measureBuildTimesACleanBuildAndAChangeAndRestoresTheFile() async throws {
    try await withTemporaryFolder("measure-build") { package in
      let files = [
        "Package.swift": """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "Pair", targets: [
          .target(name: "Base"), .target(name: "Top", dependencies: ["Base"]),
        ])
        """,
        "Sources/Base/Base.swift": "public struct Base { public init() {} }\n",
        "Sources/Top/Top.swift": "import Base\n\npublic func top() -> Base { Base() }\n",
      ]
      for (path, text) in files {
        let file = package.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      }
      let out = package.appendingPathComponent("measured")
      let outcome = try await Subprocess.run(
        repositoryRoot.appendingPathComponent("Workshop/Scripts/measure-build.sh").path,
        [
          "--package-path", package.path, "--repeat", "1", "--out", out.path,
          "--change", "top body:body:Sources/Top/Top.swift",
        ])
      #expect(outcome.status == 0, "\(outcome.error)")
      #expect(outcome.output.contains("| clean build | "), "\(outcome.output)")
      #expect(outcome.output.contains("| top body (Sources/Top/Top.swift) | "))
      // The clean build compiles both modules; the body change, only Top.
      #expect(outcome.output.contains(" | 2 | "))
      #expect(outcome.output.contains(" | 1 | "))
      for timeline in ["clean-1.svg", "change-1-1.svg"] {
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(timeline).path))
      }
      let restored = try String(
        contentsOf: package.appendingPathComponent("Sources/Top/Top.swift"), encoding: .utf8)
      #expect(restored == files["Sources/Top/Top.swift"])
    }
  }

  /// The size curve's generator writes the same app in both shapes, and each builds: one target
  /// in folders, and modules by Voyage's rules (a kernel, interfaces, infrastructure, a target
  /// per feature, the composition root).
  @Test func theSyntheticAppBuildsInBothShapes() async throws {
    try await withTemporaryFolder("synthetic") { folder in
      let generator =
        repositoryRoot.appendingPathComponent("Workshop/Scripts/generate-synthetic-app.py").path
      var lines: [String: Int] = [:]
      for shape in ["single", "modules"] {
        let app = folder.appendingPathComponent(shape)
        let generated = try await Subprocess.run(
          "python3", [generator, "--features", "2", "--shape", shape, "--out", app.path])
        #expect(generated.status == 0, "\(generated.error)")
        let fields = Dictionary(
          uniqueKeysWithValues: generated.output.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
          })
        lines[shape] = Int(fields["lines"] ?? "")
        for change in ["feature-change", "shared-change"] {
          let file = try #require(fields[change])
          #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent(file).path))
        }
        let built = try await Subprocess.run("swift", ["build", "--package-path", app.path])
        #expect(built.status == 0, "\(shape): \(built.output.suffix(1_500))")
      }
      // The same code either way: only the import and access lines differ.
      let single = try #require(lines["single"])
      let modules = try #require(lines["modules"])
      #expect(single > 600 && abs(modules - single) < single / 10, "\(lines)")
    }
  }

  /// The size curve's report on measurements made up for it: modules slower to build clean at
  /// both sizes, faster after a feature's change from the larger size on; the chart drawn.
  @Test func theSizeCurveReportFindsWhereModulesStartToPay() async throws {
    try await withTemporaryFolder("curve") { out in
      // Seconds of (clean, feature body, shared model) for each size and shape, at 1 and 2 jobs.
      let measured: [String: [Double]] = [
        "single-10": [10, 2, 8], "modules-10": [14, 2.5, 9],
        "single-40": [40, 6, 30], "modules-40": [48, 3, 35],
      ]
      for (app, seconds) in measured {
        try Data("\(app.hasSuffix("10") ? 3_200 : 12_800)\n".utf8).write(
          to: out.appendingPathComponent("\(app).lines"))
        for jobs in [1, 2] {
          let folder = out.appendingPathComponent("\(app)-j\(jobs)")
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          var lines: [String] = []
          for (label, value) in zip(["clean build", "feature body", "shared model"], seconds) {
            let timeline = folder.appendingPathComponent("\(label).json")
            let modules: [[String: Any]] = [
              ["module": "A", "start": 0.0, "end": value / 2, "row": 0, "critical": true],
              ["module": "B", "start": value / 2, "end": value, "row": 0, "critical": true],
            ]
            try JSONSerialization.data(withJSONObject: [
              "modules": modules, "span_seconds": value, "critical_path_seconds": value,
              "graph": ["A": [String](), "B": ["A"]],
            ]).write(to: timeline)
            let entry: [String: Any] = [
              "label": label, "seconds": [value / Double(jobs)], "timeline": timeline.path,
              "jobs": jobs,
            ]
            lines.append(
              String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self))
          }
          try Data((lines.joined(separator: "\n") + "\n").utf8).write(
            to: folder.appendingPathComponent("summary.jsonl"))
        }
      }
      let report = try await Subprocess.run(
        "python3",
        [
          repositoryRoot.appendingPathComponent("Workshop/Scripts/size-curve-report.py").path,
          out.path,
          "10", "40",
        ])
      #expect(report.status == 0, "\(report.error)")
      #expect(report.output.contains("- clean build: modules are not faster at any size measured"))
      #expect(
        report.output.contains(
          "- feature body: modules are faster from 40 features (12,800 lines) on."))
      #expect(
        report.output.contains("| 40 | 12,800 | one target | 2 | 2 | 20.0 | 3.0 | 15.0 |"),
        "\(report.output)")
      let chart = try String(
        contentsOf: out.appendingPathComponent("size-curve.svg"), encoding: .utf8)
      #expect(chart.contains("modules, feature body: 1.5 s at 12,800 lines"))

      // A size that was never measured is named, with the command that measures it.
      let unmeasured = try await Subprocess.run(
        "python3",
        [
          repositoryRoot.appendingPathComponent("Workshop/Scripts/size-curve-report.py").path,
          out.path,
          "10", "99",
        ])
      #expect(unmeasured.status == 66)
      #expect(
        unmeasured.error.contains("has no measurements for single-99-j1, single-99-j2"),
        "\(unmeasured.error)")
      #expect(
        unmeasured.error.contains("Workshop/Scripts/measure-size-curve.sh --features \"10 99\""))
    }
  }
}
