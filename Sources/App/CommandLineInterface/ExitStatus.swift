/// The command line's exit statuses, following BSD's sysexits where one fits; the overview and
/// the man page list them from here.
enum ExitStatus: Int32, CaseIterable {
  case success = 0
  /// The operation ran and failed: declined, sold out, not found.
  case failure = 1
  /// EX_USAGE: bad arguments or invalid input.
  case usage = 64
  /// EX_UNAVAILABLE: the supplier (or provider) could not be reached.
  case unavailable = 69
  /// EX_CANTCREAT: a file voyage was asked to write (the log file) cannot be created.
  case cannotCreate = 73
  /// EX_IOERR: the Voyage home folder or its databases failed.
  case storage = 74
  /// 128 + SIGINT, as a shell reports a command that Ctrl-C ended.
  case interrupted = 130
  /// 128 + SIGTERM, as a shell reports a command that `kill` ended.
  case terminated = 143

  /// What the status means, for the overview and the man page.
  var meaning: String {
    switch self {
    case .success: "success"
    case .failure: "the operation failed: declined, sold out, not found"
    case .usage: "usage or invalid input (a reused key or a bad setting too)"
    case .unavailable: "the supplier or the payment provider unavailable or silent"
    case .cannotCreate: "the log file cannot be opened"
    case .storage: "storage error: a full disk, a locked file, a database server unreachable"
    case .interrupted: "interrupted (Ctrl-C); an order in flight is finished by running again"
    case .terminated: "terminated (kill); the same as interrupted"
    }
  }
}
