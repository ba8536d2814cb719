/// What the first argument of `voyage` asks for: one of its own options, or a command. The
/// command line reads it once, here, and carries it out by switching over it; each command is
/// then carried out by its group's `run`, which switches over the group's `Command`, so a
/// command declared and not carried out does not compile.
enum Invocation {
  /// `--help`, `--version` or `--verbose`.
  case option(GlobalOption)
  /// A command, by its name.
  case command(RunnableCommand)

  /// `first` read as one of voyage's own options, else as a command's name; refused with the
  /// command probably meant.
  init(_ first: String) throws(UsageError) {
    if let option = GlobalOption.allCases.first(where: { $0.names.contains(first) }) {
      self = .option(option)
    } else {
      self = .command(try VoyageCommands.command(named: first))
    }
  }
}
