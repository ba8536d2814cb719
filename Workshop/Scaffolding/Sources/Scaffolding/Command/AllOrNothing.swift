/// How every command that changes the tree runs its steps: guarded against interrupts, and
/// undone when a step fails, when it is interrupted, or when a step refuses what it was asked.
enum AllOrNothing {
  /// Runs `steps` with `undo` ready, and returns the exit status: 0 done (the changes kept), 1
  /// failed, 128 + the signal when interrupted; a refusal is rethrown once the tree is back.
  static func run(
    _ command: ScaffoldCommand, undoing undo: any Undo, console: Console,
    _ steps: () async throws -> Void
  ) async throws(Refusal) -> Int32 {
    do {
      try await InterruptGuard.guarding(steps)
      undo.commit()
      return 0
    } catch let refusal as Refusal {
      _ = undo.rollback()
      throw refusal
    } catch let interrupted as Interrupted {
      report(command, undo.rollback(), because: "interrupted", console: console)
      return 128 + interrupted.signal
    } catch {
      console.warn("\(command.rawValue): \((error as? StepFailure)?.message ?? "\(error)")")
      report(command, undo.rollback(), because: "failed", console: console)
      return 1
    }
  }

  private static func report(
    _ command: ScaffoldCommand, _ outcome: UndoOutcome, because reason: String, console: Console
  ) {
    switch outcome {
    case .undone, .nothingToUndo:
      console.warn("\(command.rawValue): \(reason); every change was undone")
    case .incomplete(let what):
      console.warn("\(command.rawValue): \(reason), and the undo did not finish: \(what)")
    }
  }
}
