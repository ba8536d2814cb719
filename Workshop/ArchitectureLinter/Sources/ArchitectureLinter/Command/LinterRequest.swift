/// What one run of the command line was asked to do: one case for each thing the linter does,
/// so the run's dispatch is a `switch` the compiler checks is whole.
enum LinterRequest: Equatable {
  /// `--version`.
  case version
  /// `--explain RULE`.
  case explain(rule: String)
  /// `--print-schema`.
  case printSchema
  /// `--list-imports FILE…`.
  case listImports(files: [String])
  /// `--list-files`.
  case listFiles
  /// `--split-preview FOLDER`.
  case splitPreview(folder: String)
  /// `--list-targets`.
  case listTargets
  /// `--affected REV`.
  case affected(since: String)
  /// `--update-baseline`.
  case updateBaseline
  /// `--mermaid`.
  case mermaid
  /// `--update-module-readmes`.
  case updateModuleReadmes
  /// `--update-graph FILE` (repeatable).
  case updateGraph(files: [String])
  /// The rules, the baseline and the generated documents: a report, or with `--stamp FILE` a
  /// build step's findings and its stamp.
  case check(documents: GeneratedDocumentChecks, stamp: String?)

  /// When a command line asks for several, the one that runs is the one with the lowest rank:
  /// what only explains or lists comes before what reads the package, and what writes before
  /// the check.
  var rank: Int {
    switch self {
    case .version: 0
    case .explain: 1
    case .printSchema: 2
    case .listImports: 3
    case .listFiles: 4
    case .splitPreview: 5
    case .listTargets: 6
    case .affected: 7
    case .updateBaseline: 8
    case .mermaid: 9
    case .updateModuleReadmes: 10
    case .updateGraph: 11
    case .check: 12
    }
  }
}

/// The generated documents a check also holds to date: `--check-graph FILE…` and
/// `--check-module-readmes`.
struct GeneratedDocumentChecks: Equatable {
  var graphs: [String] = []
  var moduleReadmes = false

  /// How many kinds of document are checked: the summary says they are up to date when any is.
  var count: Int { graphs.count + (moduleReadmes ? 1 : 0) }
}
