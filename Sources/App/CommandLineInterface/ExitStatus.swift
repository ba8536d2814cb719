/// The command line's exit statuses, following BSD's sysexits where one fits.
enum ExitStatus: Int32 {
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
}
