// The repository's scaffolding: `scaffold new-module | remove-module | fork …`, run in the
// repository's root (the scripts that run it, such as Scripts/new-module.sh, start it there).
// `SCAFFOLD_PROGRAM` names how the person started it, for the usage it prints.
// Exit status: 0 done, 64 refused (nothing changed), 1 failed and 128 + a signal interrupted
// (every change undone); with the check suite asked for, the check suite's.

import Foundation
import Scaffolding

let outcome = await Scaffold.run(
  Array(CommandLine.arguments.dropFirst()),
  in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
  program: ProcessInfo.processInfo.environment["SCAFFOLD_PROGRAM"])
guard let next = outcome.thenRun, let program = next.first else { exit(outcome.status) }
// The check suite takes this process's place, so it owns the terminal (Ctrl-C reaches it) and its
// status is the command's. The signals the command guarded go back to their defaults, since an
// ignored disposition would pass to it through exec.
for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
let argv = next.map { strdup($0) } + [nil]
execvp(program, argv)
FileHandle.standardError.write(Data("scaffold: cannot start \(program): errno \(errno)\n".utf8))
exit(1)
