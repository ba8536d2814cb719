/// What shapes a run whatever it was asked: where the package description and the
/// configuration come from, which rules run on which targets, the baseline, and the format.
struct LintSettings {
  /// The description's file, or `nil` for standard input.
  var input: String?
  var format = ReportFormat.text
  /// `--config PATH`.
  var configPath: String?
  /// `--no-config`: only the rules that need no layers.
  var noConfig = false
  /// `--only RULE,…`, or `nil` for every configured rule.
  var only: [String]?
  var skip: [String] = []
  /// `-D NAME`: custom compilation conditions that are set.
  var defines: [String] = []
  var platform: String?
  /// `--target NAME`: one target only.
  var target: String?
  var repositoryRoot: String?
  var baselinePath: String?
  var reportOnly = false
  /// `--baseline-may-not-grow REF`.
  var baselineMayNotGrow: String?
}

/// The formats a report is written in.
enum ReportFormat: String, CaseIterable {
  case text, json, sarif, github
}
