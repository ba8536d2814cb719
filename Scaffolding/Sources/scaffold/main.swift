// The repository's scaffolding: `scaffold new-module <Layer> <Name> ["purpose"]`, run in the
// repository's root (the scripts that run it, such as Scripts/new-module.sh, start it there).
// `SCAFFOLD_PROGRAM` names how the person started it, for the usage it prints.
// Exit status: 0 done, 64 refused (nothing changed), 1 failed (every change undone).

import Foundation
import Scaffolding

let status = await Scaffold.run(
  Array(CommandLine.arguments.dropFirst()),
  in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
  program: ProcessInfo.processInfo.environment["SCAFFOLD_PROGRAM"])
exit(status)
